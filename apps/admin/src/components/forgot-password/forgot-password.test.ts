import { afterEach, describe, expect, it, vi } from "vitest"
import { fakeFetch, until } from "../../../test/support/fakeFetch.ts"
import "./forgot-password.ts"

const mount = async (appId = "com.example.tides") => {
  const page = document.createElement("fr-forgot-password")
  page.baseUrl = "http://api.test"
  page.appId = appId
  document.body.append(page)
  await page.updateComplete
  const root = page.shadowRoot!
  root.querySelector<HTMLInputElement>("input[name=email]")!.value = " ana@example.com "
  return { page, root }
}

afterEach(() => {
  document.body.replaceChildren()
  vi.unstubAllGlobals()
})

describe("fr-forgot-password", () => {
  it("asks for the reset e-mail in the app of app-id, and says a link was sent if the account exists", async () => {
    const api = fakeFetch({
      "POST /api/v4/reset_passwords/request_token": { body: { email: "ana@example.com" } },
    })
    vi.stubGlobal("fetch", api.fetch)
    const { page, root } = await mount()

    root.querySelector("form")!.requestSubmit()
    await until(() => page.sentTo !== undefined, "the request")
    await page.updateComplete

    expect(api.sent[0]?.body).toEqual({ email: "ana@example.com" })
    expect(api.sent[0]?.headers.get("X-AppId")).toBe("com.example.tides")
    expect(api.sent[0]?.headers.get("Authorization")).toBeNull()
    expect(root.querySelector("[role=status]")?.textContent).toMatch(
      /If an account exists for ana@example\.com, we sent it a link/,
    )
    expect(root.querySelector("a[href='#/']")?.textContent).toBe("Back to sign in")
  })

  it("shows the API's reason when it refuses: too many requests, or not an address next to the field", async () => {
    const api = fakeFetch({
      "POST /api/v4/reset_passwords/request_token": {
        status: 429,
        body: { title: "Too Many Requests", detail: "too many requests: try again in 59 minutes" },
        headers: { "Content-Type": "application/problem+json", "Retry-After": "3540" },
      },
    })
    vi.stubGlobal("fetch", api.fetch)
    const { page, root } = await mount()

    root.querySelector("form")!.requestSubmit()
    await until(() => page.failure !== undefined, "the failure")
    await page.updateComplete
    expect(root.querySelector("[role=alert]")?.textContent).toBe("too many requests: try again in 59 minutes")
    expect(page.sentTo).toBeUndefined()

    vi.stubGlobal(
      "fetch",
      fakeFetch({
        "POST /api/v4/reset_passwords/request_token": {
          status: 422,
          body: {
            title: "Unprocessable Entity",
            detail: "email: must be an e-mail address",
            errors: { email: ["must be an e-mail address"] },
          },
          headers: { "Content-Type": "application/problem+json" },
        },
      }).fetch,
    )
    root.querySelector("form")!.requestSubmit()
    await until(() => page.emailProblem !== undefined, "the field's problem")
    await page.updateComplete
    expect(root.querySelector("#email-problem")?.textContent).toBe("must be an e-mail address")
    expect(root.querySelector("input[name=email]")?.getAttribute("aria-invalid")).toBe("true")
    expect(root.querySelector<HTMLElement>("[role=alert]")?.hidden).toBe(true)
  })
})
