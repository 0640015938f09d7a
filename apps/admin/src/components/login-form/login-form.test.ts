import { afterEach, describe, expect, it, vi } from "vitest"
import { fakeFetch, until } from "../../../test/support/fakeFetch.ts"
import type { LoginEvent } from "../../events/login.ts"
import "./login-form.ts"

const session = {
  access_token: "fra_access",
  refresh_token: "frr_refresh",
  token_expire_at: "2030-01-01T00:00:00.000Z",
  app_bundle_id: "com.fieldreport.app",
  branded_app_id: 1,
  client_uuid: "eeeeeeee-dddd-4ccc-bbbb-aaaaaaaaaaaa",
  profile: { user_id: 7, preferred_team_id: 3 },
}

const mount = async () => {
  const form = document.createElement("fr-login-form")
  form.baseUrl = "http://api.test"
  document.body.append(form)
  await form.updateComplete
  const root = form.shadowRoot!
  const input = (name: string) => root.querySelector<HTMLInputElement>(`input[name=${name}]`)!
  input("email").value = "manager@example.com"
  input("password").value = "secret password"
  return { form, root }
}

afterEach(() => {
  document.body.replaceChildren()
  vi.unstubAllGlobals()
})

describe("fr-login-form", () => {
  it("posts the credentials and fires fr-login with the session", async () => {
    const api = fakeFetch({ "POST /api/v4/session": { status: 201, body: { session } } })
    vi.stubGlobal("fetch", api.fetch)
    const { form, root } = await mount()
    const logins: Array<LoginEvent> = []
    form.addEventListener("fr-login", (event) => logins.push(event))

    root.querySelector("form")!.requestSubmit()
    await until(() => logins.length > 0, "fr-login")

    expect(api.sent[0]?.body).toEqual({
      session: {
        app_bundle_id: "com.fieldreport.app",
        email: "manager@example.com",
        password: "secret password",
      },
    })
    expect(logins[0]?.session.profile.user_id).toBe(7)
    expect(logins[0]?.baseUrl).toBe("http://api.test")
  })

  it("shows the server's reason when the login is refused", async () => {
    const api = fakeFetch({
      "POST /api/v4/session": {
        status: 401,
        body: { title: "Unauthorized", detail: "wrong e-mail or password" },
      },
    })
    vi.stubGlobal("fetch", api.fetch)
    const { form, root } = await mount()

    root.querySelector("form")!.requestSubmit()
    await until(() => form.failure !== undefined, "the failure")
    await form.updateComplete

    expect(root.querySelector("[role=alert]")?.textContent).toBe("wrong e-mail or password")
  })

  it("links to the page for a forgotten password, in the app typed in", async () => {
    const { form, root } = await mount()
    const forgot = () => root.querySelector<HTMLAnchorElement>("a[part=forgot]")!
    expect(forgot().textContent).toBe("Forgot your password?")
    expect(forgot().getAttribute("href")).toBe("#/forgot-password?app=com.fieldreport.app")

    const app = root.querySelector<HTMLInputElement>("input[name=app]")!
    app.value = "com.example.tides"
    app.dispatchEvent(new Event("input"))
    await form.updateComplete

    expect(forgot().getAttribute("href")).toBe("#/forgot-password?app=com.example.tides")
  })
})
