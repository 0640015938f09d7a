import { afterEach, describe, expect, it, vi } from "vitest"
import { fakeFetch, type SentRequest, until } from "../../../test/support/fakeFetch.ts"
import "./report-states.ts"

const state = (
  id: number,
  name: string,
  position: number,
  initial: boolean,
  next_state_ids: Array<number> | null,
) => ({
  id,
  channel_id: 4,
  name,
  position,
  initial,
  appearance: "normal",
  next_state_ids,
})

const states = [
  state(2, "In progress", 1, false, [3]),
  state(1, "New", 0, true, null),
  state(3, "Resolved", 2, false, null),
]

const mount = async () => {
  // The server keeps what is sent, so a reload shows the states in their new order.
  const stored = states.map((record) => ({ ...record }))
  const answer = (request: SentRequest) => {
    const id = Number(request.url.pathname.split("/").at(-1))
    const record = stored.find((candidate) => candidate.id === id)!
    Object.assign(record, (request.body as { report_state: object }).report_state)
    return { body: record }
  }
  const api = fakeFetch({
    "GET /api/v4/report_states": () => ({ body: stored }),
    "PATCH /api/v4/report_states/1": answer,
    "PATCH /api/v4/report_states/2": answer,
    "PATCH /api/v4/report_states/3": answer,
    "POST /api/v4/report_states": (request) => ({
      status: 201,
      body: {
        ...state(4, "Closed", 3, false, null),
        ...(request.body as { report_state: object }).report_state,
      },
    }),
  })
  vi.stubGlobal("fetch", api.fetch)
  const element = document.createElement("fr-report-states")
  element.baseUrl = "http://api.test"
  element.token = "fra_token"
  element.channelId = 4
  document.body.append(element)
  const root = element.shadowRoot!
  await until(() => root.querySelectorAll("[part=state]").length === 3, "the states")
  return { api, element, root }
}

const saveButton = (root: ShadowRoot) =>
  [...root.querySelectorAll("button")].find((button) => button.textContent === "Save states")!

const confirmation = (root: ShadowRoot) => root.querySelector("[role=status].saved")?.textContent

const patches = (api: { sent: ReadonlyArray<SentRequest> }) =>
  api.sent
    .filter((request) => request.method === "PATCH")
    .map((request) => [request.url.pathname, request.body])

afterEach(() => {
  document.body.replaceChildren()
  vi.unstubAllGlobals()
})

describe("fr-report-states", () => {
  it("lists the channel's states by position with their allowed next states", async () => {
    const { api, root } = await mount()
    expect(api.sent[0]?.url.searchParams.get("channel_id")).toBe("4")
    const names = [...root.querySelectorAll<HTMLInputElement>("[part=state] > .row > input")].map(
      (input) => input.value,
    )
    expect(names).toEqual(["New", "In progress", "Resolved"])
    const inProgress = root.querySelectorAll("[part=state]")[1]!
    const ticked = [...inProgress.querySelectorAll<HTMLInputElement>("fieldset input")].map(
      (box) => box.checked,
    )
    expect(ticked).toEqual([false, true])
  })

  it("keeps transitions until Save, then sends each changed state's and says which were saved", async () => {
    const { api, element, root } = await mount()
    expect(saveButton(root).disabled).toBe(true)
    const newState = root.querySelectorAll("[part=state]")[0]!
    const toResolved = newState.querySelectorAll<HTMLInputElement>("fieldset input")[1]!
    toResolved.checked = true
    toResolved.dispatchEvent(new Event("change"))
    const inProgress = root.querySelectorAll("[part=state]")[1]!
    const toResolvedAgain = inProgress.querySelectorAll<HTMLInputElement>("fieldset input")[1]!
    toResolvedAgain.checked = false
    toResolvedAgain.dispatchEvent(new Event("change"))
    await element.updateComplete
    expect(patches(api)).toEqual([])
    expect(saveButton(root).disabled).toBe(false)
    saveButton(root).click()
    await until(() => confirmation(root) !== "", "the confirmation")
    expect(patches(api)).toEqual([
      ["/api/v4/report_states/1", { report_state: { next_state_ids: [3] } }],
      // The last one unticked lifts the restriction.
      ["/api/v4/report_states/2", { report_state: { next_state_ids: null } }],
    ])
    expect(confirmation(root)).toBe("Saved New and In progress.")
    expect(saveButton(root).disabled).toBe(true)
  })

  it("renames and makes a state initial on Save; a new edit clears the confirmation; Discard goes back", async () => {
    const { api, element, root } = await mount()
    const name = root.querySelector<HTMLInputElement>("input[aria-label='Name of state Resolved']")!
    name.value = "Done"
    name.dispatchEvent(new Event("input"))
    const initial = root.querySelectorAll<HTMLInputElement>("input[name=initial]")[2]!
    initial.checked = true
    initial.dispatchEvent(new Event("change"))
    await element.updateComplete
    saveButton(root).click()
    await until(() => confirmation(root) !== "", "the confirmation")
    expect(patches(api)).toEqual([
      ["/api/v4/report_states/3", { report_state: { name: "Done", initial: true } }],
    ])
    expect(confirmation(root)).toBe("Saved Done.")

    const again = root.querySelector<HTMLInputElement>("input[aria-label='Name of state Done']")!
    again.value = "Finished"
    again.dispatchEvent(new Event("input"))
    await element.updateComplete
    expect(confirmation(root)).toBe("")
    ;[...root.querySelectorAll("button")].find((button) => button.textContent === "Discard changes")!.click()
    await element.updateComplete
    expect(root.querySelector<HTMLInputElement>("input[aria-label='Name of state Done']")?.value).toBe("Done")
    expect(saveButton(root).disabled).toBe(true)
  })

  it("moves a state down in the list, saves the new positions, and adds a state at once", async () => {
    const { api, element, root } = await mount()
    root.querySelector<HTMLButtonElement>("button[aria-label='Move New down']")!.click()
    await until(
      () => root.activeElement?.getAttribute("aria-label") === "Move New down",
      "the focus on New, now second",
    )
    expect(patches(api)).toEqual([])
    saveButton(root).click()
    await until(() => confirmation(root) !== "", "the confirmation")
    expect(patches(api)).toEqual([
      ["/api/v4/report_states/2", { report_state: { position: 0 } }],
      ["/api/v4/report_states/1", { report_state: { position: 1 } }],
    ])
    const names = () =>
      [...root.querySelectorAll<HTMLInputElement>("[part=state] > .row > input")].map((input) => input.value)
    expect(names()).toEqual(["In progress", "New", "Resolved"])
    const add = root.querySelector<HTMLFormElement>("form[aria-label='New report state']")!
    add.querySelector<HTMLInputElement>("[name=name]")!.value = "Closed"
    add.querySelector<HTMLSelectElement>("[name=appearance]")!.value = "invisible"
    add.requestSubmit()
    await until(() => confirmation(root) === "Added the state Closed.", "the confirmation of the create")
    expect(api.sent.find((request) => request.method === "POST")?.body).toEqual({
      report_state: { channel_id: 4, name: "Closed", appearance: "invisible" },
    })
    await element.updateComplete
    expect(names()).toEqual(["In progress", "New", "Resolved", "Closed"])
  })
})
