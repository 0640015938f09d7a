import { afterEach, describe, expect, it, vi } from "vitest"
import { fakeFetch, until } from "../../../test/support/fakeFetch.ts"
import "./add-users.ts"

const channels = [
  { id: 4, name: "Streets", team_id: 3, category_id: 10, form_id: 2 },
  { id: 5, name: "Parks", team_id: 3, category_id: 20, form_id: 3 },
]

const ana = {
  id: 101,
  agreed_to_join: true,
  app_version: "",
  bluetooth_enabled: false,
  email: "ana@example.com",
  first_name: "Ana",
  last_active_at: "2026-03-01T00:00:00.000Z",
  last_invited_at: null,
  last_name: "Lee",
  location_enabled: false,
  push_notification_enabled: false,
  role: "team_member",
  user_id: 7,
}

const result = (user_id: number, http_status: number) => ({
  object: { user_id, role: "operator", send_email: true },
  http_status,
  status: http_status === 404 ? "error" : "success",
  errors: http_status === 404 ? { user_id: ["is not a user"] } : {},
})

afterEach(() => {
  document.body.replaceChildren()
  vi.unstubAllGlobals()
})

describe("fr-add-users", () => {
  it("adds chosen and typed users to the chosen channels with a role and shows each result", async () => {
    const api = fakeFetch({
      "GET /api/v4/channels": { body: channels },
      "GET /api/v4/teams/3/team_users": { body: [ana] },
      "POST /api/v4/teams/3/add_users_to_team_channels": {
        status: 207,
        body: { teams: [[result(7, 201), result(99, 404)]] },
      },
    })
    vi.stubGlobal("fetch", api.fetch)
    const element = document.createElement("fr-add-users")
    element.baseUrl = "http://api.test"
    element.token = "fra_token"
    element.teamId = 3
    document.body.append(element)
    const root = element.shadowRoot!
    await until(() => root.querySelectorAll("input[name=channel_id]").length === 2, "the channels")
    const adds: Array<ReadonlyArray<number>> = []
    element.addEventListener("fr-users-added", (event) => adds.push(event.userIds))

    root.querySelector<HTMLInputElement>("input[name=user_id][value='7']")!.checked = true
    root.querySelector<HTMLInputElement>("input[name=other_user_ids]")!.value = "99"
    root.querySelector<HTMLInputElement>("input[name=channel_id][value='5']")!.checked = true
    root.querySelector<HTMLSelectElement>("select[name=role]")!.value = "operator"
    root.querySelector<HTMLInputElement>("input[name=send_email]")!.checked = true
    root.querySelector<HTMLFormElement>("form")!.requestSubmit()

    await until(() => root.querySelectorAll("[part=results] li").length === 2, "the results")
    expect(api.sent.find((request) => request.method === "POST")?.body).toEqual({
      users: [
        { user_id: 7, role: "operator", send_email: true },
        { user_id: 99, role: "operator", send_email: true },
      ],
      channels: [
        { name: "Streets", id: 4, isSelected: false },
        { name: "Parks", id: 5, isSelected: true },
      ],
    })
    // Ana is in the team already: her channel is hers at once, e-mail or not.
    expect([...root.querySelectorAll("[part=results] li")].map((item) => item.textContent)).toEqual([
      "Ana Lee in Parks: added as operator",
      "User 99 in Parks: is not a user",
    ])
    expect(adds).toEqual([[7, 99]])
    await until(
      () => api.sent.filter((request) => request.url.pathname.endsWith("/team_users")).length === 2,
      "the users again",
    )
  })
})

