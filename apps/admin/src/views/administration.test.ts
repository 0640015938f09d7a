/**
 * The administration views in the shell: each is listed, and opened by its address, only for
 * those the API lets use it.
 */
import { html } from "lit"
import { afterEach, describe, expect, it, vi } from "vitest"
import { type FakeRoutes, fakeFetch, type SentRequest, until } from "../../test/support/fakeFetch.ts"
import { registerView } from "../shell/ViewRegistry.ts"
import "../components/admin-app/admin-app.ts"
import "./api-tokens.ts"
import "./app-administrators.ts"

// A view for everyone, last: the component files share one registry, and others' first views stay first.
registerView({ id: "start", label: "Start", order: 1000, render: () => html`<p>Start view</p>` })

const app = { id: 1, bundle_id: "com.fieldreport.app", name: "Fieldreport" }

/** Who signs in: a platform administrator, the owner of a team, or a member of it. */
type Who = "admin" | "owner" | "member"

const routes = (who: Who): FakeRoutes => ({
  "GET /api/v4/teams": (request: SentRequest) => ({
    body:
      request.url.searchParams.get("agreed_to_join") === "false"
        ? []
        : [
            {
              id: 1,
              name: "Harbour",
              industry: "",
              location: "",
              feature_tasks_enabled: true,
              ...(request.url.searchParams.get("fields")?.includes("is_owner_of") === true
                ? { is_owner_of: who === "owner" }
                : {}),
            },
          ],
  }),
  "GET /api/v4/channels": { body: [] },
  "GET /api/v4/branded_app": { body: app },
  "GET /api/v4/admin/branded_apps": { body: [{ ...app, administrators: [] }] },
  "GET /api/v4/users/me": {
    body: {
      id: 7,
      email: "ana@example.com",
      first_name: "Ana",
      last_name: "Lee",
      admin: who === "admin",
      user_image: null,
      app_version: "",
      bluetooth_enabled: false,
      location_enabled: false,
      push_notification_enabled: false,
    },
  },
})

/** The shell signed in as `who`, at `hash`, once its navigation is drawn. */
const shellAs = async (who: Who, hash = "#/start") => {
  vi.stubGlobal("fetch", fakeFetch(routes(who)).fetch)
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
  location.hash = hash
  const shell = document.createElement("fr-admin-app")
  document.body.append(shell)
  const root = shell.shadowRoot!
  await until(() => root.querySelector("nav") !== null, "the navigation")
  const links = [...root.querySelectorAll("nav a")].map((link) => link.textContent)
  return { root, links }
}

afterEach(() => {
  location.hash = ""
  document.body.replaceChildren()
  sessionStorage.clear()
  vi.unstubAllGlobals()
})

describe("the administration views", () => {
  it("are listed for a platform administrator", async () => {
    const { links } = await shellAs("admin")
    expect(links).toEqual(expect.arrayContaining(["API tokens", "App administrators"]))
  })

  it("are not listed for someone who is no platform administrator", async () => {
    for (const who of ["member", "owner"] as const) {
      const { links } = await shellAs(who)
      expect(links, who).toContain("Start")
      expect(links, who).not.toContain("API tokens")
      expect(links, who).not.toContain("App administrators")
      document.body.replaceChildren()
    }
  })

  it("do not open by their address for someone who may not use them", async () => {
    for (const [view, tag] of [
      ["api-tokens", "fr-api-tokens"],
      ["app-administrators", "fr-app-administrators"],
    ] as const) {
      const { root } = await shellAs("owner", `#/${view}`)
      expect(root.querySelector("main")?.getAttribute("aria-label"), view).not.toMatch(
        /API tokens|App administrators/,
      )
      expect(root.querySelector(tag), view).toBeNull()
      document.body.replaceChildren()
    }
  })

  it("open by their address for those who may", async () => {
    for (const [view, label, tag] of [
      ["api-tokens", "API tokens", "fr-api-tokens"],
      ["app-administrators", "App administrators", "fr-app-administrators"],
    ] as const) {
      const { root } = await shellAs("admin", `#/${view}`)
      expect(root.querySelector("main")?.getAttribute("aria-label")).toBe(label)
      expect(root.querySelector(tag)).not.toBeNull()
      document.body.replaceChildren()
    }
  })
})
