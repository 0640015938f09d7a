/**
 * Editing alert areas by their handles in real Chromium: the centre and the edge of a circle, a
 * corner of a polygon, each dragged with the mouse and saved; the API then holds the new geometry.
 */
import type { Browser, Locator, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { adminEmail, adminPassword, login, request } from "./support/api.ts"
import { launchBrowser, openPage } from "./support/browser.ts"
import { screenshot } from "./support/screenshots.ts"
import { signIn } from "./support/shell.ts"

let browser: Browser
let person: { readonly email: string; readonly password: string; readonly token: string }

/** A user of the demo team of their own, so no other test's areas are on their map. */
beforeAll(async () => {
  browser = await launchBrowser()
  const admin = await login(adminEmail, adminPassword)
  const email = `mapper-${Date.now().toString(36)}@example.com`
  const password = "mapper-password-1"
  const created = await request("POST", "/api/v4/admin/users", {
    token: admin,
    body: { user: { email, first_name: "Maia", last_name: "Mapper", password } },
  })
  expect(created.status).toBe(201)
  const teams = await request("GET", "/api/v4/teams", { token: admin })
  const teamId = teams.body.find((team: { name: string }) => team.name === "Harbour City Council").id
  const channels = await request("GET", `/api/v4/channels?team_id=${teamId}`, { token: admin })
  const streets = channels.body.find((channel: { name: string }) => channel.name === "Streets")
  const added = await request("POST", `/api/v4/teams/${teamId}/add_users_to_team_channels`, {
    token: admin,
    body: {
      users: [{ user_id: created.body.id, role: "viewer", send_email: false }],
      channels: [{ id: streets.id, name: streets.name, isSelected: true }],
    },
  })
  expect(added.status).toBe(200)
  person = { email, password, token: await login(email, password) }
})

afterAll(async () => {
  await browser?.close()
})

interface StoredArea {
  readonly id: number
  readonly area: string
  readonly radius: number | null
}

const storedArea = async (id: number): Promise<StoredArea> => {
  const answer = await request("GET", `/api/v4/alert_areas/${id}`, { token: person.token })
  expect(answer.status).toBe(200)
  return answer.body
}

const createArea = async (area: string, radius: number | null): Promise<number> => {
  const answer = await request("POST", "/api/v4/alert_areas", {
    token: person.token,
    body: { alert_area: { area, radius } },
  })
  expect(answer.status).toBe(201)
  return answer.body.id
}

/** The numbers of a WKT text, as [longitude, latitude] pairs. */
const positions = (wkt: string): ReadonlyArray<readonly [number, number]> => {
  const numbers = [...wkt.matchAll(/-?\d+(?:\.\d+)?/g)].map(([text]) => Number(text))
  return numbers.flatMap((value, index) =>
    index % 2 === 0 ? [[value, numbers[index + 1] ?? Number.NaN] as const] : [],
  )
}

/** Where a handle is once the map stands still (fitting the map to an area zooms with an animation). */
const settled = async (handle: Locator) => {
  let before = await handle.boundingBox()
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    const now = await handle.boundingBox()
    if (before !== null && now !== null && before.x === now.x && before.y === now.y) return now
    before = now
  }
}

/**
 * Drags a map handle by a number of pixels with the mouse, in several moves as a hand would;
 * `midway` looks at the page halfway, the button still down.
 */
const drag = async (page: Page, handle: Locator, dx: number, dy: number, midway = async () => {}) => {
  const box = await settled(handle)
  const x = box.x + box.width / 2
  const y = box.y + box.height / 2
  await page.mouse.move(x, y)
  await page.mouse.down()
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 5 })
  await midway()
  await page.mouse.move(x + dx, y + dy, { steps: 5 })
  await page.mouse.up()
}

/** Opens the alerts view and the editor of one area (by its description in the list). */
const editArea = async (page: Page, description: RegExp) => {
  await page.getByRole("navigation", { name: "Views" }).getByRole("link", { name: "Alerts" }).click()
  await page.getByRole("button", { name: description }).click()
  await page.getByRole("form", { name: "Edit alert area" }).waitFor()
}

const saveArea = async (page: Page) => {
  await page.getByRole("button", { name: "Save area" }).click()
  await page.getByRole("form", { name: "Edit alert area" }).waitFor({ state: "detached" })
}

describe("alert areas edited by their handles", () => {
  it("moves a circle by its centre and widens it by its edge", async () => {
    const id = await createArea("POINT (174.9 -41.1)", 2000)
    const { page, errors } = await openPage(browser)
    await signIn(page, person.email, person.password)

    await editArea(page, /Edit Circle of 2,000 m/)
    await drag(page, page.getByTitle("Centre of the circle"), 60, 40)
    await saveArea(page)
    const moved = await storedArea(id)
    const [[longitude, latitude] = [0, 0]] = positions(moved.area)
    // Right is east, down is south; the radius stays.
    expect(longitude).toBeGreaterThan(174.9)
    expect(latitude).toBeLessThan(-41.1)
    expect(moved.radius).toBe(2000)

    await editArea(page, /Edit Circle of 2,000 m/)
    // The radius is told while the edge moves, not only once it is let go.
    const status = page.locator("fr-alert-areas .status")
    await drag(page, page.getByTitle("Edge of the circle"), 50, 0, async () => {
      await expect.poll(() => status.textContent()).toMatch(/^Circle of (?!2,000 m)[\d,]+ m around/)
    })
    await screenshot(page, "alert-area-editing")
    await saveArea(page)
    const widened = await storedArea(id)
    expect(widened.area).toBe(moved.area)
    expect(widened.radius).toBeGreaterThan(2000)
    await page
      .getByRole("list", { name: "Alert areas" })
      .getByText(`Circle of ${widened.radius?.toLocaleString("en")} m`)
      .first()
      .waitFor()
    expect(errors).toEqual([])
    await page.close()
  })

  it("moves one corner of a polygon and leaves the others", async () => {
    const id = await createArea("POLYGON ((174.8 -41.3, 174.9 -41.3, 174.85 -41.2, 174.8 -41.3))", null)
    const { page, errors } = await openPage(browser)
    await signIn(page, person.email, person.password)

    await editArea(page, /Edit Polygon of 3 corners/)
    await drag(page, page.getByTitle("Corner 3"), 30, -30)
    await saveArea(page)
    const [first, second, third, closing] = positions((await storedArea(id)).area)
    expect([first, second, closing]).toEqual([
      [174.8, -41.3],
      [174.9, -41.3],
      [174.8, -41.3],
    ])
    expect(third?.[0]).toBeGreaterThan(174.85)
    expect(third?.[1]).toBeGreaterThan(-41.2)
    expect(errors).toEqual([])
    await page.close()
  })
})
