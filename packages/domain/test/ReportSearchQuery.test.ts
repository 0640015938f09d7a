import { describe, expect, it } from "@effect/vitest"
import { DateTime, Result } from "effect"
import * as fc from "fast-check"
import * as qs from "qs"
import type { MalformedRequest } from "../src/Invalid.ts"
import type * as QueryValue from "../src/QueryValue.ts"
import * as ReportSearchQuery from "../src/ReportSearchQuery.ts"
import { appearances } from "../src/ReportStateRecord.ts"
import * as SearchText from "../src/SearchText.ts"
import * as TextLimits from "../src/TextLimits.ts"

// Each query object is what qs builds from the query string in the case's name.

const { nothing } = ReportSearchQuery

const errors = <A>(result: Result.Result<A, MalformedRequest>) => {
  expect(Result.isFailure(result)).toBe(true)
  return Result.isFailure(result) ? result.failure.errors : {}
}

const filterOf = (query: QueryValue.Query) =>
  Result.map(ReportSearchQuery.parse(query), (search) => search.filter)

describe("ReportSearchQuery.parse", () => {
  it("reads no parameters as a search for everything, in the store's order", () => {
    expect(ReportSearchQuery.parse({ fields: "id" })).toEqual(
      Result.succeed({ filter: nothing, exclude: nothing, order: [] }),
    )
  })

  it.each<[string, QueryValue.Query, ReportSearchQuery.Criteria]>([
    [
      "filter[tile_id]=ZmZmZmbWZUBmZmZmZqZEwJqZmZmZmak/",
      { filter: { tile_id: "ZmZmZmbWZUBmZmZmZqZEwJqZmZmZmak/" } },
      { ...nothing, tileId: "ZmZmZmbWZUBmZmZmZqZEwJqZmZmZmak/" },
    ],
    [
      "filter[tile_id]=ab+c (an unencoded + of base64)",
      { filter: { tile_id: "ab c" } },
      { ...nothing, tileId: "ab+c" },
    ],
    [
      "filter[tile][latitude]=-41.3&filter[tile][longitude]=174.7&filter[tile][scale]=0.05",
      { filter: { tile: { latitude: "-41.3", longitude: "174.7", scale: "0.05" } } },
      { ...nothing, tile: { latitude: -41.3, longitude: 174.7, scale: 0.05 } },
    ],
    [
      "the tile's edges: latitude ±90, longitude ±180",
      { filter: { tile: { latitude: "-90", longitude: "180", scale: "1" } } },
      { ...nothing, tile: { latitude: -90, longitude: 180, scale: 1 } },
    ],
    ["filter[channels]=[1,2]", { filter: { channels: "[1,2]" } }, { ...nothing, channels: [1, 2] }],
    ["filter[channels]=1,2", { filter: { channels: "1,2" } }, { ...nothing, channels: [1, 2] }],
    [
      "filter[channels][]=1&filter[channels][]=2",
      { filter: { channels: ["1", "2"] } },
      { ...nothing, channels: [1, 2] },
    ],
    [
      "filter[updated_after]=2018-12-31T23:45:45+13:00 (sent unencoded)",
      { filter: { updated_after: "2018-12-31T23:45:45 13:00" } },
      { ...nothing, updatedAfter: DateTime.makeUnsafe("2018-12-31T10:45:45Z") },
    ],
    [
      "filter[updated_before]=2019-01-15T23:45:58%2B13:00",
      { filter: { updated_before: "2019-01-15T23:45:58+13:00" } },
      { ...nothing, updatedBefore: DateTime.makeUnsafe("2019-01-15T10:45:58Z") },
    ],
    [
      "filter[appearance]=attention",
      { filter: { appearance: "attention" } },
      { ...nothing, appearance: "attention" },
    ],
    [
      "filter[id][id_array]=1,2,3",
      { filter: { id: { id_array: "1,2,3" } } },
      { ...nothing, reportIds: [1, 2, 3] },
    ],
    [
      "filter[created_after]=2024-05-01T00:00:00Z&filter[created_before]=2024-06-01T00:00:00Z",
      { filter: { created_after: "2024-05-01T00:00:00Z", created_before: "2024-06-01T00:00:00Z" } },
      {
        ...nothing,
        createdAfter: DateTime.makeUnsafe("2024-05-01T00:00:00Z"),
        createdBefore: DateTime.makeUnsafe("2024-06-01T00:00:00Z"),
      },
    ],
    [
      "filter[report_state_ids]=3,4&filter[category_ids][]=5&filter[assignee_ids]=[6]&filter[user_ids]=7",
      { filter: { report_state_ids: "3,4", category_ids: ["5"], assignee_ids: "[6]", user_ids: "7" } },
      { ...nothing, reportStateIds: [3, 4], categoryIds: [5], assigneeIds: [6], reporterIds: [7] },
    ],
    [
      'filter[q]="oil" (spill*) NEAR | & : ōtaki, kept as sent',
      { filter: { q: '"oil" (spill*) NEAR | & : ōtaki' } },
      { ...nothing, text: '"oil" (spill*) NEAR | & : ōtaki' },
    ],
    ["filter[q]= (empty: not given)", { filter: { q: "" } }, nothing],
    [
      "filter[id][report_search_id]=87654321",
      { filter: { id: { report_search_id: "87654321" } } },
      { ...nothing, reportSearchId: 87654321 },
    ],
    ["filter[appearance]= (empty: not given)", { filter: { appearance: "" } }, nothing],
    ["filter= (empty: not given)", { filter: "" }, nothing],
  ])("reads %s", (_, query, expected) => {
    expect(filterOf(query)).toEqual(Result.succeed(expected))
  })

  it("reads exclude[…] with the same criteria as filter[…], and order[…]", () => {
    const search = ReportSearchQuery.parse({
      filter: { channels: "[1]" },
      exclude: { appearance: "invisible", tile: { latitude: "1", longitude: "2", scale: "0.5" } },
      order: { updated_at: "desc", id: "asc" },
    })
    expect(search).toEqual(
      Result.succeed({
        filter: { ...nothing, channels: [1] },
        exclude: { ...nothing, appearance: "invisible", tile: { latitude: 1, longitude: 2, scale: 0.5 } },
        order: [
          { field: "updated_at", direction: "desc" },
          { field: "id", direction: "asc" },
        ],
      }),
    )
  })

  it.each<[string, QueryValue.Query, Record<string, ReadonlyArray<string>>]>([
    [
      "filter[team_id]=1 (a legacy filter this server does not have)",
      { filter: { team_id: "1" } },
      {
        "filter[team_id]": [
          "is not a known parameter; allowed: filter[tile_id], filter[tile], filter[channels], filter[updated_after], filter[updated_before], filter[created_after], filter[created_before], filter[appearance], filter[report_state_ids], filter[category_ids], filter[assignee_ids], filter[user_ids], filter[q], filter[id]",
        ],
      },
    ],
    [
      "exclude[id][foo]=1",
      { exclude: { id: { foo: "1" } } },
      {
        "exclude[id][foo]": [
          "is not a known parameter; allowed: exclude[id][id_array], exclude[id][report_search_id]",
        ],
      },
    ],
    ["filter=x", { filter: "x" }, { filter: ["must be given as filter[…] parameters"] }],
    [
      "filter[id]=5",
      { filter: { id: "5" } },
      { "filter[id]": ["must be given as filter[id][…] parameters"] },
    ],
    [
      "filter[updated_after]=yesterday",
      { filter: { updated_after: "yesterday" } },
      {
        "filter[updated_after]": [
          "must be an ISO 8601 timestamp with a time zone, like 2024-05-01T09:30:00Z",
        ],
      },
    ],
    [
      "exclude[updated_before]=2019-01-15 (no time and zone)",
      { exclude: { updated_before: "2019-01-15" } },
      {
        "exclude[updated_before]": [
          "must be an ISO 8601 timestamp with a time zone, like 2024-05-01T09:30:00Z",
        ],
      },
    ],
    [
      "filter[appearance]=bright",
      { filter: { appearance: "bright" } },
      { "filter[appearance]": ["must be one of invisible, normal, attention, loud"] },
    ],
    [
      "filter[channels]=[1,x]",
      { filter: { channels: "[1,x]" } },
      { "filter[channels]": ['must be a list of integers; "x" is not one'] },
    ],
    [
      "filter[id][id_array]=1,2.5",
      { filter: { id: { id_array: "1,2.5" } } },
      { "filter[id][id_array]": ['must be a list of integers; "2.5" is not one'] },
    ],
    [
      "filter[id][report_search_id]=abc",
      { filter: { id: { report_search_id: "abc" } } },
      { "filter[id][report_search_id]": ["must be an integer"] },
    ],
    [
      "filter[tile_id]=a&filter[tile_id]=b",
      { filter: { tile_id: ["a", "b"] } },
      { "filter[tile_id]": ["must be given once, as a single value"] },
    ],
    [
      "a tile without its scale",
      { filter: { tile: { latitude: "1", longitude: "2" } } },
      { "filter[tile][scale]": ["is required with the other tile parameters"] },
    ],
    [
      "a tile without its latitude",
      { exclude: { tile: { longitude: "2", scale: "1" } } },
      { "exclude[tile][latitude]": ["is required with the other tile parameters"] },
    ],
    [
      "a tile latitude beyond 90",
      { filter: { tile: { latitude: "90.5", longitude: "2", scale: "1" } } },
      { "filter[tile][latitude]": ["must be between -90 and 90"] },
    ],
    [
      "a tile longitude beyond -180",
      { filter: { tile: { latitude: "1", longitude: "-180.1", scale: "1" } } },
      { "filter[tile][longitude]": ["must be between -180 and 180"] },
    ],
    [
      "a tile scale of 0",
      { filter: { tile: { latitude: "1", longitude: "2", scale: "0" } } },
      { "filter[tile][scale]": ["must be greater than 0"] },
    ],
    [
      "a tile scale that is not a number",
      { filter: { tile: { latitude: "1", longitude: "2", scale: "big" } } },
      { "filter[tile][scale]": ["must be a number"] },
    ],
    [
      "filter[tile][zoom]=3",
      { filter: { tile: { zoom: "3" } } },
      {
        "filter[tile][zoom]": [
          "is not a known parameter; allowed: filter[tile][latitude], filter[tile][longitude], filter[tile][scale]",
        ],
      },
    ],
    [
      "both a tile id and a tile point",
      { filter: { tile_id: "ZmZm", tile: { latitude: "1", longitude: "2", scale: "1" } } },
      { "filter[tile]": ["cannot be given with tile_id; give one or the other"] },
    ],
    [
      "filter[user_ids]=me",
      { filter: { user_ids: "me" } },
      { "filter[user_ids]": ['must be a list of integers; "me" is not one'] },
    ],
    [
      "filter[q]=*** (no word)",
      { filter: { q: "***" } },
      { "filter[q]": ["must hold a word: letters or digits"] },
    ],
    [
      "exclude[q] longer than the limit",
      { exclude: { q: "a".repeat(201) } },
      { "exclude[q]": ["must be at most 200 characters"] },
    ],
    [
      "filter[q] of eleven words",
      { filter: { q: "a b c d e f g h i j k" } },
      { "filter[q]": ["must hold at most 10 different words"] },
    ],
    [
      "filter[q]=a&filter[q]=b",
      { filter: { q: ["a", "b"] } },
      { "filter[q]": ["must be given once, as a single value"] },
    ],
    [
      "order[relevance]=desc without filter[q]",
      { order: { relevance: "desc" }, exclude: { q: "oil" } },
      { "order[relevance]": ["needs filter[q]: reports are ranked by how well they match it"] },
    ],
    ["order[id]=up", { order: { id: "up" } }, { "order[id]": ["must be asc or desc"] }],
    [
      "order[title]=asc",
      { order: { title: "asc" } },
      {
        "order[title]": ["is not a known parameter; allowed: order[updated_at], order[id], order[relevance]"],
      },
    ],
  ])("rejects %s, naming the exact parameter", (_, query, expected) => {
    expect(errors(ReportSearchQuery.parse(query))).toEqual(expected)
  })
})

