import { describe, expect, it } from "@effect/vitest"
import * as fc from "fast-check"
import * as BoundingBox from "../src/BoundingBox.ts"
import * as GreatCircle from "../src/GreatCircle.ts"
import type { Position } from "../src/Position.ts"

const ONE_DEGREE = (GreatCircle.EARTH_RADIUS * Math.PI) / 180

describe("GreatCircle.distance", () => {
  it.each<[string, Position, Position, number]>([
    ["the same position", [174.7762, -41.2865], [174.7762, -41.2865], 0],
    ["one degree along the equator", [0, 0], [1, 0], ONE_DEGREE],
    ["one degree along a meridian", [30, 10], [30, 11], ONE_DEGREE],
    ["one degree across the antimeridian", [179.5, 0], [-179.5, 0], ONE_DEGREE],
    ["pole to pole", [0, 90], [0, -90], Math.PI * GreatCircle.EARTH_RADIUS],
    ["to the antipode", [174.7762, -41.2865], [-5.2238, 41.2865], Math.PI * GreatCircle.EARTH_RADIUS],
    ["between longitudes at the pole", [0, 90], [120, 90], 0],
    // Half a degree of longitude at 60° latitude is a quarter degree of arc, less a little.
    ["along a parallel at 60°", [0, 60], [0.5, 60], 27_798.7],
    ["Wellington to Auckland", [174.7762, -41.2865], [174.7633, -36.8485], 493_485],
  ])("%s", (_, a, b, metres) => {
    expect(GreatCircle.distance(a, b)).toBeCloseTo(metres, metres > 100_000 ? -1 : 1)
    expect(GreatCircle.distance(b, a)).toBeCloseTo(metres, metres > 100_000 ? -1 : 1)
  })
})

describe("GreatCircle.contains", () => {
  const wellington: Position = [174.7762, -41.2865]

  it("counts the edge of the circle as inside", () => {
    const lowerHutt: Position = [174.9076, -41.2092]
    const radius = GreatCircle.distance(wellington, lowerHutt)
    expect(GreatCircle.contains({ center: wellington, radius }, lowerHutt)).toBe(true)
    expect(GreatCircle.contains({ center: wellington, radius: radius - 0.001 }, lowerHutt)).toBe(false)
  })

  it.each<[string, Position, number, Position, boolean]>([
    ["its centre", wellington, 1, wellington, true],
    ["1 m north, radius 1 m", [0, 0], 1, [0, 1 / ONE_DEGREE], true],
    ["2 m north, radius 1 m", [0, 0], 1, [0, 2 / ONE_DEGREE], false],
    ["across the antimeridian", [179.9, 0], 50_000, [-179.9, 0], true],
    ["over the pole", [0, 89.9], 50_000, [180, 89.9], true],
    ["far away", wellington, 100_000, [0, 0], false],
  ])("%s", (_, center, radius, point, expected) => {
    expect(GreatCircle.contains({ center, radius }, point)).toBe(expected)
  })
})

describe("GreatCircle.destination", () => {
  it.each<[string, Position, number, number, Position]>([
    ["east along the equator", [0, 0], 90, ONE_DEGREE, [1, 0]],
    ["north along a meridian", [10, 20], 0, ONE_DEGREE, [10, 21]],
    ["west across the antimeridian", [-179.5, 0], 270, ONE_DEGREE, [179.5, 0]],
    ["north over the pole", [0, 89.5], 0, ONE_DEGREE, [-180, 89.5]],
  ])("%s", (_, start, bearing, metres, [longitude, latitude]) => {
    const [x, y] = GreatCircle.destination(start, bearing, metres)
    expect(x).toBeCloseTo(longitude, 9)
    expect(y).toBeCloseTo(latitude, 9)
  })

  it("stays accurate next to a pole, where asin loses centimetres", () => {
    const start = [0, 89.9891947270077] as const
    expect(GreatCircle.distance(start, GreatCircle.destination(start, 0, 0))).toBeLessThan(1e-6)
    expect(GreatCircle.distance(start, GreatCircle.destination(start, 90, 10))).toBeCloseTo(10, 6)
  })

  it("lands at the distance it was asked to go", () => {
    fc.assert(
      fc.property(
        position,
        fc.double({ min: 0, max: 360, noNaN: true }),
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        (start, bearing, metres) => {
          const travelled = GreatCircle.distance(start, GreatCircle.destination(start, bearing, metres))
          expect(Math.abs(travelled - metres)).toBeLessThan(1e-6 * metres + 1e-6)
        },
      ),
    )
  })
})

