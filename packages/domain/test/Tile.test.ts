import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import * as fc from "fast-check"
import type { Position } from "../src/Position.ts"
import * as Tile from "../src/Tile.ts"

const PARAMETER = "filter[tile_id]"
const WELLINGTON = "ZmZmZmbWZUBmZmZmZqZEwJqZmZmZmak/"

describe("Tile ids", () => {
  it("reads the example of the API decisions: 174.7, -41.3 at 0.05", () => {
    expect(Tile.decode(WELLINGTON, PARAMETER)).toEqual(
      Result.succeed({ longitude: 174.7, latitude: -41.3, scale: 0.05 }),
    )
  })

  it("writes the same id for the cell of a point in it", () => {
    expect(Tile.encode(Tile.containing([174.72, -41.28], 0.05))).toBe(WELLINGTON)
  })

  it("accepts the URL-safe alphabet", () => {
    expect(Tile.decode(WELLINGTON.replace("/", "_"), PARAMETER)).toEqual(Tile.decode(WELLINGTON, PARAMETER))
  })

  it("reads a space as the + it was sent as", () => {
    const tileId = Tile.encode({ longitude: 171.95, latitude: -47, scale: 0.05 })
    expect(tileId).toBe("ZmZmZmZ+ZUAAAAAAAIBHwJqZmZmZmak/")
    expect(Tile.decode("ZmZmZmZ ZUAAAAAAAIBHwJqZmZmZmak/", PARAMETER)).toEqual(
      Result.succeed({ longitude: 171.95, latitude: -47, scale: 0.05 }),
    )
  })

  const notAnId = "must be a tile id: base64 of three little-endian float64 (longitude, latitude, scale)"
  it.each([
    ["an empty id", "", notAnId],
    ["not base64", "not a tile id!", notAnId],
    ["two numbers only", Tile.encode({ longitude: 1, latitude: 2, scale: 3 }).slice(0, 20), notAnId],
    ["four numbers", `${WELLINGTON}AAAAAAAAAAA=`, notAnId],
    [
      "a longitude off the map",
      Tile.encode({ longitude: 181, latitude: 0, scale: 1 }),
      "names no tile: its corner 181 0 is off the map",
    ],
    [
      "a latitude off the map",
      Tile.encode({ longitude: 0, latitude: -91, scale: 1 }),
      "names no tile: its corner 0 -91 is off the map",
    ],
    [
      "a corner that is not a number",
      Tile.encode({ longitude: Number.NaN, latitude: 0, scale: 1 }),
      "names no tile: its corner NaN 0 is off the map",
    ],
    [
      "a scale of 0",
      Tile.encode({ longitude: 0, latitude: 0, scale: 0 }),
      "names no tile: its scale 0 must be above 0 and at most 360 degrees",
    ],
    [
      "a negative scale",
      Tile.encode({ longitude: 0, latitude: 0, scale: -1 }),
      "names no tile: its scale -1 must be above 0 and at most 360 degrees",
    ],
    [
      "an infinite scale",
      Tile.encode({ longitude: 0, latitude: 0, scale: Number.POSITIVE_INFINITY }),
      "names no tile: its scale Infinity must be above 0 and at most 360 degrees",
    ],
  ])("rejects %s as a malformed request naming the parameter", (_, tileId, message) => {
    const result = Tile.decode(tileId, PARAMETER)
    expect(Result.isFailure(result) && result.failure._tag).toBe("MalformedRequest")
    expect(Result.isFailure(result) && result.failure.errors).toEqual({ [PARAMETER]: [message] })
  })
})

describe("Tile.containing", () => {
  it.each<[string, Position, number, Tile.Tile]>([
    ["a point inside a cell", [174.72, -41.28], 0.05, { longitude: 174.7, latitude: -41.3, scale: 0.05 }],
    // 174.7 / 0.05 is 3493.9999999999995 in float64: the plain formula would give 174.65.
    [
      "a point on a grid line: its own cell",
      [174.7, -41.3],
      0.05,
      { longitude: 174.7, latitude: -41.3, scale: 0.05 },
    ],
    // 0.3 / 0.1 is 2.9999999999999996, and 3 * 0.1 is 0.30000000000000004.
    ["0.3 at 0.1", [0.3, 0.7], 0.1, { longitude: 0.3, latitude: 0.7, scale: 0.1 }],
    [
      "just west of a grid line",
      [174.69999999, -41.30000001],
      0.05,
      { longitude: 174.65, latitude: -41.35, scale: 0.05 },
    ],
    [
      "negative coordinates round down",
      [-0.01, -0.01],
      0.05,
      { longitude: -0.05, latitude: -0.05, scale: 0.05 },
    ],
    ["the origin", [0, 0], 0.05, { longitude: 0, latitude: 0, scale: 0.05 }],
    ["whole degrees", [-122.4194, 37.7749], 1, { longitude: -123, latitude: 37, scale: 1 }],
    ["a coarse scale", [174.7762, -41.2865], 10, { longitude: 170, latitude: -50, scale: 10 }],
    [
      "a fine scale in exponent notation",
      [174.77621234, -41.28651234],
      1e-7,
      { longitude: 174.7762123, latitude: -41.2865124, scale: 1e-7 },
    ],
    [
      "the antimeridian at 180, the same as -180",
      [180, 0],
      0.05,
      { longitude: -180, latitude: 0, scale: 0.05 },
    ],
    ["the west edge of the map", [-180, -90], 0.05, { longitude: -180, latitude: -90, scale: 0.05 }],
  ])("%s", (_, point, scale, expected) => {
    expect(Tile.containing(point, scale)).toEqual(expected)
  })
})

