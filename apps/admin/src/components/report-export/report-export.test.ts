import { afterEach, describe, expect, it, vi } from "vitest"
import { type FakeRoutes, fakeFetch, type SentRequest, until } from "../../../test/support/fakeFetch.ts"
import { everything, none } from "../../shared/ReportFilter.ts"
import "./report-export.ts"

const downloadUrl = "http://api.test/api/v4/report_exports/7/file?expires=1900000000&signature=abc"

const done = (format: string) => ({
  id: 7,
  state: "done",
  format,
  download_url: downloadUrl,
  rows: 1234,
  bytes: 4120,
  expires_at: "2026-03-02T09:30:00.000Z",
})

/** An API whose export of search 12 is waiting, then running half way, then done. */
const routes = (): FakeRoutes => {
  const progress = [
    { status: 202, body: { id: 7, state: "pending", rows_written: 0, rows_total: null } },
    { status: 202, body: { id: 7, state: "running", rows_written: 617, rows_total: 1234 } },
  ]
  let format = "csv"
  return {
    "GET /api/v4/reports/search": { body: { id: 12, url: "http://api.test/api/v4/report_searches/12" } },
    "POST /api/v4/report_exports": (request: SentRequest) => {
      format = (request.body as { report_export: { format: string } }).report_export.format
      return { status: 202, body: { id: 7, url: "http://api.test/api/v4/report_exports/7" } }
    },
    "GET /api/v4/report_exports/7": () => progress.shift() ?? { body: done(format) },
  }
}

const mount = async (api: ReturnType<typeof fakeFetch>) => {
  vi.stubGlobal("fetch", api.fetch)
  const element = document.createElement("fr-report-export")
  element.baseUrl = "http://api.test"
  element.token = "fra_token"
  element.filter = { ...everything, filter: { ...none, channels: [3], text: "pothole" } }
  document.body.append(element)
  await element.updateComplete
  return { element, root: element.shadowRoot! }
}

const text = (root: ShadowRoot) => root.textContent?.replace(/\s+/g, " ") ?? ""

const exportAs = (root: ShadowRoot, format: string, excel = false) => {
  const select = root.querySelector<HTMLSelectElement>("select[name=format]")!
  select.value = format
  select.dispatchEvent(new Event("change"))
  const box = root.querySelector<HTMLInputElement>("input[name=excel]")!
  box.checked = excel
  root.querySelector<HTMLFormElement>("form")!.requestSubmit()
}

afterEach(() => {
  document.body.replaceChildren()
  vi.unstubAllGlobals()
})

describe("fr-report-export", () => {
  it("offers every format, the Excel option for CSV only, and says nothing before an export", async () => {
    const { element, root } = await mount(fakeFetch(routes()))
    expect(root.querySelector("[role=status], [role=alert], progress")).toBeNull()
    expect([...root.querySelectorAll("option")].map((option) => [option.value, option.textContent])).toEqual([
      ["csv", "CSV"],
      ["geojson", "GeoJSON"],
      ["kml", "KML"],
      ["gpkg", "GeoPackage"],
      ["xlsx", "Excel workbook (XLSX)"],
    ])
    const excel = () => root.querySelector<HTMLElement>("label.choice")!
    expect(excel().hidden).toBe(false)
    const select = root.querySelector<HTMLSelectElement>("select[name=format]")!
    select.value = "gpkg"
    select.dispatchEvent(new Event("change"))
    await element.updateComplete
    expect(excel().hidden).toBe(true)
  })

  it("exports the filter's search in the format picked, shows the progress, then the download link", async () => {
    const api = fakeFetch(routes())
    const { element, root } = await mount(api)
    exportAs(root, "csv", true)
    await until(() => text(root).includes("Written 617 of 1,234 reports"), "the progress")
    const bar = root.querySelector("progress")!
    expect([bar.getAttribute("value"), bar.getAttribute("max")]).toEqual(["617", "1234"])
    expect(root.querySelector<HTMLButtonElement>("button[type=submit]")!.disabled).toBe(true)

    await until(() => root.querySelector("[part=download]") !== null, "the download link")
    const link = root.querySelector<HTMLAnchorElement>("[part=download]")!
    expect(link.getAttribute("href")).toBe(downloadUrl)
    expect(link.getAttribute("download")).toBe("reports-7.csv")
    expect(text(root)).toContain("Download reports-7.csv (1,234 reports, 4.1 kB)")
    expect(root.querySelector("[role=status]")?.textContent).toBe("Exported 1,234 reports as CSV for Excel.")
    expect(root.querySelector("progress")).toBeNull()
    expect(root.querySelector<HTMLButtonElement>("button[type=submit]")!.disabled).toBe(false)

    const search = api.sent.find((request) => request.url.pathname === "/api/v4/reports/search")!
    expect(search.url.searchParams.get("filter[channels]")).toBe("3")
    expect(search.url.searchParams.get("filter[q]")).toBe("pothole")
    const started = api.sent.find((request) => request.method === "POST")!
    expect(started.body).toEqual({ report_export: { report_search_id: 12, format: "csv", excel: true } })
    await element.updateComplete
  })

  it("sends no Excel option with another format", async () => {
    const api = fakeFetch(routes())
    const { root } = await mount(api)
    exportAs(root, "gpkg", true)
    await until(() => root.querySelector("[part=download]") !== null, "the download link")
    expect(api.sent.find((request) => request.method === "POST")!.body).toEqual({
      report_export: { report_search_id: 12, format: "gpkg" },
    })
    expect(root.querySelector("[part=download]")?.getAttribute("download")).toBe("reports-7.gpkg")
    expect(root.querySelector("[role=status]")?.textContent).toBe("Exported 1,234 reports as GeoPackage.")
  })

  it("says why an export failed, and why one was refused", async () => {
    const failing = fakeFetch({
      ...routes(),
      "GET /api/v4/report_exports/7": {
        status: 500,
        body: {
          type: "urn:fieldreport:problem:export-failed",
          title: "Export failed",
          status: 500,
          detail: "its search has expired; search and export again",
          id: 7,
          state: "failed",
        },
      },
    })
    const { root } = await mount(failing)
    exportAs(root, "kml")
    await until(() => root.querySelector("[role=alert]") !== null, "the failure")
    expect(root.querySelector("[role=alert]")?.textContent).toBe(
      "its search has expired; search and export again",
    )
    expect(root.querySelector("progress")).toBeNull()
    expect(root.querySelector("[part=download]")).toBeNull()

    document.body.replaceChildren()
    const refusing = fakeFetch({
      ...routes(),
      "POST /api/v4/report_exports": {
        status: 429,
        body: { title: "Too Many Requests", detail: "too many requests; try again later" },
        headers: { "Retry-After": "60" },
      },
    })
    const second = await mount(refusing)
    exportAs(second.root, "csv")
    await until(() => second.root.querySelector("[role=alert]") !== null, "the refusal")
    expect(second.root.querySelector("[role=alert]")?.textContent).toContain("try again")
  })
})
