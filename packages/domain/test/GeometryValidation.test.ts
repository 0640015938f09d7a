import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import * as fc from "fast-check"
import * as GeometryValidation from "../src/GeometryValidation.ts"
import type { Position } from "../src/Position.ts"
import * as Wkt from "../src/Wkt.ts"

const PATH = "alert_area.area"

const geometry = (text: string): Wkt.Geometry => {
  const result = Wkt.parse(text, PATH)
  if (Result.isFailure(result)) throw new Error(result.failure.message)
  return result.success
}

const messages = (shape: Wkt.Geometry) => {
  const result = GeometryValidation.validate(shape, PATH)
  return Result.isFailure(result) ? result.failure.errors[PATH] : undefined
}

const polygon = (ring: ReadonlyArray<Position>): Wkt.Polygon => ({ type: "Polygon", coordinates: [ring] })

/** A simple ring of `count` positions (the closing one included) around a circle. */
const circleRing = (count: number): Array<Position> => {
  const ring = Array.from({ length: count - 1 }, (_, i): Position => {
    const angle = (2 * Math.PI * i) / (count - 1)
    return [Math.cos(angle), Math.sin(angle)]
  })
  return [...ring, ring[0]!]
}

/**
 * A simple ring of `2 * rows + 4` positions whose long edges are all under the sweep line at once:
 * an even number of rows, 0.01 degree apart, from longitude 1 to 100 joined alternately at either
 * end, and a spine at longitude 0 back to the start.
 */
const serpentineRing = (rows: number): Array<Position> => {
  const ring: Array<Position> = [[0, 0]]
  for (let row = 0; row < rows; row++) {
    const [first, second] = row % 2 === 0 ? [1, 100] : [100, 1]
    ring.push([first, row / 100], [second, row / 100])
  }
  ring.push([0, (rows - 1) / 100], [0, (rows - 1) / 200], [0, 0])
  return ring
}

