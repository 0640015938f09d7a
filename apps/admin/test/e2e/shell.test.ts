import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { adminEmail, adminPassword, login, request } from "./support/api.ts"
import { launchBrowser, openPage } from "./support/browser.ts"
import { screenshot } from "./support/screenshots.ts"
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
  it("prompts a user invited to a team to accept, and shows the team once they have", async () => {
    const admin = await login(adminEmail, adminPassword)
    const email = `invitee-${Date.now().toString(36)}@example.com`
    const password = "invitee-password-1"
    const created = await request("POST", "/api/v4/admin/users", {
      token: admin,
      body: { user: { email, first_name: "Ira", last_name: "Invitee", password } },
    })
    expect(created.status).toBe(201)
    const teams = await request("GET", "/api/v4/teams", { token: admin })
    const teamId: number = teams.body.find(
      (team: { name: string }) => team.name === "Harbour City Council",
    ).id
    const channels = await request("GET", `/api/v4/channels?team_id=${teamId}`, { token: admin })
    const streets = channels.body.find((channel: { name: string }) => channel.name === "Streets")
    const invited = await request("POST", `/api/v4/teams/${teamId}/add_users_to_team_channels`, {
      token: admin,
      body: {
        users: [{ user_id: created.body.id, role: "viewer", send_email: true }],
        channels: [{ id: streets.id, name: streets.name, isSelected: true }],
      },
    })
    expect(invited.status).toBe(200)

    const { page, errors } = await openPage(browser)
    await signIn(page, email, password)
    const invitations = page.getByRole("region", { name: "Invitations" })
    await expect
      .poll(() => invitations.textContent())
      .toContain("You are invited to join the team Harbour City Council")
    const team = page.getByRole("combobox", { name: "Team" })
    expect(await team.locator("option").count()).toBe(0)
    await screenshot(page, "invitation")

    await page.getByRole("button", { name: "Accept the invitation to Harbour City Council" }).click()
    await expect.poll(() => team.locator("option").allTextContents()).toEqual(["Harbour City Council"])
    await invitations.waitFor({ state: "detached" })
    const member = await request("GET", `/api/v4/teams/${teamId}/team_users?user_ids[]=${created.body.id}`, {
      token: admin,
    })
    expect(member.body).toEqual([expect.objectContaining({ user_id: created.body.id, agreed_to_join: true })])
    expect(errors).toEqual([])
  })
})
