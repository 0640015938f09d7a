import { Option } from "effect"
import { describe, expect, it } from "vitest"
import { toQuery } from "./analytics-range.ts"

describe("analytics range", () => {
  it("turns local days into the instants of their first moments in the zone", () => {
    expect(toQuery({ from: "2024-03-01", to: "2024-03-31", timeZone: "Pacific/Auckland" })).toEqual(
      Option.some({ start_date: "2024-02-29T11:00:00.000Z", end_date: "2024-03-31T11:00:00.000Z" }),
    )
    expect(toQuery({ from: "2024-12-31", to: "2024-12-31", timeZone: "UTC" })).toEqual(
      Option.some({ start_date: "2024-12-31T00:00:00.000Z", end_date: "2025-01-01T00:00:00.000Z" }),
    )
  })

  it("refuses a range that ends before it starts, a bad date or an unknown zone", () => {
    expect(toQuery({ from: "2024-03-02", to: "2024-03-01", timeZone: "UTC" })).toEqual(Option.none())
    expect(toQuery({ from: "", to: "2024-03-01", timeZone: "UTC" })).toEqual(Option.none())
    expect(toQuery({ from: "2024-03-01", to: "2024-03-01", timeZone: "Mars/Olympus" })).toEqual(Option.none())
  })
})
