import { afterEach, describe, expect, it, vi } from "vitest"
import { fakeFetch, until } from "../../../test/support/fakeFetch.ts"
import "./channel-selections.ts"

afterEach(() => {
  document.body.replaceChildren()
  vi.unstubAllGlobals()
})

describe("fr-channel-selections", () => {
  it("shows each channel's choices, all off without a stored selection, and saves a change at once", async () => {
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

    box("Alert Parks").checked = true
    box("Alert Parks").dispatchEvent(new Event("change"))
    await until(() => api.sent.some((request) => request.method === "PATCH"), "the update")
    expect(api.sent.find((request) => request.method === "PATCH")?.body).toEqual({
      channel_selection: { alert: true },
    })
  })
})
