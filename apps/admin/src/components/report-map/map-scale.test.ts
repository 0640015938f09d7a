import { describe, expect, it } from "vitest"
import { clip, countScale, coverScale, finestScale, scales } from "./map-scale.ts"

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
