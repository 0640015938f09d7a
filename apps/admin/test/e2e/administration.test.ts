/**
 * A platform administrator's people pages in real Chromium against the real API: an API token
 * created for a user with the read scope, seen once and copied, then revoked; the audit log
 * filtered down to that revocation; and on a phone, the three pages without sideways scrolling.
 * Each can save a screenshot of its view (see `support/screenshots.ts`).
 */
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { adminEmail, adminPassword, login, request } from "./support/api.ts"
import { launchBrowser, openPage } from "./support/browser.ts"
import { screenshot } from "./support/screenshots.ts"
import { signIn } from "./support/shell.ts"

/** Something unique per run, since every end-to-end file shares one server. */
const unique = `${Date.now().toString(36)}`

let browser: Browser
let holder: { readonly id: number; readonly email: string; readonly name: string }

beforeAll(async () => {
  browser = await launchBrowser()
  const token = await login(adminEmail, adminPassword)
  const email = `tina-${unique}@example.com`
  const created = await request("POST", "/api/v4/admin/users", {
    token,
    body: {
      user: { email, first_name: "Tina", last_name: `Token ${unique}`, password: "tina-token-password-1" },
    },
  })
  expect(created.status).toBe(201)
  holder = { id: created.body.id, email, name: `Tina Token ${unique}` }
})

afterAll(async () => {
  await browser?.close()
})

const open = async (view: string, page: Page) => {
  await page.getByRole("navigation", { name: "Views" }).getByRole("link", { name: view }).click()
}

/** The shadow DOM of an element, as HTML: where a secret would be if the page still held it. */
const shadowHtml = (page: Page, tag: string) =>
  page.locator(tag).evaluate((element) => {
    const root = element.shadowRoot!
    const values = [...root.querySelectorAll("input")].map((input) => input.value)
    return `${root.innerHTML} ${values.join(" ")}`
  })

/** How far the page and the view's pane reach past their width, in pixels (0 when nothing does). */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const scrolling = document.scrollingElement!
    const main = document.querySelector("fr-admin-app")?.shadowRoot?.querySelector("main")
    return {
      page: Math.max(0, scrolling.scrollWidth - window.innerWidth),
      main: main === null || main === undefined ? 0 : Math.max(0, main.scrollWidth - main.clientWidth),
    }
  })

