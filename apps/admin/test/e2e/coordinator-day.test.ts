/**
 * A coordinator's day in the admin UI against the real API, on a desktop and on a phone, in English
 * and in Spanish (the browser's language): sign in, filter the reports by words and by state, assign
 * ten of them at once, open one and read its history, invite someone by e-mail, and accept the
 * invitation as them. The Spanish run reads its labels from the translations by their ids, so a
 * label left in English (or a translation missing) fails it.
 */
import type { StrResult } from "@lit/localize"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest"
import { mailsOf, tokenIn } from "../../../api/test/support/Mails.ts"
import { templates } from "../../src/locales/es.ts"
import { adminEmail, adminPassword, apiUrl, bundleId, login, request } from "./support/api.ts"
import { launchBrowser, openPage } from "./support/browser.ts"
import { screenshot } from "./support/screenshots.ts"

type Language = "en" | "es"

/**
 * A message as the language shows it: the English text (with its values in place), or the Spanish
 * translation of the message's id with the same values.
 */
const say = (language: Language, id: string, english: string, ...values: ReadonlyArray<string>): string => {
  if (language === "en") return english
  const spanish = templates[id]
  if (typeof spanish === "string") return spanish
  const template = spanish as unknown as StrResult | undefined
  if (template?.strTag !== true) throw new Error(`no Spanish text for ${id}`)
  return template.strings.reduce(
    (text, part, index) => `${text}${String(values[Number(template.values[index - 1])] ?? "")}${part}`,
  )
}

const headers = { "X-AppId": bundleId }
let browser: Browser
let token: string

beforeAll(async () => {
  browser = await launchBrowser()
  token = await login(adminEmail, adminPassword)
})

afterAll(async () => {
  await browser?.close()
})

/** Files twelve reports whose title holds `word` in the demo's Streets channel, all Urgent. */
const fileUrgentReports = async (word: string) => {
  const [team] = (await request("GET", "/api/v4/teams", { token, headers })).body
  const channels = (await request("GET", `/api/v4/channels?team_id=${team.id}`, { token, headers })).body
  const streets = channels.find((channel: { name: string }) => channel.name === "Streets")
  const states = (await request("GET", `/api/v4/report_states?channel_id=${streets.id}`, { token, headers }))
    .body
  const urgent = states.find((state: { name: string }) => state.name === "Urgent")
  for (let number = 1; number <= 12; number++) {
    const filed = await request("POST", "/api/v4/reports", {
      token,
      headers,
      body: {
        report: { account_id: streets.id, title: `${word} nest by the kerb ${number}`, address: "Kent Tce" },
      },
    })
    expect(filed.status).toBe(201)
    const moved = await request("PATCH", `/api/v4/reports/${filed.body.id}`, {
      token,
      headers,
      body: { report: { report_state_id: urgent.id } },
    })
    expect(moved.status).toBe(200)
  }
}

/** Opens a view from the navigation, through the menu on a phone. */
const openView = async (page: Page, language: Language, phone: boolean, id: string, english: string) => {
  if (phone) await page.getByRole("button", { name: say(language, "adminApp.menu", "Menu") }).click()
  await page
    .getByRole("navigation", { name: say(language, "adminApp.views", "Views") })
    .getByRole("link", { name: say(language, id, english), exact: true })
    .click()
}

/** The link's token of the last e-mail to `email`, once the server's job has written it. */
const invitationTokenFor = async (email: string): Promise<string> => {
  const toThem = () => mailsOf(inject("dataDir")).filter((mail) => mail.includes(`To: ${email}`))
  await expect.poll(() => toThem().length).toBeGreaterThan(0)
  return tokenIn(toThem().at(-1) ?? "", "accept-invitation")
}

const days = [
  { language: "en", locale: "en-NZ", phone: false },
  { language: "es", locale: "es-MX", phone: false },
  { language: "en", locale: "en-NZ", phone: true },
  { language: "es", locale: "es-MX", phone: true },
] as const

