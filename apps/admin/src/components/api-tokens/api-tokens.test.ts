import { afterEach, describe, expect, it, vi } from "vitest"
import { type FakeRoutes, fakeFetch, type SentRequest, until } from "../../../test/support/fakeFetch.ts"
import "./api-tokens.ts"

const me = (admin: boolean) => ({
  id: 1,
  email: "admin@example.com",
  first_name: "Ada",
  last_name: "Admin",
  admin,
  user_image: null,
  app_version: "",
  bluetooth_enabled: false,
  location_enabled: false,
  push_notification_enabled: false,
})

const user = (id: number, first_name: string, last_name: string) => ({
  id,
  email: `${first_name.toLowerCase()}@example.com`,
  first_name,
  last_name,
  admin: id === 1,
  deactivated: false,
})

const users = [user(1, "Ada", "Admin"), user(7, "Ana", "Lee")]

const wallMap = { id: 5, name: "wall map", scope: "read", created_at: "2026-03-01T09:30:00.000Z" }
const secret = "frt_21wvSecretOfTheWallMapToken0123456789abcdef"

/** An API that keeps Ana's tokens: it creates, lists and revokes them. */
const routes = (admin = true): FakeRoutes => {
  const tokens: Array<typeof wallMap> = []
  return {
    "GET /api/v4/users/me": { body: me(admin) },
    "GET /api/v4/admin/users": { body: users, headers: { "Content-Range": "users 0-1/2" } },
    "GET /api/v4/admin/users/1/api_tokens": { body: [] },
    "GET /api/v4/admin/users/7/api_tokens": () => ({ body: tokens }),
    "POST /api/v4/admin/users/7/api_tokens": (request: SentRequest) => {
      const { name, scope } = (request.body as { api_token: { name: string; scope: "read" } }).api_token
      if (name === "")
        return {
          status: 422,
          body: {
            title: "Unprocessable",
            detail: "invalid",
            errors: { "api_token.name": ["must not be blank"] },
          },
        }
      const created = { ...wallMap, name, scope }
      tokens.push(created)
      return {
        status: 201,
        body: { ...created, token: secret },
        headers: { Location: "/api/v4/admin/users/7/api_tokens/5" },
      }
    },
    "DELETE /api/v4/admin/users/7/api_tokens/5": () => {
      tokens.splice(0)
      return { status: 204 }
    },
  }
}

const mount = async (admin = true) => {
  const api = fakeFetch(routes(admin))
  vi.stubGlobal("fetch", api.fetch)
  const element = document.createElement("fr-api-tokens")
  element.baseUrl = "http://api.test"
  element.token = "fra_token"
  document.body.append(element)
  const root = element.shadowRoot!
  return { api, element, root }
}

/** Mounts the element on a fetch that holds the answer to `path` until `release` is called. */
const mountHolding = (path: string, more: FakeRoutes = {}) => {
  const api = fakeFetch({ ...routes(), ...more })
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  const held: typeof globalThis.fetch = async (input, init) => {
    if (new URL(String(input)).pathname === path) await released
    return api.fetch(input, init)
  }
  vi.stubGlobal("fetch", held)
  const element = document.createElement("fr-api-tokens")
  element.baseUrl = "http://api.test"
  element.token = "fra_token"
  document.body.append(element)
  return { root: element.shadowRoot!, release }
}

const text = (root: ShadowRoot) => root.textContent?.replace(/\s+/g, " ") ?? ""

/** Shows Ana's tokens through the user field, as an administrator picks her. */
const chooseAna = async (root: ShadowRoot) => {
  await until(
    () => root.querySelector("form[part=owner]") !== null && text(root).includes("API tokens of Ada Admin"),
    "the page",
  )
  const field = root.querySelector<HTMLInputElement>("input[name=user]")!
  field.value = "ana@example.com"
  root.querySelector<HTMLFormElement>("form[part=owner]")!.requestSubmit()
  await until(() => text(root).includes("API tokens of Ana Lee"), "Ana's tokens")
}

const create = async (root: ShadowRoot, name: string, scope: "read" | "write") => {
  root.querySelector<HTMLInputElement>("input[name=name]")!.value = name
  root.querySelector<HTMLInputElement>(`input[name=scope][value=${scope}]`)!.checked = true
  root.querySelector<HTMLFormElement>("form[part=create]")!.requestSubmit()
}