// A double as `String` writes it and `Number` reads it back: not -0, which is written "0".
const coordinate = (min: number, max: number) =>
  fc.double({ min, max, noNaN: true }).map((value) => (Object.is(value, -0) ? 0 : value))

const ids = fc.option(fc.array(fc.nat(), { minLength: 1, maxLength: 5 }), { nil: undefined })

const instant = fc.option(
  fc
    .integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2100, 0, 1) })
    .map((millis) => DateTime.makeUnsafe(millis)),
  { nil: undefined },
)

// Any text a search box sends: operators, quotes and unicode included.
const text = fc.string({ unit: "grapheme", minLength: 1, maxLength: 60 }).filter((value) => {
  const count = SearchText.words(value).length
  return value.length <= TextLimits.search && count >= 1 && count <= SearchText.maxWords
})

const tileIdOrPoint = fc.oneof(
  fc.constant({ tileId: undefined, tile: undefined }),
  fc.base64String({ minLength: 4, maxLength: 32 }).map((tileId) => ({ tileId, tile: undefined })),
  fc
    .record({ latitude: coordinate(-90, 90), longitude: coordinate(-180, 180), scale: coordinate(1e-9, 360) })
    .filter((tile) => tile.scale > 0)
    .map((tile) => ({ tileId: undefined, tile })),
)

