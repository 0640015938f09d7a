import { describe, expect, it } from "@effect/vitest"
import { Result, Schema } from "effect"
import * as AlertArea from "../src/AlertArea.ts"
import * as GreatCircle from "../src/GreatCircle.ts"
import type { Position } from "../src/Position.ts"

const errors = (body: unknown) => {
  const result = AlertArea.fromBody(body)
  return Result.isFailure(result) ? result.failure.errors : undefined
}

const input = (body: unknown): AlertArea.AlertAreaInput => {
  const result = AlertArea.fromBody(body)
  if (Result.isFailure(result)) throw new Error(result.failure.message)
  return result.success
}

describe("AlertArea.fromBody", () => {
  it("reads a circle: a POINT and a radius, the area rewritten in canonical WKT", () => {
    expect(input({ alert_area: { area: "point( 174.7762  -41.2865 )", radius: 5000 } })).toEqual({
      shape_type: "circle",
      radius: 5000,
      area: "POINT (174.7762 -41.2865)",
      latitude: -41.2865,
      longitude: 174.7762,
      bbox: GreatCircle.boundingBox({ center: [174.7762, -41.2865], radius: 5000 }),
    })
  })

  it.each([
    ["a null radius", { area: "POLYGON ((0 0, 4 0, 4 2, 0 0))", radius: null }],
    ["no radius", { area: "POLYGON ((0 0, 4 0, 4 2, 0 0))" }],
  ])("reads a polygon with %s, placed at the centre of its box", (_, alert_area) => {
    expect(input({ alert_area })).toEqual({
      shape_type: "poly",
      radius: null,
      area: "POLYGON ((0 0, 4 0, 4 2, 0 0))",
      latitude: 1,
      longitude: 2,
      bbox: { minLongitude: 0, minLatitude: 0, maxLongitude: 4, maxLatitude: 2 },
    })
  })

  it.each<[string, unknown, string | null | undefined]>([
    ["a name, trimmed", " Home ", "Home"],
    ["a blank name as none", "   ", null],
    ["a null name as none", null, null],
    ["no name as left unsaid (an update keeps the stored one)", undefined, undefined],
  ])("reads %s", (_, name, stored) => {
    const read = input({
      alert_area: { area: "POINT (0 0)", radius: 5, ...(name === undefined ? {} : { name }) },
    })
    expect(read.name).toBe(stored)
    expect("name" in read).toBe(name !== undefined)
  })

  it("refuses a name that is not text", () => {
    expect(errors({ alert_area: { name: 5, area: "POINT (0 0)", radius: 5 } })).toEqual({
      "alert_area.name": [expect.any(String)],
    })
  })

  it("reads a polygon with a hole", () => {
    const area = "POLYGON ((0 0, 4 0, 4 4, 0 4, 0 0), (1 1, 2 1, 2 2, 1 1))"
    expect(input({ alert_area: { area, radius: null } }).area).toBe(area)
  })

  it.each([1, 100_000])("accepts a radius of %i metres", (radius) => {
    expect(input({ alert_area: { area: "POINT (0 0)", radius } }).radius).toBe(radius)
  })

  it.each<[string, unknown, Record<string, ReadonlyArray<string>>]>([
    ["no alert_area", {}, { alert_area: ["is required"] }],
    ["no area", { alert_area: { radius: 5 } }, { "alert_area.area": ["is required"] }],
    [
      "an area that is not text",
      { alert_area: { area: 5, radius: 5 } },
      { "alert_area.area": ["must be a string"] },
    ],
    [
      "a radius of 0",
      { alert_area: { area: "POINT (0 0)", radius: 0 } },
      { "alert_area.radius": ["must be between 1 and 100000 metres"] },
    ],
    [
      "a radius over 100 km",
      { alert_area: { area: "POINT (0 0)", radius: 100_001 } },
      { "alert_area.radius": ["must be between 1 and 100000 metres"] },
    ],
    [
      "a fractional radius",
      { alert_area: { area: "POINT (0 0)", radius: 2.5 } },
      { "alert_area.radius": ["must be a whole number of metres"] },
    ],
    [
      "a radius as text",
      { alert_area: { area: "POINT (0 0)", radius: "500" } },
      { "alert_area.radius": ["must be a whole number of metres, or null for a polygon"] },
    ],
    [
      "a circle without a radius",
      { alert_area: { area: "POINT (0 0)" } },
      { "alert_area.radius": ["is required for a circle (a POINT area)"] },
    ],
    [
      "a circle with a null radius",
      { alert_area: { area: "POINT (0 0)", radius: null } },
      { "alert_area.radius": ["is required for a circle (a POINT area)"] },
    ],
    [
      "a polygon with a radius",
      { alert_area: { area: "POLYGON ((0 0, 4 0, 4 2, 0 0))", radius: 10 } },
      { "alert_area.radius": ["must be null for a polygon (a POLYGON area)"] },
    ],
    [
      "a line",
      { alert_area: { area: "LINESTRING (0 0, 1 1)", radius: null } },
      { "alert_area.area": ["must be a POINT (a circle, with radius) or a POLYGON"] },
    ],
    [
      "a multipolygon",
      { alert_area: { area: "MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)))", radius: null } },
      { "alert_area.area": ["must be a POINT (a circle, with radius) or a POLYGON"] },
    ],
    [
      "text that is not WKT",
      { alert_area: { area: "CIRCLE (0 0, 5)", radius: 5 } },
      {
        "alert_area.area": [
          'is not valid WKT: found "C" where a geometry type such as POINT or POLYGON was expected',
        ],
      },
    ],
    [
      "a centre off the map",
      { alert_area: { area: "POINT (0 91)", radius: 5 } },
      { "alert_area.area": ["latitude must be between -90 and 90, not 91"] },
    ],
    [
      "an unclosed ring",
      { alert_area: { area: "POLYGON ((0 0, 4 0, 4 2, 0 1))", radius: null } },
      { "alert_area.area": ["outer ring is not closed: its last position must repeat its first"] },
    ],
    [
      "a self-intersecting ring",
      { alert_area: { area: "POLYGON ((0 0, 2 2, 2 0, 0 2, 0 0))", radius: null } },
      { "alert_area.area": ["outer ring intersects itself: the edge 0 0, 2 2 meets the edge 2 0, 0 2"] },
    ],
  ])("rejects %s with 422 at the field path", (_, body, expected) => {
    expect(errors(body)).toEqual(expected)
  })
})

