import { afterEach, describe, expect, it } from "vitest"
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
})
