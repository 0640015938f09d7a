import { afterEach, describe, expect, it, vi } from "vitest"
import { ReportsChangedEvent } from "../../events/reports-changed.ts"
import "./report-browser.ts"

afterEach(() => {
  document.body.replaceChildren()
})

describe("fr-report-browser", () => {
  it("offers Map and List tabs, the map chosen first, and reflects the choice for the narrow-screen styles", async () => {
    const browser = document.createElement("fr-report-browser")
    document.body.append(browser)
    await browser.updateComplete
    const tabs = [...browser.shadowRoot!.querySelectorAll<HTMLButtonElement>("[role=tab]")]
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute("aria-selected")])).toEqual([
      ["Map", "true"],
      ["List", "false"],
    ])
    expect(browser.getAttribute("tab")).toBe("map")
    tabs[1]!.click()
    await browser.updateComplete
    expect(browser.getAttribute("tab")).toBe("list")
    expect(tabs.map((tab) => tab.getAttribute("aria-selected"))).toEqual(["false", "true"])
  })

  it("has a Filters button that shows the form on a narrow screen, hidden again once a filter is applied", async () => {
    const browser = document.createElement("fr-report-browser")
    document.body.append(browser)
    await browser.updateComplete
    const root = browser.shadowRoot!
    const toggle = root.querySelector<HTMLButtonElement>("[part=filters-toggle]")!
    expect(toggle.getAttribute("aria-expanded")).toBe("false")
    expect(browser.hasAttribute("filters-open")).toBe(false)
    toggle.click()
    await browser.updateComplete
    expect(toggle.getAttribute("aria-expanded")).toBe("true")
    expect(browser.hasAttribute("filters-open")).toBe(true)
    const form = root.querySelector("fr-report-filters")!
    await form.updateComplete
    form.shadowRoot!.querySelector("form")!.requestSubmit()
    await browser.updateComplete
    expect(browser.hasAttribute("filters-open")).toBe(false)
  })

  it("loads the map again when a bulk action of the table changed reports", async () => {
    const browser = document.createElement("fr-report-browser")
    document.body.append(browser)
    await browser.updateComplete
    const root = browser.shadowRoot!
    const refresh = vi.spyOn(root.querySelector("fr-report-map")!, "refresh").mockImplementation(() => {})
    root.querySelector("fr-report-table")!.dispatchEvent(new ReportsChangedEvent([4]))
    expect(refresh).toHaveBeenCalledTimes(1)
  })
})