describe("GeometryValidation.validate", () => {
  it.each([
    ["a point", "POINT (174.7 -41.3)"],
    ["the corners of the map", "MULTIPOINT (-180 -90, 180 90)"],
    ["a line", "LINESTRING (0 0, 1 1)"],
    ["a polygon with a hole", "POLYGON ((0 0, 4 0, 4 4, 0 4, 0 0), (1 1, 2 1, 2 2, 1 1))"],
    ["a concave polygon", "POLYGON ((0 0, 4 0, 4 4, 2 1, 0 4, 0 0))"],
    ["a position repeated in a row", "POLYGON ((0 0, 4 0, 4 0, 4 4, 0 0))"],
    ["a corner on the line through an edge, but past it", "POLYGON ((0 0, 2 0, 2 1, 3 0, 3 2, 0 2, 0 0))"],
    ["a multipolygon", "MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), ((5 5, 6 5, 6 6, 5 5)))"],
  ])("accepts %s", (_, text) => {
    expect(messages(geometry(text))).toBeUndefined()
  })

  it.each([
    ["a longitude out of range", "POINT (180.5 0)", "longitude must be between -180 and 180, not 180.5"],
    [
      "a latitude out of range",
      "MULTIPOINT (0 0, 0 -90.1)",
      "latitude must be between -90 and 90, not -90.1",
    ],
    ["a line of one position", "LINESTRING (0 0)", "the line has 1 position; a line needs at least 2"],
    [
      "a line of a multiline of one position",
      "MULTILINESTRING ((0 0, 1 1), (2 2))",
      "line 2 has 1 position; a line needs at least 2",
    ],
    [
      "a ring of three positions",
      "POLYGON ((0 0, 1 0, 0 0))",
      "outer ring has 3 positions; a ring needs at least 4",
    ],
    [
      "an unclosed ring",
      "POLYGON ((0 0, 1 0, 1 1, 0 1))",
      "outer ring is not closed: its last position must repeat its first",
    ],
    [
      "an unclosed hole of the second polygon",
      "MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), ((5 5, 9 5, 9 9, 5 5), (6 5.5, 7 5.5, 7 6, 6 6)))",
      "polygon 2, hole 1 is not closed: its last position must repeat its first",
    ],
    [
      "a ring of one repeated position",
      "POLYGON ((1 1, 1 1, 1 1, 1 1))",
      "outer ring encloses no area: it needs at least 3 distinct corners",
    ],
    [
      "a ring there and back",
      "POLYGON ((0 0, 1 1, 1 1, 0 0))",
      "outer ring encloses no area: it needs at least 3 distinct corners",
    ],
    [
      "a bow tie",
      "POLYGON ((0 0, 2 2, 2 0, 0 2, 0 0))",
      "outer ring intersects itself: the edge 0 0, 2 2 meets the edge 2 0, 0 2",
    ],
    [
      "a ring touching itself at a corner",
      "POLYGON ((0 0, 2 0, 1 1, 2 2, 0 2, 1 1, 0 0))",
      "outer ring intersects itself: the edge 2 0, 1 1 meets the edge 1 1, 0 0",
    ],
    [
      "a corner on another edge",
      "POLYGON ((0 0, 4 0, 4 4, 2 0, 0 4, 0 0))",
      "outer ring intersects itself: the edge 0 0, 4 0 meets the edge 2 0, 0 4",
    ],
    [
      "a spike",
      "POLYGON ((0 0, 2 0, 1 0, 1 1, 0 0))",
      "outer ring intersects itself: the edge 0 0, 2 0 meets the edge 2 0, 1 0",
    ],
    [
      "all corners on a line",
      "POLYGON ((0 0, 1 0, 2 0, 0 0))",
      "outer ring intersects itself: the edge 1 0, 2 0 meets the edge 2 0, 0 0",
    ],
    [
      "edges overlapping along a line",
      "POLYGON ((0 0, 3 0, 3 1, 2 0, 1 0, 1 -1, 0 0))",
      "outer ring intersects itself: the edge 0 0, 3 0 meets the edge 1 0, 1 -1",
    ],
    [
      "a self-intersecting hole",
      "POLYGON ((0 0, 9 0, 9 9, 0 0), (5 1, 7 3, 7 1, 5 3, 5 1))",
      "hole 1 intersects itself: the edge 5 1, 7 3 meets the edge 7 1, 5 3",
    ],
    [
      "a vertical edge through another",
      "POLYGON ((0 1, 2 1, 2 2, 1 2, 1 0, 0 0, 0 1))",
      "outer ring intersects itself: the edge 0 1, 2 1 meets the edge 1 2, 1 0",
    ],
  ])("rejects %s", (_, text, message) => {
    expect(messages(geometry(text))).toEqual([message])
  })

  it("reports the first violation of every broken rule, at the field path", () => {
    const result = GeometryValidation.validate(
      geometry("POLYGON ((0 0, 200 0, 200 100, 0 100, 0 1), (1 1, 300 1, 1 1))"),
      PATH,
    )
    expect(Result.isFailure(result) && result.failure.errors).toEqual({
      [PATH]: [
        "longitude must be between -180 and 180, not 200",
        "latitude must be between -90 and 90, not 100",
        "hole 1 has 3 positions; a ring needs at least 4",
        "outer ring is not closed: its last position must repeat its first",
      ],
    })
  })

  it("allows 10,000 positions, not one more", () => {
    expect(messages(polygon(circleRing(GeometryValidation.MAX_POSITIONS)))).toBeUndefined()
    expect(messages(polygon(circleRing(GeometryValidation.MAX_POSITIONS + 1)))).toEqual([
      "has 10001 positions; at most 10000 are allowed",
    ])
  })

  it("accepts 10,000 valid positions, even with every edge under the sweep line at once", () => {
    const serpentine = polygon(serpentineRing(4_998))
    expect(Wkt.positions(serpentine).length).toBe(10_000)
    expect(messages(serpentine)).toBeUndefined()
    expect(messages(polygon(circleRing(10_000)))).toBeUndefined()
  })

  it("finds a crossing hidden among 10,000 positions", () => {
    const ring = serpentineRing(4_998)
    // Pull the east end of row 2000 down across row 1999.
    const corner = ring.findIndex(([x, y]) => y === 20 && x === 100)
    ring[corner] = [100, 19.985]
    expect(messages(polygon(ring))).toEqual([
      "outer ring intersects itself: the edge 100 19.99, 1 19.99 meets the edge 1 20, 100 19.985",
    ])
  })
})