afterEach(() => {
  document.body.replaceChildren()
  vi.unstubAllGlobals()
})

describe("fr-api-tokens", () => {
  it("tells someone who is no platform administrator so, asking the API nothing it would refuse", async () => {
    const { api, root } = await mount(false)
    await until(() => text(root).includes("Only platform administrators"), "the refusal")
    expect(root.querySelector("form")).toBeNull()
    expect(api.sent.map((request) => request.url.pathname)).toEqual(["/api/v4/users/me"])
  })

  it("starts at the administrator's own tokens, and picks another user by e-mail address", async () => {
    const { api, root } = await mount()
    await chooseAna(root)
    expect(text(root)).toContain("Ana Lee has no API tokens.")
    expect(root.querySelector<HTMLInputElement>("input[name=user]")?.value).toBe("Ana Lee <ana@example.com>")
    expect(
      [...root.querySelectorAll("datalist option")].map((option) => option.getAttribute("value")),
    ).toEqual(["Ada Admin <ada@example.com>", "Ana Lee <ana@example.com>"])
    expect(
      api.sent.find((request) => request.url.pathname === "/api/v4/admin/users")?.headers.get("Range"),
    ).toBe("objects=0-99")
  })

  it("keeps a user chosen while the page still loads, whatever answers later", async () => {
    const { root, release } = mountHolding("/api/v4/admin/users/1/api_tokens", {
      "GET /api/v4/admin/users/7/api_tokens": { body: [wallMap] },
    })
    await until(() => root.querySelector("datalist option") !== null, "the people")
    root.querySelector<HTMLInputElement>("input[name=user]")!.value = "ana@example.com"
    root.querySelector<HTMLFormElement>("form[part=owner]")!.requestSubmit()
    await until(() => text(root).includes("wall map"), "Ana's tokens")
    // The administrator's own (none), asked for first, answer last.
    release()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(text(root)).toContain("API tokens of Ana Lee")
    expect(text(root)).toContain("wall map")
    expect(root.querySelector<HTMLInputElement>("input[name=user]")?.value).toBe("Ana Lee <ana@example.com>")
  })

  it("leaves what someone types in the user field while the page loads as they typed it", async () => {
    const { root, release } = mountHolding("/api/v4/admin/users")
    await until(() => root.querySelector("form[part=owner]") !== null, "the form")
    const field = root.querySelector<HTMLInputElement>("input[name=user]")!
    field.value = "ana@exa"
    field.dispatchEvent(new Event("input", { bubbles: true, composed: true }))
    release()
    await until(() => root.querySelector("datalist option") !== null, "the people")
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(field.value).toBe("ana@exa")
    expect(text(root)).not.toContain("API tokens of Ada Admin")
  })

  it("finds a user chosen before the list of people has come", async () => {
    const { root, release } = mountHolding("/api/v4/admin/users")
    await until(() => root.querySelector("form[part=owner]") !== null, "the form")
    root.querySelector<HTMLInputElement>("input[name=user]")!.value = "ana@example.com"
    root.querySelector<HTMLFormElement>("form[part=owner]")!.requestSubmit()
    release()
    await until(() => text(root).includes("Ana Lee has no API tokens."), "Ana's tokens")
    expect(root.querySelector("form[part=owner] .error")).toBeNull()
  })

  it("names a user field that names nobody, and stays where it was", async () => {
    const { root } = await mount()
    await until(() => text(root).includes("API tokens of Ada Admin"), "the page")
    root.querySelector<HTMLInputElement>("input[name=user]")!.value = "nobody@example.com"
    root.querySelector<HTMLFormElement>("form[part=owner]")!.requestSubmit()
    await until(() => root.querySelector("form[part=owner] .error") !== null, "the field's message")
    expect(root.querySelector("form[part=owner] .error")?.textContent).toContain(
      "No one is “nobody@example.com”",
    )
    expect(root.querySelector("input[name=user]")?.getAttribute("aria-invalid")).toBe("true")
    expect(text(root)).toContain("API tokens of Ada Admin")
  })

  it("creates a read token, shows it once with a Copy button, and never again", async () => {
    const { api, root } = await mount()
    await chooseAna(root)
    await create(root, "wall map", "read")
    await until(() => root.querySelector("[part=new-token]") !== null, "the new token")

    const sent = api.sent.find((request) => request.method === "POST")!
    expect(sent.body).toEqual({ api_token: { name: "wall map", scope: "read" } })
    expect(root.querySelector("[role=status].saved")?.textContent).toBe(
      "Created the read-only API token “wall map” for Ana Lee.",
    )
    const shown = root.querySelector<HTMLInputElement>("[part=new-token] input")!
    expect(shown.value).toBe(secret)
    expect(shown.readOnly).toBe(true)
    expect(shown.getAttribute("aria-label")).toBe("API token “wall map”")
    // The list has the token, without its secret.
    await until(() => root.querySelector("[part=tokens] tbody tr") !== null, "the list")
    const row = root.querySelector("[part=tokens] tbody tr")!
    expect(row.textContent?.replace(/\s+/g, " ").trim()).toContain("wall map Read only")
    expect(row.textContent).not.toContain(secret)

    const copied = vi.fn(async (_text: string) => {})
    vi.stubGlobal("navigator", {
      ...navigator,
      languages: navigator.languages,
      clipboard: { writeText: copied },
    })
    root.querySelector<HTMLButtonElement>("[part=new-token] button.primary")!.click()
    await until(() => copied.mock.calls.length === 1, "the copy")
    expect(copied).toHaveBeenCalledWith(secret)
    await until(() => text(root).includes("Copied to the clipboard."), "the copy's message")

    const done = [...root.querySelectorAll("button")].find(
      (button) => button.textContent === "Done, I have copied it",
    )!
    done.click()
    await until(() => root.querySelector("[part=new-token]") === null, "the token gone")
    expect(root.innerHTML).not.toContain(secret)
    expect(
      [...root.querySelectorAll("input")].some((input) => input.value === secret),
      "no field holds the token",
    ).toBe(false)
    // Listed again, the token is still there and its secret still nowhere.
    expect(text(root)).toContain("wall map")
  })

  it("forgets the new token when another user is picked", async () => {
    const { root } = await mount()
    await chooseAna(root)
    await create(root, "wall map", "write")
    await until(() => root.querySelector("[part=new-token]") !== null, "the new token")
    expect(root.querySelector("[role=status].saved")?.textContent).toBe(
      "Created the read and write API token “wall map” for Ana Lee.",
    )
    root.querySelector<HTMLInputElement>("input[name=user]")!.value = "Ada Admin"
    root.querySelector<HTMLFormElement>("form[part=owner]")!.requestSubmit()
    await until(() => text(root).includes("API tokens of Ada Admin"), "Ada's tokens")
    expect(root.querySelector("[part=new-token]")).toBeNull()
    expect(root.querySelector("[role=status].saved")?.textContent).toBe("")
  })

  it("shows a refused name by its field", async () => {
    const { root } = await mount()
    await chooseAna(root)
    root.querySelector<HTMLInputElement>("input[name=name]")!.required = false
    await create(root, "", "read")
    await until(() => root.querySelector("form[part=create] .error") !== null, "the field's message")
    expect(root.querySelector("form[part=create] .error")?.textContent).toBe("must not be blank")
    expect(root.querySelector("input[name=name]")?.getAttribute("aria-invalid")).toBe("true")
    expect(root.querySelector("[part=new-token]")).toBeNull()
  })

  it("revokes a token after confirming, and says so", async () => {
    const { api, root } = await mount()
    await chooseAna(root)
    await create(root, "wall map", "read")
    await until(() => root.querySelector("[part=tokens] tbody tr") !== null, "the list")

    vi.stubGlobal("confirm", () => false)
    root.querySelector<HTMLButtonElement>("button[aria-label='Revoke wall map']")!.click()
    expect(api.sent.some((request) => request.method === "DELETE")).toBe(false)

    vi.stubGlobal("confirm", () => true)
    root.querySelector<HTMLButtonElement>("button[aria-label='Revoke wall map']")!.click()
    await until(() => text(root).includes("Ana Lee has no API tokens."), "the list without it")
    expect(api.sent.filter((request) => request.method === "DELETE")).toHaveLength(1)
    expect(root.querySelector("[role=status].saved")?.textContent).toBe(
      "Revoked the API token “wall map” of Ana Lee.",
    )
    // The token just created went with it.
    expect(root.querySelector("[part=new-token]")).toBeNull()
  })
})
