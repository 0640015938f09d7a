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
    set(root, "filter-appearance", "attention")
    set(root, "filter-ids", "4, 9 12")
    set(root, "exclude-appearance", "invisible")
    set(root, "exclude-search", "31")
    set(root, "order1", "id:asc")
    set(root, "order2", "updated_at:desc")

    root.querySelector("form")!.requestSubmit()

    expect(changes).toHaveLength(1)
    const query = toQuery(changes[0]!.filter)
    expect(query).toEqual({
      "filter[channels]": "2",
      "filter[appearance]": "attention",
      "filter[id][id_array]": "4,9,12",
      "exclude[appearance]": "invisible",
      "exclude[id][report_search_id]": "31",
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
})
