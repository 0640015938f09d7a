import { afterEach, describe, expect, it, vi } from "vitest"
import { type FakeRoutes, fakeFetch, type SentRequest, until } from "../../../test/support/fakeFetch.ts"
import "./app-administrators.ts"

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

const user = (id: number, first_name: string, last_name: string, deactivated = false) => ({
  id,
  email: `${first_name.toLowerCase()}@example.com`,
  first_name,
  last_name,
  admin: false,
  deactivated,
})

const users = [
  user(1, "Ada", "Admin"),
  user(7, "Ana", "Lee"),
  user(8, "Ben", "Ora"),
  user(9, "Old", "Timer", true),
]
const administrator = ({ id, email, first_name, last_name }: ReturnType<typeof user>) => ({
  id,
  email,
  first_name,
  last_name,
})

/** An API with two apps; the farm app's administrators are kept as the calls change them. */
const routes = (admin = true): FakeRoutes => {
  const farm = {
    id: 2,
    bundle_id: "nz.farm.app",
    name: "Farm",
    self_sign_up: false,
    administrators: [administrator(users[1]!)],
  }
  const app = () => ({ ...farm, administrators: [...farm.administrators] })
  return {
    "GET /api/v4/users/me": { body: me(admin) },
    "GET /api/v4/admin/users": { body: users, headers: { "Content-Range": "users 0-3/4" } },
    "GET /api/v4/admin/branded_apps": () => ({
      body: [
        {
          id: 1,
          bundle_id: "com.fieldreport.app",
          name: "Fieldreport",
          self_sign_up: false,
          administrators: [],
        },
        app(),
      ],
    }),
    "GET /api/v4/admin/branded_apps/2": () => ({ body: app() }),
    "POST /api/v4/admin/branded_apps/2/administrators": (request: SentRequest) => {
      const { user_id } = request.body as { user_id: number }
      const added = users.find((candidate) => candidate.id === user_id)!
      if (added.deactivated)
        return {
          status: 422,
          body: { title: "Unprocessable", detail: "invalid", errors: { user_id: ["is deactivated"] } },
        }
      if (farm.administrators.some((candidate) => candidate.id === user_id))
        return { status: 200, body: administrator(added) }
      farm.administrators = [...farm.administrators, administrator(added)]
      return {
        status: 201,
        body: administrator(added),
        headers: { Location: `/api/v4/admin/branded_apps/2/administrators/${user_id}` },
      }
    },
    "DELETE /api/v4/admin/branded_apps/2/administrators/7": () => {
      farm.administrators = farm.administrators.filter((candidate) => candidate.id !== 7)
      return { status: 204 }
    },
  }
}

const mount = async (admin = true) => {
  const api = fakeFetch(routes(admin))
  vi.stubGlobal("fetch", api.fetch)
  const element = document.createElement("fr-app-administrators")
  element.baseUrl = "http://api.test"
  element.token = "fra_token"
  document.body.append(element)
  const root = element.shadowRoot!
  if (admin) await until(() => root.querySelectorAll("datalist option").length > 0, "the apps and users")
  return { api, root }
}

const farm = (root: ShadowRoot) => root.querySelector<HTMLElement>("section[aria-labelledby=app-2]")!
const text = (node: Node) => node.textContent?.replace(/\s+/g, " ").trim() ?? ""

const add = (root: ShadowRoot, who: string) => {
  farm(root).querySelector<HTMLInputElement>("input[name=user]")!.value = who
  farm(root).querySelector<HTMLFormElement>("form[part=add]")!.requestSubmit()
}

const said = (root: ShadowRoot) => farm(root).querySelector("[role=status].saved")?.textContent ?? ""

afterEach(() => {
  document.body.replaceChildren()
  vi.unstubAllGlobals()
})

