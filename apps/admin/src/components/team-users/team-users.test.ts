import { afterEach, describe, expect, it, vi } from "vitest"
import { fakeFetch, until } from "../../../test/support/fakeFetch.ts"
import { formatDate } from "../../shared/time.ts"
import "./team-users.ts"

const person = (
  id: number,
  user_id: number,
  first_name: string,
  role = "team_member",
  supervisor_id: number | null = null,
) => ({
  id,
  agreed_to_join: true,
  app_version: "2.9.6",
  bluetooth_enabled: false,
  email: `${first_name.toLowerCase()}@example.com`,
  first_name,
  last_active_at: "2026-03-01T00:00:00.000Z",
  last_invited_at: null,
  last_name: "Lee",
  location_enabled: true,
  push_notification_enabled: false,
  role,
  user_id,
  channel_count: 2,
  report_count: 5,
  status: "active",
  supervisor_id,
})

/** An invitee who has not accepted, as the API shows them: the invitation, nothing of the person. */
const invitee = {
  id: 103,
  agreed_to_join: false,
  last_invited_at: "2026-03-02T00:00:00.000Z",
  role: "team_member",
  user_id: 9,
  status: "invited",
}

const joined = [person(101, 7, "Ana", "owner"), person(102, 8, "Ben", "team_member", 101)]
const people = [...joined, invitee]

const me = (id: number, admin: boolean) => ({
  id,
  email: "me@example.com",
  first_name: "Me",
  last_name: "Lee",
  admin,
  user_image: null,
  app_version: "",
  bluetooth_enabled: false,
  location_enabled: false,
  push_notification_enabled: false,
})

/** The current branded app, administered by the one signed in or not. */
const currentApp = (administered: boolean) => ({
  id: 1,
  bundle_id: "com.fieldreport.app",
  name: "Fieldreport",
  self_sign_up: false,
  is_administrator: administered,
})

const routes = () => ({
  "GET /api/v4/teams/3/team_users": (request: { readonly url: URL }) => {
    const body = request.url.searchParams.get("agreed_to_join") === "true" ? joined : people
    return { body, headers: { "Content-Range": `team_users 0-${body.length - 1}/${body.length}` } }
  },
  "PATCH /api/v4/teams/3/team_users/102": { status: 204 },
  // Ana, the team's owner.
  "GET /api/v4/users/me": { body: me(7, false) },
  "GET /api/v4/branded_app": { body: currentApp(false) },
})

const mount = async () => {
  const element = document.createElement("fr-team-users")
  element.baseUrl = "http://api.test"
  element.token = "fra_token"
  element.teamId = 3
  document.body.append(element)
  const root = element.shadowRoot!
  await until(() => root.querySelectorAll("[part=table] tbody tr").length === 3, "the users")
  return { element, root }
}

afterEach(() => {
  document.body.replaceChildren()
  vi.unstubAllGlobals()
})

