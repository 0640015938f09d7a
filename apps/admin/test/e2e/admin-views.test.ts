/**
 * The team manager's views in real Chromium against the real API: an alert area drawn on the map
 * and the notification another user's report causes, the analytics dashboard, a form field built
 * and saved, and a pass over tasks, team and shapes. Each test can save a screenshot of its view (see
 * `support/screenshots.ts`).
 */
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { adminEmail, adminPassword, bundleId, login, request } from "./support/api.ts"
import { launchBrowser, openPage } from "./support/browser.ts"
import { screenshot } from "./support/screenshots.ts"
import { signIn } from "./support/shell.ts"

/**
 * How long a poll may wait: background jobs (notification fan-out) and a loaded CI machine can take
 * longer than the default second.
 */
const patiently = { timeout: 20_000, interval: 200 }

/** Something unique per run, since every end-to-end file shares one server. */
const unique = `${Date.now().toString(36)}`

let browser: Browser
let token: string
let teamId: number
let streets: { readonly id: number; readonly name: string }

beforeAll(async () => {
  browser = await launchBrowser()
  token = await login(adminEmail, adminPassword)
  const teams = await request("GET", "/api/v4/teams", { token })
  teamId = teams.body.find((team: { name: string }) => team.name === "Harbour City Council").id
  const channels = await request("GET", `/api/v4/channels?team_id=${teamId}`, { token })
  streets = channels.body.find((channel: { name: string }) => channel.name === "Streets")
})

afterAll(async () => {
  await browser?.close()
})

/** A signed-in page. */
const signedInPage = async () => {
  const opened = await openPage(browser)
  await signIn(opened.page)
  return opened
}

const open = async (view: string, page: Page) => {
  await page.getByRole("navigation", { name: "Views" }).getByRole("link", { name: view }).click()
}

/** A new user who reports in the Streets channel, signed in through the API. */
const reporter = async (): Promise<{ readonly id: number; readonly token: string }> => {
  const email = `reporter-${unique}@example.com`
  const password = "reporter-password-1"
  const created = await request("POST", "/api/v4/admin/users", {
    token,
    body: { user: { email, first_name: "Rita", last_name: `Reporter ${unique}`, password } },
  })
  expect(created.status).toBe(201)
  const added = await request("POST", `/api/v4/teams/${teamId}/add_users_to_team_channels`, {
    token,
    body: {
      users: [{ user_id: created.body.id, role: "reporter", send_email: false }],
      channels: [{ id: streets.id, name: streets.name, isSelected: true }],
    },
  })
  expect(added.status).toBe(200)
  return { id: created.body.id, token: await login(email, password) }
}

