import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import * as fc from "fast-check"
import * as GeometryArea from "../src/GeometryArea.ts"
import { EARTH_RADIUS } from "../src/GreatCircle.ts"
import * as Wkt from "../src/Wkt.ts"

const area = (text: string): number => GeometryArea.squareMetres(Result.getOrThrow(Wkt.parse(text, "geom")))

const RADIANS = Math.PI / 180

/** The area of a longitude-latitude rectangle on the sphere, from the textbook formula. */
const rectangleArea = (west: number, south: number, east: number, north: number) =>
  EARTH_RADIUS *
  EARTH_RADIUS *
  (east - west) *
  RADIANS *
  (Math.sin(north * RADIANS) - Math.sin(south * RADIANS))

const rectangle = (west: number, south: number, east: number, north: number) =>
  `(${west} ${south}, ${east} ${south}, ${east} ${north}, ${west} ${north}, ${west} ${south})`

describe("GeometryArea.squareMetres", () => {
  it("measures a one-degree square at the equator", () => {
    expect(area(`POLYGON (${rectangle(0, 0, 1, 1)})`)).toBeCloseTo(12_363_718_145, -3)
  })

  it.each([
    [0, 0, 1, 1],
    [174.6, -41.4, 174.9, -41.2],
    [-10, 60, 10, 70],
    [100, 89, 101, 90],
  ])("measures the rectangle %s, %s to %s, %s as the textbook formula does", (west, south, east, north) => {
    const expected = rectangleArea(west, south, east, north)
    expect(area(`POLYGON (${rectangle(west, south, east, north)})`) / expected).toBeCloseTo(1, 12)
  })

  it("measures a rectangle of one square metre far from the equator without losing it to rounding", () => {
    const side = 1 / ((EARTH_RADIUS * Math.PI) / 180)
    const expected = rectangleArea(170, 60, 170 + side, 60 + side)
    expect(area(`POLYGON (${rectangle(170, 60, 170 + side, 60 + side)})`) / expected).toBeCloseTo(1, 6)
  })

  it("takes holes off, adds the polygons of a multipolygon and ignores which way rings turn", () => {
    const outer = rectangleArea(0, 0, 4, 4)
    const hole = rectangleArea(1, 1, 2, 2)
    expect(area(`POLYGON (${rectangle(0, 0, 4, 4)}, ${rectangle(1, 1, 2, 2)})`)).toBeCloseTo(outer - hole, 0)
    const clockwise = "POLYGON ((0 0, 0 4, 4 4, 4 0, 0 0))"
    expect(area(clockwise)).toBeCloseTo(outer, 0)
    expect(area(`MULTIPOLYGON ((${rectangle(0, 0, 4, 4)}), (${rectangle(10, 10, 11, 11)}))`)).toBeCloseTo(
      outer + rectangleArea(10, 10, 11, 11),
      0,
    )
  })

  it.each([
    "POINT (1 2)",
    "MULTIPOINT ((1 2), (3 4))",
    "LINESTRING (0 0, 1 1)",
    "MULTILINESTRING ((0 0, 1 1))",
  ])("gives %s no area", (text) => {
    expect(area(text)).toBe(0)
  })

  it("adds up: a quadrilateral cut along a diagonal is its two triangles", () => {
    const corner = fc.tuple(
      fc.double({ min: -60, max: 60, noNaN: true }),
      fc.double({ min: -60, max: 60, noNaN: true }),
    )
    fc.assert(
      fc.property(
        fc.double({ min: -170, max: 170, noNaN: true }),
        fc.double({ min: -80, max: 80, noNaN: true }),
        fc.tuple(corner, corner),
        (longitude, latitude, [[ax, ay], [bx, by]]) => {
          // A convex quadrilateral: the centre and three corners of a kite, stretched by the corners.
          const a = [longitude, latitude] as const
          const b = [longitude + 5 + Math.abs(ax) / 10, latitude + 0.1] as const
          const c = [longitude + 5, Math.min(89, latitude + 5 + Math.abs(ay) / 20)] as const
          const d = [longitude - Math.abs(bx) / 20, latitude + 4 + Math.abs(by) / 100] as const
          const ring = (...corners: ReadonlyArray<readonly [number, number]>) =>
            `POLYGON ((${[...corners, corners[0]!].map(([x, y]) => `${x} ${y}`).join(", ")}))`
          const whole = area(ring(a, b, c, d))
          expect((area(ring(a, b, c)) + area(ring(a, c, d))) / whole).toBeCloseTo(1, 9)
        },
      ),
      { numRuns: 300 },
    )
  })
})
