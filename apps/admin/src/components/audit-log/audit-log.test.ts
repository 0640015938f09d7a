import { afterEach, describe, expect, it, vi } from "vitest"
import {
  type FakeAnswer,
  type FakeRoutes,
  fakeFetch,
  type SentRequest,
  until,
} from "../../../test/support/fakeFetch.ts"
import { formatTime, fromLocalInput } from "../../shared/time.ts"
import "./audit-log.ts"

const me = (admin: boolean) => ({
  id: 1,
  email: "ada@example.com",
  first_name: "Ada",
  last_name: "Admin",
  admin,
  user_image: null,
  app_version: "",
  bluetooth_enabled: false,
  location_enabled: false,
  push_notification_enabled: false,
})

const teams = [
  { id: 3, name: "Harbour", industry: "", location: "", feature_tasks_enabled: true, is_owner_of: true },
  { id: 4, name: "Hills", industry: "", location: "", feature_tasks_enabled: true, is_owner_of: false },
]

const event = (id: number, kind: string, extra: object = {}) => ({
  id,
  occurred_at: `2026-03-0${id}T09:30:00.000Z`,
  kind,
  actor_id: 7,
  branded_app_id: 1,
  team_id: 3,
  target_type: "team_user",
  target_id: "12",
  outcome: "success",
  client_address: "203.0.113.9",
  request_id: "9dc49a70-1",
  detail: { user_id: 7, role: "manager" },
  ...extra,
})

const events = [
  event(2, "team_user.role_changed"),
  event(1, "login.failed", {
    actor_id: null,
    team_id: null,
    target_type: "user",
    target_id: "7",
    outcome: "failure",
    detail: null,
  }),
]

const teamUser = (user_id: number, first_name: string, last_name: string) => ({
  id: user_id + 100,
  user_id,
  agreed_to_join: true,
  app_version: "",
  bluetooth_enabled: false,
  email: `${first_name.toLowerCase()}@example.com`,
  first_name,
  last_name,
  last_active_at: "2026-01-01T00:00:00.000Z",
  last_invited_at: null,
  location_enabled: false,
  push_notification_enabled: false,
  role: "team_member",
})

const routes = (admin: boolean, onEvents: (request: SentRequest) => FakeAnswer): FakeRoutes => ({
  "GET /api/v4/users/me": { body: me(admin) },
  "GET /api/v4/teams": { body: teams },
  "GET /api/v4/teams/3/team_users": { body: [teamUser(7, "Ana", "Lee")] },
  "GET /api/v4/admin/users": {
    body: [
      {
        id: 1,
        email: "ada@example.com",
        first_name: "Ada",
        last_name: "Admin",
        admin: true,
        deactivated: false,
      },
      {
        id: 7,
        email: "ana@example.com",
        first_name: "Ana",
        last_name: "Lee",
        admin: false,
        deactivated: false,
      },
    ],
    headers: { "Content-Range": "users 0-1/2" },
  },
  "GET /api/v4/audit_events": onEvents,
})

const page = (request: SentRequest) => {
  const start = Number((request.headers.get("Range") ?? "objects=0-49").replace(/objects=(\d+)-\d+/, "$1"))
  return {
    body: start === 0 ? events : [event(3, "shape.created")],
    headers: {
      "Content-Range": start === 0 ? "audit_events 0-1/1203" : `audit_events ${start}-${start}/1203`,
    },
  }
}

const mount = async (admin: boolean, onEvents: (request: SentRequest) => FakeAnswer = page) => {
  const api = fakeFetch(routes(admin, onEvents))
  vi.stubGlobal("fetch", api.fetch)
  const element = document.createElement("fr-audit-log")
  element.baseUrl = "http://api.test"
  element.token = "fra_token"
  document.body.append(element)
  const root = element.shadowRoot!
  return { api, root }
}

const text = (node: Node | null | undefined) => node?.textContent?.replace(/\s+/g, " ").trim() ?? ""
const rows = (root: ShadowRoot) => [...root.querySelectorAll("[part=events] tbody tr")]
const eventCalls = (api: { sent: Array<SentRequest> }) =>
  api.sent.filter((request) => request.url.pathname === "/api/v4/audit_events")

const filterBy = (root: ShadowRoot, values: Record<string, string>) => {
  const form = root.querySelector<HTMLFormElement>("form[part=filters]")!
  for (const [name, value] of Object.entries(values)) {
    const field = form.querySelector<HTMLInputElement | HTMLSelectElement>(`[name=${name}]`)!
    field.value = value
  }
  form.requestSubmit()
}

afterEach(() => {
  document.body.replaceChildren()
  vi.unstubAllGlobals()
})

