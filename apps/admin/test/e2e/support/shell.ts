/**
 * Steps most end-to-end tests start with.
 */
import type { Page } from "playwright-core"
import { adminEmail, adminPassword, apiUrl } from "./api.ts"

/**
 * Opens `/admin` and signs in through the login form (the administrator by default), then waits
 * for the navigation.
 *
 * @example
 * ```ts
 * await signIn(page)
 * await page.getByRole("link", { name: "Reports" }).click()
 * ```
 */
export const signIn = async (page: Page, email = adminEmail, password = adminPassword): Promise<void> => {
  await page.goto(`${apiUrl()}/admin/`)
  await page.getByLabel("E-mail").fill(email)
  await page.getByLabel("Password").fill(password)
  await page.getByRole("button", { name: "Sign in" }).click()
  await page.getByRole("navigation", { name: "Views" }).waitFor()
}
