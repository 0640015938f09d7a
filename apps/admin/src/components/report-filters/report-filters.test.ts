import { afterEach, describe, expect, it } from "vitest"
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
