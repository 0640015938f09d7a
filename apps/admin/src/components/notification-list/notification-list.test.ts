import { afterEach, describe, expect, it, vi } from "vitest"
import { fakeFetch, type SentRequest, until } from "../../../test/support/fakeFetch.ts"
import type { ReportSelectEvent } from "../../events/report-select.ts"
import "./notification-list.ts"

const notification = (id: number, report_id: number, read: boolean, archived = false) => ({
  id,
  archived_at: archived ? "2026-03-03T00:00:00.000Z" : null,
  archived,
  created_at: "2026-03-02T08:30:00.000Z",
  read,
  report_id,
  user_id: 7,
})

const routes = () => ({
  "GET /api/v4/notifications": (request: SentRequest) => ({
    body:
      request.url.searchParams.get("archived") === "true"
        ? [notification(3, 44, true, true)]
        : [notification(1, 42, false), notification(2, 43, true)],
  }),
  "GET /api/v4/notifications/1": { body: notification(1, 42, true) },
  "PATCH /api/v4/notifications/2": { status: 204 },
  "DELETE /api/v4/notifications/2": { status: 204 },
})

const mount = async () => {
  const list = document.createElement("fr-notification-list")
  list.baseUrl = "http://api.test"
  list.token = "fra_token"
  document.body.append(list)
  const root = list.shadowRoot!
  await until(() => root.querySelectorAll("[part=notification]").length === 2, "the notifications")
  return { list, root }
}

const button = (root: ShadowRoot, name: string) =>
  [...root.querySelectorAll("button")].find(
    (candidate) => candidate.textContent?.replace(/\s+/g, " ").trim() === name,
  )!

afterEach(() => {
  document.body.replaceChildren()
  vi.unstubAllGlobals()
})

describe("fr-notification-list", () => {
  it("marks unread notifications and counts them", async () => {
    vi.stubGlobal("fetch", fakeFetch(routes()).fetch)
    const { root } = await mount()
    const rows = [...root.querySelectorAll("[part=notification]")]
    expect(rows.map((row) => row.className)).toEqual(["unread", "read"])
    expect(root.querySelector(".toolbar strong")?.textContent).toBe("Notifications (1 unread)")
  })

  it("opens a notification, which reads it on the server, and selects its report", async () => {
    const api = fakeFetch(routes())
    vi.stubGlobal("fetch", api.fetch)
    const { list, root } = await mount()
    const selected: Array<number> = []
    list.addEventListener("fr-report-select", (event: ReportSelectEvent) => selected.push(event.reportId))
    button(root, "Open report 42").click()
    await until(() => selected.length === 1, "fr-report-select")
    expect(selected).toEqual([42])
    expect(api.sent.some((request) => request.url.pathname === "/api/v4/notifications/1")).toBe(true)
  })

  it("archives and deletes, and shows the archived ones on demand", async () => {
    const api = fakeFetch(routes())
    vi.stubGlobal("fetch", api.fetch)
    const { root } = await mount()
    button(root, "Archive notification about report 43").click()
    await until(() => api.sent.some((request) => request.method === "PATCH"), "the archive")
    expect(api.sent.find((request) => request.method === "PATCH")?.body).toEqual({
      notification: { archived: true },
    })
    button(root, "Delete notification about report 43").click()
    await until(() => api.sent.some((request) => request.method === "DELETE"), "the delete")
    button(root, "Show archived").click()
    await until(() => root.querySelectorAll("[part=notification]").length === 1, "the archived list")
    expect(root.querySelector("[part=notification]")?.textContent).toContain("Unarchive")
  })
})