describe("the team manager's views", () => {
  it("draws an alert area and shows the notification that another user's report inside it causes", async () => {
    const other = await reporter()
    const { page, errors } = await signedInPage()

    // Alerts about Streets: ticked in the team view's channel selections.
    await open("Team", page)
    const alert = page.getByRole("checkbox", { name: "Alert Streets" })
    await alert.check()
    await page.getByRole("button", { name: "Save choices" }).click()
    await page.getByText("Saved your choices for Streets.").waitFor()
    await expect
      .poll(async () => (await request("GET", "/api/v4/channel_selections", { token })).body, patiently)
      .toContainEqual(expect.objectContaining({ id: streets.id, alert: true }))
    await page.getByRole("heading", { name: "Team users" }).scrollIntoViewIfNeeded()
    await screenshot(page, "team", { fullPage: true })

    await open("Alerts", page)
    await page.getByRole("button", { name: "Draw circle" }).click()
    const map = page.getByRole("application", { name: "Map of alert areas" })
    await map.click()
    await page.getByLabel("Radius in metres").fill("5000")
    const latitude = Number(await page.getByLabel("Centre latitude").inputValue())
    const longitude = Number(await page.getByLabel("Centre longitude").inputValue())
    await page.getByRole("button", { name: "Save area" }).click()
    await page.getByRole("list", { name: "Alert areas" }).getByText("Circle of 5,000 m").first().waitFor()

    await page.getByRole("button", { name: "Draw polygon" }).click()
    for (const [x, y] of [
      [120, 80],
      [420, 90],
      [300, 300],
    ] as const) {
      await map.click({ position: { x, y } })
    }
    await page.getByRole("button", { name: "Save area" }).click()
    // The corners lie over the circle: drawing must not pick the circle for editing.
    await page.getByRole("button", { name: "Edit Polygon of 3 corners" }).waitFor()

    const filed = await request("POST", "/api/v4/reports", {
      token: other.token,
      body: { report: { account_id: streets.id, location: { latitude, longitude } } },
    })
    expect(filed.status).toBe(201)
    const reportId: number = filed.body.id

    // Notifications are fanned out by a background job: refresh until it has run.
    const notifications = page.getByRole("list", { name: "Notifications" })
    await expect
      .poll(async () => {
        await page.getByRole("button", { name: "Refresh" }).click()
        return notifications.getByText(`Report #${reportId}`).count()
      }, patiently)
      .toBe(1)
    await screenshot(page, "alerts", { fullPage: true })

    await page.getByRole("button", { name: `Open report ${reportId}` }).click()
    await expect.poll(() => page.url(), patiently).toContain(`#/reports/${reportId}`)
    const read = await request("GET", "/api/v4/notifications", { token })
    expect(read.body.find((item: { report_id: number }) => item.report_id === reportId)?.read).toBe(true)
    expect(errors).toEqual([])
    await page.close()
  })

  it("opens the analytics dashboard with all nine analytics of a channel", async () => {
    const { page, errors } = await signedInPage()
    await open("Analytics", page)
    for (const title of [
      "Reports over time",
      "Reports per state",
      "Reports per user",
      "Reports per hour of the day",
      "Reports per day of the week",
      "User awareness",
      "Report images",
    ]) {
      await page.getByRole("heading", { name: new RegExp(`^${title}`) }).waitFor()
    }
    await page.getByRole("heading", { name: /^Reports per answer: / }).waitFor()
    await expect.poll(() => page.getByRole("definition").count(), patiently).toBe(4)
    await page.getByLabel("Time zone").selectOption("Pacific/Auckland")
    await page.getByRole("status").filter({ hasText: "Loading" }).waitFor({ state: "detached" })
    const perState = page.getByRole("region", { name: "Reports per state" })
    await perState.getByText("Table").click()
    await expect.poll(() => perState.getByRole("row").count(), patiently).toBeGreaterThan(1)
    await screenshot(page, "analytics", { fullPage: true })
    expect(errors).toEqual([])
    await page.close()
  })

  it("builds a drop-down field in a channel's form and saves it", async () => {
    // Named to sort after the demo channels, so views that open the first channel still open a demo one.
    const name = `Wastewater ${unique}`
    const channel = await request("POST", "/api/v4/channels", {
      token,
      body: { channel: { name, team_id: teamId } },
    })
    expect(channel.status).toBe(201)
    const { page, errors } = await signedInPage()
    await open("Channel settings", page)
    await page.getByRole("combobox", { name: /^Channel\b/ }).selectOption({ label: name })
    await page.getByLabel("New field type").selectOption("DropDown")
    await page.getByRole("button", { name: "Add field" }).click()
    const field = page.getByRole("listitem").filter({ has: page.getByText("Drop-down · new") })
    await field.getByLabel("Label").fill("Blockage")
    await field.getByLabel("Option 1 of Blockage").fill("Leaves")
    await field.getByRole("button", { name: "Add option to Blockage" }).click()
    await field.getByLabel("Option 2 of Blockage").fill("Rubbish")
    await field.getByLabel("Mandatory").check()
    await page.getByRole("button", { name: "Move Blockage up" }).click()
    await page.getByRole("button", { name: "Save form" }).click()
    await page.getByText(/^Saved as version \d+\.$/).waitFor()
    await screenshot(page, "channel-settings", { fullPage: true })

    await page.getByRole("tab", { name: "Categories" }).click()
    const addUnderRoot = page.getByRole("form", { name: `New category under ${name}` })
    await addUnderRoot.getByLabel(`Name of a new category under ${name}`).fill("Blocked drain")
    await addUnderRoot.getByRole("button").click()
    await page.getByLabel("Name of Blocked drain").waitFor()
    await screenshot(page, "channel-categories", { fullPage: true })

    await page.getByRole("tab", { name: "Report states" }).click()
    await page.getByRole("checkbox", { name: "Resolved after New" }).check()
    await page.getByRole("button", { name: "Save states" }).click()
    await page.getByText("Saved New.").waitFor()
    await expect
      .poll(async () => {
        const states = await request("GET", `/api/v4/report_states?channel_id=${channel.body.id}`, { token })
        const byName = new Map(states.body.map((state: { name: string; id: number }) => [state.name, state]))
        const resolved = byName.get("Resolved") as { id: number }
        return (byName.get("New") as { next_state_ids: Array<number> | null }).next_state_ids?.includes(
          resolved.id,
        )
      }, patiently)
      .toBe(true)
    await screenshot(page, "channel-states", { fullPage: true })

    const form = await request("GET", `/api/v4/channels/${channel.body.id}/form`, { token })
    const saved = form.body.fields.find((candidate: { label: string }) => candidate.label === "Blockage")
    expect(saved).toMatchObject({ field_type: "DropDown", mandatory: true })
    expect(JSON.parse(saved.data).options.map((option: { label: string }) => option.label)).toEqual([
      "Leaves",
      "Rubbish",
    ])
    expect(form.body.fields.map((candidate: { label: string }) => candidate.label).indexOf("Blockage")).toBe(
      form.body.fields.length - 2,
    )
    expect(errors).toEqual([])
    await page.close()
  })

  it("creates and completes a task, and shows the app's shapes with their metadata", async () => {
    const report = await request("POST", "/api/v4/reports", {
      token,
      body: { report: { account_id: streets.id, location: { latitude: -41.29, longitude: 174.78 } } },
    })
    const shapeName = `Ward ${unique}`
    const shape = await request("POST", "/api/v4/shapes", {
      token,
      headers: { "X-AppId": bundleId },
      body: {
        shape: {
          geom: "POLYGON ((174.76 -41.30, 174.80 -41.30, 174.80 -41.27, 174.76 -41.27, 174.76 -41.30))",
          metadata: { display: [shapeName, "Central ward"], raw: { ward_id: 7 }, color: "#2b8a3e" },
        },
      },
    })
    expect(shape.status).toBe(201)
    const { page, errors } = await signedInPage()

    await open("Tasks", page)
    const title = `Fill the pothole ${unique}`
    const form = page.getByRole("form", { name: "New task" })
    await form.getByLabel("Title").fill(title)
    await form.getByLabel("Description").fill("Cold mix is in the depot.")
    await form.getByLabel("Report id").fill(String(report.body.id))
    // No one is chosen for the user: the first person of the team is.
    await form.getByLabel("Assignee").selectOption({ index: 1 })
    await form.getByRole("button", { name: "Create task" }).click()
    await page
      .getByRole("region", { name: "Open tasks" })
      .locator("[part=task]", { hasText: title })
      .waitFor()
    await page.getByRole("button", { name: `Complete ${title}` }).click()
    await page
      .getByRole("region", { name: "Completed tasks" })
      .locator("[part=task]", { hasText: title })
      .waitFor()
    await screenshot(page, "tasks", { fullPage: true })

    await open("Shapes", page)
    await page.getByRole("button", { name: shapeName }).click()
    const metadata = page.getByRole("region", { name: `Metadata of ${shapeName}` })
    await metadata.getByText("Central ward").waitFor()
    await metadata.getByText("ward_id").waitFor()
    await screenshot(page, "shapes", { fullPage: true })
    expect(errors).toEqual([])
    await page.close()
  })
})
