import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import * as fc from "fast-check"
import * as BoundingBox from "../src/BoundingBox.ts"
import * as GeometryIntersection from "../src/GeometryIntersection.ts"
import * as PointInPolygon from "../src/PointInPolygon.ts"
import type { Position } from "../src/Position.ts"
import * as Wkt from "../src/Wkt.ts"
import { edges, onGrid, starPolygon } from "./internal/starPolygons.ts"

const read = (text: string): Wkt.Geometry => Result.getOrThrow(Wkt.parse(text, "geom"))

const intersects = (a: string, b: string): boolean => GeometryIntersection.intersects(read(a), read(b))

// A 4 × 4 square with a 1 × 1 hole from (1, 1) to (2, 2).
const holed = "POLYGON ((0 0, 4 0, 4 4, 0 4, 0 0), (1 1, 2 1, 2 2, 1 2, 1 1))"

describe("GeometryIntersection.intersects", () => {
  it.each<[string, string, string, boolean]>([
    ["a point inside a polygon", holed, "POINT (3 3)", true],
    ["a point on a polygon's edge", holed, "POINT (4 2)", true],
    ["a point on a polygon's corner", holed, "POINT (0 0)", true],
    ["a point in a polygon's hole", holed, "POINT (1.5 1.5)", false],
    ["a point on a hole's edge", holed, "POINT (1.5 2)", true],
    ["a point outside a polygon", holed, "POINT (5 1)", false],
    [
      "a point inside the box of a polygon but outside it",
      "POLYGON ((0 0, 4 0, 0 4, 0 0))",
      "POINT (3 3)",
      false,
    ],
    ["the same point", "POINT (1 2)", "POINT (1 2)", true],
    ["two different points", "POINT (1 2)", "POINT (1 2.5)", false],
    ["a point on a line", "LINESTRING (0 0, 2 2, 4 0)", "POINT (3 1)", true],
    ["a point at a line's end", "LINESTRING (0 0, 2 2)", "POINT (2 2)", true],
    ["a point beside a line", "LINESTRING (0 0, 2 2)", "POINT (1 1.5)", false],
    ["a point on the line through a segment, past its end", "LINESTRING (0 0, 2 2)", "POINT (3 3)", false],
    ["crossing lines", "LINESTRING (0 0, 2 2)", "LINESTRING (0 2, 2 0)", true],
    ["lines touching at an end", "LINESTRING (0 0, 2 2)", "LINESTRING (2 2, 3 0)", true],
    ["a line starting in the middle of another", "LINESTRING (1 1, 3 3)", "LINESTRING (0 2, 2 0)", true],
    ["a line ending in the middle of another", "LINESTRING (1 2, 2 0)", "LINESTRING (0 0, 4 0)", true],
    [
      "a line starting in the middle of a north-south line",
      "LINESTRING (1 1, 3 1)",
      "LINESTRING (1 0, 1 2)",
      true,
    ],
    ["overlapping collinear lines", "LINESTRING (0 0, 2 0)", "LINESTRING (1 0, 3 0)", true],
    ["collinear lines apart", "LINESTRING (0 0, 1 0)", "LINESTRING (2 0, 3 0)", false],
    ["parallel lines", "LINESTRING (0 0, 2 2)", "LINESTRING (0 1, 2 3)", false],
    [
      "lines whose boxes overlap but that do not meet",
      "LINESTRING (0 0, 2 2)",
      "LINESTRING (2 0, 1.5 0.9)",
      false,
    ],
    ["a line crossing a polygon", holed, "LINESTRING (-1 3, 5 3)", true],
    ["a line inside a polygon", holed, "LINESTRING (3 3, 3.5 0.5)", true],
    ["a line inside a hole", holed, "LINESTRING (1.2 1.2, 1.8 1.8)", false],
    ["a line through a hole and out", holed, "LINESTRING (1.5 1.5, 3 3)", true],
    ["a line outside a polygon", holed, "LINESTRING (5 0, 5 4)", false],
    [
      "overlapping polygons",
      "POLYGON ((0 0, 2 0, 2 2, 0 2, 0 0))",
      "POLYGON ((1 1, 3 1, 3 3, 1 3, 1 1))",
      true,
    ],
    [
      "polygons sharing an edge",
      "POLYGON ((0 0, 2 0, 2 2, 0 2, 0 0))",
      "POLYGON ((2 0, 3 0, 3 2, 2 2, 2 0))",
      true,
    ],
    [
      "polygons sharing a corner",
      "POLYGON ((0 0, 2 0, 2 2, 0 2, 0 0))",
      "POLYGON ((2 2, 3 2, 3 3, 2 3, 2 2))",
      true,
    ],
    ["a polygon inside another", holed, "POLYGON ((2.5 2.5, 3.5 2.5, 3.5 3.5, 2.5 2.5))", true],
    ["a polygon around another", "POLYGON ((2.5 2.5, 3.5 2.5, 3.5 3.5, 2.5 2.5))", holed, true],
    ["a polygon inside a hole", holed, "POLYGON ((1.2 1.2, 1.8 1.2, 1.8 1.8, 1.2 1.2))", false],
    [
      "a polygon filling a hole exactly, sharing its edges",
      holed,
      "POLYGON ((1 1, 2 1, 2 2, 1 2, 1 1))",
      true,
    ],
    ["polygons apart", "POLYGON ((0 0, 1 0, 1 1, 0 0))", "POLYGON ((2 2, 3 2, 3 3, 2 2))", false],
    [
      "a multipolygon whose second polygon holds a point",
      "MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), ((5 5, 7 5, 7 7, 5 7, 5 5)))",
      "POINT (6 6)",
      true,
    ],
    ["a multipoint with one point inside", holed, "MULTIPOINT ((9 9), (3 3))", true],
    ["a multipoint with every point outside", holed, "MULTIPOINT ((9 9), (1.5 1.5))", false],
    [
      "a multilinestring with one line crossing",
      "LINESTRING (0 0, 4 4)",
      "MULTILINESTRING ((9 9, 10 10), (0 4, 4 0))",
      true,
    ],
  ])("%s", (_, a, b, expected) => {
    expect(intersects(a, b)).toBe(expected)
    expect(intersects(b, a)).toBe(expected)
  })

  it("a polygon inside another's hole, but around a third polygon of the multipolygon, intersects it", () => {
    const holedWithIsland = `MULTIPOLYGON (((0 0, 4 0, 4 4, 0 4, 0 0), (1 1, 3 1, 3 3, 1 3, 1 1)), ((1.8 1.8, 2.2 1.8, 2.2 2.2, 1.8 1.8)))`
    expect(intersects(holedWithIsland, "POLYGON ((1.5 1.5, 2.5 1.5, 2.5 2.5, 1.5 2.5, 1.5 1.5))")).toBe(true)
    expect(intersects(holedWithIsland, "POLYGON ((1.2 1.2, 1.6 1.2, 1.6 1.6, 1.2 1.2))")).toBe(false)
  })
})

