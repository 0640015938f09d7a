import { afterEach, describe, expect, it, vi } from "vitest"
import { fakeFetch, type SentRequest, until } from "../../../test/support/fakeFetch.ts"
import type { FilterChangeEvent } from "../../events/filter-change.ts"
import type { ReportSelectEvent } from "../../events/report-select.ts"
import { ReportsChangedEvent } from "../../events/reports-changed.ts"
import { everything, none } from "../../shared/ReportFilter.ts"
import "./report-table.ts"

const reportsOf = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    title: `Report number ${index + 1}`,
    account_id: index % 2 === 0 ? 3 : 4,
    updated_at: "2026-03-01T09:30:00.000Z",
  }))

/** A search that is pending once, then pages its reports (75 unless said) by the Range header. */
const api = (reports = reportsOf(75)) => {
  let polls = 0
  return fakeFetch({
    "GET /api/v4/reports/search": { body: { id: 5, url: "http://api.test/api/v4/report_searches/5" } },
    "GET /api/v4/report_searches/5/reports": (request: SentRequest) => {
      if (polls++ === 0) return { status: 202, body: { id: 5, status: "pending" } }
      const [, start, end] = /objects=(\d+)-(\d+)/.exec(request.headers.get("Range") ?? "") ?? []
      const page = reports.slice(Number(start), Number(end) + 1)
      return {
        body: page,
        headers: { "Content-Range": `reports ${start}-${Number(start) + page.length - 1}/${reports.length}` },
      }
    },
  })
}

const mount = async () => {
  const table = document.createElement("fr-report-table")
  table.baseUrl = "http://api.test"
  table.token = "fra_test"
  table.fields = ["id", "title"]
  table.filter = { ...everything, filter: { ...none, channels: [3] } }
  document.body.append(table)
  const root = table.shadowRoot!
  await until(() => root.querySelectorAll("tbody tr").length > 0, "the first page")
  return { table, root }
}

afterEach(() => {
  document.body.replaceChildren()
  vi.unstubAllGlobals()
})

