import { describe, expect, it } from "@effect/vitest"
import * as fc from "fast-check"
import type { BoundingBox } from "../src/BoundingBox.ts"
import * as Tile from "../src/Tile.ts"
import * as TileGrid from "../src/TileGrid.ts"

const box = (minLongitude: number, minLatitude: number, maxLongitude: number, maxLatitude: number) => ({
  minLongitude,
  minLatitude,
  maxLongitude,
  maxLatitude,
})

describe("TileGrid", () => {
  it("names the cells a box touches, its east and north edges belonging to the next cells", () => {
    expect(TileGrid.cellsOf(box(174.71, -41.3, 174.78, -41.25), 0.05)).toEqual({
      west: 3494,
      south: -826,
      east: 3496,
      north: -825,
    })
    // 174.7 / 0.05 is 3493.9999999999995: a floor of the quotient would start a column early.
    expect(TileGrid.cellsOf(box(174.7, -41.3, 174.7, -41.3), 0.05)).toEqual({
      west: 3494,
      south: -826,
      east: 3495,
      north: -825,
    })
  })

  it("counts the world at 2 degrees as 180 × 90 cells, and refuses it at 1 degree", () => {
    expect(TileGrid.count(TileGrid.cellsOf(box(-180, -90, 180, 90), 2))).toBe(16_200)
    expect(TileGrid.count(TileGrid.cellsOf(box(-180, -90, 180, 90), 1))).toBeGreaterThan(TileGrid.maxCells)
  })

  it("gives the extent of a block on the grid lines Tile writes", () => {
    expect(TileGrid.bounds({ west: 3494, south: -826, east: 3496, north: -825 }, 0.05)).toEqual(
      box(174.7, -41.3, 174.8, -41.25),
    )
  })

  it("holds the cells of its columns and rows only", () => {
    const block = { west: 3494, south: -826, east: 3496, north: -825 }
    expect(TileGrid.holds(block, { longitude: 174.75, latitude: -41.3, scale: 0.05 })).toBe(true)
    expect(TileGrid.holds(block, { longitude: 174.8, latitude: -41.3, scale: 0.05 })).toBe(false)
    expect(TileGrid.holds(block, { longitude: 174.7, latitude: -41.25, scale: 0.05 })).toBe(false)
  })
})

const scale = fc.constantFrom(
  1e-7,
  0.0005,
  0.001,
  0.002,
  0.005,
  0.01,
  0.02,
  0.05,
  0.1,
  0.2,
  0.25,
  0.5,
  1,
  2,
  5,
  10,
  20,
  45,
  90,
)

/** A coordinate from `min` to `max`: anywhere, or on a grid line of `size`, where rounding bites. */
const coordinate = (size: number, min: number, max: number) => {
  const anywhere = fc.double({ min, max, noNaN: true })
  const [first, last] = [Math.ceil(min / size), Math.floor(max / size)]
  if (first > last) return anywhere
  return fc.oneof(
    anywhere,
    fc
      .integer({ min: first, max: last })
      .map((line) => Math.min(max, Math.max(min, Tile.at(line, 0, size).longitude))),
  )
}

const sorted = ([a, b]: readonly [number, number]) => (a <= b ? [a, b] : [b, a])

/** A box on the map and a scale whose cells over it stay few enough to walk. */
const boxAndScale: fc.Arbitrary<readonly [BoundingBox, number]> = scale
  .chain((size) => {
    // Boxes spanning a few hundred cells at most, anywhere on the map, on either side of 0.
    const span = Math.min(360, size * 300)
    return fc
      .tuple(coordinate(size, -180, 180 - span), coordinate(size, -90, Math.max(-90, 90 - span)))
      .chain(([west, south]) =>
        fc.tuple(
          fc.tuple(
            coordinate(size, west, Math.min(180, west + span)),
            coordinate(size, west, Math.min(180, west + span)),
          ),
          fc.tuple(
            coordinate(size, south, Math.min(90, south + span)),
            coordinate(size, south, Math.min(90, south + span)),
          ),
          fc.constant(size),
        ),
      )
  })
  .map(([longitudes, latitudes, size]) => {
    const [minLongitude = 0, maxLongitude = 0] = sorted(longitudes)
    const [minLatitude = 0, maxLatitude = 0] = sorted(latitudes)
    return [{ minLongitude, minLatitude, maxLongitude, maxLatitude }, size] as const
  })

/** A point of the box: its east and north edges excluded unless the box is a line there. */
const pointOf = (area: BoundingBox) => {
  // fast-check draws -0 below an excluded maximum of 0, but -0 is 0, on the edge.
  const along = (min: number, max: number) =>
    min === max
      ? fc.constant(min)
      : fc.double({ min, max, maxExcluded: true, noNaN: true }).filter((value) => value < max)
  return fc.tuple(along(area.minLongitude, area.maxLongitude), along(area.minLatitude, area.maxLatitude))
}

describe("TileGrid properties", () => {
  it("holds the cell of every point of the box, negative coordinates and grid lines included", () => {
    fc.assert(
      fc.property(
        boxAndScale.chain(([area, size]) => fc.tuple(fc.constant(area), fc.constant(size), pointOf(area))),
        ([area, size, point]) => {
          expect(TileGrid.holds(TileGrid.cellsOf(area, size), Tile.containing(point, size))).toBe(true)
        },
      ),
      { numRuns: 2_000 },
    )
  })

  it("holds no cell without a point of the box: its corners' cells are its first and last", () => {
    fc.assert(
      fc.property(boxAndScale, ([area, size]) => {
        const block = TileGrid.cellsOf(area, size)
        const southWest = Tile.containing([area.minLongitude, area.minLatitude], size)
        expect([block.west, block.south]).toEqual([TileGrid.column(southWest), TileGrid.row(southWest)])
        const extent = TileGrid.bounds(block, size)
        // The last column and row begin at or before the box's east and north edges, and before
        // them when the box has a width or a height there (the edge belongs to the next cell).
        const lastColumn = Tile.at(block.east - 1, block.south, size).longitude
        const lastRow = Tile.at(block.west, block.north - 1, size).latitude
        if (area.maxLongitude < 180)
          expect(
            area.maxLongitude > area.minLongitude
              ? lastColumn < area.maxLongitude
              : lastColumn <= area.maxLongitude,
          ).toBe(true)
        expect(
          area.maxLatitude > area.minLatitude ? lastRow < area.maxLatitude : lastRow <= area.maxLatitude,
        ).toBe(true)
        expect(extent.minLongitude <= area.minLongitude && extent.minLatitude <= area.minLatitude).toBe(true)
        expect(TileGrid.count(block)).toBe((block.east - block.west) * (block.north - block.south))
      }),
      { numRuns: 2_000 },
    )
  })

  it("answers a block's cells exactly for a box inside them", () => {
    fc.assert(
      fc.property(boxAndScale, ([area, size]) => {
        const block = TileGrid.cellsOf(area, size)
        expect(TileGrid.cellsOf(TileGrid.interior(block, size), size)).toEqual(block)
      }),
      { numRuns: 2_000 },
    )
  })
})
