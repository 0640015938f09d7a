import { afterEach, describe, expect, it, vi } from "vitest"
import { fakeFetch, until } from "../../../test/support/fakeFetch.ts"
import "./verify-email.ts"

const mount = async (token: string) => {
  const page = document.createElement("fr-verify-email")
  page.baseUrl = "http://api.test"
  page.verificationToken = token
  document.body.append(page)
  await page.updateComplete
  return { page, root: page.shadowRoot! }
}

afterEach(() => {
  document.body.replaceChildren()
  vi.unstubAllGlobals()
})

describe("fr-verify-email", () => {
  it("verifies the address with the link's token as it opens, and links to sign in", async () => {
    const api = fakeFetch({ "POST /api/v4/email_verifications": { body: { email: "sid@example.com" } } })
    vi.stubGlobal("fetch", api.fetch)
    const { page, root } = await mount("frv_token")
    await until(() => page.verification.state === "verified", "the verification")
    await page.updateComplete

    expect(api.sent).toHaveLength(1)
    expect(api.sent[0]?.body).toEqual({ token: "frv_token" })
    expect(root.querySelector("h1")?.textContent).toBe("Your e-mail address is verified")
    expect(root.querySelector("[role=status]")?.textContent).toMatch(/sid@example\.com is verified/)
    expect(root.querySelector("a[href='#/']")?.textContent).toBe("Sign in")
  })

  it("says the link is used or expired in the API's words, offering a reset and sign-in", async () => {
    const api = fakeFetch({
      "POST /api/v4/email_verifications": {
        status: 422,
        body: {
          title: "Unprocessable Entity",
          detail: "token: is not a valid verification token, or it was used or expired",
          errors: { token: ["is not a valid verification token, or it was used or expired"] },
        },
        headers: { "Content-Type": "application/problem+json" },
      },
    })
    vi.stubGlobal("fetch", api.fetch)
    const { page, root } = await mount("frv_used")
    await until(() => page.verification.state === "refused", "the refusal")
    await page.updateComplete

    expect(root.querySelector("[role=alert]")?.textContent).toBe(
      "Its token is not a valid verification token, or it was used or expired.",
    )
    expect(root.querySelector("a[href='#/forgot-password']")).not.toBeNull()
    expect(root.querySelector("a[href='#/']")?.textContent).toBe("Sign in")
  })

  it("calls nothing for a link without a token", async () => {
    const api = fakeFetch({})
    vi.stubGlobal("fetch", api.fetch)
    const { root } = await mount("")

    expect(root.querySelector("[role=alert]")?.textContent).toMatch(/This link has no token/)
    expect(api.sent).toEqual([])
  })
})
