import * as Tile from "@fieldreport/domain/Tile"
import * as TileGrid from "@fieldreport/domain/TileGrid"
import * as fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  type Bbox,
  cellBlock,
  clip,
  countScale,
  coverScale,
  finestScale,
  inside,
  scales,
  uncovered,
} from "./map-scale.ts"

type CellBlock = TileGrid.CellBlock

describe("countScale", () => {
  it("grows as the map zooms out, cell by cell about the same size on screen", () => {
    expect(countScale(12)).toBe(0.02)
    expect(countScale(3)).toBe(10)
    for (let zoom = 1; zoom < 19; zoom++)
      expect(countScale(zoom)).toBeGreaterThanOrEqual(countScale(zoom + 1))
  })

  it("never goes beyond the coarsest scale", () => {
    expect(countScale(0, 1000)).toBe(scales.at(-1))
  })
})

describe("coverScale", () => {
  it("answers tiles at least as large as the view", () => {
    expect(coverScale([174.7, -41.3, 174.78, -41.26])).toBe(0.1)
    expect(coverScale([174, -42, 176.5, -41])).toBe(5)
  })
})

describe("clip", () => {
  it("keeps the box on the map", () => {
    expect(clip([-200, -95, 10, 10])).toEqual([-180, -90, 10, 10])
    expect(clip([1, 2, 3, 4])).toEqual([1, 2, 3, 4])
  })
})

describe("finestScale", () => {
  it("keeps the number of cells within the tiles search's limit", () => {
    expect(finestScale([-180, -90, 180, 90])).toBe(2)
    expect(finestScale([174.7, -41.4, 174.9, -41.2])).toBe(0.002)
    // 10 × 10 cells of 1°: the box's east and north edges belong to cells it does not count.
    expect(finestScale([0, 0, 10, 10], 100)).toBe(1)
    expect(finestScale([0, 0, 10.5, 10], 100)).toBe(2)
  })
})

describe("uncovered", () => {
  const view: CellBlock = { west: 0, south: 0, east: 10, north: 10 }

  it("is the whole block when nothing was counted, and nothing when all was", () => {
    expect(uncovered(view, [])).toEqual([view])
    expect(uncovered(view, [{ west: -5, south: -5, east: 20, north: 20 }])).toEqual([])
  })

  it("is the strip a pan uncovered", () => {
    expect(uncovered(view, [{ west: 3, south: 0, east: 13, north: 10 }])).toEqual([
      { west: 0, south: 0, east: 3, north: 10 },
    ])
  })

  it("covers exactly the cells left after a diagonal pan, without overlaps", () => {
    const counted: ReadonlyArray<CellBlock> = [{ west: 4, south: 3, east: 14, north: 13 }]
    const pieces = uncovered(view, counted)
    const cells = new Set<string>()
    for (const piece of pieces)
      for (let x = piece.west; x < piece.east; x++)
        for (let y = piece.south; y < piece.north; y++) {
          expect(cells.has(`${x},${y}`)).toBe(false)
          cells.add(`${x},${y}`)
        }
    expect(cells.size).toBe(100 - 6 * 7)
  })
})

describe("cellBlock and inside", () => {
  it("name the cells a box touches, and a box strictly inside them", () => {
    const block = cellBlock([174.71, -41.3, 174.78, -41.25], 0.05)
    expect(block).toEqual({ west: 3494, south: -826, east: 3496, north: -825 })
    const [minLon, minLat, maxLon, maxLat] = inside(block, 0.05)
    expect(minLon).toBeGreaterThan(174.7)
    expect(maxLon).toBeLessThan(174.8)
    expect(minLat).toBeGreaterThan(-41.3)
    expect(maxLat).toBeLessThan(-41.2)
  })
})

/** A view on the map: anywhere, or with edges on grid lines of the scale, west or east of 0. */
const view: fc.Arbitrary<readonly [Bbox, number]> = fc.constantFrom(...scales).chain((scale) => {
  const edge = (min: number, max: number) => {
    const anywhere = fc.double({ min, max, noNaN: true })
    const [first, last] = [Math.ceil(min / scale), Math.floor(max / scale)]
    if (first > last) return anywhere
    return fc.oneof(
      anywhere,
      fc
        .integer({ min: first, max: last })
        .map((line) => Math.min(max, Math.max(min, Tile.at(line, 0, scale).longitude))),
    )
  }
  const span = Math.min(180, scale * 200)
  return fc
    .tuple(edge(-180, 180 - span), edge(-90, Math.max(-90, 90 - span)))
    .chain(([west, south]) =>
      fc
        .tuple(edge(west, west + span), edge(south, Math.min(90, south + span)))
        .map(([east, north]): readonly [Bbox, number] => [[west, south, east, north], scale]),
    )
})

describe("the cells of a view, as the tiles search counts them", () => {
  it("are the domain's cells of the view, and the boxes the map asks for count exactly them", () => {
    fc.assert(
      fc.property(view, ([bbox, scale]) => {
        const [minLongitude, minLatitude, maxLongitude, maxLatitude] = bbox
        const cells = TileGrid.cellsOf({ minLongitude, minLatitude, maxLongitude, maxLatitude }, scale)
        expect(cellBlock(bbox, scale)).toEqual(cells)
        const [west, south, east, north] = inside(cells, scale)
        expect(
          TileGrid.cellsOf(
            { minLongitude: west, minLatitude: south, maxLongitude: east, maxLatitude: north },
            scale,
          ),
        ).toEqual(cells)
        // The first cell is the one the server files the view's south-west corner under.
        const corner = Tile.containing([minLongitude, minLatitude], scale)
        expect([cells.west, cells.south]).toEqual([TileGrid.column(corner), TileGrid.row(corner)])
      }),
      { numRuns: 2_000 },
    )
  })

  it("stay within the search's limit at the finest scale the map picks", () => {
    fc.assert(
      fc.property(view, ([bbox]) => {
        expect(TileGrid.count(cellBlock(bbox, finestScale(bbox)))).toBeLessThanOrEqual(TileGrid.maxCells)
      }),
      { numRuns: 500 },
    )
  })
})