describe("the people pages of a platform administrator", () => {
  it("creates a read token, shows it once, revokes it, and finds the revocation in the audit log", async () => {
    const { page, errors } = await openPage(browser)
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"])
    // The minute the test starts, as the From field of the audit log takes it (the browser's time).
    const from = await page.evaluate(() => {
      const now = new Date()
      return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 16)
    })
    await signIn(page)

    await open("API tokens", page)
    const tokens = page.locator("fr-api-tokens")
    await tokens.getByRole("heading", { name: "API tokens of Platform Administrator" }).waitFor()
    await tokens.getByLabel("User").fill(holder.email)
    await tokens.getByRole("button", { name: "Show tokens" }).click()
    await tokens.getByRole("heading", { name: `API tokens of ${holder.name}` }).waitFor()
    await tokens.getByText(`${holder.name} has no API tokens.`).waitFor()

    await tokens.getByLabel("Name").fill("wall map")
    expect(await tokens.getByRole("radio", { name: /Read only/ }).isChecked()).toBe(true)
    await tokens.getByRole("button", { name: `Create a token for ${holder.name}` }).click()
    await tokens.getByText(`Created the read-only API token “wall map” for ${holder.name}.`).waitFor()
    const shown = tokens.getByRole("textbox", { name: "API token “wall map”" })
    const secret = await shown.inputValue()
    expect(secret).toMatch(/^frt_/)
    await tokens.getByRole("row", { name: /wall map Read only/ }).waitFor()
    await screenshot(page, "api-tokens")

    // The token reads as its user, and only reads.
    const me = await request("GET", "/api/v4/users/me", { token: secret })
    expect(me.status).toBe(200)
    expect(me.body.email).toBe(holder.email)
    const write = await request("POST", "/api/v4/teams", { token: secret, body: { team: { name: "Nope" } } })
    expect(write.status).toBe(403)

    await tokens.getByRole("button", { name: "Copy" }).click()
    await tokens.getByText("Copied to the clipboard.").waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret)

    await tokens.getByRole("button", { name: "Done, I have copied it" }).click()
    await shown.waitFor({ state: "detached" })
    expect(await shadowHtml(page, "fr-api-tokens")).not.toContain(secret)
    // Back on the page later, the token is listed and its secret is nowhere.
    await open("Reports", page)
    await open("API tokens", page)
    await tokens.getByRole("heading", { name: "API tokens of Platform Administrator" }).waitFor()
    await tokens.getByLabel("User").fill(holder.email)
    await tokens.getByRole("button", { name: "Show tokens" }).click()
    await tokens.getByRole("row", { name: /wall map Read only/ }).waitFor()
    expect(await shadowHtml(page, "fr-api-tokens")).not.toContain(secret)

    page.once("dialog", (dialog) => void dialog.accept())
    await tokens.getByRole("button", { name: "Revoke wall map" }).click()
    await tokens.getByText(`Revoked the API token “wall map” of ${holder.name}.`).waitFor()
    await tokens.getByText(`${holder.name} has no API tokens.`).waitFor()
    expect((await request("GET", "/api/v4/users/me", { token: secret })).status).toBe(401)

    // The audit log, filtered down to the revocation.
    await open("Audit log", page)
    const log = page.locator("fr-audit-log")
    await log.getByRole("table", { name: "Audit events" }).locator("tbody tr").first().waitFor()
    await log.getByLabel("Who acted").fill(adminEmail)
    await log.getByLabel("From").fill(from)
    await log.getByLabel("Kind").selectOption({ label: "API token revoked" })
    await log.getByRole("button", { name: "Apply" }).click()
    await expect.poll(() => log.locator("[part=pager] [role=status]").textContent()).toBe("Events 1–1 of 1")
    const row = log.getByRole("table", { name: "Audit events" }).locator("tbody tr")
    expect(await row.count()).toBe(1)
    const cells = await row.locator("th, td").allTextContents()
    expect(cells.slice(1, 3).map((cell) => cell.trim())).toEqual([
      "API token revoked",
      "Platform Administrator",
    ])

    // Every API token event of the test, newest first: the revocation, then the creation.
    await log.getByLabel("Kind").selectOption({ label: "All: API tokens" })
    await log.getByRole("button", { name: "Apply" }).click()
    await expect.poll(() => log.locator("[part=pager] [role=status]").textContent()).toBe("Events 1–2 of 2")
    expect(
      (await log.getByRole("table", { name: "Audit events" }).locator("tbody th").allTextContents()).map(
        (cell) => cell.trim(),
      ),
    ).toEqual(["API token revoked", "API token created"])
    await screenshot(page, "audit-log")
    expect(errors).toEqual([])
  })

  it("on a phone, shows the three pages without sideways scrolling", async () => {
    const { page, errors } = await openPage(browser)
    await signIn(page, adminEmail, adminPassword)
    await page.setViewportSize({ width: 390, height: 844 })
    for (const [view, drawn] of [
      ["api-tokens", "fr-api-tokens form[part=create]"],
      ["app-administrators", "fr-app-administrators form[part=add]"],
      ["audit-log", "fr-audit-log tbody tr"],
    ] as const) {
      await page.evaluate((id) => {
        location.hash = `#/${id}`
      }, view)
      await page.locator(drawn).first().waitFor({ state: "attached" })
      await page.waitForLoadState("networkidle")
      await expect
        .poll(() => overflow(page), { message: `#/${view} scrolls sideways` })
        .toEqual({ page: 0, main: 0 })
    }
    expect(errors).toEqual([])
  })
})
