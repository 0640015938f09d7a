import { afterEach, describe, expect, it, vi } from "vitest"
import { type FakeAnswer, fakeFetch, until } from "../../../test/support/fakeFetch.ts"
import "./reset-password.ts"

const unprocessable = (errors: Record<string, ReadonlyArray<string>>): FakeAnswer => ({
  status: 422,
  body: { title: "Unprocessable Entity", detail: "the request breaks a rule", errors },
  headers: { "Content-Type": "application/problem+json" },
})

const mount = async (token = "frp_token") => {
  const page = document.createElement("fr-reset-password")
  page.baseUrl = "http://api.test"
  page.resetToken = token
  document.body.append(page)
  await page.updateComplete
  const root = page.shadowRoot!
  const type = (password: string, confirmation = password) => {
    root.querySelector<HTMLInputElement>("input[name=password]")!.value = password
    root.querySelector<HTMLInputElement>("input[name=confirmation]")!.value = confirmation
    root.querySelector("form")!.requestSubmit()
  }
  return { page, root, type }
}

afterEach(() => {
  document.body.replaceChildren()
  vi.unstubAllGlobals()
})

describe("fr-reset-password", () => {
  it("states the password rules, sets the password with the token and links to sign in", async () => {
    const api = fakeFetch({ "POST /api/v4/reset_passwords": { body: { email: "ana@example.com" } } })
    vi.stubGlobal("fetch", api.fetch)
    const { page, root, type } = await mount()
    expect(root.querySelector("#rules")?.textContent).toMatch(/At least 10 characters, and hard to guess/)
    expect(root.querySelector("input[name=password]")?.getAttribute("aria-describedby")).toContain("rules")
    expect(root.querySelector("[role=alert]:not([hidden])")).toBeNull()

    type("tui song over the estuary")
    await until(() => page.email !== undefined, "the reset")
    await page.updateComplete

    expect(api.sent[0]?.body).toEqual({ token: "frp_token", password: "tui song over the estuary" })
    expect(root.querySelector("[role=status]")?.textContent).toMatch(/Sign in to ana@example\.com/)
    expect(root.querySelector("a[href='#/']")?.textContent).toBe("Sign in")
    expect(root.querySelector("form")).toBeNull()
  })

  it("shows why the API refuses a weak password next to the field, and keeps the form", async () => {
    const api = fakeFetch({
      "POST /api/v4/reset_passwords": unprocessable({
        password: ["is too easy to guess: This is a commonly used password."],
      }),
    })
    vi.stubGlobal("fetch", api.fetch)
    const { page, root, type } = await mount()

    type("password123")
    await until(() => page.problems.password !== undefined, "the problem")
    await page.updateComplete

    expect(root.querySelector("#password-problem")?.textContent).toBe(
      "is too easy to guess: This is a commonly used password.",
    )
    expect(root.querySelector("input[name=password]")?.getAttribute("aria-invalid")).toBe("true")
    expect(root.querySelector("form")).not.toBeNull()
    expect(page.email).toBeUndefined()
  })

  it("says when the link's token is used or expired, with a link to ask for a new one", async () => {
    const api = fakeFetch({
      "POST /api/v4/reset_passwords": unprocessable({
        token: ["is not a valid reset token, or it was used or expired"],
      }),
    })
    vi.stubGlobal("fetch", api.fetch)
    const { page, root, type } = await mount()

    type("tui song over the estuary")
    await until(() => page.problems.token !== undefined, "the problem")
    await page.updateComplete

    const alert = root.querySelector("[role=alert]:not([hidden])")
    expect(alert?.textContent).toMatch(/its token is not a valid reset token, or it was used or expired/)
    expect(alert?.querySelector("a")?.getAttribute("href")).toBe("#/forgot-password")
  })

  it("asks for the same password twice before calling the API, and says when the link has no token", async () => {
    const api = fakeFetch({})
    vi.stubGlobal("fetch", api.fetch)
    const { page, root, type } = await mount("")
    expect(root.querySelector("[role=alert]:not([hidden])")?.textContent).toMatch(/This link has no token/)

    type("tui song over the estuary", "tui song over the harbour")
    await page.updateComplete

    expect(root.querySelector("#confirmation-problem")?.textContent).toMatch(/Differs from the new password/)
    expect(api.sent).toEqual([])
  })
})