const position: fc.Arbitrary<Position> = fc.tuple(
  fc.double({ min: -180, max: 180, noNaN: true }),
  fc.double({ min: -90, max: 90, noNaN: true }),
)

/** Centres anywhere, often near a pole or the antimeridian where boxes are hardest. */
const center: fc.Arbitrary<Position> = fc.oneof(
  position,
  fc.tuple(fc.double({ min: -180, max: 180, noNaN: true }), fc.double({ min: 88, max: 90, noNaN: true })),
  fc.tuple(fc.double({ min: -180, max: 180, noNaN: true }), fc.double({ min: -90, max: -88, noNaN: true })),
  fc.tuple(fc.double({ min: 178, max: 180, noNaN: true }), fc.double({ min: -80, max: 80, noNaN: true })),
  fc.tuple(fc.double({ min: -180, max: -178, noNaN: true }), fc.double({ min: -80, max: 80, noNaN: true })),
)

describe("GreatCircle.boundingBox", () => {
  it.each<[string, GreatCircle.Circle, BoundingBox.BoundingBox]>([
    ["one degree around the origin", { center: [0, 0], radius: ONE_DEGREE }, box(-1, -1, 1, 1)],
    // At 60° a degree of arc spans asin(sin 1° / cos 60°) = 2.0003° of longitude.
    ["one degree around 60° north", { center: [10, 60], radius: ONE_DEGREE }, box(7.9997, 59, 12.0003, 61)],
    [
      "across the antimeridian: every longitude",
      { center: [179.9, -17], radius: 50_000 },
      box(-180, -17.4497, 180, -16.5503),
    ],
    [
      "over the north pole: every longitude",
      { center: [20, 89.9], radius: 50_000 },
      box(-180, 89.4503, 180, 90),
    ],
    [
      "over the south pole: every longitude",
      { center: [20, -89.9], radius: 50_000 },
      box(-180, -90, 180, -89.4503),
    ],
    ["at the pole itself", { center: [0, 90], radius: 1 }, box(-180, 89.99999, 180, 90)],
  ])("%s", (_, circle, expected) => {
    const actual = GreatCircle.boundingBox(circle)
    expect(actual.minLongitude).toBeCloseTo(expected.minLongitude, 4)
    expect(actual.minLatitude).toBeCloseTo(expected.minLatitude, 4)
    expect(actual.maxLongitude).toBeCloseTo(expected.maxLongitude, 4)
    expect(actual.maxLatitude).toBeCloseTo(expected.maxLatitude, 4)
  })

  it("holds every position the circle contains, near its edge too", () => {
    fc.assert(
      fc.property(
        center,
        fc.integer({ min: 1, max: 100_000 }),
        fc.double({ min: 0, max: 360, noNaN: true }),
        fc.double({ min: 0.999, max: 1.0001, noNaN: true }),
        (middle, radius, bearing, reach) => {
          const circle = { center: middle, radius }
          const point = GreatCircle.destination(middle, bearing, radius * reach)
          if (GreatCircle.contains(circle, point)) {
            expect(BoundingBox.contains(GreatCircle.boundingBox(circle), point)).toBe(true)
          }
        },
      ),
      { numRuns: 5_000 },
    )
  })

  it("leaves a hair of margin around the circle, and no more, away from the poles and the antimeridian", () => {
    const circle = { center: [10, 60] as Position, radius: 50_000 }
    const bounds = GreatCircle.boundingBox(circle)
    const [, north] = GreatCircle.destination(circle.center, 0, circle.radius)
    const [, south] = GreatCircle.destination(circle.center, 180, circle.radius)
    // The widest point east, among the circle's points every tenth of a degree of bearing.
    const east = Math.max(
      ...Array.from(
        { length: 3600 },
        (_, i) => GreatCircle.destination(circle.center, i / 10, circle.radius)[0],
      ),
    )
    for (const margin of [bounds.maxLatitude - north, south - bounds.minLatitude]) {
      expect(margin).toBeGreaterThan(1e-10)
      expect(margin).toBeLessThan(1e-8)
    }
    expect(bounds.maxLongitude - east).toBeGreaterThan(1e-10)
    expect(bounds.maxLongitude - east).toBeLessThan(1e-5)
  })
})

function box(minLongitude: number, minLatitude: number, maxLongitude: number, maxLatitude: number) {
  return { minLongitude, minLatitude, maxLongitude, maxLatitude }
}
