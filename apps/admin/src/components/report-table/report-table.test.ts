import { afterEach, describe, expect, it, vi } from "vitest"
import { fakeFetch, type SentRequest, until } from "../../../test/support/fakeFetch.ts"
import type { FilterChangeEvent } from "../../events/filter-change.ts"
import type { ReportSelectEvent } from "../../events/report-select.ts"
import { everything, none } from "../../shared/ReportFilter.ts"
import "./report-table.ts"

const reports = Array.from({ length: 75 }, (_, index) => ({
  id: index + 1,
  title: `Report number ${index + 1}`,
  updated_at: "2026-03-01T09:30:00.000Z",
}))

/** A search that is pending once, then pages its 75 reports by the Range header. */
const api = () => {
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
    expect(page.url.searchParams.get("fields")).toBe("id,title")
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
})
