import { nextStates } from "@fieldreport/domain/ReportState"
import { afterEach, describe, expect, it, vi } from "vitest"
import { type FakeRoutes, fakeFetch, type SentRequest, until } from "../../../test/support/fakeFetch.ts"
import type { ReportDetail } from "./report-detail.ts"
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

interface Stored {
  readonly report_state_id: number
  readonly assignee_id: number | null
  readonly assignment_due_at: string | null
}

const report = ({ report_state_id: stateId, assignee_id, assignment_due_at }: Stored) => ({
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
  assignee_id,
  assignment_due_at,
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

const teamUser = (
  id: number,
  userId: number,
  first_name: string,
  last_name: string,
  agreed_to_join = true,
) => ({
  id,
  agreed_to_join,
  app_version: "",
  bluetooth_enabled: false,
  email: `${first_name.toLowerCase()}@example.com`,
  first_name,
  last_active_at: "2026-03-02T09:30:00.000Z",
  last_invited_at: null,
  last_name,
  location_enabled: false,
  push_notification_enabled: false,
  role: "team_member",
  user_id: userId,
})

const change = (id: number, field: string | null, old_value: unknown, new_value: unknown, user_id = 6) => ({
  id,
  report_id: 42,
  action: field === null ? "created" : "changed",
  field,
  old_value,
  new_value,
  user_id,
  created_at: "2026-03-02T09:30:00.000Z",
})

/** The report's changes, newest first: a private answer's values hidden from the reader. */
const changes = [
  change(4, "f_7_9_9", null, null),
  change(3, "f_7_2_2", "Light flickering", "Light out"),
  change(2, "report_state_id", 1, 2),
  change(1, null, null, null, 5),
]

/** The API of one report, which keeps what a PATCH changes; `overrides` replace routes. */
const api = (overrides: FakeRoutes = {}, stored: Partial<Stored> = {}) => {
  let current: Stored = { report_state_id: 1, assignee_id: 5, assignment_due_at: null, ...stored }
  const tasks: Array<object> = []
  return fakeFetch({
    "GET /api/v4/reports/42": () => ({ body: report(current) }),
    "PATCH /api/v4/reports/42": (request: SentRequest) => {
      current = { ...current, ...(request.body as { report: Partial<Stored> }).report }
      return { body: report(current) }
    },
    "GET /api/v4/channels/7": { body: { id: 7, name: "Streets", team_id: 1, category_id: 70, form_id: 7 } },
    "GET /api/v4/report_states": { body: states },
    "GET /api/v4/reports/42/report_state_changes": { body: [] },
    "GET /api/v4/reports/42/changes": { body: changes, headers: { "Content-Range": "report_changes 0-3/4" } },
    "GET /api/v4/channels/7/categories": { body: [] },
    "GET /api/v4/tasks": () => ({
      body: tasks,
      headers: {
        "Content-Range": tasks.length === 0 ? "tasks */0" : `tasks 0-${tasks.length - 1}/${tasks.length}`,
      },
    }),
    "POST /api/v4/tasks": (request: SentRequest) => {
      const { task } = request.body as { task: { uuid: string; assignee_id: number; title: string } }
      const created = {
        description: "",
        ...task,
        creator_id: 5,
        completed_at: null,
        completed_by_id: null,
        client_created_at: "2026-03-03T09:30:00.000Z",
      }
      tasks.push(created)
      return { status: 201, body: created }
    },
    "GET /api/v4/teams/1/team_users": {
      body: [
        teamUser(1, 5, "Ana", "Lee"),
        teamUser(2, 6, "Bo", "Rua"),
        teamUser(3, 8, "Cy", "Invited", false),
      ],
    },
    ...overrides,
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

const confirmation = (root: ShadowRoot) => root.querySelector("[role=status].saved")?.textContent

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
    expect(confirmation(root)).toBe("Moved to In progress.")

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
  it("assigns the report to a team user with a due time, and clears the assignment", async () => {
    const fake = api()
    vi.stubGlobal("fetch", fake.fetch)
    const { element, root } = await mount()
    const picker = root.querySelector<HTMLSelectElement>("select[name=assignee_id]")!
    // The joined team users by name; someone only invited cannot be given work.
    expect([...picker.options].map((option) => option.textContent)).toEqual(["Nobody", "Ana Lee", "Bo Rua"])
    expect(picker.value).toBe("5")

    picker.value = "6"
    root.querySelector<HTMLInputElement>("input[name=assignment_due_at]")!.value = "2026-04-02T08:15"
    picker.closest("form")!.requestSubmit()
    await until(() => confirmation(root) === "Assignment saved." && !element.busy, "the saved assignment")
    await element.updateComplete

    const patches = () => fake.sent.filter((request) => request.method === "PATCH")
    expect(patches().at(-1)?.body).toEqual({
      report: { assignee_id: 6, assignment_due_at: new Date("2026-04-02T08:15").toISOString() },
    })
    expect(root.querySelector<HTMLSelectElement>("select[name=assignee_id]")!.value).toBe("6")
    expect(root.querySelector<HTMLInputElement>("input[name=assignment_due_at]")!.value).toBe(
      "2026-04-02T08:15",
    )

    const cleared = root.querySelector<HTMLSelectElement>("select[name=assignee_id]")!
    cleared.value = ""
    root.querySelector<HTMLInputElement>("input[name=assignment_due_at]")!.value = ""
    cleared.closest("form")!.requestSubmit()
    await until(() => patches().length === 2 && !element.busy, "the second change")
    expect(patches()[1]?.body).toEqual({ report: { assignee_id: null, assignment_due_at: null } })
  })

  it("shows the server's reason beside the picker when it refuses an assignee", async () => {
    vi.stubGlobal(
      "fetch",
      api({
        "PATCH /api/v4/reports/42": {
          status: 422,
          body: {
            title: "Unprocessable Entity",
            detail: "the request is invalid",
            errors: { "report.assignee_id": ["is not a member of the report's channel"] },
          },
        },
      }).fetch,
    )
    const { element, root } = await mount()
    const picker = root.querySelector<HTMLSelectElement>("select[name=assignee_id]")!
    picker.value = "6"
    picker.closest("form")!.requestSubmit()
    await until(() => root.querySelector("[role=alert]") !== null, "the refusal")
    expect(root.querySelector("[role=alert]")?.textContent).toBe("the request is invalid")
    await element.updateComplete

    expect(picker.getAttribute("aria-invalid")).toBe("true")
    expect(picker.closest("form")?.textContent).toContain("Assignee is not a member of the report's channel")
  })

  it("creates a task about the report for its assignee, lists it with a local date, and says so", async () => {
    const fake = api()
    vi.stubGlobal("fetch", fake.fetch)
    const { element, root } = await mount()
    const form = root.querySelector<HTMLFormElement>("form[aria-label='New task about this report']")!
    const assignee = form.querySelector<HTMLSelectElement>("select[name=assignee_id]")!
    // The report's team users who joined; its assignee, Ana Lee, is chosen at first.
    expect([...assignee.options].map((option) => option.textContent)).toEqual([
      "Choose someone",
      "Ana Lee",
      "Bo Rua",
    ])
    expect(assignee.value).toBe("5")
    form.querySelector<HTMLInputElement>("input[name=title]")!.value = "Replace the bulb"
    form.requestSubmit()
    await until(
      () => confirmation(root) === "Task “Replace the bulb” created for Ana Lee.",
      "the confirmation",
    )
    const sent = fake.sent.find((request) => request.method === "POST")?.body as {
      task: Record<string, unknown>
    }
    expect(sent.task).toMatchObject({
      title: "Replace the bulb",
      description: "",
      assignee_id: 5,
      report_id: 42,
    })
    expect(sent.task.uuid).toMatch(/^[0-9a-f-]{36}$/)
    await until(
      () => root.querySelector("ul[aria-label='Tasks of this report'] li") !== null,
      "the task listed",
    )
    await element.updateComplete
    const listed = root
      .querySelector("ul[aria-label='Tasks of this report'] li")
      ?.textContent?.replace(/\s+/g, " ")
    expect(listed).toContain("Replace the bulb for Ana Lee")
    expect(listed).toContain(
      `created ${new Date("2026-03-03T09:30:00.000Z").toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })}`,
    )
    expect(listed).not.toContain("2026-03-03T")
  })

  it("chooses nobody for a task about an unassigned report until someone is picked", async () => {
    const fake = api({}, { assignee_id: null })
    vi.stubGlobal("fetch", fake.fetch)
    const { root } = await mount()
    const form = root.querySelector<HTMLFormElement>("form[aria-label='New task about this report']")!
    const assignee = form.querySelector<HTMLSelectElement>("select[name=assignee_id]")!
    expect(assignee.value).toBe("")
    expect(assignee.required).toBe(true)
    form.querySelector<HTMLInputElement>("input[name=title]")!.value = "Inspect"
    expect(form.checkValidity()).toBe(false)
    assignee.value = "6"
    expect(form.checkValidity()).toBe(true)
    form.requestSubmit()
    await until(() => fake.sent.some((request) => request.method === "POST"), "the create")
    expect(fake.sent.find((request) => request.method === "POST")?.body).toMatchObject({
      task: { assignee_id: 6, report_id: 42 },
    })
    await until(() => confirmation(root) === "Task “Inspect” created for Bo Rua.", "the confirmation")
  })

  it("offers Back to reports only when closable, which fires fr-report-close", async () => {
    vi.stubGlobal("fetch", api().fetch)
    const { element, root } = await mount()
    expect(root.querySelector("[part=close]")).toBeNull()
    element.closable = true
    await element.updateComplete
    expect(element.hasAttribute("closable")).toBe(true)
    const close = root.querySelector<HTMLButtonElement>("[part=close]")!
    expect(close.textContent).toContain("Back to reports")
    const closed: Array<number> = []
    element.addEventListener("fr-report-close", (event) => closed.push(event.reportId))
    close.click()
    expect(closed).toEqual([42])
  })
})

describe("the timeline of changes", () => {
  it("lists every change newest first in words, by whom", async () => {
    const fake = api()
    vi.stubGlobal("fetch", fake.fetch)
    const { root } = await mount()
    const timeline = root.querySelector("ol[aria-label=Changes]")
    const items = [...(timeline?.querySelectorAll("li") ?? [])].map((item) =>
      item.textContent?.replace(/\s+/g, " ").trim(),
    )
    expect(items).toHaveLength(4)
    expect(items[0]).toMatch(/^f_7_9_9 changed by Bo Rua/)
    expect(items[1]).toMatch(/^What happened: Light flickering → Light out by Bo Rua/)
    expect(items[2]).toMatch(/^State: New → In progress by Bo Rua/)
    expect(items[3]).toMatch(/^Filed by Ana Lee/)
  })
})
