import { describe, expect, it } from "@effect/vitest"
import { MapItem, PendingReportSearch, ReportSearch, Tile } from "../src/ReportSearch.ts"
import { decoded, errors } from "./internal/decode.ts"

describe("ReportSearch", () => {
  it("reads a started search and a pending one", () => {
    const search = { id: 12345678, url: "https://reports.example.com/api/v4/report_searches/12345678" }
    expect(decoded(ReportSearch, search)).toEqual(search)
    expect(errors(PendingReportSearch, { id: 1, status: "pending" })).toBeUndefined()
    expect(errors(PendingReportSearch, { id: 1, status: "done" })).toEqual({
      status: ["must be one of the allowed values"],
    })
  })
})

describe("MapItem", () => {
  const item = {
    id: 49,
    cache_key: "49-1714550400000",
    pin: "https://x/pin-green@1x.png",
    channel_id: 1,
    appearance: "normal",
    latitude: -36.8667,
    longitude: 174.7667,
  }

  it.each([
    ["a located report", item, undefined],
    ["a report with an address only", { ...item, latitude: null, longitude: null }, undefined],
    [
      "an unknown appearance",
      { ...item, appearance: "bright" },
      { appearance: ["must be one of invisible, normal, attention, loud"] },
    ],
    ["a latitude out of range", { ...item, latitude: -91 }, { latitude: ["must be between -90 and 90"] }],
  ])("reads %s", (_, value, expected) => {
    expect(errors(MapItem, value)).toEqual(expected)
  })
})

describe("Tile", () => {
  const tile = {
    tile_id: "ZmZmZmbWZUBmZmZmZqZEwJqZmZmZmak/",
    latitude: -41.3,
    longitude: 174.7,
    scale: 0.05,
    report_count: 12,
  }

  it.each([
    ["a tile", tile, undefined],
    ["a scale of 0", { ...tile, scale: 0 }, { scale: ["must be positive"] }],
    ["a negative count", { ...tile, report_count: -1 }, { report_count: ["must not be negative"] }],
  ])("reads %s", (_, value, expected) => {
    expect(errors(Tile, value)).toEqual(expected)
  })
})