describe("fr-add-users after an answer", () => {
  const mount = async (answer: object) => {
    vi.stubGlobal(
      "fetch",
      fakeFetch({
        "GET /api/v4/channels": { body: channels },
        "GET /api/v4/teams/3/team_users": { body: [ana] },
        "POST /api/v4/teams/3/add_users_to_team_channels": answer,
      }).fetch,
    )
    const element = document.createElement("fr-add-users")
    Object.assign(element, { baseUrl: "http://api.test", token: "fra_token", teamId: 3 })
    document.body.append(element)
    const root = element.shadowRoot!
    await until(() => root.querySelectorAll("input[name=channel_id]").length === 2, "the channels")
    root.querySelector<HTMLInputElement>("input[name=user_id][value='7']")!.checked = true
    root.querySelector<HTMLInputElement>("input[name=other_user_ids]")!.value = "99"
    root.querySelector<HTMLInputElement>("input[name=channel_id][value='5']")!.checked = true
    root.querySelector<HTMLSelectElement>("select[name=role]")!.value = "operator"
    root.querySelector<HTMLFormElement>("form")!.requestSubmit()
    await until(() => root.querySelectorAll("[part=results] li").length === 2, "the results")
    const checked = [...root.querySelectorAll<HTMLInputElement>("input[type=checkbox]")].filter(
      (box) => box.checked,
    )
    return {
      checked: checked.map((box) => `${box.name}=${box.value}`),
      typed: root.querySelector<HTMLInputElement>("input[name=other_user_ids]")!.value,
      role: root.querySelector<HTMLSelectElement>("select[name=role]")!.value,
    }
  }

  it("clears the form once everyone was added, for the next people", async () => {
    const form = await mount({ status: 200, body: { teams: [[result(7, 201), result(99, 201)]] } })
    expect(form).toEqual({ checked: [], typed: "", role: "viewer" })
  })

  it("keeps the form when some were refused, to correct and send again", async () => {
    const form = await mount({ status: 207, body: { teams: [[result(7, 201), result(99, 404)]] } })
    expect(form).toEqual({ checked: ["user_id=7", "channel_id=5"], typed: "99", role: "operator" })
  })
})