describe("AlertArea.containing", () => {
  const wellington: Position = [174.7762, -41.2865]
  const circle = { id: 1, area: "POINT (174.7762 -41.2865)", radius: 5000 }
  const square = { id: 2, area: "POLYGON ((174 -42, 175 -42, 175 -41, 174 -41, 174 -42))", radius: null }
  const squareWithHole = {
    id: 3,
    area: "POLYGON ((174 -42, 175 -42, 175 -41, 174 -41, 174 -42), (174.7 -41.3, 174.8 -41.3, 174.8 -41.2, 174.7 -41.2, 174.7 -41.3))",
    radius: null,
  }
  const farAway = { id: 4, area: "POINT (0 0)", radius: 100_000 }
  const unreadable = { id: 5, area: "not WKT", radius: null }
  const areas = [circle, square, squareWithHole, farAway, unreadable]

  it.each<[string, Position, ReadonlyArray<number>]>([
    ["a point in the circle and the square, but in the other square's hole", wellington, [1, 2]],
    ["a point on the hole's edge: the boundary counts", [174.75, -41.3], [1, 2, 3]],
    ["a point on the square's corner", [175, -41], [2, 3]],
    ["a point just inside the circle's edge", GreatCircle.destination(wellington, 30, 4999.999), [1, 2, 3]],
    ["a point just outside the circle", GreatCircle.destination(wellington, 30, 5000.01), [2, 3]],
    ["a point near nothing", [100, 10], []],
  ])("%s", (_, point, ids) => {
    expect(AlertArea.containing(areas, point).map((area) => area.id)).toEqual(ids)
  })
})

describe("AlertArea.region and boundingBox", () => {
  it("reads a stored circle and boxes it for the index", () => {
    const region = AlertArea.region({ area: "POINT (179.95 10)", radius: 20_000 })
    expect(region).toEqual(Result.succeed({ shape_type: "circle", center: [179.95, 10], radius: 20_000 }))
    // It reaches across the antimeridian: every longitude.
    expect(Result.map(region, AlertArea.boundingBox)).toEqual(
      Result.succeed(expect.objectContaining({ minLongitude: -180, maxLongitude: 180 })),
    )
  })

  it("boxes a polygon by its outer ring", () => {
    const region = AlertArea.region({ area: "POLYGON ((1 2, 5 2, 3 6, 1 2))", radius: null })
    expect(Result.map(region, AlertArea.boundingBox)).toEqual(
      Result.succeed({ minLongitude: 1, minLatitude: 2, maxLongitude: 5, maxLatitude: 6 }),
    )
  })
})

describe("AlertArea schema", () => {
  it("describes the resource the API returns", () => {
    const decode = Schema.decodeUnknownResult(AlertArea.AlertArea)
    const poly = {
      id: 2,
      name: "Farm",
      shape_type: "poly",
      radius: null,
      area: "POLYGON ((0 0, 1 0, 1 1, 0 0))",
      latitude: 0.5,
      longitude: 0.5,
    }
    expect(decode(poly)).toEqual(Result.succeed(poly))
    expect(decode({ ...poly, name: null })).toEqual(Result.succeed({ ...poly, name: null }))
    expect(Result.isFailure(decode({ ...poly, shape_type: "square" }))).toBe(true)
  })
})
