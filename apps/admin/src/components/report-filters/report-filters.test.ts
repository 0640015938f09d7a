import { afterEach, describe, expect, it, vi } from "vitest"
import { fakeFetch, type SentRequest, until } from "../../../test/support/fakeFetch.ts"
import type { FilterChangeEvent } from "../../events/filter-change.ts"
import { none, toQuery } from "../../shared/ReportFilter.ts"
import type { ReportFilters } from "./report-filters.ts"
import "./report-filters.ts"

const mount = async () => {
  const element = document.createElement("fr-report-filters") as ReportFilters
  element.channels = [
    { id: 1, name: "Streets", team_id: 1, category_id: 10, form_id: 1 },
    { id: 2, name: "Parks", team_id: 1, category_id: 20, form_id: 2 },
  ]
  document.body.append(element)
  await element.updateComplete
  const changes: Array<FilterChangeEvent> = []
  element.addEventListener("fr-filter-change", (event) => changes.push(event))
  return { element, root: element.shadowRoot!, changes }
}

const set = (root: ShadowRoot, name: string, value: string) => {
  const control = root.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`)!
  control.value = value
}

afterEach(() => {
  document.body.replaceChildren()
})

describe("fr-report-filters", () => {
  it("turns the form into the search's filter, exclusions and order", async () => {
    const { root, changes } = await mount()
    root.querySelector<HTMLInputElement>('input[name="filter-channel"][value="2"]')!.checked = true
    set(root, "filter-ids", "4, 9 12")
    set(root, "exclude-ids", "31")
    set(root, "order1", "id:asc")
    set(root, "order2", "updated_at:desc")

    root.querySelector("form")!.requestSubmit()

    expect(changes).toHaveLength(1)
    const query = toQuery(changes[0]!.filter)
    expect(query).toEqual({
      "filter[channels]": "2",
      "filter[id][id_array]": "4,9,12",
      "exclude[id][id_array]": "31",
      "order[id]": "asc",
      "order[updated_at]": "desc",
    })
  })

  it("sends change times as instants and clears back to everything", async () => {
    const { root, changes } = await mount()
    set(root, "exclude-before", "2026-03-01T10:30")
    root.querySelector("form")!.requestSubmit()
    expect(changes[0]?.filter.exclude.updatedBefore).toBe(new Date("2026-03-01T10:30").toISOString())

    root.querySelector("form")!.reset()
    expect(changes[1]?.filter.filter).toEqual(none)
    expect(changes[1]?.filter.exclude).toEqual(none)
  })

  it("shows people no internals (earlier searches, tiles, appearances) yet keeps those a page set", async () => {
    const { element, root, changes } = await mount()
    const labels = [...root.querySelectorAll("label")].map((label) => label.textContent?.trim() ?? "")
    for (const internal of ["Earlier search id", "Tile id", "Appearance"])
      expect(labels.some((label) => label.startsWith(internal))).toBe(false)
    expect(root.querySelector("select option[value=attention]")).toBeNull()

    element.filter = {
      ...element.filter,
      filter: { ...none, appearance: "attention", tileId: "0.5:348:-83" },
      exclude: { ...none, reportSearchId: 31 },
    }
    await element.updateComplete
    set(root, "filter-ids", "4")
    root.querySelector("form")!.requestSubmit()
    expect(toQuery(changes[0]!.filter)).toMatchObject({
      "filter[appearance]": "attention",
      "filter[id][id_array]": "4",
      "exclude[id][report_search_id]": "31",
    })
    expect(changes[0]!.filter.filter.tileId).toBe("0.5:348:-83")
  })
})

const state = (id: number, channel_id: number, name: string, position: number) => ({
  id,
  channel_id,
  name,
  position,
  initial: position === 0,
  appearance: "normal",
  next_state_ids: null,
})

const category = (id: number, name: string, depth: number, parent_id: number | null) => ({
  id,
  name,
  label_name: "Category",
  depth,
  max_subtree_extra_depth: 0,
  pin_color: "#d9480f",
  pin_appearance: "default",
  pin_urls: { at1x: "", at2x: "", at3x: "" },
  position: id,
  parent_id,
  child_ids: [],
})

const person = (user_id: number, first_name: string, last_name: string) => ({
  id: user_id + 100,
  agreed_to_join: true,
  app_version: "",
  bluetooth_enabled: false,
  email: `${first_name.toLowerCase()}@example.com`,
  first_name,
  last_active_at: "2026-01-01T00:00:00.000Z",
  last_invited_at: null,
  last_name,
  location_enabled: false,
  push_notification_enabled: false,
  role: "team_member",
  user_id,
})

/** A team (3) of two channels with their states and categories, and two people; user 7 signed in. */
const teamRoutes = (userId = 7) => ({
  "GET /api/v4/channels": {
    body: [
      { id: 1, name: "Streets", team_id: 3, category_id: 10, form_id: 1 },
      { id: 2, name: "Parks", team_id: 3, category_id: 20, form_id: 2 },
    ],
  },
  "GET /api/v4/report_states": (request: SentRequest) => ({
    body:
      request.url.searchParams.get("channel_id") === "1"
        ? [state(5, 1, "In progress", 1), state(4, 1, "New", 0)]
        : [state(6, 2, "New", 0)],
  }),
  "GET /api/v4/channels/1/categories": {
    body: [
      category(10, "Streets", 0, null),
      category(11, "Roads", 1, 10),
      category(13, "Potholes", 2, 11),
      category(12, "Lighting", 1, 10),
    ],
  },
  "GET /api/v4/channels/2/categories": { body: [category(20, "Parks", 0, null)] },
  "GET /api/v4/session": {
    body: {
      session: {
        token_expire_at: "2031-01-01T00:00:00.000Z",
        app_bundle_id: "com.fieldreport.app",
        branded_app_id: 1,
        client_uuid: "eeeeeeee-dddd-4ccc-bbbb-aaaaaaaaaaaa",
        profile: { user_id: userId, preferred_team_id: 3 },
      },
    },
  },
  "GET /api/v4/teams/3/team_users": { body: [person(7, "Ana", "Lee"), person(8, "Ben", "Ora")] },
})

/** The form on a connection to the fake team, once its choices have loaded. */
const mountConnected = async (userId = 7) => {
  const api = fakeFetch(teamRoutes(userId))
  vi.stubGlobal("fetch", api.fetch)
  const element = document.createElement("fr-report-filters") as ReportFilters
  element.baseUrl = "http://api.test"
  element.token = "fra_test"
  document.body.append(element)
  const root = element.shadowRoot!
  await until(() => root.querySelectorAll('select[name="filter-assignee"] option').length === 4, "the people")
  const changes: Array<FilterChangeEvent> = []
  element.addEventListener("fr-filter-change", (event) => changes.push(event))
  return { element, root, changes, api }
}

const submit = (root: ShadowRoot) => root.querySelector("form")!.requestSubmit()

const optionTexts = (root: ShadowRoot, name: string) =>
  [...root.querySelectorAll(`select[name="${name}"] option`)].map((option) => option.textContent?.trim())

describe("fr-report-filters' choices", () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    localStorage.clear()
  })

  it("offers each channel's states, its categories as a tree, and the team's people", async () => {
    const { root } = await mountConnected()
    const states = [...root.querySelectorAll('input[name="filter-state"]')].map((input) =>
      input.parentElement?.textContent?.trim(),
    )
    expect(states).toEqual(["New · Streets", "In progress · Streets", "New · Parks"])
    expect(optionTexts(root, "filter-category")).toEqual([
      "Any category",
      "As given (0 categories)",
      "Streets",
      "— Roads",
      "— — Potholes",
      "— Lighting",
      "Parks",
    ])
    expect(optionTexts(root, "filter-assignee")).toEqual([
      "Anyone",
      "As given (0 people)",
      "Ana Lee",
      "Ben Ora",
    ])
    expect(
      root.querySelector<HTMLOptionElement>('select[name="filter-assignee"] option[value="kept"]')!.hidden,
    ).toBe(true)
  })

  it("sends words, states, a category with its subcategories, assignee, reporter and filing times", async () => {
    const { root, changes } = await mountConnected()
    set(root, "filter-q", '  "oil" spill* (Ōtaki) ')
    root.querySelector<HTMLInputElement>('input[name="filter-state"][value="5"]')!.checked = true
    root.querySelector<HTMLInputElement>('input[name="filter-state"][value="6"]')!.checked = true
    set(root, "filter-category", "11")
    set(root, "filter-assignee", "8")
    set(root, "exclude-reporter", "7")
    set(root, "filter-created-after", "2026-02-01T00:00")
    set(root, "order1", "relevance:desc")
    submit(root)

    expect(toQuery(changes[0]!.filter)).toEqual({
      "filter[q]": '"oil" spill* (Ōtaki)',
      "filter[report_state_ids]": "5,6",
      "filter[category_ids]": "11,13",
      "filter[assignee_ids]": "8",
      "filter[created_after]": new Date("2026-02-01T00:00").toISOString(),
      "exclude[user_ids]": "7",
      "order[relevance]": "desc",
    })
  })

  it("ranks by the words only when there are words, and refuses words the search cannot take", async () => {
    const { element, root, changes } = await mountConnected()
    set(root, "order1", "relevance:desc")
    set(root, "order2", "id:asc")
    submit(root)
    expect(changes[0]!.filter.order).toEqual([{ field: "id", direction: "asc" }])

    set(root, "filter-q", "*** ||")
    submit(root)
    await element.updateComplete
    expect(changes).toHaveLength(1)
    expect(root.querySelector('[role="alert"]')?.textContent).toBe(
      "Show, words: must hold a word: letters or digits",
    )
  })

  it("shows a filter read from a link, keeping what it cannot show as one choice", async () => {
    const { element, root, changes } = await mountConnected()
    element.filter = {
      ...element.filter,
      filter: {
        ...none,
        text: "pothole",
        reportStateIds: [5, 99],
        categoryIds: [13, 11],
        assigneeIds: [7, 8],
        reporterIds: [8],
      },
      exclude: { ...none, categoryIds: [11] },
    }
    await element.updateComplete
    const field = (name: string) => root.querySelector<HTMLInputElement>(`[name="${name}"]`)!
    expect(field("filter-q").value).toBe("pothole")
    expect(root.querySelector<HTMLInputElement>('input[name="filter-state"][value="5"]')!.checked).toBe(true)
    expect(field("filter-category").value).toBe("11")
    expect(field("filter-assignee").value).toBe("kept")
    expect(optionTexts(root, "filter-assignee")).toContain("As given (2 people)")
    expect(field("filter-reporter").value).toBe("8")
    // Roads alone, without its Potholes, is no one choice of the form.
    expect(field("exclude-category").value).toBe("kept")

    submit(root)
    expect(toQuery(changes[0]!.filter)).toMatchObject({
      "filter[q]": "pothole",
      "filter[report_state_ids]": "5,99",
      "filter[category_ids]": "11,13",
      "filter[assignee_ids]": "7,8",
      "filter[user_ids]": "8",
      "exclude[category_ids]": "11",
    })
  })

  it("saves filters by name for the user in the team, in this browser, and shows or deletes them", async () => {
    const { root, changes } = await mountConnected()
    expect(root.querySelector('[part="saved"]')?.textContent).toContain(
      "Saved in this browser only, for you in this team.",
    )
    set(root, "filter-q", "pothole")
    set(root, "filter-category", "11")
    set(root, "save-name", "Road potholes")
    root.querySelectorAll<HTMLButtonElement>("button").forEach((button) => {
      if (button.textContent === "Save these filters") button.click()
    })
    await until(() => optionTexts(root, "saved").includes("Road potholes"), "the saved filter")
    expect(changes).toHaveLength(0)
    expect(JSON.parse(localStorage.getItem("fieldreport.saved-filters.7.3")!)).toEqual([
      {
        name: "Road potholes",
        query: "filter%5Bcategory_ids%5D=11%2C13&filter%5Bq%5D=pothole&order%5Bupdated_at%5D=desc",
      },
    ])

    root.querySelector("form")!.reset()
    const button = (text: string) =>
      [...root.querySelectorAll<HTMLButtonElement>("button")].find(
        (candidate) => candidate.textContent === text,
      )!
    button("Show").click()
    expect(toQuery(changes.at(-1)!.filter)).toEqual({
      "filter[q]": "pothole",
      "filter[category_ids]": "11,13",
      "order[updated_at]": "desc",
    })

    // Another person on this browser has their own list.
    document.body.replaceChildren()
    const other = await mountConnected(8)
    expect(optionTexts(other.root, "saved")).toEqual(["None saved yet"])
    document.body.replaceChildren()
    const again = await mountConnected(7)
    expect(optionTexts(again.root, "saved")).toEqual(["Road potholes"])
    ;[...again.root.querySelectorAll<HTMLButtonElement>("button")]
      .find((b) => b.textContent === "Delete")!
      .click()
    await until(() => optionTexts(again.root, "saved")[0] === "None saved yet", "the deletion")
    expect(JSON.parse(localStorage.getItem("fieldreport.saved-filters.7.3")!)).toEqual([])
  })
})
