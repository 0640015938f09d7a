import { describe, expect, it } from "vitest"
import {
  type CellBlock,
  cellBlock,
  clip,
  countScale,
  coverScale,
  finestScale,
  inside,
  scales,
  uncovered,
} from "./map-scale.ts"

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
    expect(finestScale([0, 0, 10, 10], 100)).toBe(2)
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
    expect(block).toEqual({ west: 3494, south: -826, east: 3496, north: -824 })
    const [minLon, minLat, maxLon, maxLat] = inside(block, 0.05)
    expect(minLon).toBeGreaterThan(174.7)
    expect(maxLon).toBeLessThan(174.8)
    expect(minLat).toBeGreaterThan(-41.3)
    expect(maxLat).toBeLessThan(-41.2)
  })
})
