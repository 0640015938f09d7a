import { afterEach, describe, expect, it, vi } from "vitest"
import { fakeFetch, type SentRequest, until } from "../../../test/support/fakeFetch.ts"
import type { ReportDetail } from "./report-detail.ts"
import { nextStates } from "./report-record.ts"
import "./report-detail.ts"

const state = (id: number, name: string, next: ReadonlyArray<number> | null) => ({
  id,
  channel_id: 7,
  name,
  position: id,
  initial: id === 1,
  appearance: "normal" as const,
  next_state_ids: next,
})

const states = [state(1, "New", [2]), state(2, "In progress", null), state(3, "Resolved", null)]

const report = (stateId: number) => ({
  id: 42,
  account_id: 7,
  address: "12 Cuba Street",
  category_id: 70,
  is_anonymous: false,
  iso_created_at: "2026-03-01T09:30:00.000Z",
  location: { latitude: -41.29, longitude: 174.78 },
  report_state_id: stateId,
  report_state_name: states.find((each) => each.id === stateId)?.name,
  title: "Streetlight out",
  user_id: 5,
  shape_id: null,
  account_name: "Streets",
  is_manageable_by: true,
  assignee_id: 5,
  assignment_due_at: null,
  users_opened: [{ id: 5, first_name: "Ana", last_name: "Lee", opened_at: "2026-03-02T09:30:00.000Z" }],
  note_comments: [{ id: 1, comment: "Crew booked", created_at: "2026-03-02T10:00:00.000Z", user_id: 5 }],
  report_comments: [],
  form_fields: [
    {
      id: 2,
      label: "What happened",
      key: "f_7_2_2",
      field_type: "ShortTextBox",
      form_order: 1,
      data: "",
      mandatory: true,
      visibility: "public",
      field_visibility: "public",
      value: "Light out",
      editable: true,
    },
  ],
})

const api = () => {
  let current = 1
  return fakeFetch({
    "GET /api/v4/reports/42": () => ({ body: report(current) }),
    "PATCH /api/v4/reports/42": (request: SentRequest) => {
      current = (request.body as { report: { report_state_id?: number } }).report.report_state_id ?? current
      return { body: report(current) }
    },
    "GET /api/v4/channels/7": { body: { id: 7, name: "Streets", team_id: 1, category_id: 70, form_id: 7 } },
    "GET /api/v4/report_states": { body: states },
    "GET /api/v4/reports/42/report_state_changes": { body: [] },
    "GET /api/v4/channels/7/categories": { body: [] },
    "GET /api/v4/tasks": { body: [], headers: { "Content-Range": "tasks */0" } },
    "GET /api/v4/teams/1/team_users": {
      body: [
        {
          id: 1,
          agreed_to_join: true,
          app_version: "",
          bluetooth_enabled: false,
          email: "ana@example.com",
          first_name: "Ana",
          last_active_at: "2026-03-02T09:30:00.000Z",
          last_invited_at: null,
          last_name: "Lee",
          location_enabled: false,
          push_notification_enabled: false,
          role: "manager",
          user_id: 5,
        },
      ],
    },
  })
}

const mount = async () => {
  const element = document.createElement("fr-report-detail") as ReportDetail
  element.baseUrl = "http://api.test"
  element.token = "fra_test"
  element.reportId = 42
  document.body.append(element)
  const root = element.shadowRoot!
  await until(() => root.querySelector("h2") !== null, "the report")
  return { element, root }
}

afterEach(() => {
  document.body.replaceChildren()
  vi.unstubAllGlobals()
})

describe("nextStates", () => {
  it("offers only the transitions the current state allows, or every other state", () => {
    expect(nextStates(states, 1).map((each) => each.name)).toEqual(["In progress"])
    expect(nextStates(states, 2).map((each) => each.name)).toEqual(["New", "Resolved"])
  })
})

describe("fr-report-detail", () => {
  it("shows the report with names for people, its readers and notes", async () => {
    vi.stubGlobal("fetch", api().fetch)
    const { root } = await mount()
    const text = root.textContent ?? ""
    expect(root.querySelector("h2")?.textContent).toBe("Streetlight out")
    expect(text).toContain("by Ana Lee")
    expect(text).toContain("Crew booked")
    expect(root.querySelector("fr-answer-input")?.value).toBe("Light out")
  })

  it("moves the report to an allowed state", async () => {
    const fake = api()
    vi.stubGlobal("fetch", fake.fetch)
    const { root } = await mount()
    const select = root.querySelector<HTMLSelectElement>("section[part=state] select")!
    expect([...select.options].map((option) => option.textContent)).toEqual(["In progress"])

    select.closest("form")!.requestSubmit()
    await until(() => root.querySelector(".badge")?.textContent === "In progress", "the new state")

    expect(fake.sent.find((request) => request.method === "PATCH")?.body).toEqual({
      report: { report_state_id: 2 },
    })
  })

  it("checks edited answers with the server's rule before saving", async () => {
    const fake = api()
    vi.stubGlobal("fetch", fake.fetch)
    const { element, root } = await mount()
    const text = root.querySelector("fr-answer-input")!.shadowRoot!.querySelector("input")!
    text.value = ""
    text.dispatchEvent(new Event("input"))
    await element.updateComplete

    root.querySelector<HTMLFormElement>("form.answers")!.requestSubmit()
    await element.updateComplete

    expect(element.errors).toEqual({ "report.f_7_2_2": ["is required"] })
    expect(fake.sent.some((request) => request.method === "PATCH")).toBe(false)
  })
})
