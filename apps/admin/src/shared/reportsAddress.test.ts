import { afterEach, describe, expect, it } from "vitest"
import { everything, none, type ReportFilter } from "./ReportFilter.ts"
import { filterOf, queryOf, rememberedQuery, showInAddress } from "./reportsAddress.ts"

afterEach(() => {
  location.hash = ""
})

const busy: ReportFilter = {
  filter: {
    ...none,
    text: '"Oil" spill* & ōtaki',
    channels: [3, 4],
    reportStateIds: [7, 8],
    categoryIds: [11, 13],
    assigneeIds: [21],
    reporterIds: [22, 23],
    createdAfter: "2026-02-01T00:00:00.000Z",
    createdBefore: "2026-02-28T12:00:00.000Z",
    updatedAfter: "2026-03-01T09:30:00.000Z",
    reportIds: [12, 15],
  },
  exclude: { ...none, appearance: "invisible", text: "graffiti", reporterIds: [5] },
  order: [
    { field: "relevance", direction: "desc" },
    { field: "id", direction: "asc" },
    { field: "updated_at", direction: "desc" },
  ],
}

describe("the reports' filter in the address", () => {
  it("reads back every criterion and the order from the query string it wrote", () => {
    expect(filterOf(new URLSearchParams(queryOf(busy)))).toEqual(busy)
    expect(filterOf(new URLSearchParams(queryOf(everything)))).toEqual(everything)
  })

  it("gives every report, newest change first, for parameters the search cannot read", () => {
    expect(filterOf(new URLSearchParams("filter[appearance]=bright"))).toEqual(everything)
    expect(filterOf(new URLSearchParams("filter[channels]=3")).order).toEqual(everything.order)
  })

  it("puts an applied filter in the address, gives that same object back for it, and remembers it", () => {
    showInAddress("reports", busy)
    expect(location.hash).toBe(`#/reports?${queryOf(busy)}`)
    const query = new URLSearchParams(location.hash.slice(location.hash.indexOf("?") + 1))
    // The same object: the map and the table, which compare by identity, do not search again.
    expect(filterOf(query)).toBe(busy)
    expect(rememberedQuery()).toBe(query.toString())
    // The bare `#/reports` of the navigation finds the filter last shown.
    expect(filterOf(new URLSearchParams())).toBe(busy)
  })
})
