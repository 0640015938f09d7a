/**
 * The account e-mails' pages, end to end. A forgotten password: the sign-in form's link asks for
 * the reset e-mail, the link of the e-mail the server wrote opens the reset page, which shows the
 * API's reason for a weak password and then sets a strong one, and the person signs in with it. A
 * sign-up: the link of the verification e-mail verifies the address, once.
 */
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest"
import { mailsOf, tokenIn } from "../../../api/test/support/Mails.ts"
import { adminEmail, adminPassword, apiUrl, login, request } from "./support/api.ts"
import { launchBrowser, openPage } from "./support/browser.ts"

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

/** The token of the link to `page` in the last e-mail to `email`, once the server's job has written it. */
const tokenMailedTo = async (email: string, page: string): Promise<string> => {
  const toThem = () => mailsOf(inject("dataDir")).filter((mail) => mail.includes(`<${email}>`))
  await expect.poll(() => toThem().length).toBeGreaterThan(0)
  return tokenIn(toThem().at(-1) ?? "", page)
}

describe("a forgotten password", () => {
  it("is reset through the e-mail's link, and the new one signs in", async () => {
    const admin = await login(adminEmail, adminPassword)
    const email = `forgetful-${Date.now().toString(36)}@example.com`
    const created = await request("POST", "/api/v4/admin/users", {
      token: admin,
      body: {
        user: { email, first_name: "Fern", last_name: "Forgetful", password: "first password here 1" },
      },
    })
    expect(created.status).toBe(201)

    const { page, errors } = await openPage(browser)
    await page.goto(`${apiUrl()}/admin/`)
    await page.getByRole("link", { name: "Forgot your password?" }).click()
    await page.getByLabel("E-mail").fill(email)
    await page.getByRole("button", { name: "Send the link" }).click()
    await expect
      .poll(() => page.getByRole("status").textContent())
      .toContain(`If an account exists for ${email}, we sent it a link`)

    const token = await tokenMailedTo(email, "reset-password")
    await page.goto(`${apiUrl()}/admin/#/reset-password?token=${token}`)
    await page.getByLabel("New password", { exact: true }).fill("password123")
    await page.getByLabel("New password again").fill("password123")
    await page.getByRole("button", { name: "Set the password" }).click()
    await expect.poll(() => page.locator("#password-problem").textContent()).toMatch(/is too easy to guess/)

    const newPassword = "tui song over the estuary"
    await page.getByLabel("New password", { exact: true }).fill(newPassword)
    await page.getByLabel("New password again").fill(newPassword)
    await page.getByRole("button", { name: "Set the password" }).click()
    await expect.poll(() => page.getByRole("status").textContent()).toContain(`Sign in to ${email}`)

    await page.getByRole("link", { name: "Sign in" }).click()
    await page.getByLabel("E-mail").fill(email)
    await page.getByLabel("Password").fill(newPassword)
    await page.getByRole("button", { name: "Sign in" }).click()
    await page.getByRole("navigation", { name: "Views" }).waitFor()
    // The reset page answered 422 once, which the browser logs as a failed request.
    expect(errors.filter((error) => !error.includes("422"))).toEqual([])
  })
})

describe("a sign-up's verification e-mail", () => {
  it("verifies the address on opening its link, and says so when the link is opened again", async () => {
    const admin = await login(adminEmail, adminPassword)
    const bundleId = `com.example.signup${Date.now().toString(36)}`
    const app = await request("POST", "/api/v4/admin/branded_apps", {
      token: admin,
      body: { branded_app: { bundle_id: bundleId, name: "Sign-up test", self_sign_up: true } },
    })
    expect(app.status).toBe(201)
    const email = `newcomer-${Date.now().toString(36)}@example.com`
    const signedUp = await request("POST", "/api/v4/users", {
      headers: { "X-AppId": bundleId },
      body: { user: { email, first_name: "Nia", last_name: "Newcomer", password: "kiwi fern harbour tide" } },
    })
    expect(signedUp.status).toBe(201)
    const token = await tokenMailedTo(email, "verify-email")

    const { page, errors } = await openPage(browser)
    await page.goto(`${apiUrl()}/admin/#/verify-email?token=${token}`)
    await expect.poll(() => page.getByRole("status").textContent()).toContain(`${email} is verified`)
    await page.reload()
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toContain("is not a valid verification token, or it was used or expired")
    await page.getByRole("link", { name: "Sign in" }).click()
    await page.getByLabel("E-mail").waitFor()
    expect(errors.filter((error) => !error.includes("422"))).toEqual([])
  })
})