describe("fr-team-users", () => {
  it("lists users with their counts, status and supervisor", async () => {
    const api = fakeFetch(routes())
    vi.stubGlobal("fetch", api.fetch)
    const { root } = await mount()
    const ben = root.querySelectorAll("tbody tr")[1]!
    expect(ben.querySelector("th")?.textContent).toBe("Ben Lee")
    expect(ben.querySelector<HTMLSelectElement>("select[aria-label='Supervisor of Ben Lee']")?.value).toBe(
      "101",
    )
    const list = api.sent.find((request) => request.headers.get("Range") === "objects=0-49")!
    expect(list.url.searchParams.get("fields")).toBe("channel_count,report_count,status,supervisor_id")
    expect(list.url.searchParams.get("orderby")).toBe("name asc")
  })

  it("shows a pending invitee as an invitation: no name, e-mail, device or activity, no supervisor", async () => {
    const api = fakeFetch(routes())
    vi.stubGlobal("fetch", api.fetch)
    const { root } = await mount()
    const row = root.querySelectorAll("tbody tr")[2]!
    expect(row.querySelector("th")?.textContent?.trim()).toBe("Invited user 9")
    const cells = [...row.querySelectorAll("td")].map((cell) => cell.textContent?.replace(/\s+/g, " ").trim())
    expect(cells).toEqual([
      "",
      "Member",
      `invited · last invitation ${formatDate("2026-03-02T00:00:00.000Z")}`,
      "",
      "",
      "",
      "",
      "",
      "",
    ])
    expect(row.textContent).not.toContain("undefined")
    expect(row.querySelector("select[aria-label^='Supervisor']")).toBeNull()
    // Supervisors are chosen among those who joined.
    const supervisor = root.querySelector<HTMLSelectElement>("select[aria-label='Supervisor of Ben Lee']")!
    expect([...supervisor.options].map((option) => option.textContent)).toEqual(["None", "Ana Lee"])
    const everyone = api.sent.find((request) => request.url.searchParams.get("agreed_to_join") === "true")
    expect(everyone).toBeDefined()
  })

  it("sends every filter and the chosen order", async () => {
    const api = fakeFetch(routes())
    vi.stubGlobal("fetch", api.fetch)
    const { root } = await mount()
    const form = root.querySelector<HTMLFormElement>("[part=filters]")!
    const set = (name: string, value: string) => {
      form.querySelector<HTMLInputElement | HTMLSelectElement>(`[name=${name}]`)!.value = value
    }
    set("agreed_to_join", "false")
    set("team_role", "true")
    set("user_ids", "7, 8")
    set("includes_team_user_ids", "101 102")
    set("excludes_team_user_ids", "103")
    set("order", "last_activity")
    set("direction", "desc")
    const before = api.sent.length
    form.requestSubmit()
    await until(() => api.sent.length > before, "the filtered list")
    const query = api.sent.at(-1)!.url.searchParams
    expect(Object.fromEntries(query)).toMatchObject({
      agreed_to_join: "false",
      team_role: "true",
      orderby: "last_activity desc",
    })
    expect(query.getAll("user_ids[]")).toEqual(["7", "8"])
    expect(query.getAll("includes_team_user_ids[]")).toEqual(["101", "102"])
    expect(query.getAll("excludes_team_user_ids[]")).toEqual(["103"])
  })

  it("keeps a role and supervisor change until the row's Save, then says what changed", async () => {
    const api = fakeFetch(routes())
    vi.stubGlobal("fetch", api.fetch)
    const { element, root } = await mount()
    const patches = () => api.sent.filter((request) => request.method === "PATCH")
    const save = () => root.querySelector<HTMLButtonElement>("tbody tr:nth-child(2) button")!
    expect(root.querySelector("select[aria-label='Role of Ana Lee']")).toBeNull()
    expect(save().getAttribute("aria-label")).toBe("Save changes to Ben Lee")
    expect(save().disabled).toBe(true)
    const role = root.querySelector<HTMLSelectElement>("select[aria-label='Role of Ben Lee']")!
    role.value = "manager"
    role.dispatchEvent(new Event("change"))
    const supervisor = root.querySelector<HTMLSelectElement>("select[aria-label='Supervisor of Ben Lee']")!
    supervisor.value = ""
    supervisor.dispatchEvent(new Event("change"))
    await element.updateComplete
    // Nothing is written by changing a select.
    expect(patches()).toEqual([])
    expect(save().disabled).toBe(false)
    save().click()
    await until(() => root.querySelector("[role=status].saved")?.textContent !== "", "the confirmation")
    expect(patches().map((request) => request.body)).toEqual([
      { team_user: { role: "manager", supervisor_id: null } },
    ])
    expect(root.querySelector("[role=status].saved")?.textContent).toBe(
      "Ben Lee is now a manager. Ben Lee has no supervisor now.",
    )
    expect(save().disabled).toBe(true)
  })

  it("forgets a change set back to what is stored, and shows a refused save as an alert", async () => {
    const api = fakeFetch({
      ...routes(),
      "PATCH /api/v4/teams/3/team_users/102": {
        status: 403,
        body: { title: "Forbidden", detail: "only managers may change roles" },
      },
    })
    vi.stubGlobal("fetch", api.fetch)
    const { element, root } = await mount()
    const save = () => root.querySelector<HTMLButtonElement>("tbody tr:nth-child(2) button")!
    const role = root.querySelector<HTMLSelectElement>("select[aria-label='Role of Ben Lee']")!
    role.value = "manager"
    role.dispatchEvent(new Event("change"))
    role.value = "team_member"
    role.dispatchEvent(new Event("change"))
    await element.updateComplete
    expect(save().disabled).toBe(true)
    role.value = "manager"
    role.dispatchEvent(new Event("change"))
    await element.updateComplete
    save().click()
    await until(() => root.querySelector("[role=alert]") !== null, "the refusal")
    expect(root.querySelector("[role=alert]")?.textContent).toBe("only managers may change roles")
    expect(root.querySelector("[role=status].saved")?.textContent).toBe("")
    // The change stays, to be saved again or changed back.
    expect(save().disabled).toBe(false)
  })

  describe("invitations by e-mail", () => {
    const day = 24 * 60 * 60 * 1000
    const ago = (millis: number) => new Date(Date.now() - millis).toISOString()
    const invitation = (id: number, email: string, sentAgo: number) => ({
      id,
      email,
      team_role: "manager",
      channel_role: "operator",
      channel_ids: [4, 5],
      inviter_id: 7,
      last_invited_at: ago(sentAgo),
      expires_at: new Date(Date.now() - sentAgo + 7 * day).toISOString(),
    })
    const old = invitation(21, "cara@example.net", 2 * day)
    const recent = invitation(22, "dan@example.net", 60 * 60 * 1000)

    const withInvitations = (pending: ReadonlyArray<unknown>) => ({
      ...routes(),
      "GET /api/v4/teams/3/invitations": {
        body: pending,
        headers: { "Content-Range": `team_invitations 0-${pending.length - 1}/${pending.length}` },
      },
      "POST /api/v4/teams/3/invitations/21/resend": { body: { ...old, last_invited_at: ago(0) } },
      "DELETE /api/v4/teams/3/invitations/22": { status: 204 },
    })

    const rows = (root: ShadowRoot) => [...root.querySelectorAll("[part=invitations] tbody tr")]

    it("lists the pending addresses, sends one again and withdraws another after confirming, saying what it did", async () => {
      let pending: ReadonlyArray<unknown> = [old, recent]
      const api = fakeFetch({
        ...withInvitations([]),
        "GET /api/v4/teams/3/invitations": () => ({
          body: pending,
          headers: {
            "Content-Range": `team_invitations 0-${Math.max(0, pending.length - 1)}/${pending.length}`,
          },
        }),
      })
      vi.stubGlobal("fetch", api.fetch)
      const asked: Array<string> = []
      vi.stubGlobal("confirm", (question: string) => {
        asked.push(question)
        return true
      })
      const { element, root } = await mount()
      await until(() => rows(root).length === 2, "the invitations")
      expect(root.querySelector("[part=invitations] caption")?.textContent).toBe(
        "Invited by e-mail, no account yet",
      )
      const [cara, dan] = rows(root)
      expect(cara?.querySelector("th")?.textContent).toBe("cara@example.net")
      expect([...(cara?.querySelectorAll("td") ?? [])].slice(0, 2).map((cell) => cell.textContent)).toEqual([
        "Manager",
        "2 as operator",
      ])
      const resendOf = (row: Element | undefined) =>
        row?.querySelector<HTMLButtonElement>("button[aria-label^=Send]")
      // Sent an hour ago: again only from tomorrow, as the API allows.
      expect(resendOf(dan)?.disabled).toBe(true)
      expect(resendOf(dan)?.textContent).toMatch(/^Resend from [^\d]*\d{1,2}[^\d]*\d{4}$/)
      expect(resendOf(cara)?.disabled).toBe(false)

      resendOf(cara)?.click()
      await until(() => api.sent.some((request) => request.method === "POST"), "the resend")
      await element.updateComplete
      expect(asked[0]).toMatch(/^Send the invitation to cara@example\.net again\?/)
      expect(api.sent.find((request) => request.method === "POST")?.url.pathname).toBe(
        "/api/v4/teams/3/invitations/21/resend",
      )
      const said = () => [...root.querySelectorAll("[role=status].saved")].map((status) => status.textContent)
      await until(
        () =>
          said().includes(
            "The invitation to cara@example.net was sent again; its new link works for 7 days.",
          ),
        "the confirmation",
      )

      pending = [old]
      rows(root)[1]?.querySelector<HTMLButtonElement>("button[aria-label^=Withdraw]")?.click()
      await until(() => rows(root).length === 1, "the withdrawal")
      expect(asked[1]).toBe("Withdraw the invitation to dan@example.net? Its link stops working.")
      expect(api.sent.find((request) => request.method === "DELETE")?.url.pathname).toBe(
        "/api/v4/teams/3/invitations/22",
      )
      expect(said()).toContain("The invitation to dan@example.net was withdrawn.")
    })

    it("sends nothing when the confirmation is cancelled, and shows a refusal as an alert", async () => {
      const api = fakeFetch({
        ...withInvitations([old]),
        "POST /api/v4/teams/3/invitations/21/resend": {
          status: 429,
          body: { title: "Too Many Requests", detail: "too many requests; retry after 3600 s" },
          headers: { "Retry-After": "3600" },
        },
      })
      vi.stubGlobal("fetch", api.fetch)
      let answer = false
      vi.stubGlobal("confirm", () => answer)
      const { element, root } = await mount()
      await until(() => rows(root).length === 1, "the invitation")
      const resend = () => rows(root)[0]!.querySelector<HTMLButtonElement>("button[aria-label^=Send]")!
      resend().click()
      rows(root)[0]!.querySelector<HTMLButtonElement>("button[aria-label^=Withdraw]")!.click()
      await element.updateComplete
      expect(api.sent.filter((request) => request.method !== "GET")).toEqual([])

      answer = true
      resend().click()
      await until(() => root.querySelector("[role=alert]") !== null, "the refusal")
      expect(root.querySelector("[role=alert]")?.textContent).toBe("too many requests; retry after 3600 s")
      expect(rows(root)).toHaveLength(1)
    })

    it("does not ask for them for a team member, and asks for a platform or app administrator", async () => {
      // A team member, a platform administrator, and a team member who administers the app.
      for (const [who, administers, asked] of [
        [me(8, false), false, false],
        [me(99, true), true, true],
        [me(8, false), true, true],
      ] as const) {
        const api = fakeFetch({
          ...withInvitations([old]),
          "GET /api/v4/users/me": { body: who },
          "GET /api/v4/branded_app": { body: currentApp(administers) },
        })
        vi.stubGlobal("fetch", api.fetch)
        const { element, root } = await mount()
        await element.updateComplete
        if (asked) await until(() => rows(root).length === 1, "the invitations")
        expect(api.sent.some((request) => request.url.pathname.endsWith("/invitations"))).toBe(asked)
        expect(root.querySelector("[part=invitations]") !== null).toBe(asked)
        document.body.replaceChildren()
      }
    })
  })
})