const criteria: fc.Arbitrary<ReportSearchQuery.Criteria> = fc
  .record({
    where: tileIdOrPoint,
    channels: ids,
    updatedAfter: instant,
    updatedBefore: instant,
    createdAfter: instant,
    createdBefore: instant,
    appearance: fc.option(fc.constantFrom(...appearances), { nil: undefined }),
    reportStateIds: ids,
    categoryIds: ids,
    assigneeIds: ids,
    reporterIds: ids,
    text: fc.option(text, { nil: undefined }),
    reportIds: ids,
    reportSearchId: fc.option(fc.nat(), { nil: undefined }),
  })
  .map(({ where, ...rest }) => ({ ...where, ...rest }))

const order = (ranked: boolean) =>
  fc
    .shuffledSubarray(ranked ? (["updated_at", "id", "relevance"] as const) : (["updated_at", "id"] as const))
    .chain((fields) =>
      fc.tuple(
        ...fields.map((field) => fc.constantFrom("asc", "desc").map((direction) => ({ field, direction }))),
      ),
    )

const search: fc.Arbitrary<ReportSearchQuery.ReportSearchQuery> = fc
  .record({ filter: criteria, exclude: criteria })
  .chain(({ filter, exclude }) =>
    order(filter.text !== undefined).map((clauses) => ({ filter, exclude, order: clauses })),
  )

