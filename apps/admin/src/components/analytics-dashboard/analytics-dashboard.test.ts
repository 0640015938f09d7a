import { afterEach, describe, expect, it, vi } from "vitest"
import { fakeFetch, type SentRequest, until } from "../../../test/support/fakeFetch.ts"
import "./analytics-dashboard.ts"

const channels = [
  { id: 4, name: "Streets", team_id: 3, category_id: 10, form_id: 2 },
  { id: 5, name: "Parks", team_id: 3, category_id: 20, form_id: 3 },
]

const field = (id: number, label: string, field_type: string) => ({
  id,
  label,
  key: `f_2_${id}_1`,
  field_type,
  form_order: id,
  data: "",
  mandatory: false,
  visibility: "public",
  field_visibility: "public",
  value: null,
  editable: true,
})

const routes = () => ({
  "GET /api/v4/channels": { body: channels },
  "GET /api/v4/teams/3/team_users": { body: [] },
  "GET /api/v4/channels/4/form": {
    body: {
      id: 2,
      name: "Streets",
      version: 1,
      fields: [field(11, "Category", "Category"), field(12, "Notes", "ShortTextBox")],
    },
  },
  "GET /api/v4/channels/5/form": {
    body: { id: 3, name: "Parks", version: 1, fields: [field(21, "Category", "Category")] },
  },
  "GET /api/v4/analytics/reports_over_time": {
    body: [
      {
        account_id: 4,
        datetime_range_start: "2024-03-01T00:00:00.000Z",
        report_count: 2,
        datetime_range_width: "day",
      },
      {
        account_id: 4,
        datetime_range_start: "2024-03-02T00:00:00.000Z",
        report_count: 0,
        datetime_range_width: "day",
      },
    ],
  },
  "GET /api/v4/analytics/reports_per_state": {
    body: [{ id: 1, name: "New", account_id: 4, report_count: 2 }],
  },
  "GET /api/v4/analytics/reports_per_user": { body: [{ user_id: 7, account_id: 4, report_count: 2 }] },
  "GET /api/v4/analytics/reports_per_day_hour": { body: [{ account_id: 4, hour: 9, report_count: 2 }] },
  "GET /api/v4/analytics/reports_per_week_day": { body: [{ account_id: 4, dow: 5, report_count: 2 }] },
  "GET /api/v4/analytics/user_awareness": {
    body: [
      {
        user_id: 7,
        first_name: "Ana",
        last_name: "Lee",
        total_alerts: 3,
        unique_alerts: 2,
        alerts_opened: 1,
        alert_source_reports: 0,
      },
    ],
  },
  "GET /api/v4/analytics/reports_per_field_selection": (request: SentRequest) => ({
    body: [
      {
        field_id: Number(request.url.searchParams.get("field_id")),
        account_id: 4,
        name: "Roads",
        value: "Roads",
        report_count: 2,
      },
    ],
  }),
  "GET /api/v4/analytics/reports_read": {
    body: { total_reads: 9, unique_reads: 4, report_readers: 2, reports_seen: 3 },
  },
  "GET /api/v4/analytics/reports_images": {
    body: [
      {
        report_image_id: 1,
        account_id: 4,
        report_id: 42,
        created_at: "2024-03-01T10:00:00.000Z",
        styles: { thumb: "http://api.test/t.png", medium: "http://api.test/m.png" },
      },
    ],
  },
})

const mount = async () => {
  const dashboard = document.createElement("fr-analytics-dashboard")
  dashboard.baseUrl = "http://api.test"
  dashboard.token = "fra_token"
  dashboard.teamId = 3
  dashboard.from = "2024-03-01"
  dashboard.to = "2024-03-02"
  dashboard.timeZone = "Pacific/Auckland"
  document.body.append(dashboard)
  const root = dashboard.shadowRoot!
  await until(() => root.querySelectorAll("[part=panel]").length === 8, "the panels")
  return { dashboard, root }
}