describe("a coordinator's day", () => {
  for (const { language, locale, phone } of days) {
    it(`on a ${phone ? "phone" : "desktop"}, in ${language === "en" ? "English" : "Spanish"}`, async () => {
      const run = `${language}${phone ? "phone" : "desk"}`
      const word = `Karearea${run}`
      await fileUrgentReports(word)
      const viewport = phone ? { width: 390, height: 844 } : { width: 1280, height: 800 }
      const { page, errors } = await openPage(browser, { viewport, locale })
      const t = (id: string, english: string, ...values: ReadonlyArray<string>) =>
        say(language, id, english, ...values)

      // Sign in.
      await page.goto(`${apiUrl()}/admin/`)
      await page.getByLabel(t("account.email", "E-mail")).fill(adminEmail)
      await page.getByLabel(t("loginForm.password", "Password")).fill(adminPassword)
      await page.getByRole("button", { name: t("account.signIn", "Sign in") }).click()
      await openView(page, language, phone, "view.reports", "Reports")

      // Filter by words and by state; on a phone the filters and the list are a tap away.
      if (phone) await page.getByRole("button", { name: t("reportBrowser.filters", "Filters") }).click()
      await page.getByLabel(t("reportFilters.words", "Words")).first().fill(word)
      await page.getByLabel("Urgent · Streets").first().check()
      await page.getByRole("button", { name: t("reportFilters.apply", "Apply") }).click()
      if (phone) await page.getByRole("tab", { name: t("reportBrowser.list", "List") }).click()
      await expect.poll(() => page.locator("tbody tr").count()).toBe(12)

      // Assign ten of them at once.
      const boxes = page.getByRole("checkbox", { name: new RegExp(`: ${word} nest`) })
      for (let index = 0; index < 10; index++) await boxes.nth(index).check()
      const bar = page.getByRole("region", { name: t("bulk.bar", "Bulk actions") })
      await bar.getByRole("button", { name: t("bulk.assign", "Assign") }).click()
      const form = page.getByRole("form", { name: t("bulk.assign", "Assign") })
      await form.getByLabel(t("bulk.assignTo", "Assign to")).selectOption({ label: "Oliver Smith" })
      await form.getByRole("button", { name: t("bulk.assign", "Assign") }).click()
      const assigned = t("bulk.assignedTo.other", "10 reports assigned to Oliver Smith", "10", "Oliver Smith")
      await page.getByRole("status").filter({ hasText: assigned }).waitFor()
      if (language === "es") await screenshot(page, phone ? "reports-es-phone" : "reports-es")

      // Open one of them and read its history: the assignment is there.
      const assignedId = await page.locator("tbody tr td.id button").first().textContent()
      const stored = await request("GET", `/api/v4/reports/${assignedId}?fields=assignee_id`, { token })
      expect(stored.body.assignee_id).not.toBeNull()
      await page.locator("tbody tr td.id button").first().click()
      const changes = page.getByRole("list", { name: t("reportDetail.changes", "Changes") })
      await expect.poll(() => changes.textContent()).toContain(`${t("tasksBoard.assignee", "Assignee")}: `)
      expect(await changes.textContent()).toContain("Oliver Smith")

      // Invite someone who has no account yet.
      await page.goto(`${apiUrl()}/admin/#/reports`)
      await openView(page, language, phone, "view.team", "Team")
      const email = `coordinated-${run}-${Date.now().toString(36)}@example.com`
      await page.getByLabel(t("addUsers.addresses", "E-mail addresses")).fill(email)
      await page.getByRole("button", { name: t("addUsers.inviteButton", "Invite"), exact: true }).click()
      await expect
        .poll(() =>
          page.getByRole("status", { name: t("adminApp.invitations", "Invitations") }).textContent(),
        )
        .toContain(email)
      expect(errors).toEqual([])

      // …who accepts in their own browser, in the same language, and lands in the team.
      const invitation = await invitationTokenFor(email)
      const { page: invitee, errors: inviteeErrors } = await openPage(browser, { viewport, locale })
      await invitee.goto(`${apiUrl()}/admin/#/accept-invitation?token=${invitation}`)
      const join = t("acceptInvitation.join", "Join Harbour City Council", "Harbour City Council")
      await invitee.getByRole("heading", { name: join }).waitFor()
      await invitee.getByLabel(t("acceptInvitation.firstName", "First name")).fill("Rangi")
      await invitee.getByLabel(t("acceptInvitation.lastName", "Last name")).fill(`Invitee ${run}`)
      await invitee
        .getByLabel(t("loginForm.password", "Password"), { exact: true })
        .fill("kahu over the tussock")
      await invitee
        .getByLabel(t("acceptInvitation.passwordAgain", "Password again"))
        .fill("kahu over the tussock")
      await invitee.getByRole("button", { name: join }).click()
      await expect.poll(() => invitee.url()).toMatch(/#\/team$/)
      await expect
        .poll(() => invitee.locator("fr-team-users table").first().textContent())
        .toContain(`Rangi Invitee ${run}`)
      expect(inviteeErrors).toEqual([])
    })
  }
})
