import { afterEach, describe, expect, it, vi } from "vitest"
import { type FakeRoutes, fakeFetch, type SentRequest, until } from "../../../test/support/fakeFetch.ts"
import type { ReportsChangedEvent } from "../../events/reports-changed.ts"
import { everything, none } from "../../shared/ReportFilter.ts"
import "./report-bulk-actions.ts"

const state = (id: number, channel_id: number, name: string, position: number) => ({
  id,
  channel_id,
  name,
  position,
  initial: position === 0,
  appearance: "normal",
  next_state_ids: null,
})

const statesOf: Record<string, ReadonlyArray<object>> = {
  "7": [state(3, 7, "Resolved", 2), state(1, 7, "New", 0), state(2, 7, "In progress", 1)],
  "8": [state(11, 8, "Open", 0), state(12, 8, "Closed", 1)],
}

const teamUser = (id: number, user_id: number, first_name: string, last_name: string) => ({
  id,
  agreed_to_join: true,
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
  user_id,
})

/** Every item updated, unless `refuse` says why not for its report. */
const bulkAnswer =
  (refuse: Readonly<Record<number, { status: number; errors: Record<string, Array<string>> }>> = {}) =>
  (request: SentRequest) => {
    const items = request.body as Array<{ id: number }>
    const results = items.map((item, ref) => {
      const refusal = refuse[item.id]
      return refusal === undefined
        ? { ref, http_status: 200, data: { id: item.id }, errors: {} }
        : { ref, http_status: refusal.status, errors: refusal.errors }
    })
    return { status: results.some((result) => result.http_status !== 200) ? 207 : 200, body: results }
  }

const api = (overrides: FakeRoutes = {}) =>
  fakeFetch({
    "GET /api/v4/channels": {
      body: [
        { id: 7, name: "Streets", team_id: 1, category_id: 70, form_id: 7 },
        { id: 8, name: "Parks", team_id: 1, category_id: 80, form_id: 8 },
      ],
    },
    "GET /api/v4/teams/1/team_users": {
      body: [teamUser(1, 5, "Ana", "Lee"), teamUser(2, 6, "Bo", "Rua")],
      headers: { "Content-Range": "team_users 0-1/2" },
    },
    "GET /api/v4/report_states": (request) => ({
      body: statesOf[request.url.searchParams.get("channel_id") ?? ""] ?? [],
    }),
    "POST /api/v4/reports/bulk_update": bulkAnswer(),
    ...overrides,
  })

/** The bulk actions over reports (id → channel id), with the events they fire. */
const mount = async (selection: ReadonlyArray<readonly [number, number]>) => {
  const element = document.createElement("fr-report-bulk-actions")
  element.baseUrl = "http://api.test"
  element.token = "fra_test"
  element.teamId = 1
  element.selection = new Map(selection)
  element.filter = { ...everything, filter: { ...none, channels: [7, 8] } }
  const changed: Array<ReadonlyArray<number>> = []
  element.addEventListener("fr-reports-changed", (event: ReportsChangedEvent) =>
    changed.push(event.reportIds),
  )
  document.body.append(element)
  const root = element.shadowRoot!
  await until(() => root.querySelector("[part=bar]") !== null, "the bar")
  return { element, root, changed }
}

const button = (root: ShadowRoot, name: string) => {
  const found = [...root.querySelectorAll("button")].find(
    (candidate) => candidate.textContent?.trim() === name,
  )
  if (found === undefined) throw new Error(`no button ${name}`)
  return found
}

const labelled = (root: ShadowRoot, text: string) => {
  const label = [...root.querySelectorAll("label")].find((candidate) => candidate.textContent?.includes(text))
  const control = label?.querySelector("select, input")
  if (control === null || control === undefined) throw new Error(`no control labelled ${text}`)
  return control as HTMLSelectElement | HTMLInputElement
}

const submit = (root: ShadowRoot) => root.querySelector<HTMLFormElement>("[part=form]")!.requestSubmit()

const saved = (root: ShadowRoot) => root.querySelector("[role=status].saved")?.textContent
const alert = (root: ShadowRoot) => root.querySelector("[role=alert]")?.textContent

const bulkBodies = (sent: ReadonlyArray<SentRequest>) =>
  sent
    .filter((request) => request.url.pathname === "/api/v4/reports/bulk_update")
    .map((request) => request.body)

afterEach(() => {
  document.body.replaceChildren()
  vi.unstubAllGlobals()
})

