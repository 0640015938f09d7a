/**
 * Bulk actions in the browser against the real API: filter the reports, select ten of them in the
 * table and assign them all at once, then see them assigned; and the selection on a phone.
 */
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { adminEmail, adminPassword, bundleId, login, request } from "./support/api.ts"
import { launchBrowser, openPage } from "./support/browser.ts"
import { screenshot } from "./support/screenshots.ts"
import { signIn } from "./support/shell.ts"

let browser: Browser
let token: string
/** The reports filed for this file, by id. */
let filed: ReadonlyArray<number>

const headers = { "X-AppId": bundleId }

beforeAll(async () => {
  browser = await launchBrowser()
  token = await login(adminEmail, adminPassword)
  const [team] = (await request("GET", "/api/v4/teams", { token, headers })).body
  const channels = (await request("GET", `/api/v4/channels?team_id=${team.id}`, { token, headers })).body
  const streets = channels.find((channel: { name: string }) => channel.name === "Streets")
  const ids: Array<number> = []
  for (let number = 1; number <= 12; number++) {
    const answer = await request("POST", "/api/v4/reports", {
      token,
      headers,
      body: {
        report: {
          account_id: streets.id,
          title: `Pohutukawa roots lifting the paving ${number}`,
          address: "Oriental Parade",
        },
      },
    })
    expect(answer.status).toBe(201)
    ids.push(answer.body.id)
  }
  filed = ids
})

afterAll(async () => {
  await browser?.close()
})

/** The operator of the demo team, whom the reports are assigned to. */
const operatorId = async (): Promise<number> => {
  const [team] = (await request("GET", "/api/v4/teams", { token, headers })).body
  const people = await request("GET", `/api/v4/teams/${team.id}/team_users`, { token })
  return people.body.find((person: { email: string }) => person.email === "operator@demo.fieldreport.test")
    .user_id
}

describe("bulk actions in the admin UI", () => {
  it("filters, selects ten reports and assigns them at once, then shows them assigned", async () => {
    const { page, errors } = await openPage(browser)
    await signIn(page)
    await page.getByRole("link", { name: "Reports" }).click()
    await page.getByLabel("Words").first().fill("Pohutukawa")
    await page.getByRole("button", { name: "Apply" }).click()
    await expect.poll(() => page.locator("tbody tr").count()).toBe(12)

    const boxes = page.getByRole("checkbox", { name: /^Select report \d+: Pohutukawa/ })
    for (let index = 0; index < 10; index++) await boxes.nth(index).check()
    const bar = page.getByRole("region", { name: "Bulk actions" })
    await expect.poll(() => bar.textContent()).toContain("10 reports selected")
    const selected = await page.locator("tbody tr[aria-selected=true] td.id button").allTextContents()
    const ids = selected.map(Number)
    expect(ids).toHaveLength(10)

    await bar.getByRole("button", { name: "Assign" }).click()
    const form = page.getByRole("form", { name: "Assign" })
    await form.getByLabel("Assign to").selectOption({ label: "Oliver Smith" })
    await screenshot(page, "bulk-assign")
    await form.getByRole("button", { name: "Assign" }).click()
    await page.getByRole("status").filter({ hasText: "10 reports assigned to Oliver Smith." }).waitFor()

    // The selection is cleared and the table loaded again; its Assignee id column shows who.
    await expect.poll(() => page.locator("tbody tr[aria-selected=true]").count()).toBe(0)
    await page.getByText("Columns").click()
    await page.getByRole("group", { name: "Columns" }).getByLabel("Assignee id").check()
    const operator = await operatorId()
    await expect.poll(() => page.locator(`tbody tr td:text-is("${operator}")`).count()).toBe(10)
    for (const id of filed) {
      const stored = await request("GET", `/api/v4/reports/${id}?fields=assignee_id`, { token })
      expect(stored.body.assignee_id, `report ${id}`).toBe(ids.includes(id) ? operator : null)
    }

    expect(errors).toEqual([])
  })

  it("on a phone, selects with finger-sized checkboxes and shows the actions without sideways scrolling", async () => {
    const { page, errors } = await openPage(browser)
    await signIn(page)
    await page.setViewportSize({ width: 390, height: 844 })
    await page.evaluate(() => {
      location.hash = "#/reports?filter[q]=Pohutukawa"
    })
    await page.getByRole("tab", { name: "List" }).click()
    await expect.poll(() => page.locator("tbody tr").count()).toBe(12)

    const box = page.getByRole("checkbox", { name: "Select the reports of this page" })
    const target = await page.locator("th.pick label").boundingBox()
    expect(target?.width).toBeGreaterThanOrEqual(44)
    expect(target?.height).toBeGreaterThanOrEqual(44)
    await box.check()
    const bar = page.getByRole("region", { name: "Bulk actions" })
    await expect.poll(() => bar.textContent()).toContain("12 reports selected")
    const action = await bar.getByRole("button", { name: "Delete" }).boundingBox()
    expect(action?.height).toBeGreaterThanOrEqual(44)
    await bar.getByRole("button", { name: "Delete" }).click()
    await page.getByRole("alertdialog", { name: "Delete reports" }).waitFor()
    await screenshot(page, "bulk-actions-phone")
    expect(
      await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0)
    await page.getByRole("button", { name: "Cancel" }).click()

    expect(errors).toEqual([])
  })
})
