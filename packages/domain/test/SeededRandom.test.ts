import { describe, expect, it } from "@effect/vitest"
import { pick, seeded } from "../src/SeededRandom.ts"

const draw = (seed: number, count: number): ReadonlyArray<number> => {
  const random = seeded(seed)
  return Array.from({ length: count }, () => random())
}

describe("seeded", () => {
  it("draws the same sequence from the same seed, and another from another seed", () => {
    expect(draw(7, 100)).toEqual(draw(7, 100))
    expect(draw(8, 100)).not.toEqual(draw(7, 100))
  })

  it("keeps to mulberry32's sequence, which generated data depends on", () => {
    expect(draw(1, 3)).toEqual([0.6270739405881613, 0.002735721180215478, 0.5274470399599522])
  })

  it("draws in [0, 1), spread evenly over tenths", () => {
    const values = draw(2024, 100_000)
    expect(values.every((value) => value >= 0 && value < 1)).toBe(true)
    const tenths = Array.from({ length: 10 }, () => 0)
    for (const value of values) tenths[Math.floor(value * 10)]! += 1
    for (const count of tenths) expect(Math.abs(count - 10_000)).toBeLessThan(500)
  })
})

describe("pick", () => {
  it("picks every item in time, and only items", () => {
    const random = seeded(3)
    const items = ["a", "b", "c"]
    const picked = new Set(Array.from({ length: 100 }, () => pick(random, items)))
    expect([...picked].sort()).toEqual(items)
  })

  it("refuses to pick from no items", () => {
    expect(() => pick(seeded(3), [])).toThrow("pick from no items")
  })
})