describe("ReportSearchQuery.toParams", () => {
  it("writes the bracketed parameters, leaving out what is not given", () => {
    expect(
      ReportSearchQuery.toParams({
        filter: {
          ...nothing,
          channels: [1, 2],
          updatedAfter: DateTime.makeUnsafe("2024-05-01T09:30:00Z"),
          reportStateIds: [3],
          categoryIds: [],
          text: "oil spill",
        },
        exclude: { ...nothing, reportIds: [], reportSearchId: 31, reporterIds: [7, 8] },
        order: [
          { field: "relevance", direction: "desc" },
          { field: "id", direction: "asc" },
        ],
      }),
    ).toEqual({
      "filter[channels]": "1,2",
      "filter[updated_after]": "2024-05-01T09:30:00.000Z",
      "filter[report_state_ids]": "3",
      "filter[q]": "oil spill",
      "exclude[user_ids]": "7,8",
      "exclude[id][report_search_id]": "31",
      "order[relevance]": "desc",
      "order[id]": "asc",
    })
  })

  it("is read back by parse as the same search, through a query string and qs", () => {
    fc.assert(
      fc.property(search, (written) => {
        const sent = new URLSearchParams(ReportSearchQuery.toParams(written)).toString()
        expect(ReportSearchQuery.parse(qs.parse(sent))).toEqual(Result.succeed(written))
      }),
    )
  })
})