describe("fr-app-administrators", () => {
  it("tells someone who is no platform administrator so, asking the API nothing it would refuse", async () => {
    const { api, root } = await mount(false)
    await until(() => text(root).includes("Only platform administrators"), "the refusal")
    expect(root.querySelector("section, form")).toBeNull()
    expect(api.sent.map((request) => request.url.pathname)).toEqual(["/api/v4/users/me"])
  })

  it("lists every branded app with its administrators, and suggests the users who are not deactivated", async () => {
    const { root } = await mount()
    const apps = [...root.querySelectorAll("section[part=app]")]
    expect(apps.map((app) => text(app.querySelector("h3")!))).toEqual([
      "Fieldreport com.fieldreport.app",
      "Farm nz.farm.app",
    ])
    expect(text(apps[0]!)).toContain("No administrators")
    expect([...farm(root).querySelectorAll("[part=administrators] li")].map((item) => text(item))).toEqual([
      "Ana Lee ana@example.com Remove",
    ])
    expect(
      [...root.querySelectorAll("datalist option")].map((option) => option.getAttribute("value")),
    ).toEqual(["Ada Admin <ada@example.com>", "Ana Lee <ana@example.com>", "Ben Ora <ben@example.com>"])
  })

  it("adds an administrator by user, and says so under that app only", async () => {
    const { api, root } = await mount()
    add(root, "Ben Ora <ben@example.com>")
    await until(() => said(root) !== "", "the confirmation")
    expect(said(root)).toBe("Ben Ora is now an administrator of Farm.")
    const post = api.sent.find((request) => request.method === "POST")!
    expect(post.url.pathname).toBe("/api/v4/admin/branded_apps/2/administrators")
    expect(post.body).toEqual({ user_id: 8 })
    expect([...farm(root).querySelectorAll("[part=administrators] li")].map((item) => text(item))).toEqual([
      "Ana Lee ana@example.com Remove",
      "Ben Ora ben@example.com Remove",
    ])
    expect(farm(root).querySelector<HTMLInputElement>("input[name=user]")?.value).toBe("")
    expect(root.querySelector("section[aria-labelledby=app-1] [role=status].saved")?.textContent).toBe("")
  })

  it("shows the apps' add forms only once the people to add are known", async () => {
    const api = fakeFetch(routes(true))
    let release = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    vi.stubGlobal("fetch", (async (input, init) => {
      if (new URL(String(input)).pathname === "/api/v4/admin/users") await released
      return api.fetch(input, init)
    }) as typeof globalThis.fetch)
    const element = document.createElement("fr-app-administrators")
    element.baseUrl = "http://api.test"
    element.token = "fra_token"
    document.body.append(element)
    const root = element.shadowRoot!
    await until(
      () => api.sent.some((request) => request.url.pathname === "/api/v4/admin/branded_apps"),
      "the apps",
    )
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(root.querySelector("form[part=add]")).toBeNull()
    release()
    await until(() => root.querySelector("form[part=add]") !== null, "the add forms")
    add(root, "ben@example.com")
    await until(() => said(root) !== "", "the confirmation")
    expect(said(root)).toBe("Ben Ora is now an administrator of Farm.")
  })

  it("says so when the user administers the app already", async () => {
    const { root } = await mount()
    add(root, "ana@example.com")
    await until(() => said(root) !== "", "the confirmation")
    expect(said(root)).toBe("Ana Lee was an administrator of Farm already.")
  })

  it("shows a refusal by the user field: someone the list does not have, or whom the API refuses", async () => {
    const { api, root } = await mount()
    add(root, "nobody@example.com")
    await until(() => farm(root).querySelector("form .error") !== null, "the field's message")
    expect(text(farm(root).querySelector("form .error")!)).toBe("pick a name or e-mail address from the list")
    expect(text(farm(root).querySelector("[role=alert]")!)).toBe("No one is “nobody@example.com”.")
    expect(api.sent.some((request) => request.method === "POST")).toBe(false)

    add(root, "old@example.com")
    await until(
      () => farm(root).querySelector("form .error")?.textContent === "is deactivated",
      "the API's refusal",
    )
    expect(farm(root).querySelector("input[name=user]")?.getAttribute("aria-invalid")).toBe("true")
    expect(said(root)).toBe("")
  })

  it("removes an administrator after confirming, and says so", async () => {
    const { api, root } = await mount()
    const remove = () =>
      farm(root)
        .querySelector<HTMLButtonElement>("button[aria-label='Remove Ana Lee as an administrator of Farm']")!
        .click()
    vi.stubGlobal("confirm", () => false)
    remove()
    expect(api.sent.some((request) => request.method === "DELETE")).toBe(false)

    vi.stubGlobal("confirm", () => true)
    remove()
    await until(() => said(root) !== "", "the confirmation")
    expect(said(root)).toBe("Ana Lee no longer administers Farm.")
    expect(api.sent.filter((request) => request.method === "DELETE")).toHaveLength(1)
    expect(text(farm(root))).toContain("No administrators")
  })
})
