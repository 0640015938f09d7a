import { html } from "lit"
import { afterEach, describe, expect, it, vi } from "vitest"
import { type FakeRoutes, fakeFetch, type SentRequest, until } from "../../../test/support/fakeFetch.ts"
import { LoginEvent } from "../../events/login.ts"
import { NavigateEvent } from "../../events/navigate.ts"
import { registerView, type ViewContext } from "../../shell/ViewRegistry.ts"
import "./admin-app.ts"

const teams = [
  { id: 1, name: "Harbour", industry: "", location: "", feature_tasks_enabled: true },
  { id: 2, name: "Hills", industry: "", location: "", feature_tasks_enabled: true },
]

const app = {
  id: 1,
  bundle_id: "com.fieldreport.app",
  name: "Fieldreport",
  self_sign_up: false,
  is_administrator: false,
}

/** The joined teams, or (`agreed_to_join=false`) the invitations. */
const teamList =
  (joined: ReadonlyArray<unknown>, invited: ReadonlyArray<unknown>) => (request: SentRequest) => ({
    body: request.url.searchParams.get("agreed_to_join") === "false" ? invited : joined,
  })

const routes: FakeRoutes = {
  "GET /api/v4/teams": teamList(teams, []),
  "GET /api/v4/channels": { body: [{ id: 7, name: "Streets", team_id: 1, category_id: 70, form_id: 7 }] },
  "GET /api/v4/branded_app": { body: app },
  "GET /api/v4/users/me": {
    body: {
      id: 7,
      email: "ana@example.com",
      first_name: "Ana",
      last_name: "Lee",
      admin: false,
      user_image: null,
      app_version: "",
      bluetooth_enabled: false,
      location_enabled: false,
      push_notification_enabled: false,
    },
  },
}

const seen: Array<ViewContext> = []
registerView({
  id: "probe",
  label: "Probe",
  order: 1,
  render: (context) => {
    seen.push(context)
    return html`<p>Probe view with ${context.channels.length} channel</p>`
  },
})

registerView({
  id: "elsewhere",
  label: "Elsewhere",
  order: 2,
  render: (context) => html`<p>Elsewhere view at ${context.rest.join("/")}</p>`,
})

const storeSession = () =>
  sessionStorage.setItem(
    "fieldreport-admin-session",
    JSON.stringify({
      baseUrl: "http://api.test",
      token: "fra_access",
      appId: app.bundle_id,
      userId: 7,
      teamId: 1,
    }),
  )

const session = {
  access_token: "fra_access",
  refresh_token: "frr_refresh",
  token_expire_at: "2030-01-01T00:00:00.000Z",
  app_bundle_id: "com.fieldreport.app",
  branded_app_id: 1,
  client_uuid: "eeeeeeee-dddd-4ccc-bbbb-aaaaaaaaaaaa",
  profile: { user_id: 7, preferred_team_id: 1 },
} as const

afterEach(() => {
  location.hash = ""
  document.body.replaceChildren()
  sessionStorage.clear()
  vi.unstubAllGlobals()
  seen.length = 0
})

