import { afterEach, describe, expect, it, vi } from "vitest"
import { fakeFetch, until } from "../../../test/support/fakeFetch.ts"
import "./channel-settings.ts"

const channels = [
  { id: 4, name: "Streets", team_id: 3, category_id: 10, form_id: 2 },
  { id: 5, name: "Parks", team_id: 3, category_id: 20, form_id: 3 },
]

afterEach(() => {
  document.body.replaceChildren()
  vi.unstubAllGlobals()
})

describe("fr-channel-settings", () => {
  it("opens the form of the first channel, and moves between tabs with the arrow keys", async () => {
    vi.stubGlobal("fetch", fakeFetch({ "GET /api/v4/report_states": { body: [] } }).fetch)
    const settings = document.createElement("fr-channel-settings")
    settings.baseUrl = "http://api.test"
    settings.token = "fra_token"
    settings.channels = channels
    document.body.append(settings)
    const root = settings.shadowRoot!
    await until(() => root.querySelector("fr-form-builder") !== null, "the form builder")
    expect(root.querySelector("fr-form-builder")?.channelId).toBe(4)

    const tabs = root.querySelector<HTMLElement>("[role=tablist]")!
    tabs.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowLeft", bubbles: true }))
    await until(() => root.querySelector("fr-report-states") !== null, "the states tab")
    expect(root.querySelector("[aria-selected=true]")?.textContent).toBe("Report states")
    await until(() => root.activeElement?.id === "tab-states", "the focus on the tab")

    const channel = root.querySelector<HTMLSelectElement>("select")!
    channel.value = "5"
    channel.dispatchEvent(new Event("change"))
    await until(() => root.querySelector("fr-report-states")?.channelId === 5, "the other channel")
  })
})
