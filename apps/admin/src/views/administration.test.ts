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
import "./audit-log.ts"

// A view for everyone, last: the component files share one registry, and others' first views stay first.
registerView({ id: "start", label: "Start", order: 1000, render: () => html`<p>Start view</p>` })

const app = {
  id: 1,
  bundle_id: "com.fieldreport.app",
  name: "Fieldreport",
  self_sign_up: false,
  is_administrator: false,
}

/**
 * Who signs in: a platform administrator, an administrator of the app (a member of the team), the
 * owner of a team, or a member of it.
 */
type Who = "admin" | "appAdmin" | "owner" | "member"

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
  "GET /api/v4/branded_app": { body: { ...app, is_administrator: who === "admin" || who === "appAdmin" } },
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

/** Each view, and who may use it. */
const views: ReadonlyArray<{
  readonly id: string
  readonly label: string
  readonly tag: string
  readonly for: ReadonlyArray<Who>
}> = [
  { id: "api-tokens", label: "API tokens", tag: "fr-api-tokens", for: ["admin"] },
  { id: "app-administrators", label: "App administrators", tag: "fr-app-administrators", for: ["admin"] },
  { id: "audit-log", label: "Audit log", tag: "fr-audit-log", for: ["admin", "appAdmin", "owner"] },
]

const everyone: ReadonlyArray<Who> = ["admin", "appAdmin", "owner", "member"]

describe("the administration views", () => {
  it("are listed for those who may use them only", async () => {
    for (const who of everyone) {
      const { links } = await shellAs(who)
      expect(links, who).toContain("Start")
      for (const view of views)
        expect(links.includes(view.label), `${view.label} for ${who}`).toBe(view.for.includes(who))
      document.body.replaceChildren()
    }
  })

  it("open by their address for those who may use them only", async () => {
    for (const who of everyone) {
      for (const view of views) {
        const { root } = await shellAs(who, `#/${view.id}`)
        const shown = view.for.includes(who)
        expect(
          root.querySelector("main")?.getAttribute("aria-label") === view.label,
          `${view.id} for ${who}`,
        ).toBe(shown)
        // The pages' elements load on first use: wait for the one shown.
        await vi.waitFor(() =>
          expect(root.querySelector(view.tag) !== null, `${view.tag} for ${who}`).toBe(shown),
        )
        document.body.replaceChildren()
      }
    }
  })
})