describe("fr-audit-log", () => {
  it("lists the newest events first as words, local times and names, with the count in the reader's numbers", async () => {
    const { root } = await mount(true)
    await until(() => rows(root).length === 2 && text(root).includes("Ana Lee"), "the events, named")

    const [changed, failed] = rows(root)
    expect([...changed!.children].map((cell) => text(cell))).toEqual([
      formatTime("2026-03-02T09:30:00.000Z"),
      "Team role changed",
      "Ana Lee",
      "Harbour",
      "team user 12",
      "user: Ana Lee, role: manager",
      "203.0.113.9request 9dc49a70-1",
    ])
    expect(text(failed)).toContain("Sign-in failed (failed) Nobody known user Ana Lee")
    expect(failed?.className).toBe("failure")
    expect(text(root.querySelector("[part=pager] [role=status]"))).toBe(
      `Events 1–2 of ${new Intl.NumberFormat().format(1203)}`,
    )
  })

  it("filters by who acted, team, time range and kind", async () => {
    const { api, root } = await mount(true)
    await until(() => root.querySelectorAll("datalist option").length === 2, "the people")
    expect([...root.querySelectorAll("select[name=team] option")].map((option) => text(option))).toEqual([
      "All teams",
      "Harbour",
      "Hills",
    ])
    filterBy(root, {
      actor: "ana@example.com",
      team: "3",
      since: "2026-03-01T00:00",
      until: "2026-03-31T00:00",
      kind: "team_user.invited,team_user.added,team_user.accepted,team_user.role_changed,team_user.channels_changed",
    })
    await until(() => eventCalls(api).length === 2, "the filtered list")
    const query = eventCalls(api)[1]!.url.searchParams
    expect(Object.fromEntries(query)).toEqual({
      actor_id: "7",
      team_id: "3",
      since: fromLocalInput("2026-03-01T00:00"),
      until: fromLocalInput("2026-03-31T00:00"),
      kind: "team_user.invited,team_user.added,team_user.accepted,team_user.role_changed,team_user.channels_changed",
    })
    expect(eventCalls(api)[1]!.headers.get("Range")).toBe("objects=0-49")

    // A user id is taken as it is; Clear asks for everything again.
    filterBy(root, { actor: "12", team: "", since: "", until: "", kind: "login.failed" })
    await until(() => eventCalls(api).length === 3, "the second filter")
    expect(Object.fromEntries(eventCalls(api)[2]!.url.searchParams)).toEqual({
      actor_id: "12",
      kind: "login.failed",
    })
    ;[...root.querySelectorAll("button")].find((button) => button.textContent === "Clear")!.click()
    await until(() => eventCalls(api).length === 4, "the cleared filter")
    expect([...eventCalls(api)[3]!.url.searchParams]).toEqual([])
  })

  it("offers the kinds by group, each group also as a whole", async () => {
    const { root } = await mount(true)
    await until(() => rows(root).length === 2, "the events")
    const groups = [...root.querySelectorAll("select[name=kind] optgroup")]
    const signIns = groups.find((group) => group.getAttribute("label") === "Sign-ins")!
    expect([...signIns.querySelectorAll("option")].map((option) => [option.value, text(option)])).toEqual([
      ["login.succeeded,login.failed", "All: Sign-ins"],
      ["login.succeeded", "Signed in"],
      ["login.failed", "Sign-in failed"],
    ])
    expect(root.querySelectorAll("select[name=kind] option").length).toBeGreaterThan(22)
  })

  it("shows a filter's problems by their fields, asking nothing of the API", async () => {
    const { api, root } = await mount(true)
    await until(() => root.querySelectorAll("datalist option").length === 2, "the people")
    filterBy(root, { actor: "nobody", since: "2026-03-31T00:00", until: "2026-03-01T00:00" })
    await until(() => root.querySelectorAll("form .error").length === 2, "the fields' messages")
    expect(text(root.querySelector("input[name=actor] + .error"))).toContain("no one is “nobody”")
    expect(text(root.querySelector("input[name=until] + .error"))).toBe("must not be before From")
    expect(root.querySelector("input[name=until]")?.getAttribute("aria-invalid")).toBe("true")
    expect(eventCalls(api)).toHaveLength(1)
  })

  it("shows the API's refusal of a filter by its field", async () => {
    const { root } = await mount(true, (request) =>
      request.url.searchParams.has("team_id")
        ? {
            status: 403,
            body: {
              title: "Forbidden",
              detail: "you do not own this team",
              errors: { team_id: ["is a team you do not own"] },
            },
          }
        : page(request),
    )
    await until(() => rows(root).length === 2, "the events")
    filterBy(root, { team: "4" })
    await until(() => root.querySelector("select[name=team] + .error") !== null, "the refusal")
    expect(text(root.querySelector("select[name=team] + .error"))).toBe("is a team you do not own")
    expect(text(root.querySelector("p[role=alert]"))).toBe("you do not own this team")
  })

  it("pages forwards and back", async () => {
    const { api, root } = await mount(true)
    await until(() => rows(root).length === 2, "the events")
    const button = (name: string) =>
      [...root.querySelectorAll("button")].find((candidate) => candidate.textContent === name)!
    expect(button("Previous page").disabled).toBe(true)
    button("Next page").click()
    await until(() => rows(root).length === 1, "the second page")
    expect(eventCalls(api).at(-1)?.headers.get("Range")).toBe("objects=2-51")
    expect(text(root.querySelector("[part=pager] [role=status]"))).toBe(
      `Events 3–3 of ${new Intl.NumberFormat().format(1203)}`,
    )
    button("Previous page").click()
    await until(() => rows(root).length === 2, "the first page")
    expect(eventCalls(api).at(-1)?.headers.get("Range")).toBe("objects=0-49")
  })

  it("for a team owner, offers the teams they own and names the people of those teams, never asking for every user", async () => {
    const { api, root } = await mount(false)
    await until(() => rows(root).length === 2 && text(root).includes("Ana Lee"), "the events, named")
    expect([...root.querySelectorAll("select[name=team] option")].map((option) => text(option))).toEqual([
      "All teams",
      "Harbour",
    ])
    expect(
      [...root.querySelectorAll("datalist option")].map((option) => option.getAttribute("value")),
    ).toEqual(["Ada Admin <ada@example.com>", "Ana Lee <ana@example.com>"])
    expect(api.sent.some((request) => request.url.pathname.startsWith("/api/v4/admin/"))).toBe(false)
  })

  it("says so when the API does not let the reader read the log", async () => {
    const { root } = await mount(false, () => ({
      status: 403,
      body: { title: "Forbidden", detail: "only administrators and team owners read audit events" },
    }))
    await until(() => root.querySelector("[role=alert]") !== null, "the refusal")
    expect(text(root)).toContain("The audit log is for platform administrators")
    expect(root.querySelector("form")).toBeNull()
  })
})