/** The obvious O(n²) check, written independently of the sweep: every pair of edges. */
const isSimpleByEveryPair = (ring: ReadonlyArray<Position>): boolean => {
  const corners = ring.filter((p, i) => i === 0 || p[0] !== ring[i - 1]![0] || p[1] !== ring[i - 1]![1])
  const count = corners.length - 1
  if (count < 3) return false
  const cross = (o: Position, a: Position, b: Position) =>
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
  const between = (a: Position, b: Position, p: Position) =>
    Math.min(a[0], b[0]) <= p[0] &&
    p[0] <= Math.max(a[0], b[0]) &&
    Math.min(a[1], b[1]) <= p[1] &&
    p[1] <= Math.max(a[1], b[1])
  const onSegment = (a: Position, b: Position, p: Position) => cross(a, b, p) === 0 && between(a, b, p)
  const meet = (a: Position, b: Position, c: Position, d: Position) => {
    const [d1, d2, d3, d4] = [cross(c, d, a), cross(c, d, b), cross(a, b, c), cross(a, b, d)]
    if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true
    return onSegment(c, d, a) || onSegment(c, d, b) || onSegment(a, b, c) || onSegment(a, b, d)
  }
  const same = (a: Position, b: Position) => a[0] === b[0] && a[1] === b[1]
  for (let i = 0; i < count; i++) {
    for (let j = i + 1; j < count; j++) {
      const [a, b, c, d] = [corners[i]!, corners[i + 1]!, corners[j]!, corners[j + 1]!]
      const neighbours = j === i + 1 || (i === 0 && j === count - 1)
      if (!neighbours) {
        if (meet(a, b, c, d)) return false
      } else {
        // Neighbours share one corner; they must share nothing else.
        const [shared, p, q] = same(b, c) ? [b, a, d] : [a, b, c]
        const overlap = (onSegment(shared, p, q) || onSegment(shared, q, p)) && !same(p, shared)
        if (overlap) return false
      }
    }
  }
  return true
}

describe("GeometryValidation self-intersection", () => {
  // Small rings on a 5 × 5 grid: corners on edges, overlaps and touching corners are common.
  const gridRing = fc
    .array(fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 4 })), {
      minLength: 3,
      maxLength: 9,
    })
    .map((corners): Array<Position> => [...corners, corners[0]!])

  it("agrees with comparing every pair of edges, on rings full of touching and overlapping edges", () => {
    fc.assert(
      fc.property(gridRing, (ring) => {
        expect(messages(polygon(ring)) === undefined).toBe(isSimpleByEveryPair(ring))
      }),
      { numRuns: 20_000 },
    )
  })

  it("agrees with comparing every pair of edges, on larger rings in general position", () => {
    // Multiples of 1/2048 degree, so both checks compute the same exact cross products.
    const coordinate = fc.integer({ min: -100_000, max: 100_000 }).map((n) => n / 2048)
    const ring = fc
      .array(fc.tuple(coordinate, coordinate), { minLength: 3, maxLength: 30 })
      .map((corners): Array<Position> => [...corners, corners[0]!])
    fc.assert(
      fc.property(ring, (corners) => {
        expect(messages(polygon(corners)) === undefined).toBe(isSimpleByEveryPair(corners))
      }),
      { numRuns: 2_000 },
    )
  })
})
