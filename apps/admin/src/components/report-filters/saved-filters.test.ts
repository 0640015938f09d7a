import { afterEach, describe, expect, it } from "vitest"
import { deleteFilter, savedFilters, saveFilter, storageKey } from "./saved-filters.ts"

const ana = { userId: 7, teamId: 3 }

afterEach(() => {
  localStorage.clear()
})

describe("saved filters", () => {
  it("keeps each user's filters per team, by name, a name saved again replacing the first", () => {
    saveFilter(localStorage, ana, { name: "Potholes", query: "filter%5Bq%5D=pothole" })
    saveFilter(localStorage, ana, { name: "Graffiti", query: "filter%5Bq%5D=tag" })
    saveFilter(localStorage, ana, { name: "Potholes", query: "filter%5Bq%5D=potholes" })
    expect(savedFilters(localStorage, ana)).toEqual([
      { name: "Graffiti", query: "filter%5Bq%5D=tag" },
      { name: "Potholes", query: "filter%5Bq%5D=potholes" },
    ])
    expect(savedFilters(localStorage, { ...ana, teamId: 4 })).toEqual([])
    expect(savedFilters(localStorage, { ...ana, userId: 8 })).toEqual([])
    expect(deleteFilter(localStorage, ana, "Graffiti")).toEqual([
      { name: "Potholes", query: "filter%5Bq%5D=potholes" },
    ])
  })

  it("reads nothing from what it cannot read", () => {
    localStorage.setItem(storageKey(ana), "{not json")
    expect(savedFilters(localStorage, ana)).toEqual([])
    localStorage.setItem(storageKey(ana), JSON.stringify([{ name: "A", query: "x" }, { name: 3 }, "b"]))
    expect(savedFilters(localStorage, ana)).toEqual([{ name: "A", query: "x" }])
  })
})
