/**
 * Exporting reports in the browser against the real API: the reports the filter finds, as CSV for
 * Excel, followed until done and downloaded; then found on the Exports page with its link, beside
 * the OGC API – Features address for a GIS; on a phone neither page scrolls sideways.
 */
import { readFile } from "node:fs/promises"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { adminEmail, adminPassword, apiUrl, bundleId, login, request } from "./support/api.ts"
import { launchBrowser, openPage } from "./support/browser.ts"
import { signIn } from "./support/shell.ts"

let browser: Browser

const titles = ["Kereru nesting in the pohutukawa", "Kereru feather on the path"]

beforeAll(async () => {
  browser = await launchBrowser()
  const token = await login(adminEmail, adminPassword)
  const headers = { "X-AppId": bundleId }
  const [team] = (await request("GET", "/api/v4/teams", { token, headers })).body
  const channels = (await request("GET", `/api/v4/channels?team_id=${team.id}`, { token, headers })).body
  const streets = channels.find((channel: { name: string }) => channel.name === "Streets")
  for (const title of titles) {
    const answer = await request("POST", "/api/v4/reports", {
      token,
      headers,
      body: { report: { account_id: streets.id, title, address: "Botanic Garden" } },
    })
    expect(answer.status).toBe(201)
  }
})

afterAll(async () => {
  await browser?.close()
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

describe("report exports in the admin UI", () => {
  it("exports the filter's reports as CSV, downloads them, and lists the export beside the GIS address", async () => {
    const { page, errors } = await openPage(browser)
    await signIn(page)
    await page.getByRole("link", { name: "Reports" }).click()
    await page.getByLabel("Words").first().fill("kereru")
    await page.getByRole("button", { name: "Apply" }).click()
    await expect.poll(() => page.locator("tbody tr").count()).toBe(2)

    const exporter = page.locator("fr-report-export")
    await exporter.getByLabel("Format").selectOption("csv")
    await exporter.getByLabel("For Excel").check()
    await exporter.getByRole("button", { name: "Export", exact: true }).click()
    const link = page.getByRole("link", { name: /^Download reports-\d+\.csv$/ })
    await link.waitFor()
    await expect
      .poll(() => page.getByRole("status").filter({ hasText: "Exported" }).textContent())
      .toBe("Exported 2 reports as CSV for Excel.")

    const [download] = await Promise.all([page.waitForEvent("download"), link.click()])
    expect(download.suggestedFilename()).toMatch(/^reports-\d+\.csv$/)
    const bytes = await readFile(await download.path())
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = bytes.toString("utf8").slice(1).trimEnd().split("\r\n")
    expect(lines[0]).toMatch(/^id,account_id,account_name,title,/)
    expect(lines.slice(1).map((line) => titles.find((title) => line.includes(title)))).toEqual(
      expect.arrayContaining(titles),
    )
    expect(lines).toHaveLength(3)
    const id = /reports-(\d+)\.csv/.exec(download.suggestedFilename())?.[1]

    await page.getByRole("link", { name: "Past exports" }).click()
    await page.waitForURL(/#\/exports$/)
    const row = page.locator("fr-report-exports tbody tr").first()
    await expect.poll(() => row.textContent()).toContain("Done: 2 reports")
    expect(await row.textContent()).toContain("CSV")
    expect(await row.getByRole("link").textContent()).toBe(`reports-${id}.csv`)
    const gis = page.locator("fr-gis-access")
    expect(await gis.getByLabel("Service address").inputValue()).toBe(`${apiUrl()}/ogc/features`)
    expect(await gis.getByRole("link", { name: "API tokens" }).getAttribute("href")).toBe("#/api-tokens")

    await page.setViewportSize({ width: 390, height: 844 })
    await expect
      .poll(() => overflow(page), { message: "#/exports scrolls sideways" })
      .toEqual({ page: 0, main: 0 })
    await page.goBack()
    await page.waitForURL(/#\/reports\?/)
    await page.getByRole("button", { name: "Export", exact: true }).click()
    await page.getByRole("link", { name: /^Download reports-\d+\.csv$/ }).waitFor()
    await expect
      .poll(() => overflow(page), { message: "#/reports scrolls sideways" })
      .toEqual({ page: 0, main: 0 })

    expect(errors).toEqual([])
  })
})
