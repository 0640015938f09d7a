/**
 * Filtering reports in the browser against the real API: by words and by state, kept in the
 * address through a reload, and saved under a name and shown again.
 */
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { adminEmail, adminPassword, bundleId, login, request } from "./support/api.ts"
import { launchBrowser, openPage } from "./support/browser.ts"
import { screenshot } from "./support/screenshots.ts"
import { signIn } from "./support/shell.ts"

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
  const token = await login(adminEmail, adminPassword)
  const headers = { "X-AppId": bundleId }
  const [team] = (await request("GET", "/api/v4/teams", { token, headers })).body
  const channels = (await request("GET", `/api/v4/channels?team_id=${team.id}`, { token, headers })).body
  const streets = channels.find((channel: { name: string }) => channel.name === "Streets")
  const file = async (title: string, address: string) => {
    const answer = await request("POST", "/api/v4/reports", {
      token,
      headers,
      body: { report: { account_id: streets.id, title, address } },
    })
    expect(answer.status).toBe(201)
    return answer.body.id as number
  }
  const urgent = await file("Tuatara basking on the footpath", "Oriental Parade")
  await file("Tuatara crossing sign faded", "Kent Terrace")
  const states = (await request("GET", `/api/v4/report_states?channel_id=${streets.id}`, { token, headers }))
    .body
  const urgentState = states.find((state: { name: string }) => state.name === "Urgent")
  const moved = await request("PATCH", `/api/v4/reports/${urgent}`, {
    token,
    headers,
    body: { report: { report_state_id: urgentState.id } },
  })
  expect(moved.status).toBe(200)
})

afterAll(async () => {
  await browser?.close()
})

describe("report filters in the admin UI", () => {
  it("filters by words and by state, keeps the filter in the address, and saves it by name", async () => {
    const { page, errors } = await openPage(browser)
    await signIn(page)
    await page.getByRole("link", { name: "Reports" }).click()
    await expect.poll(() => page.locator("tbody tr").count()).toBeGreaterThan(2)
    const rows = () => page.locator("tbody tr").allTextContents()

    // Words: any case, each the beginning of a word, punctuation only separating them.
    await page.getByLabel("Words").first().fill('"TUATARA"')
    await page.getByRole("button", { name: "Apply" }).click()
    await expect.poll(async () => (await rows()).length).toBe(2)
    expect((await rows()).every((row) => row.includes("Tuatara"))).toBe(true)
    await page.waitForURL(/filter%5Bq%5D=%22TUATARA%22/)

    // And a state.
    await page.getByLabel("Urgent · Streets").first().check()
    await page.getByRole("button", { name: "Apply" }).click()
    await expect.poll(async () => (await rows()).length).toBe(1)
    expect((await rows())[0]).toContain("Tuatara basking on the footpath")
    await page.waitForURL(/filter%5Breport_state_ids%5D=\d+/)
    await screenshot(page, "report-filters")

    // The address keeps both through a reload.
    await page.reload()
    await expect.poll(() => page.getByLabel("Words").first().inputValue()).toBe('"TUATARA"')
    expect(await page.getByLabel("Urgent · Streets").first().isChecked()).toBe(true)
    await expect.poll(async () => (await rows()).length).toBe(1)

    // Saved under a name, cleared, and shown again.
    await page.getByLabel("Name", { exact: true }).fill("Urgent tuatara")
    await page.getByRole("button", { name: "Save these filters" }).click()
    await expect.poll(() => page.getByLabel("Saved filter").inputValue()).toBe("Urgent tuatara")
    await page.getByRole("button", { name: "Clear" }).click()
    await expect.poll(async () => (await rows()).length).toBeGreaterThan(2)
    await page.getByRole("button", { name: "Show" }).click()
    await expect.poll(async () => (await rows()).length).toBe(1)
    expect((await rows())[0]).toContain("Tuatara basking on the footpath")

    expect(errors).toEqual([])
  })
})
