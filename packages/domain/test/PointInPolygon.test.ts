import { describe, expect, it } from "@effect/vitest"
import * as fc from "fast-check"
import * as PointInPolygon from "../src/PointInPolygon.ts"
import type { Position } from "../src/Position.ts"
import type { MultiPolygon, Polygon } from "../src/Wkt.ts"
import { starPolygon, starPolygonWithInsidePoint } from "./internal/starPolygons.ts"

// A 4 × 4 square with a square hole from 1 to 2, and a notch cut into its top edge down to (3, 3).
const notchedSquare: Polygon = {
  type: "Polygon",
  coordinates: [
    [
      [0, 0],
      [4, 0],
      [4, 4],
      [3.5, 4],
      [3, 3],
      [2.5, 4],
      [0, 4],
      [0, 0],
    ],
    [
      [1, 1],
      [2, 1],
      [2, 2],
      [1, 2],
      [1, 1],
    ],
  ],
}

const twoSquares: MultiPolygon = {
  type: "MultiPolygon",
  coordinates: [
    [
      [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 1],
        [0, 0],
      ],
    ],
    [
      [
        [5, 5],
        [6, 5],
        [6, 6],
        [5, 6],
        [5, 5],
      ],
      [
        [5.25, 5.25],
        [5.75, 5.25],
        [5.75, 5.75],
        [5.25, 5.25],
      ],
    ],
  ],
}

describe("PointInPolygon.contains", () => {
  it.each<[string, Position, boolean]>([
    ["inside", [3, 1], true],
    ["outside, east", [5, 1], false],
    ["outside, south-west", [-1, -1], false],
    ["in the hole", [1.5, 1.5], false],
    ["on an outer edge", [4, 2], true],
    ["on an outer corner", [0, 0], true],
    ["on a hole's edge", [1.5, 2], true],
    ["on a hole's corner", [2, 1], true],
    ["in the notch, outside", [3, 3.5], false],
    ["at the bottom of the notch, on the boundary", [3, 3], true],
    ["level with the bottom of the notch, west of it", [1, 3], true],
    ["level with the notch's top corners, between them", [3, 4], false],
    ["level with a hole's bottom edge, west of the hole", [0.5, 1], true],
    ["level with a hole's bottom edge, east of the hole", [3, 1], true],
    ["on the line through an outer edge, past it", [4, 5], false],
  ])("%s", (_, point, expected) => {
    expect(PointInPolygon.contains(notchedSquare, point)).toBe(expected)
  })

  it.each<[string, Position, boolean]>([
    ["inside the first polygon", [0.5, 0.5], true],
    ["inside the second polygon", [5.1, 5.9], true],
    ["in the second polygon's hole", [5.6, 5.4], false],
    ["on the second polygon's hole's edge", [5.5, 5.5], true],
    ["between the polygons", [3, 3], false],
  ])("in a multipolygon: %s", (_, point, expected) => {
    expect(PointInPolygon.contains(twoSquares, point)).toBe(expected)
  })

  it("counts a ring's corners and edges as its boundary whichever way it winds", () => {
    const clockwise: Polygon = {
      type: "Polygon",
      coordinates: [notchedSquare.coordinates[0]!.toReversed(), notchedSquare.coordinates[1]!.toReversed()],
    }
    for (const point of [
      [3, 1],
      [1.5, 2],
      [3, 3],
      [1, 3],
    ] as const) {
      expect(PointInPolygon.contains(clockwise, point)).toBe(true)
    }
    expect(PointInPolygon.contains(clockwise, [1.5, 1.5])).toBe(false)
  })
})

describe("PointInPolygon properties", () => {
  it("a point generated inside a polygon with holes is inside", () => {
    fc.assert(
      fc.property(starPolygonWithInsidePoint, ([shape, point]) => {
        expect(PointInPolygon.contains(shape.polygon, point)).toBe(true)
      }),
      { numRuns: 500 },
    )
  })

  it("every corner and edge midpoint is on the boundary, so inside", () => {
    fc.assert(
      fc.property(starPolygon, ({ polygon }) => {
        for (const ring of polygon.coordinates) {
          ring.slice(1).forEach(([x, y], i) => {
            const [px, py] = ring[i]!
            expect(PointInPolygon.contains(polygon, [x, y])).toBe(true)
            expect(PointInPolygon.contains(polygon, [(x + px) / 2, (y + py) / 2])).toBe(true)
          })
        }
      }),
      { numRuns: 200 },
    )
  })

  it("the middle of a hole, and anything beyond the outer ring's reach, is outside", () => {
    fc.assert(
      fc.property(starPolygon, fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }), (shape, angle) => {
        const [x, y] = shape.center
        const far: Position = [
          x + 1.01 * shape.size * Math.cos(angle),
          y + 1.01 * shape.size * Math.sin(angle),
        ]
        expect(PointInPolygon.contains(shape.polygon, shape.holes[0])).toBe(false)
        expect(PointInPolygon.contains(shape.polygon, shape.holes[1])).toBe(false)
        expect(PointInPolygon.contains(shape.polygon, far)).toBe(false)
      }),
      { numRuns: 500 },
    )
  })
})