describe("fr-add-users and consent", () => {
  it("says that someone not yet in the team is invited, and joins when they accept", async () => {
    const viewer = (user_id: number, http_status: number) => ({
      object: { user_id, role: "viewer", send_email: false },
      http_status,
      status: "success",
      errors: {},
    })
    const api = fakeFetch({
      "GET /api/v4/channels": { body: channels },
      // The joined team users only: the invitee is not among them, before or after.
      "GET /api/v4/teams/3/team_users": { body: [ana] },
      "POST /api/v4/teams/3/add_users_to_team_channels": {
        body: { teams: [[viewer(12, 201), viewer(7, 200)]] },
      },
    })
    vi.stubGlobal("fetch", api.fetch)
    const element = document.createElement("fr-add-users")
    element.baseUrl = "http://api.test"
    element.token = "fra_token"
    element.teamId = 3
    document.body.append(element)
    const root = element.shadowRoot!
    await until(() => root.querySelectorAll("input[name=channel_id]").length === 2, "the channels")
    expect(root.querySelector("form")?.textContent).toContain("join the team only when they accept")

    root.querySelector<HTMLInputElement>("input[name=other_user_ids]")!.value = "12"
    root.querySelector<HTMLInputElement>("input[name=user_id][value='7']")!.checked = true
    root.querySelector<HTMLInputElement>("input[name=channel_id][value='4']")!.checked = true
    root.querySelector<HTMLFormElement>("form")!.requestSubmit()

    await until(() => root.querySelectorAll("[part=results] li").length === 2, "the results")
    const teamUserLists = api.sent.filter((request) => request.url.pathname.endsWith("/team_users"))
    expect(teamUserLists.every((request) => request.url.searchParams.get("agreed_to_join") === "true")).toBe(
      true,
    )
    expect([...root.querySelectorAll("[part=results] li")].map((item) => item.textContent)).toEqual([
      "User 12 in Streets: invited as viewer (joins when they accept)",
      "Ana Lee in Streets: role updated to viewer",
    ])
  })

  describe("inviting by e-mail", () => {
    const mount = async () => {
      const element = document.createElement("fr-add-users")
      element.baseUrl = "http://api.test"
      element.token = "fra_token"
      element.teamId = 3
      document.body.append(element)
      const root = element.shadowRoot!
      await until(() => root.querySelectorAll("input[name=invite_channel_id]").length === 2, "the channels")
      const invite = (emails: string) => {
        root.querySelector<HTMLTextAreaElement>("textarea[name=emails]")!.value = emails
        root.querySelector<HTMLFormElement>("form[part=invite-form]")!.requestSubmit()
      }
      return { element, root, invite }
    }
    const lines = (root: ShadowRoot) =>
      [...root.querySelectorAll("[part=invite-results] li")].map((item) => item.textContent)

    it("invites each address with the team role, channels and channel role, and says what happened to each", async () => {
      const answers: Record<string, { status: number; body: unknown }> = {
        "new@example.net": {
          status: 201,
          body: { email: "new@example.net", invitation_id: 4, team_user_id: null },
        },
        "ana@example.com": {
          status: 200,
          body: { email: "ana@example.com", invitation_id: null, team_user_id: 101 },
        },
        "again@example.net": {
          status: 200,
          body: { email: "again@example.net", invitation_id: 5, team_user_id: null },
        },
        "nope@": {
          status: 422,
          body: {
            title: "Unprocessable Entity",
            detail: "invalid",
            errors: { "invitation.email": ["must be an e-mail address"] },
          },
        },
      }
      const api = fakeFetch({
        "GET /api/v4/channels": { body: channels },
        "GET /api/v4/teams/3/team_users": { body: [ana] },
        "POST /api/v4/teams/3/invitations": (request) =>
          answers[(request.body as { invitation: { email: string } }).invitation.email] ?? { status: 500 },
      })
      vi.stubGlobal("fetch", api.fetch)
      const { element, root, invite } = await mount()
      const added: Array<ReadonlyArray<number>> = []
      element.addEventListener("fr-users-added", (event) => added.push(event.userIds))
      root.querySelector<HTMLSelectElement>("select[name=team_role]")!.value = "manager"
      root.querySelector<HTMLInputElement>("input[name=invite_channel_id][value='5']")!.checked = true
      root.querySelector<HTMLSelectElement>("select[name=channel_role]")!.value = "operator"
      invite("new@example.net, ana@example.com\nagain@example.net; nope@ new@example.net")

      await until(() => lines(root).length === 4, "the results")
      const posted = api.sent.filter((request) => request.method === "POST").map((request) => request.body)
      expect(posted).toEqual(
        ["new@example.net", "ana@example.com", "again@example.net", "nope@"].map((email) => ({
          invitation: { email, team_role: "manager", channel_role: "operator", channel_ids: [5] },
        })),
      )
      expect(lines(root)).toEqual([
        "new@example.net: invited: an e-mail with a link to join is on its way",
        "ana@example.com: has an account: invited to the team (joins when they accept)",
        "again@example.net: invited already: roles and channels updated (the e-mail goes again at most once a day)",
        "nope@: must be an e-mail address",
      ])
      expect([...root.querySelectorAll("[part=invite-results] li.error")]).toHaveLength(1)
      // A refusal keeps the form, to correct and send again; the team view reloads its lists.
      expect(root.querySelector<HTMLTextAreaElement>("textarea[name=emails]")?.value).not.toBe("")
      expect(added).toEqual([[]])
    })

    it("asks for an address before sending anything", async () => {
      const api = fakeFetch({
        "GET /api/v4/channels": { body: channels },
        "GET /api/v4/teams/3/team_users": { body: [] },
      })
      vi.stubGlobal("fetch", api.fetch)
      const { element, root, invite } = await mount()
      invite(" , ")
      await element.updateComplete
      expect(root.querySelector("[role=alert]")?.textContent).toBe("Type at least one e-mail address.")
      expect(api.sent.filter((request) => request.method === "POST")).toEqual([])
    })
  })
})
