import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { launchBrowser, openPage } from "./support/browser.ts"
import { signIn } from "./support/shell.ts"

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

describe("the admin shell at /admin", () => {
  it("signs in, lists the user's teams and keeps the session across a reload", async () => {
    const { page, errors } = await openPage(browser)
    await signIn(page)

    const team = page.getByRole("combobox", { name: "Team" })
    await expect.poll(() => team.locator("option").allTextContents()).toContain("Harbour City Council")
    await page.reload()
    await expect.poll(() => team.locator("option").allTextContents()).toContain("Harbour City Council")

    await page.getByRole("button", { name: "Sign out" }).click()
    await page.getByLabel("E-mail").waitFor()
    expect(errors).toEqual([])
  })
})
