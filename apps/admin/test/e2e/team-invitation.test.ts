/**
 * Inviting someone without an account, end to end: a team's owner invites an address on the team
 * page, which lists it as pending; the link of the e-mail the server wrote opens the invitation
 * page, where the person sees the team and who invited them, chooses names and a password, and
 * lands signed in, in the team.
 */
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest"
import { mailsOf, tokenIn } from "../../../api/test/support/Mails.ts"
import { adminEmail, adminPassword, apiUrl, bundleId, login, request } from "./support/api.ts"
import { launchBrowser, openPage } from "./support/browser.ts"
import { signIn } from "./support/shell.ts"

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

/** The invitation link's token of the last e-mail to `email`, once the server's job has written it. */
const invitationTokenFor = async (email: string): Promise<string> => {
  const toThem = () => mailsOf(inject("dataDir")).filter((mail) => mail.includes(`To: ${email}`))
  await expect.poll(() => toThem().length).toBeGreaterThan(0)
  return tokenIn(toThem().at(-1) ?? "", "accept-invitation")
}

describe("an invitation by e-mail", () => {
  it("is sent from the team page, and its link makes the account, which lands signed in in the team", async () => {
    const admin = await login(adminEmail, adminPassword)
    const teamName = `Estuary ${Date.now().toString(36)}`
    const team = await request("POST", "/api/v4/teams", {
      token: admin,
      headers: { "X-AppId": bundleId },
      body: { team: { name: teamName, industry: "Water", location: "Otago" } },
    })
    expect(team.status).toBe(201)
    const email = `newcomer-${Date.now().toString(36)}@example.com`

    const { page: owner } = await openPage(browser)
    await signIn(owner)
    await owner.getByRole("combobox", { name: "Team" }).selectOption({ label: teamName })
    await owner.getByRole("navigation", { name: "Views" }).waitFor()
    await owner.getByRole("link", { name: "Team", exact: true }).click()
    await owner.getByLabel("E-mail addresses").fill(email)
    await owner.getByRole("button", { name: "Invite", exact: true }).click()
    await expect
      .poll(() => owner.getByRole("status", { name: "Invitations" }).getByRole("listitem").allTextContents())
      .toEqual([`${email}: invited: an e-mail with a link to join is on its way`])
    await expect
      .poll(() =>
        owner.getByRole("table", { name: "Invited by e-mail" }).getByRole("rowheader").allTextContents(),
      )
      .toContain(email)

    const token = await invitationTokenFor(email)
    const { page, errors } = await openPage(browser)
    await page.goto(`${apiUrl()}/admin/#/accept-invitation?token=${token}`)
    await page.getByRole("heading", { name: `Join ${teamName}` }).waitFor()
    expect(await page.getByText(`invited ${email} to join the team`).count()).toBe(1)
    await page.getByLabel("First name").fill("Nia")
    await page.getByLabel("Last name").fill("Newcomer")
    await page.getByLabel("Password", { exact: true }).fill("tui song over the estuary")
    await page.getByLabel("Password again").fill("tui song over the estuary")
    await page.getByRole("button", { name: `Join ${teamName}` }).click()

    await page.getByRole("navigation", { name: "Views" }).waitFor()
    await expect.poll(() => page.url()).toMatch(/#\/team$/)
    expect(await page.getByRole("banner").getByLabel("Team").inputValue()).toBe(String(team.body.id))
    await expect
      .poll(() => page.getByRole("table", { name: "Team users" }).getByRole("rowheader").allTextContents())
      .toContain("Nia Newcomer")
    expect(errors).toEqual([])

    // The link worked once.
    await page.goto(`${apiUrl()}/admin/#/accept-invitation?token=${token}`)
    await page.getByRole("heading", { name: "This invitation link does not work" }).waitFor()
  })
})
