import { afterEach, describe, expect, it, vi } from "vitest"
import { type FakeAnswer, fakeFetch, type SentRequest, until } from "../../../test/support/fakeFetch.ts"
import "./report-exports.ts"

const listed = (id: number, state: string, more: Record<string, unknown> = {}) => ({
  id,
  state,
  format: "csv",
  rows_written: 0,
  rows_total: null,
  bytes: null,
  download_url: null,
  error: null,
  created_at: "2026-03-01T09:30:00.000Z",
  expires_at: "2026-03-02T09:30:00.000Z",
  ...more,
})

const downloadUrl = "http://api.test/api/v4/report_exports/7/file?expires=1900000000&signature=abc"

const done = listed(7, "done", {
  format: "gpkg",
  rows_written: 1234,
  rows_total: 1234,
  bytes: 361_023_518,
  download_url: downloadUrl,
})
const failed = listed(6, "failed", {
  format: "kml",
  error: "its search has expired; search and export again",
})

const single = listed(5, "done", { rows_written: 1, rows_total: 1, bytes: 900, download_url: downloadUrl })

const mount = async (answer: (request: SentRequest) => FakeAnswer) => {
  const api = fakeFetch({ "GET /api/v4/report_exports": answer })
  vi.stubGlobal("fetch", api.fetch)
  const element = document.createElement("fr-report-exports")
  element.baseUrl = "http://api.test"
  element.token = "fra_token"
  document.body.append(element)
  return { api, element, root: element.shadowRoot! }
}

const text = (root: ShadowRoot) => root.textContent?.replace(/\s+/g, " ") ?? ""
const rows = (root: ShadowRoot) => [...root.querySelectorAll("tbody tr")].map((row) => text(row as never))

afterEach(() => {
  document.body.replaceChildren()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe("fr-report-exports", () => {
  it("lists the user's exports with their state, the link to a done one's file and its size", async () => {
    const { api, root } = await mount(() => ({
      body: [done, failed, single],
      headers: { "Content-Range": "report_exports 0-2/3" },
    }))
    await until(() => rows(root).length === 3, "the exports")
    const [first, second, third] = rows(root)
    expect(first).toContain("GeoPackage")
    expect(first).toContain("Done: 1,234 reports")
    expect(first).toContain("reports-7.gpkg (361 MB)")
    expect(first).toContain(
      new Date("2026-03-01T09:30:00.000Z").toLocaleString(undefined, {
        dateStyle: "medium",
        timeStyle: "short",
      }),
    )
    const link = root.querySelector<HTMLAnchorElement>("tbody a")!
    expect([link.getAttribute("href"), link.getAttribute("download")]).toEqual([
      downloadUrl,
      "reports-7.gpkg",
    ])
    expect(second).toContain("KML")
    expect(second).toContain("Failed: its search has expired; search and export again")
    expect(root.querySelectorAll("tbody tr:nth-child(2) a")).toHaveLength(0)
    expect(third).toContain("Done: 1 report reports-5.csv (900 bytes)")
    expect(root.querySelector("[part=pager] [role=status]")?.textContent).toBe("Exports 1–3 of 3")
    expect(api.sent[0]?.headers.get("Range")).toBe("objects=0-19")
  })

  it("reads the list again while an export is being made, until it is done", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] })
    const answers = [
      listed(8, "pending"),
      listed(8, "running", { rows_written: 500, rows_total: 2000 }),
      listed(8, "done", { rows_written: 2000, rows_total: 2000, bytes: 4120, download_url: downloadUrl }),
    ]
    const { api, root } = await mount(() => ({
      body: [answers.length > 1 ? answers.shift() : answers[0]],
      headers: { "Content-Range": "report_exports 0-0/1" },
    }))
    const settle = async (what: string, condition: () => boolean) => {
      for (let attempt = 0; attempt < 50 && !condition(); attempt++) await vi.advanceTimersByTimeAsync(10)
      expect(condition(), what).toBe(true)
    }
    await settle("waiting", () => rows(root)[0]?.includes("Waiting to start") === true)
    await vi.advanceTimersByTimeAsync(2000)
    await settle("running", () => rows(root)[0]?.includes("Running: 500 of 2,000 reports") === true)
    await vi.advanceTimersByTimeAsync(2000)
    await settle("done", () => rows(root)[0]?.includes("reports-8.csv (4.1 kB)") === true)
    const asked = api.sent.length
    await vi.advanceTimersByTimeAsync(10_000)
    expect(api.sent.length).toBe(asked)
  })

  it("pages through older exports, and says when there are none", async () => {
    const all = Array.from({ length: 25 }, (_, index) =>
      listed(100 - index, "done", { download_url: downloadUrl, bytes: 10 }),
    )
    const { api, root } = await mount((request) => {
      const [, start, end] = /objects=(\d+)-(\d+)/.exec(request.headers.get("Range") ?? "") ?? []
      const page = all.slice(Number(start), Number(end) + 1)
      return {
        body: page,
        headers: { "Content-Range": `report_exports ${start}-${Number(start) + page.length - 1}/25` },
      }
    })
    await until(() => rows(root).length === 20, "the first page")
    const button = (name: string) =>
      [...root.querySelectorAll<HTMLButtonElement>("[part=pager] button")].find(
        (each) => each.textContent === name,
      )!
    expect(button("Newer").disabled).toBe(true)
    button("Older").click()
    await until(() => rows(root).length === 5, "the second page")
    expect(root.querySelector("[part=pager] [role=status]")?.textContent).toBe("Exports 21–25 of 25")
    expect(button("Older").disabled).toBe(true)
    expect(api.sent.at(-1)?.headers.get("Range")).toBe("objects=20-39")

    document.body.replaceChildren()
    const none = await mount(() => ({ body: [], headers: { "Content-Range": "report_exports */0" } }))
    await until(
      () => text(none.root).includes("You have no exports from the last 24 hours."),
      "the empty list",
    )
    expect(none.root.querySelector("table")).toBeNull()
  })

  it("says why the list could not be read", async () => {
    const { root } = await mount(() => ({
      status: 401,
      body: { title: "Unauthorized", detail: "the token has expired" },
    }))
    await until(() => root.querySelector("[role=alert]") !== null, "the problem")
    expect(root.querySelector("[role=alert]")?.textContent).toBe("the token has expired")
  })
})
