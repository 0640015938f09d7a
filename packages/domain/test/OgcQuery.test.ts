import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import * as OgcCursor from "../src/OgcCursor.ts"
import * as OgcQuery from "../src/OgcQuery.ts"

const failure = (result: Result.Result<unknown, { readonly errors: object }>) =>
  Result.isFailure(result) ? Object.keys(result.failure.errors) : "succeeded"

describe("OgcQuery.items", () => {
  it("reads the first page of a collection without parameters", () => {
    expect(OgcQuery.items({}, "reports")).toEqual(
      Result.succeed({
        bbox: undefined,
        datetime: undefined,
        limit: 100,
        after: undefined,
        reportStateIds: undefined,
        categoryIds: undefined,
        parameters: [],
      }),
    )
  })

  it("reads every parameter, and keeps those a next link repeats in a fixed order", () => {
    const query = Result.getOrThrow(
      OgcQuery.items(
        {
          limit: "50000",
          category_id: "7,9",
          report_state_id: "2",
          cursor: OgcCursor.encode(300),
          datetime: "2026-11-01/..",
          bbox: "174.6,-41.4,174.9,-41.1",
          f: "geojson",
        },
        "reports",
      ),
    )
    expect(query).toMatchObject({
      limit: 10_000,
      after: 300,
      reportStateIds: [2],
      categoryIds: [7, 9],
      datetime: { start: "2026-11-01T00:00:00.000Z", end: undefined },
      bbox: [{ minLongitude: 174.6, minLatitude: -41.4, maxLongitude: 174.9, maxLatitude: -41.1 }],
    })
    expect(query.parameters).toEqual([
      ["bbox", "174.6,-41.4,174.9,-41.1"],
      ["datetime", "2026-11-01/.."],
      ["report_state_id", "2"],
      ["category_id", "7,9"],
      ["limit", "10000"],
    ])
  })

  it.each<[string, Record<string, unknown>, OgcQuery.ItemsKind, string]>([
    ["an unknown parameter", { resultType: "hits" }, "reports", "resultType"],
    ["a report filter on shapes", { category_id: "3" }, "shapes", "category_id"],
    ["a parameter given twice", { limit: ["10", "20"] }, "reports", "limit"],
    ["a format other than JSON", { f: "html" }, "reports", "f"],
    ["a state that is not an id", { report_state_id: "new" }, "reports", "report_state_id"],
    ["a bad bbox", { bbox: "1,2,3" }, "reports", "bbox"],
    ["a bad datetime", { datetime: "today" }, "shapes", "datetime"],
    ["a bad limit", { limit: "0" }, "reports", "limit"],
    ["a made-up cursor", { cursor: "2" }, "reports", "cursor"],
  ])("refuses %s, naming it", (_, query, kind, name) => {
    expect(failure(OgcQuery.items(query, kind))).toEqual([name])
  })
})

describe("OgcQuery.feature", () => {
  it("takes f=json or f=geojson and nothing else", () => {
    expect(OgcQuery.feature({ f: "geojson" })).toEqual(Result.void)
    expect(failure(OgcQuery.feature({ f: "html" }))).toEqual(["f"])
    expect(failure(OgcQuery.feature({ bbox: "1,2,3,4" }))).toEqual(["bbox"])
  })
})

describe("OgcQuery.page", () => {
  it("takes f=json and nothing else", () => {
    expect(OgcQuery.page({})).toEqual(Result.void)
    expect(OgcQuery.page({ f: "json" })).toEqual(Result.void)
    expect(failure(OgcQuery.page({ f: "geojson" }))).toEqual(["f"])
    expect(failure(OgcQuery.page({ limit: "10" }))).toEqual(["limit"])
  })
})