describe("fr-report-bulk-actions", () => {
  it("shows nothing but its status region while nothing is selected", async () => {
    vi.stubGlobal("fetch", api().fetch)
    const { element, root } = await mount([])

    expect(root.querySelector<HTMLElement>("[part=bar]")?.hidden).toBe(true)
    element.selection = new Map([[1, 7]])
    await element.updateComplete
    expect(root.querySelector<HTMLElement>("[part=bar]")?.hidden).toBe(false)
    expect(root.querySelector(".count")?.textContent).toBe("1 report selected")
  })

  it("moves a channel's reports to the state picked, in one bulk update", async () => {
    const fake = api()
    vi.stubGlobal("fetch", fake.fetch)
    const { root, changed } = await mount([
      [1, 7],
      [2, 7],
    ])

    button(root, "Change state").click()
    await until(() => root.querySelectorAll("select option").length === 4, "the channel's states")
    const select = labelled(root, "State of the reports of Streets")
    expect([...select.querySelectorAll("option")].map((option) => option.textContent)).toEqual([
      "Choose a state",
      "New",
      "In progress",
      "Resolved",
    ])
    select.value = "3"
    submit(root)

    await until(() => saved(root) !== "", "the confirmation")
    expect(saved(root)).toBe("2 reports moved to Resolved.")
    expect(bulkBodies(fake.sent)).toEqual([
      [
        { id: 1, report_state_id: 3 },
        { id: 2, report_state_id: 3 },
      ],
    ])
    expect(changed).toEqual([[1, 2]])
    expect(root.querySelector("[part=form]")).toBeNull()
  })

  it("offers each channel its own states when the selection spans channels, leaving a channel as is", async () => {
    const fake = api()
    vi.stubGlobal("fetch", fake.fetch)
    const { root } = await mount([
      [1, 7],
      [2, 8],
      [3, 8],
    ])

    button(root, "Change state").click()
    await until(() => root.querySelectorAll("select:not([disabled])").length === 2, "both channels' states")
    expect(root.querySelector("legend")?.textContent).toBe("New state in each channel")
    const parks = labelled(root, "Parks (2 reports)")
    expect([...parks.querySelectorAll("option")].map((option) => option.textContent)).toEqual([
      "Leave as is",
      "Open",
      "Closed",
    ])
    expect(labelled(root, "Streets (1 report)").value).toBe("")
    parks.value = "12"
    submit(root)

    await until(() => saved(root) !== "", "the confirmation")
    expect(bulkBodies(fake.sent)).toEqual([
      [
        { id: 2, report_state_id: 12 },
        { id: 3, report_state_id: 12 },
      ],
    ])
    expect(saved(root)).toBe("2 reports moved to Closed.")
  })

  it("assigns the selection to a team user, or to nobody", async () => {
    const fake = api()
    vi.stubGlobal("fetch", fake.fetch)
    const { root } = await mount([
      [1, 7],
      [2, 8],
    ])

    button(root, "Assign").click()
    await until(() => root.querySelectorAll("select option").length === 3, "the team users")
    const select = labelled(root, "Assign to")
    expect([...select.querySelectorAll("option")].map((option) => option.textContent)).toEqual([
      "Nobody",
      "Ana Lee",
      "Bo Rua",
    ])
    select.value = "5"
    submit(root)
    await until(() => saved(root) !== "", "the confirmation")
    expect(saved(root)).toBe("2 reports assigned to Ana Lee.")

    button(root, "Assign").click()
    await until(() => root.querySelector("[part=form]") !== null, "the form")
    submit(root)
    await until(() => saved(root) === "2 reports unassigned.", "the second confirmation")
    expect(bulkBodies(fake.sent)).toEqual([
      [
        { id: 1, assignee_id: 5 },
        { id: 2, assignee_id: 5 },
      ],
      [
        { id: 1, assignee_id: null },
        { id: 2, assignee_id: null },
      ],
    ])
  })

  it("sets the due time in the browser's time zone, and clears it when left empty", async () => {
    const fake = api()
    vi.stubGlobal("fetch", fake.fetch)
    const { root } = await mount([[1, 7]])

    button(root, "Set due time").click()
    await until(() => root.querySelector("[part=form]") !== null, "the form")
    labelled(root, "Due").value = "2031-03-04T09:30"
    submit(root)
    await until(() => saved(root) !== "", "the confirmation")
    expect(saved(root)).toMatch(/^1 report due /)

    button(root, "Set due time").click()
    await until(() => root.querySelector("[part=form]") !== null, "the form")
    submit(root)
    await until(() => saved(root) === "1 report left without a due time.", "the second confirmation")
    expect(bulkBodies(fake.sent)).toEqual([
      [{ id: 1, assignment_due_at: new Date("2031-03-04T09:30").toISOString() }],
      [{ id: 1, assignment_due_at: null }],
    ])
  })

  it("says which reports the server refused and why, when it answers 207, and still reloads", async () => {
    const fake = api({
      "POST /api/v4/reports/bulk_update": bulkAnswer({
        2: { status: 403, errors: { base: ["you may not edit this report"] } },
        3: { status: 403, errors: { base: ["you may not edit this report"] } },
        4: { status: 422, errors: { assignee_id: ["must be a member of the report's channel"] } },
      }),
    })
    vi.stubGlobal("fetch", fake.fetch)
    const { root, changed } = await mount([
      [1, 7],
      [2, 7],
      [3, 7],
      [4, 8],
    ])

    button(root, "Assign").click()
    await until(() => root.querySelectorAll("select option").length === 3, "the team users")
    labelled(root, "Assign to").value = "6"
    submit(root)

    await until(() => alert(root) !== undefined, "the refusals")
    expect(alert(root)).toBe(
      "1 report assigned to Bo Rua, 3 refused: you may not edit this report (reports 2, 3); " +
        "assignee must be a member of the report's channel (report 4).",
    )
    expect(saved(root)).toBe("")
    expect(changed).toEqual([[1]])
  })

  it("deletes only once the count is confirmed, one report at a time", async () => {
    const fake = api({
      "DELETE /api/v4/reports/1": { status: 204 },
      "DELETE /api/v4/reports/2": { status: 204 },
      "DELETE /api/v4/reports/3": {
        status: 403,
        body: { title: "Forbidden", detail: "you may not delete this report" },
      },
    })
    vi.stubGlobal("fetch", fake.fetch)
    const { root, changed } = await mount([
      [1, 7],
      [2, 7],
      [3, 8],
    ])
    const deletes = () => fake.sent.filter((request) => request.method === "DELETE")

    button(root, "Delete").click()
    await until(() => root.querySelector("[role=alertdialog]") !== null, "the confirmation")
    const dialog = root.querySelector("[role=alertdialog]")!
    expect(dialog.textContent).toContain(
      "Delete 3 reports? Their comments, notes, tasks and attachments go with them.",
    )
    expect(root.activeElement?.textContent).toBe("Cancel")
    button(root, "Cancel").click()
    await until(() => root.querySelector("[role=alertdialog]") === null, "the confirmation closed")
    expect(deletes()).toEqual([])
    await until(() => root.activeElement === button(root, "Delete"), "the focus back on Delete")
    button(root, "Delete").click()
    await until(() => root.querySelector("[role=alertdialog]") !== null, "the confirmation again")
    root.activeElement!.dispatchEvent(
      new KeyboardEvent("keydown", { key: "Escape", bubbles: true, composed: true }),
    )
    await until(() => root.querySelector("[role=alertdialog]") === null, "the confirmation closed by Escape")
    expect(deletes()).toEqual([])

    button(root, "Delete").click()
    await until(() => root.querySelector("[role=alertdialog]") !== null, "the confirmation")
    button(root, "Delete 3 reports").click()

    await until(() => alert(root) !== undefined, "the outcome")
    expect(deletes().map((request) => request.url.pathname)).toEqual([
      "/api/v4/reports/1",
      "/api/v4/reports/2",
      "/api/v4/reports/3",
    ])
    expect(alert(root)).toBe("2 reports deleted, 1 refused: you may not delete this report (report 3).")
    expect(changed).toEqual([[1, 2]])
  })

  it("exports the selected reports by their ids, or the search when every report it finds is selected", async () => {
    vi.stubGlobal("fetch", api().fetch)
    const { element, root } = await mount([
      [4, 7],
      [9, 8],
    ])

    button(root, "Export").click()
    await until(() => root.querySelector("fr-report-export") !== null, "the export")
    expect(root.querySelector("[part=form] p")?.textContent).toBe(
      "The 2 selected reports, in the search's order.",
    )
    const exporter = root.querySelector("fr-report-export")!
    expect(exporter.filter.filter).toEqual({ ...none, reportIds: [4, 9] })
    expect(exporter.filter.order).toEqual(element.filter.order)
    expect(exporter.token).toBe("fra_test")

    element.matching = true
    await element.updateComplete
    expect(exporter.filter).toBe(element.filter)
  })
})