describe("fr-admin-app", () => {
  it("asks to sign in, then shows the registered views with the team's channels", async () => {
    const api = fakeFetch(routes)
    vi.stubGlobal("fetch", api.fetch)
    location.hash = "#/probe"
    const shell = document.createElement("fr-admin-app")
    document.body.append(shell)
    await shell.updateComplete
    const root = shell.shadowRoot!
    expect(root.querySelector("fr-login-form")).not.toBeNull()

    root.querySelector("fr-login-form")!.dispatchEvent(new LoginEvent(session as never, "http://api.test"))
    await until(() => root.querySelector("main") !== null, "the views")

    expect(root.querySelector("main")?.textContent).toContain("Probe view with 1 channel")
    expect(root.querySelector("nav a[aria-current=page]")?.textContent).toBe("Probe")
    expect(seen.at(-1)?.team?.name).toBe("Harbour")
    const teamsCall = api.sent.find((request) => request.url.pathname === "/api/v4/teams")!
    expect(teamsCall.headers.get("Authorization")).toBe("Token token=fra_access")
    expect(teamsCall.headers.get("X-AppId")).toBe("com.fieldreport.app")
    expect(JSON.parse(sessionStorage.getItem("fieldreport-admin-session") ?? "{}").token).toBe("fra_access")
    // Someone who is no platform administrator is not asked for every app (a 403 the browser logs).
    expect(api.sent.some((request) => request.url.pathname === "/api/v4/admin/branded_apps")).toBe(false)
    expect(root.querySelector("select[aria-label='Branded app']")?.textContent).toContain("Fieldreport")
  })

  it("opens the account pages without a session, lazily, with the link's token or the app asked in", async () => {
    const api = fakeFetch(routes)
    vi.stubGlobal("fetch", api.fetch)
    location.hash = "#/reset-password?token=frp_token"
    const shell = document.createElement("fr-admin-app")
    shell.baseUrl = "http://api.test"
    document.body.append(shell)
    await until(() => shell.shadowRoot?.querySelector("fr-reset-password") !== null, "the reset page")
    const root = shell.shadowRoot!
    const reset = root.querySelector("fr-reset-password")!
    expect(reset.getAttribute("reset-token")).toBe("frp_token")
    expect(reset.getAttribute("base-url")).toBe("http://api.test")
    expect(customElements.get("fr-reset-password")).toBeDefined()
    expect(root.querySelector("fr-login-form")).toBeNull()

    location.hash = "#/verify-email?token=frv_token"
    globalThis.dispatchEvent(new HashChangeEvent("hashchange"))
    await until(() => root.querySelector("fr-verify-email") !== null, "the verification page")
    expect(root.querySelector("fr-verify-email")?.getAttribute("verification-token")).toBe("frv_token")

    location.hash = "#/forgot-password?app=com.example.tides"
    globalThis.dispatchEvent(new HashChangeEvent("hashchange"))
    await until(() => root.querySelector("fr-forgot-password") !== null, "the forgotten password page")
    expect(root.querySelector("fr-forgot-password")?.getAttribute("app-id")).toBe("com.example.tides")

    location.hash = "#/"
    globalThis.dispatchEvent(new HashChangeEvent("hashchange"))
    await shell.updateComplete
    expect(root.querySelector("fr-login-form")).not.toBeNull()
  })

  it("opens the invitation page without a session, and works in the team once it is accepted", async () => {
    const api = fakeFetch({
      ...routes,
      "POST /api/v4/team_invitations/lookup": {
        body: { team_name: "Hills", inviter_name: "Bo Lee", email: "ana@example.com" },
      },
    })
    vi.stubGlobal("fetch", api.fetch)
    location.hash = "#/accept-invitation?token=fri_token"
    const shell = document.createElement("fr-admin-app")
    shell.baseUrl = "http://api.test"
    document.body.append(shell)
    await until(() => shell.shadowRoot?.querySelector("fr-accept-invitation") !== null, "the invitation page")
    const root = shell.shadowRoot!
    const page = root.querySelector("fr-accept-invitation")!
    expect(page.getAttribute("invitation-token")).toBe("fri_token")
    expect(page.getAttribute("base-url")).toBe("http://api.test")
    expect(root.querySelector("fr-login-form")).toBeNull()

    // Accepted, the page hands the shell the new session and asks for the team's view.
    page.dispatchEvent(
      new LoginEvent(
        { ...session, profile: { user_id: 7, preferred_team_id: 2 } } as never,
        "http://api.test",
      ),
    )
    page.dispatchEvent(new NavigateEvent("probe"))
    await until(() => root.querySelector("main") !== null, "the views")
    expect(root.querySelector("nav a[aria-current=page]")?.textContent).toBe("Probe")
    expect(seen.at(-1)?.team?.name).toBe("Hills")
    expect(JSON.parse(sessionStorage.getItem("fieldreport-admin-session") ?? "{}").teamId).toBe(2)
  })

  it("switches team: the views' calls carry the new X-TeamId", async () => {
    const api = fakeFetch(routes)
    vi.stubGlobal("fetch", api.fetch)
    storeSession()
    const shell = document.createElement("fr-admin-app")
    document.body.append(shell)
    const root = shell.shadowRoot!
    await until(() => root.querySelector("select[aria-label=Team]") !== null, "the switcher")

    const select = root.querySelector<HTMLSelectElement>("select[aria-label=Team]")!
    select.value = "2"
    select.dispatchEvent(new Event("change"))
    await until(() => seen.at(-1)?.team?.name === "Hills", "the second team")

    const channels = api.sent.filter((request) => request.url.pathname === "/api/v4/channels").at(-1)!
    expect(channels.url.searchParams.get("team_id")).toBe("2")
    expect(channels.headers.get("X-TeamId")).toBe("2")
  })
  it("prompts to accept an invitation, accepts it, and then shows the team", async () => {
    const rivers = { ...teams[1], id: 3, name: "Rivers" }
    let accepted = false
    const api = fakeFetch({
      ...routes,
      "GET /api/v4/teams": (request) =>
        teamList(accepted ? [rivers] : [], accepted ? [] : [{ ...rivers, team_user_id: 30 }])(request),
      "PATCH /api/v4/teams/3/team_users/30": () => {
        accepted = true
        return { status: 204 }
      },
    })
    vi.stubGlobal("fetch", api.fetch)
    storeSession()
    const shell = document.createElement("fr-admin-app")
    document.body.append(shell)
    const root = shell.shadowRoot!
    await until(() => root.querySelector("[part=invitations] button") !== null, "the invitation")

    const invitations = root.querySelector("[part=invitations]")!
    expect(invitations.getAttribute("aria-label")).toBe("Invitations")
    expect(invitations.textContent).toContain("You are invited to join the team Rivers")
    invitations.querySelector("button")!.click()
    await until(() => seen.at(-1)?.team?.name === "Rivers", "the joined team")
    await shell.updateComplete

    const patch = api.sent.find((request) => request.method === "PATCH")
    expect(patch?.url.pathname).toBe("/api/v4/teams/3/team_users/30")
    expect(patch?.body).toEqual({ team_user: { agreed_to_join: true } })
    expect(root.querySelector("[part=invitations]")).toBeNull()
    expect(root.querySelector<HTMLSelectElement>("select[aria-label=Team]")?.value).toBe("3")
    const channels = api.sent.filter((request) => request.url.pathname === "/api/v4/channels").at(-1)!
    expect(channels.url.searchParams.get("team_id")).toBe("3")
  })

  it("starts someone else who signs in at the first view, not where the last user was", async () => {
    vi.stubGlobal("fetch", fakeFetch({ ...routes, "DELETE /api/v4/session": { body: {} } }).fetch)
    storeSession()
    location.hash = "#/elsewhere/42"
    const shell = document.createElement("fr-admin-app")
    document.body.append(shell)
    const root = shell.shadowRoot!
    const main = () => root.querySelector("main")?.textContent ?? ""
    await until(() => main().includes("Elsewhere view at 42"), "the last user's view")

    const signOut = () =>
      [...root.querySelectorAll("button")].find((button) => button.textContent === "Sign out")!.click()
    const signIn = (userId: number) =>
      root
        .querySelector("fr-login-form")!
        .dispatchEvent(
          new LoginEvent(
            { ...session, profile: { ...session.profile, user_id: userId } } as never,
            "http://api.test",
          ),
        )
    signOut()
    await until(() => root.querySelector("fr-login-form") !== null, "the sign-in form")
    signIn(8)
    await until(() => root.querySelector("main") !== null, "the views")
    expect(main()).toContain("Probe view")
    expect(location.hash).not.toContain("elsewhere")

    // The same person signing in again keeps their place.
    location.hash = "#/elsewhere/43"
    await until(() => main().includes("Elsewhere view at 43"), "the view")
    signOut()
    await until(() => root.querySelector("fr-login-form") !== null, "the sign-in form")
    signIn(8)
    await until(() => main().includes("Elsewhere view at 43"), "the same view")
  })

  it("offers a skip link first, which takes the keyboard past the header and the navigation to the view", async () => {
    vi.stubGlobal("fetch", fakeFetch(routes).fetch)
    storeSession()
    location.hash = "#/probe"
    const shell = document.createElement("fr-admin-app")
    document.body.append(shell)
    const root = shell.shadowRoot!
    await until(() => root.querySelector("main") !== null, "the views")
    const first = root.querySelector("a, button, select, input")!
    expect(first.textContent?.trim()).toBe("Skip to the content")
    ;(first as HTMLElement).click()
    await shell.updateComplete
    expect(root.activeElement).toBe(root.querySelector("main"))
    expect(location.hash).toBe("#/probe")
  })

  it("hands the view the query string after its path, and keeps the focus when only the query changes", async () => {
    vi.stubGlobal("fetch", fakeFetch(routes).fetch)
    storeSession()
    location.hash = "#/probe?filter%5Bchannels%5D=3"
    const shell = document.createElement("fr-admin-app")
    document.body.append(shell)
    const root = shell.shadowRoot!
    await until(() => root.querySelector("main") !== null, "the views")
    expect(root.querySelector("nav a[aria-current=page]")?.textContent).toBe("Probe")
    expect(seen.at(-1)?.rest).toEqual([])
    expect(seen.at(-1)?.query.get("filter[channels]")).toBe("3")

    const link = root.querySelector<HTMLElement>("nav a")!
    link.focus()
    location.hash = "#/probe?filter%5Bchannels%5D=4"
    await until(() => seen.at(-1)?.query.get("filter[channels]") === "4", "the new query")
    await shell.updateComplete
    expect(root.activeElement).toBe(link)
  })

  it("has a menu button that shows and hides the navigation, closed again by going to a view", async () => {
    vi.stubGlobal("fetch", fakeFetch(routes).fetch)
    storeSession()
    location.hash = "#/probe"
    const shell = document.createElement("fr-admin-app")
    document.body.append(shell)
    const root = shell.shadowRoot!
    await until(() => root.querySelector("main") !== null, "the views")
    const menu = [...root.querySelectorAll("button")].find((button) => button.textContent === "Menu")!
    const nav = root.querySelector("nav")!
    expect(menu.getAttribute("aria-controls")).toBe(nav.id)
    expect(menu.getAttribute("aria-expanded")).toBe("false")
    menu.click()
    await shell.updateComplete
    expect(menu.getAttribute("aria-expanded")).toBe("true")
    expect(nav.classList.contains("open")).toBe(true)
    location.hash = "#/elsewhere"
    await until(() => menu.getAttribute("aria-expanded") === "false", "the menu to close")
    expect(nav.classList.contains("open")).toBe(false)
  })
})