describe("GeometryIntersection properties", () => {
  const gridValue = fc.integer({ min: -20, max: 20 })
  const position = fc.tuple(gridValue, gridValue)

  /** A rectangle as a polygon, from two opposite corners of a non-empty box. */
  const rectangle = fc
    .tuple(position, fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 10 }))
    .map(([[x, y], width, height]) => ({
      box: { minLongitude: x, minLatitude: y, maxLongitude: x + width, maxLatitude: y + height },
      polygon: read(
        `POLYGON ((${x} ${y}, ${x + width} ${y}, ${x + width} ${y + height}, ${x} ${y + height}, ${x} ${y}))`,
      ),
    }))

  it("two rectangles meet exactly when their boxes do, touching included", () => {
    fc.assert(
      fc.property(rectangle, rectangle, (a, b) => {
        expect(GeometryIntersection.intersects(a.polygon, b.polygon)).toBe(
          BoundingBox.intersects(a.box, b.box),
        )
      }),
      { numRuns: 2000 },
    )
  })

  /** Whether `x` lies on the closed segment from `r` to `s` (a segment of length zero is a point). */
  const onSegment = (r: Position, s: Position, x: Position) =>
    (s[0] - r[0]) * (x[1] - r[1]) === (s[1] - r[1]) * (x[0] - r[0]) &&
    x[0] >= Math.min(r[0], s[0]) &&
    x[0] <= Math.max(r[0], s[0]) &&
    x[1] >= Math.min(r[1], s[1]) &&
    x[1] <= Math.max(r[1], s[1])

  /**
   * Whether two closed segments on the integer grid meet, the textbook way: solve
   * `p + t (q - p) = r + u (s - r)` by Cramer's rule (exact on small integers) and check that both
   * parameters are in [0, 1]; parallel or degenerate segments meet when an end of one is on the other.
   */
  const segmentsMeet = ([p, q]: readonly [Position, Position], [r, s]: readonly [Position, Position]) => {
    const [dx, dy] = [q[0] - p[0], q[1] - p[1]]
    const [ex, ey] = [s[0] - r[0], s[1] - r[1]]
    const [fx, fy] = [r[0] - p[0], r[1] - p[1]]
    const determinant = ex * dy - dx * ey
    if (determinant === 0)
      return onSegment(r, s, p) || onSegment(r, s, q) || onSegment(p, q, r) || onSegment(p, q, s)
    const t = ex * fy - fx * ey
    const u = dx * fy - dy * fx
    const inRange = (n: number) => (determinant > 0 ? n >= 0 && n <= determinant : n <= 0 && n >= determinant)
    return inRange(t) && inRange(u)
  }

  const line = fc.array(position, { minLength: 2, maxLength: 12 })

  it("two lines meet exactly when some pair of their segments does", () => {
    fc.assert(
      fc.property(line, line, (a, b) => {
        const segments = (path: ReadonlyArray<Position>) =>
          path.slice(1).map((to, i) => [path[i]!, to] as const)
        const expected = segments(a).some((x) => segments(b).some((y) => segmentsMeet(x, y)))
        const lineOf = (path: ReadonlyArray<Position>): Wkt.Geometry => ({
          type: "LineString",
          coordinates: path,
        })
        expect(GeometryIntersection.intersects(lineOf(a), lineOf(b))).toBe(expected)
      }),
      { numRuns: 3000 },
    )
  })

  it("a point meets a polygon with holes exactly when the polygon contains it, boundary included", () => {
    const offset = fc.double({ min: -1.2, max: 1.2, noNaN: true })
    fc.assert(
      fc.property(
        starPolygon,
        fc.array(fc.tuple(offset, offset), { minLength: 20, maxLength: 20 }),
        (shape, offsets) => {
          const points: Array<Position> = [
            ...edges(shape.polygon).map(([[ax, ay], [bx, by]]): Position => [(ax + bx) / 2, (ay + by) / 2]),
            ...offsets.map(
              ([dx, dy]): Position => [
                onGrid(shape.center[0] + dx * shape.size),
                onGrid(shape.center[1] + dy * shape.size),
              ],
            ),
            shape.holes[0],
          ]
          for (const point of points) {
            expect(
              GeometryIntersection.intersects(shape.polygon, { type: "Point", coordinates: point }),
            ).toBe(PointInPolygon.contains(shape.polygon, point))
          }
        },
      ),
      { numRuns: 200 },
    )
  })

  it("is symmetric, and a polygon meets itself", () => {
    fc.assert(
      fc.property(starPolygon, starPolygon, (a, b) => {
        expect(GeometryIntersection.intersects(a.polygon, b.polygon)).toBe(
          GeometryIntersection.intersects(b.polygon, a.polygon),
        )
        expect(GeometryIntersection.intersects(a.polygon, a.polygon)).toBe(true)
      }),
      { numRuns: 200 },
    )
  })
})
