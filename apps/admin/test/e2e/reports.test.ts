/**
 * The reports flow in the browser: file a report with a photo, change its state, assign it, find
 * it in the table and on the map, and open a report by keyboard.
 */
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { adminEmail, adminPassword, bundleId, login, request } from "./support/api.ts"
import { launchBrowser, openPage } from "./support/browser.ts"
import { solidPng } from "./support/png.ts"
import { screenshot } from "./support/screenshots.ts"
import { signIn } from "./support/shell.ts"

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

describe("reports in the admin UI", () => {
  it("files a report with a photo, changes its state, assigns it, and finds it in the table and on the map", async () => {
    const { page, errors } = await openPage(browser)
    await signIn(page)

    await page.getByRole("link", { name: "Reports" }).click()
    await expect.poll(() => page.getByRole("status").first().textContent()).toMatch(/reports in view/)
    await expect.poll(() => page.locator("tbody tr").count()).toBeGreaterThan(0)
    await screenshot(page, "reports")

    await page.getByRole("link", { name: "New report" }).click()
    await page.getByLabel("Channel").selectOption({ label: "Streets" })
    await page.locator("fr-new-report form[aria-busy=false]").waitFor()
    await page.getByLabel("Description").fill("Pothole at the bus stop on Cuba Street")
    await page.getByLabel("Add a photo").setInputFiles({
      name: "pothole.png",
      mimeType: "image/png",
      buffer: solidPng(120, 90, [190, 70, 40]),
    })
    await page.getByRole("img", { name: "pothole.png" }).waitFor()
    await page.getByRole("application", { name: /click to place the report/ }).click()
    await expect.poll(() => page.getByLabel("Latitude").inputValue()).not.toBe("")
    await page.getByLabel("Latitude").fill("-41.2925")
    await page.getByLabel("Longitude").fill("174.7751")
    await page.getByLabel("Longitude").press("Tab")
    await screenshot(page, "new-report")
    await page.getByRole("button", { name: "File report" }).click()

    await page.waitForURL(/#\/reports\/\d+$/)
    const reportId = Number(/(\d+)$/.exec(page.url())?.[1])
    await expect
      .poll(() => page.getByLabel("Description").inputValue())
      .toBe("Pothole at the bus stop on Cuba Street")
    await page.getByRole("img", { name: "pothole.png" }).waitFor()

    await page.getByLabel("Move to").selectOption({ label: "In progress" })
    await page.getByRole("button", { name: "Change state" }).click()
    const history = page.getByRole("list", { name: "State history" })
    await expect.poll(() => history.textContent()).toContain("In progress")

    await page.getByLabel("Assigned to").selectOption({ label: "Oliver Smith" })
    await page.getByLabel("Due", { exact: true }).fill("2031-03-04T09:30")
    await page.getByRole("button", { name: "Save assignment" }).click()
    await page.getByRole("status").filter({ hasText: "Assignment saved." }).waitFor()
    const token = await login(adminEmail, adminPassword)
    const [team] = (await request("GET", "/api/v4/teams", { token, headers: { "X-AppId": bundleId } })).body
    const people = await request("GET", `/api/v4/teams/${team.id}/team_users`, { token })
    const operator = people.body.find(
      (person: { email: string }) => person.email === "operator@demo.fieldreport.test",
    )
    const stored = await request("GET", `/api/v4/reports/${reportId}?fields=assignee_id,assignment_due_at`, {
      token,
    })
    expect(stored.body).toMatchObject({
      assignee_id: operator.user_id,
      // The browser's local time, as the input took it.
      assignment_due_at: await page.evaluate(() => new Date("2031-03-04T09:30").toISOString()),
    })
    await screenshot(page, "report-detail")

    await page.getByRole("link", { name: "Reports" }).click()
    await page.getByLabel("Report ids").first().fill(String(reportId))
    await page.getByRole("button", { name: "Apply" }).click()
    await expect.poll(() => page.locator("tbody tr").count()).toBe(1)
    expect(await page.locator("tbody tr").first().textContent()).toContain("In progress")
    // The filter is in the address: a reload (or the link shared) shows the same reports.
    await page.waitForURL(new RegExp(`#/reports\\?.*filter%5Bid%5D%5Bid_array%5D=${reportId}`))
    await page.reload()
    await expect.poll(() => page.getByLabel("Report ids").first().inputValue()).toBe(String(reportId))
    await expect.poll(() => page.locator("tbody tr").count()).toBe(1)
    // Clearing is a step the back button undoes.
    await page.getByRole("button", { name: "Clear" }).click()
    await expect.poll(() => page.locator("tbody tr").count()).toBeGreaterThan(1)
    expect(page.url()).not.toContain("id_array")
    await page.goBack()
    await expect.poll(() => page.getByLabel("Report ids").first().inputValue()).toBe(String(reportId))
    await expect.poll(() => page.locator("tbody tr").count()).toBe(1)
    const pin = page.locator(`img[alt="Report ${reportId}"]`)
    await pin.waitFor()
    await pin.click()
    await page.waitForURL(new RegExp(`#/reports/${reportId}$`))

    // The same by keyboard: the navigation link, then the report's title in the table, with Enter.
    await page.getByRole("link", { name: "Reports" }).focus()
    await page.keyboard.press("Enter")
    // Back at the reports, the filter is kept.
    await page.waitForURL(new RegExp(`#/reports\\?.*filter%5Bid%5D%5Bid_array%5D=${reportId}`))
    expect(await page.getByLabel("Report ids").first().inputValue()).toBe(String(reportId))
    const title = page.locator("td.title button").first()
    await title.waitFor()
    await title.focus()
    await page.keyboard.press("Enter")
    await page.waitForURL(/#\/reports\/\d+$/)

    expect(errors).toEqual([])
  })
})