describe("fr-report-table", () => {
  it("searches with the filter, waits for the search, and shows a page of the chosen fields", async () => {
    const fake = api()
    vi.stubGlobal("fetch", fake.fetch)
    const { root } = await mount()

    const search = fake.sent.find((request) => request.url.pathname === "/api/v4/reports/search")!
    expect(search.url.searchParams.get("filter[channels]")).toBe("3")
    expect(search.url.searchParams.get("order[updated_at]")).toBe("desc")
    const page = fake.sent.at(-1)!
    expect(page.url.searchParams.get("fields")).toBe("id,title,account_id")
    expect(page.headers.get("Range")).toBe("objects=0-59")
    expect(root.querySelectorAll("tbody tr")).toHaveLength(60)
    expect(root.querySelector("[role=status]")?.textContent).toBe("Reports 1–60 of 75")
  })

  it("turns to the next page with a Range", async () => {
    const fake = api()
    vi.stubGlobal("fetch", fake.fetch)
    const { root } = await mount()

    ;[...root.querySelectorAll("button")].find((button) => button.textContent === "Next")!.click()
    await until(() => root.querySelectorAll("tbody tr").length === 15, "the second page")

    expect(fake.sent.at(-1)?.headers.get("Range")).toBe("objects=60-119")
    expect(root.querySelector("[role=status]")?.textContent).toBe("Reports 61–75 of 75")
  })

  it("opens a report and orders by a column through events", async () => {
    vi.stubGlobal("fetch", api().fetch)
    const { table, root } = await mount()
    const opened: Array<number> = []
    const orders: Array<FilterChangeEvent> = []
    table.addEventListener("fr-report-select", (event: ReportSelectEvent) => opened.push(event.reportId))
    table.addEventListener("fr-filter-change", (event) => orders.push(event))

    root.querySelector<HTMLButtonElement>("tbody tr td.title button")!.click()
    root.querySelector<HTMLButtonElement>("th[aria-sort] button")!.click()

    expect(opened).toEqual([1])
    expect(orders[0]?.filter.order[0]).toEqual({ field: "id", direction: "desc" })
    expect(orders[0]?.filter.filter.channels).toEqual([3])
  })

  it("selects rows and the page with labelled checkboxes, and hands the selection to the bulk actions", async () => {
    vi.stubGlobal("fetch", api().fetch)
    const { root } = await mount()
    const rows = () => [...root.querySelectorAll<HTMLInputElement>("tbody td.pick input[type=checkbox]")]
    const page = root.querySelector<HTMLInputElement>("thead th.pick input[type=checkbox]")!

    expect(rows()[0]?.closest("label")?.textContent?.trim()).toBe("Select report 1: Report number 1")
    expect(page.closest("label")?.textContent?.trim()).toBe("Select the reports of this page")
    expect(root.querySelector("[part=selection]")).toBeNull()

    rows()[0]!.click()
    rows()[1]!.click()
    await until(() => root.querySelector("[part=selection]") !== null, "the selection line")
    expect(page.indeterminate).toBe(true)
    expect(root.querySelector("tbody tr")?.getAttribute("aria-selected")).toBe("true")
    await until(() => customElements.get("fr-report-bulk-actions") !== undefined, "the bulk actions")
    const bulk = root.querySelector("fr-report-bulk-actions")!
    await bulk.updateComplete
    expect([...bulk.selection]).toEqual([
      [1, 3],
      [2, 4],
    ])
    expect(bulk.matching).toBe(false)

    page.click()
    await until(() => bulk.selection.size === 60, "the page selected")
    expect(page.checked).toBe(true)
    rows()[0]!.click()
    await until(() => bulk.selection.size === 59, "a row unselected")
    expect(page.indeterminate).toBe(true)

    button(root, "Clear selection").click()
    await until(() => bulk.selection.size === 0, "the selection cleared")
    expect(rows().every((box) => !box.checked)).toBe(true)
  })

  it("selects every report the search finds through its pages once the page is selected", async () => {
    const fake = api()
    vi.stubGlobal("fetch", fake.fetch)
    const { root } = await mount()

    root.querySelector<HTMLInputElement>("thead th.pick input")!.click()
    await until(() => root.querySelector("[part=selection] button") !== null, "Select all")
    const before = fake.sent.length
    button(root, "Select all 75 reports").click()

    await until(
      () => root.querySelector("[part=selection] span")?.textContent?.startsWith("All") === true,
      "all",
    )
    expect(root.querySelector("[part=selection] span")?.textContent).toBe(
      "All 75 reports the search finds are selected.",
    )
    const pages = fake.sent.slice(before)
    expect(pages.map((request) => request.headers.get("Range"))).toEqual(["objects=0-74"])
    expect(pages[0]?.url.searchParams.get("fields")).toBe("id,account_id")
    const bulk = root.querySelector("fr-report-bulk-actions")!
    await bulk.updateComplete
    expect(bulk.selection.size).toBe(75)
    expect(bulk.selection.get(75)).toBe(3)
    expect(bulk.matching).toBe(true)
    expect(root.querySelector("[part=selection] button")?.textContent).toBe("Clear selection")
  })

  it("selects at most 1,000 reports, and says so when the search finds more", async () => {
    const fake = api(reportsOf(1500))
    vi.stubGlobal("fetch", fake.fetch)
    const { root } = await mount()

    root.querySelector<HTMLInputElement>("thead th.pick input")!.click()
    await until(() => root.querySelector("[part=selection] .hint") !== null, "the limit")
    expect(root.querySelector("[part=selection] .hint")?.textContent).toBe(
      "Bulk actions take at most 1,000 reports at a time; narrow the filter for the rest.",
    )
    const before = fake.sent.length
    button(root, "Select the first 1,000 of 1,500 reports").click()

    const bulk = root.querySelector("fr-report-bulk-actions")!
    await until(() => bulk.selection.size === 1000, "the first thousand")
    const ranges = fake.sent.slice(before).map((request) => request.headers.get("Range"))
    expect(ranges).toHaveLength(10)
    expect(ranges[0]).toBe("objects=0-99")
    expect(ranges[9]).toBe("objects=900-999")
    expect(bulk.matching).toBe(false)
    expect(root.querySelector("[part=selection] span:not(.hint)")).toBeNull()
    expect(root.querySelector("[part=selection] .hint")).not.toBeNull()
  })

  it("clears the selection and searches again after a bulk action, and for a new filter", async () => {
    const fake = api()
    vi.stubGlobal("fetch", fake.fetch)
    const { table, root } = await mount()
    root.querySelector<HTMLInputElement>("tbody td.pick input")!.click()
    await until(() => root.querySelector("fr-report-bulk-actions") !== null, "the bulk actions")
    const searches = () =>
      fake.sent.filter((request) => request.url.pathname === "/api/v4/reports/search").length

    root.querySelector("fr-report-bulk-actions")!.dispatchEvent(new ReportsChangedEvent([1]))
    await until(() => searches() === 2, "the second search")
    expect(root.querySelector("[part=selection]")).toBeNull()

    root.querySelector<HTMLInputElement>("tbody td.pick input")!.click()
    await until(() => root.querySelector("[part=selection]") !== null, "a new selection")
    table.filter = { ...everything, filter: { ...none, channels: [4] } }
    await until(() => searches() === 3, "the new filter's search")
    expect(root.querySelector("[part=selection]")).toBeNull()
  })
})

const button = (root: ShadowRoot, name: string) => {
  const found = [...root.querySelectorAll("button")].find(
    (candidate) => candidate.textContent?.trim() === name,
  )
  if (found === undefined) throw new Error(`no button ${name}`)
  return found
}
