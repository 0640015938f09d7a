/**
 * The shell on a phone (390×844) and a tablet (768×1024): nothing scrolls sideways on the main
 * views, neither the page nor the view's pane, and on the phone the navigation is a menu and a
 * report's detail covers the screen, with its way back at the top.
 */
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { launchBrowser, openPage } from "./support/browser.ts"
import { signIn } from "./support/shell.ts"

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

/** The main views, each with an element that is there once it has drawn. */
const views = {
  reports: "fr-report-table table",
  tasks: "fr-tasks-board",
  team: "fr-team-users table",
  alerts: "fr-alert-areas .leaflet-container",
} as const

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

/** Each main view, reached by its address, once it has drawn: no sideways scrolling. */
const checkViews = async (page: Page) => {
  for (const [view, drawn] of Object.entries(views)) {
    await page.evaluate((id) => {
      location.hash = `#/${id}`
    }, view)
    await page.locator(drawn).first().waitFor({ state: "attached" })
    await page.waitForLoadState("networkidle")
    await expect
      .poll(() => overflow(page), { message: `#/${view} scrolls sideways` })
      .toEqual({ page: 0, main: 0 })
  }
}

describe("the admin UI on small screens", () => {
  it("on a phone, folds the navigation into a menu and scrolls no view sideways", async () => {
    const { page, errors } = await openPage(browser)
    await signIn(page)
    await page.setViewportSize({ width: 390, height: 844 })

    const nav = page.getByRole("navigation", { name: "Views" })
    await expect.poll(() => nav.isVisible()).toBe(false)
    const menu = page.getByRole("button", { name: "Menu" })
    expect(await menu.getAttribute("aria-expanded")).toBe("false")
    const box = await menu.boundingBox()
    expect(box?.height).toBeGreaterThanOrEqual(44)
    await menu.click()
    await nav.waitFor()
    expect(await menu.getAttribute("aria-expanded")).toBe("true")
    // Choosing a view closes the menu and shows the view over the whole width.
    await nav.getByRole("link", { name: "Tasks" }).click()
    await page.waitForURL(/#\/tasks$/)
    await expect.poll(() => nav.isVisible()).toBe(false)
    const main = await page.getByRole("main").boundingBox()
    expect(main?.width).toBe(390)

    await checkViews(page)

    // The reports: map first, the list a tab away, each the screen's width; the filters a button away.
    await page.evaluate(() => {
      location.hash = "#/reports"
    })
    const filters = page.getByRole("form", { name: "Report filters" })
    expect(await filters.isVisible()).toBe(false)
    await page.getByRole("button", { name: "Filters" }).click()
    await filters.waitFor()
    await expect.poll(() => overflow(page)).toEqual({ page: 0, main: 0 })
    await page.getByRole("button", { name: "Apply" }).click()
    await filters.waitFor({ state: "hidden" })
    await page.getByRole("tab", { name: "Map" }).waitFor()
    expect(await page.getByRole("tab", { name: "Map" }).getAttribute("aria-selected")).toBe("true")
    expect(await page.locator("fr-report-table").isVisible()).toBe(false)
    await page.getByRole("tab", { name: "List" }).click()
    await page.locator("fr-report-table tbody tr").first().waitFor()
    expect(await page.locator("fr-report-map").isVisible()).toBe(false)
    await expect.poll(() => overflow(page)).toEqual({ page: 0, main: 0 })
    expect(errors).toEqual([])
  })

  it("on a phone, opens a report over the whole screen with Back to reports on top, scrolling only down", async () => {
    const { page, errors } = await openPage(browser)
    await signIn(page)
    await page.setViewportSize({ width: 390, height: 844 })
    await page.evaluate(() => {
      location.hash = "#/reports"
    })
    await page.getByRole("tab", { name: "List" }).click()
    const open = page.locator("fr-report-table tbody tr button").first()
    await open.waitFor()
    await open.click()
    await page.waitForURL(/#\/reports\/\d+$/)
    const detail = page.locator("fr-report-detail")
    await detail.locator("h2").waitFor()
    await page.waitForLoadState("networkidle")

    expect(await detail.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 })
    const back = page.getByRole("button", { name: "Back to reports" })
    const placed = await back.boundingBox()
    expect(placed?.y).toBeLessThan(12)
    expect(placed?.width).toBeGreaterThan(350)
    expect(placed?.height).toBeGreaterThanOrEqual(44)
    // Nothing sideways: not the page, not the shell's pane, not the detail itself.
    const sideways = () =>
      detail.evaluate((element) => ({
        page: Math.max(0, document.scrollingElement!.scrollWidth - window.innerWidth),
        detail: Math.max(0, element.scrollWidth - element.clientWidth),
      }))
    await expect.poll(sideways).toEqual({ page: 0, detail: 0 })
    expect(await overflow(page)).toEqual({ page: 0, main: 0 })

    // Scrolled to its comments, the detail keeps its way back in view at the top.
    await detail.evaluate((element) => element.scrollTo(0, element.scrollHeight))
    await expect.poll(() => detail.evaluate((element) => element.scrollTop)).toBeGreaterThan(0)
    expect((await back.boundingBox())?.y).toBeLessThan(12)
    expect(
      await detail.evaluate((element) => element.shadowRoot?.elementFromPoint(195, 20)?.textContent),
    ).toContain("Back to reports")

    await back.click()
    await page.waitForURL(/#\/reports(\?.*)?$/)
    await page.getByRole("tab", { name: "Map" }).waitFor()
    expect(await detail.count()).toBe(0)
    expect(errors).toEqual([])
  })

  it("on a tablet, scrolls no view sideways", async () => {
    const { page, errors } = await openPage(browser)
    await signIn(page)
    await page.setViewportSize({ width: 768, height: 1024 })
    await checkViews(page)
    expect(errors).toEqual([])
  })
})