afterEach(() => {
  document.body.replaceChildren()
  vi.unstubAllGlobals()
})

describe("fr-analytics-dashboard", () => {
  it("asks all nine analytics for the channel, the local days and the time zone", async () => {
    const api = fakeFetch(routes())
    vi.stubGlobal("fetch", api.fetch)
    await mount()
    const analytics = api.sent.filter((request) => request.url.pathname.startsWith("/api/v4/analytics/"))
    expect(new Set(analytics.map((request) => request.url.pathname.split("/").at(-1))).size).toBe(9)
    for (const request of analytics) {
      expect(request.url.searchParams.get("channel_id")).toBe("4")
      expect(request.url.searchParams.get("start_date")).toBe("2024-02-29T11:00:00.000Z")
      expect(request.url.searchParams.get("end_date")).toBe("2024-03-02T11:00:00.000Z")
      expect(request.url.searchParams.get("time_zone")).toBe("Pacific/Auckland")
    }
    const bySelection = analytics.find((request) =>
      request.url.pathname.endsWith("reports_per_field_selection"),
    )
    expect(bySelection?.url.searchParams.get("field_id")).toBe("11")
    const read = analytics.find((request) => request.url.pathname.endsWith("reports_read"))
    expect(read?.url.searchParams.get("fields")).toBe("total_reads,unique_reads,report_readers,reports_seen")
  })

  it("shows each analytic as a chart with a table, the reads as figures and the images", async () => {
    vi.stubGlobal("fetch", fakeFetch(routes()).fetch)
    const { root } = await mount()
    const titles = [...root.querySelectorAll("[part=panel] h3")].map((heading) => heading.textContent)
    expect(titles).toContain("Reports per day of the week")
    expect(root.querySelectorAll("canvas").length).toBe(7)
    const weekDays = [...root.querySelectorAll("[part=panel]")].find((panel) =>
      panel.textContent?.includes("Reports per day of the week"),
    )!
    expect([...weekDays.querySelectorAll("tbody td")].map((cell) => cell.textContent)).toEqual([
      "Friday",
      "2",
    ])
    const overTime = root.querySelector("[part=panel]")!
    // The range's start in the dashboard's time zone, as the browser's language writes dates.
    expect(overTime.querySelector("tbody td")?.textContent).toBe("Mar 1, 2024")
    expect([...root.querySelectorAll(".figures dd")].map((figure) => figure.textContent)).toEqual([
      "9",
      "4",
      "2",
      "3",
    ])
    expect(root.querySelector<HTMLImageElement>(".images img")?.alt).toBe("Image of report 42")
  })

  it("asks for reports over time by the chosen width", async () => {
    const api = fakeFetch(routes())
    vi.stubGlobal("fetch", api.fetch)
    const { root } = await mount()
    const overTime = () => api.sent.filter((request) => request.url.pathname.endsWith("reports_over_time"))
    expect(overTime()[0]?.url.searchParams.has("datetime_range_width")).toBe(false)
    const width = [...root.querySelectorAll("label")]
      .find((label) => label.textContent?.includes("Reports over time by"))!
      .querySelector("select")!
    width.value = "hour"
    width.dispatchEvent(new Event("change"))
    await until(() => overTime().length === 2, "the reload")
    expect(overTime()[1]?.url.searchParams.get("datetime_range_width")).toBe("hour")
  })

  it("reloads for another channel with that channel's fields", async () => {
    const api = fakeFetch(routes())
    vi.stubGlobal("fetch", api.fetch)
    const { root } = await mount()
    const channel = root.querySelector<HTMLSelectElement>("select")!
    channel.value = "5"
    channel.dispatchEvent(new Event("change"))
    await until(() =>
      api.sent.some(
        (request) =>
          request.url.pathname.endsWith("reports_per_field_selection") &&
          request.url.searchParams.get("field_id") === "21",
      ),
    )
  })
})
