/**
 * An element embedded in another site's plain HTML page: one script tag from the API's `/admin`,
 * the element with `base-url` and `token`, and the page's own theme through custom properties.
 */
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { adminEmail, adminPassword, apiUrl, embedOrigin, login } from "./support/api.ts"
import { launchBrowser, openPage } from "./support/browser.ts"
import { pageUrl } from "./support/embedSite.ts"
import { screenshot } from "./support/screenshots.ts"

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

describe("embedding an element in another site", () => {
  it("shows the reports table in a plain page of another origin, themed by the page", async () => {
    const token = await login(adminEmail, adminPassword)
    const { page, errors } = await openPage(browser)
    const fetched: Array<string> = []
    page.on("request", (request) => fetched.push(request.url()))
    await page.goto(
      pageUrl(
        embedOrigin(),
        `<!doctype html>
          <html lang="en">
            <head>
              <title>Partner site</title>
              <link rel="icon" href="data:," />
              <script type="module" src="${apiUrl()}/admin/fieldreport-admin.js"></script>
              <style>body { font-family: Georgia, serif; --fr-color-accent: rgb(10, 125, 79); }</style>
            </head>
            <body>
              <h1>Reports on the partner site</h1>
              <fr-report-table base-url="${apiUrl()}" token="${token}" fields="id,title,report_state_name"
                page-size="10"></fr-report-table>
            </body>
          </html>`,
      ),
    )

    await expect.poll(() => page.locator("fr-report-table tbody tr").count()).toBe(10)
    // The columns asked for, after the column of checkboxes that select reports.
    const headings = await page.locator("fr-report-table th:not(.pick)").allInnerTexts()
    expect(headings.map((heading) => heading.trim())).toEqual(["Id", "Title", "State"])
    expect(await page.locator("fr-report-table th.pick input[type=checkbox]").count()).toBe(1)
    const link = page.locator("fr-report-table td.title button").first()
    expect(await link.evaluate((element) => getComputedStyle(element).color)).toBe("rgb(10, 125, 79)")
    await screenshot(page, "embedded-table")
    // The heavy elements' modules are left for the pages that use them.
    expect(fetched.filter((url) => /analytics-dashboard|form-builder|channel-settings/.test(url))).toEqual([])
    expect(errors).toEqual([])
  })

  it("defines a heavy element embedded alone when the page has one, fetching its module then", async () => {
    const token = await login(adminEmail, adminPassword)
    const { page, errors } = await openPage(browser)
    const fetched: Array<string> = []
    page.on("request", (request) => fetched.push(request.url()))
    await page.goto(
      pageUrl(
        embedOrigin(),
        `<!doctype html>
          <html lang="en">
            <head>
              <title>Partner dashboard</title>
              <link rel="icon" href="data:," />
              <script type="module" src="${apiUrl()}/admin/fieldreport-admin.js?v=1"></script>
            </head>
            <body>
              <h1>Reports on the partner site</h1>
              <fr-analytics-dashboard base-url="${apiUrl()}" token="${token}"></fr-analytics-dashboard>
            </body>
          </html>`,
      ),
    )

    await page.getByRole("heading", { name: /^Reports over time/ }).waitFor()
    expect(fetched.some((url) => /\/admin\/assets\/analytics-dashboard-[\w-]+\.js$/.test(url))).toBe(true)
    expect(await page.evaluate(() => customElements.get("fr-analytics-dashboard") !== undefined)).toBe(true)
    expect(errors).toEqual([])
  })
})
