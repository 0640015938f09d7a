import { afterEach, describe, expect, it, vi } from "vitest"
import { fakeFetch, until } from "../../../test/support/fakeFetch.ts"
import "./channel-selections.ts"

afterEach(() => {
  document.body.replaceChildren()
  vi.unstubAllGlobals()
})

describe("fr-channel-selections", () => {
  it("shows each channel's choices, all off without a stored selection, and saves changes on Save", async () => {
    const api = fakeFetch({
      "GET /api/v4/channels": {
        body: [
          { id: 4, name: "Streets", team_id: 3, category_id: 10, form_id: 2 },
          { id: 5, name: "Parks", team_id: 3, category_id: 20, form_id: 3 },
        ],
      },
      "GET /api/v4/channel_selections": { body: [{ id: 4, view: true, follow: false, alert: true }] },
      "PATCH /api/v4/channel_selections/5": { status: 204 },
    })
    vi.stubGlobal("fetch", api.fetch)
    const element = document.createElement("fr-channel-selections")
    element.baseUrl = "http://api.test"
    element.token = "fra_token"
    element.teamId = 3
    document.body.append(element)
    const root = element.shadowRoot!
    await until(() => root.querySelectorAll("tbody tr").length === 2, "the channels")
    const box = (name: string) => root.querySelector<HTMLInputElement>(`input[aria-label='${name}']`)!
    expect([
      box("View Streets").checked,
      box("Follow Streets").checked,
      box("Alert Streets").checked,
    ]).toEqual([true, false, true])
    expect([box("View Parks").checked, box("Follow Parks").checked, box("Alert Parks").checked]).toEqual([
      false,
      false,
      false,
    ])

    const save = root.querySelector<HTMLButtonElement>("button[type=submit]")!
    expect(save.disabled).toBe(true)
    box("Alert Parks").checked = true
    box("Alert Parks").dispatchEvent(new Event("change"))
    await element.updateComplete
    expect(api.sent.some((request) => request.method === "PATCH")).toBe(false)
    expect(save.disabled).toBe(false)
    save.click()
    await until(() => root.querySelector("[role=status].saved")?.textContent !== "", "the confirmation")
    expect(api.sent.filter((request) => request.method === "PATCH").map((request) => request.body)).toEqual([
      { channel_selection: { view: false, follow: false, alert: true } },
    ])
    expect(root.querySelector("[role=status].saved")?.textContent).toBe("Saved your choices for Parks.")
    expect(box("Alert Parks").checked).toBe(true)
    expect(save.disabled).toBe(true)
  })

  it("forgets a box ticked and unticked again", async () => {
    const api = fakeFetch({
      "GET /api/v4/channels": { body: [{ id: 4, name: "Streets", team_id: 3, category_id: 10, form_id: 2 }] },
      "GET /api/v4/channel_selections": { body: [] },
    })
    vi.stubGlobal("fetch", api.fetch)
    const element = document.createElement("fr-channel-selections")
    Object.assign(element, { baseUrl: "http://api.test", token: "fra_token", teamId: 3 })
    document.body.append(element)
    const root = element.shadowRoot!
    await until(() => root.querySelectorAll("tbody tr").length === 1, "the channel")
    const view = root.querySelector<HTMLInputElement>("input[aria-label='View Streets']")!
    view.checked = true
    view.dispatchEvent(new Event("change"))
    view.checked = false
    view.dispatchEvent(new Event("change"))
    await element.updateComplete
    expect(root.querySelector<HTMLButtonElement>("button[type=submit]")?.disabled).toBe(true)
  })
})