describe("Tile.at", () => {
  it.each<[number, number, number, Tile.Tile]>([
    // 3494 * 0.05 is 174.70000000000002 in float64.
    [3494, -826, 0.05, { longitude: 174.7, latitude: -41.3, scale: 0.05 }],
    [3, 7, 0.1, { longitude: 0.3, latitude: 0.7, scale: 0.1 }],
    [-180_000, 0, 0.001, { longitude: -180, latitude: 0, scale: 0.001 }],
    [-1, -1, 360, { longitude: -360, latitude: -360, scale: 360 }],
  ])("column %d, row %d at %s", (column, row, scale, expected) => {
    expect(Tile.at(column, row, scale)).toEqual(expected)
  })
})

describe("Tile.bounds", () => {
  it.each<[Tile.Tile, [number, number, number, number]]>([
    [{ longitude: 174.7, latitude: -41.3, scale: 0.05 }, [174.7, -41.3, 174.75, -41.25]],
    [{ longitude: 0.2, latitude: 0.1, scale: 0.1 }, [0.2, 0.1, 0.3, 0.2]],
    [{ longitude: -180, latitude: 80, scale: 10 }, [-180, 80, -170, 90]],
  ])("of %j", (tile, [minLongitude, minLatitude, maxLongitude, maxLatitude]) => {
    expect(Tile.bounds(tile)).toEqual({ minLongitude, minLatitude, maxLongitude, maxLatitude })
  })
})

/** Scales a map might ask for, and how many decimals their grid lines have. */
const DECIMALS = new Map([
  [1e-7, 7],
  [0.001, 3],
  [0.005, 3],
  [0.01, 2],
  [0.02, 2],
  [0.05, 2],
  [0.1, 1],
  [0.2, 1],
  [0.25, 2],
  [0.5, 1],
  [1, 0],
  [2, 0],
  [5, 0],
  [10, 0],
  [45, 0],
])
const scale = fc.constantFrom(...DECIMALS.keys())
const point: fc.Arbitrary<Position> = fc.tuple(
  fc.double({ min: -180, max: 180, maxExcluded: true, noNaN: true }),
  fc.double({ min: -90, max: 90, maxExcluded: true, noNaN: true }),
)
/** Points on grid lines, where rounding bites: a whole number of cells from the origin. */
const gridPoint = fc
  .tuple(scale, fc.integer({ min: -180_000, max: 180_000 }), fc.integer({ min: -90_000, max: 90_000 }))
  .map(([size, column, row]): readonly [Position, number] => [
    [Number(((column * size) % 180).toFixed(7)), Number(((row * size) % 90).toFixed(7))],
    size,
  ])

describe("Tile properties", () => {
  it("reads back the tile it wrote", () => {
    const tile = fc.record({
      longitude: fc.double({ min: -180, max: 180, noNaN: true }),
      latitude: fc.double({ min: -90, max: 90, noNaN: true }),
      scale: fc.double({ min: Number.MIN_VALUE, max: 360, noNaN: true }),
    })
    fc.assert(
      fc.property(tile, (t) => {
        expect(Tile.decode(Tile.encode(t), PARAMETER)).toEqual(Result.succeed(t))
      }),
      { numRuns: 1_000 },
    )
  })

  it("puts a point in a cell whose bounds hold it, west and south edges included", () => {
    fc.assert(
      fc.property(fc.oneof(fc.tuple(point, scale), gridPoint), ([[longitude, latitude], size]) => {
        const bounds = Tile.bounds(Tile.containing([longitude, latitude], size))
        expect(bounds.minLongitude <= longitude && longitude < bounds.maxLongitude).toBe(true)
        expect(bounds.minLatitude <= latitude && latitude < bounds.maxLatitude).toBe(true)
      }),
      { numRuns: 5_000 },
    )
  })

  it("names the cell holding a point by its column and row", () => {
    fc.assert(
      fc.property(fc.oneof(fc.tuple(point, scale), gridPoint), ([position, size]) => {
        const tile = Tile.containing(position, size)
        expect(Tile.at(Math.round(tile.longitude / size), Math.round(tile.latitude / size), size)).toEqual(
          tile,
        )
      }),
      { numRuns: 5_000 },
    )
  })

  it("anchors each cell at a multiple of the scale written with the scale's decimals, its own anchor", () => {
    fc.assert(
      fc.property(fc.oneof(fc.tuple(point, scale), gridPoint), ([position, size]) => {
        const tile = Tile.containing(position, size)
        const decimals = DECIMALS.get(size)
        expect(Number(tile.longitude.toFixed(decimals))).toBe(tile.longitude)
        expect(Number(tile.latitude.toFixed(decimals))).toBe(tile.latitude)
        expect(Tile.containing([tile.longitude, tile.latitude], size)).toEqual(tile)
      }),
      { numRuns: 5_000 },
    )
  })
})
