import { describe, expect, it } from "@effect/vitest"
import * as fc from "fast-check"
import * as BoundingBox from "../src/BoundingBox.ts"
import type { Position } from "../src/Position.ts"
import type * as Wkt from "../src/Wkt.ts"

const box = (minLongitude: number, minLatitude: number, maxLongitude: number, maxLatitude: number) => ({
  minLongitude,
  minLatitude,
  maxLongitude,
  maxLatitude,
})

describe("BoundingBox.of", () => {
  it.each<[string, Wkt.Geometry, BoundingBox.BoundingBox]>([
    ["a point", { type: "Point", coordinates: [174.7, -41.3] }, box(174.7, -41.3, 174.7, -41.3)],
    [
      "a line",
      {
        type: "LineString",
        coordinates: [
          [1, 5],
          [3, -2],
          [2, 7],
        ],
      },
      box(1, -2, 3, 7),
    ],
    [
      "a polygon, from its outer ring",
      {
        type: "Polygon",
        coordinates: [
          [
            [0, 0],
            [4, 0],
            [4, 3],
            [0, 0],
          ],
          [
            [1, 0.5],
            [2, 0.5],
            [2, 1],
            [1, 0.5],
          ],
        ],
      },
      box(0, 0, 4, 3),
    ],
    [
      "points",
      {
        type: "MultiPoint",
        coordinates: [
          [-10, 20],
          [10, -20],
        ],
      },
      box(-10, -20, 10, 20),
    ],
    [
      "lines",
      {
        type: "MultiLineString",
        coordinates: [
          [
            [0, 0],
            [1, 1],
          ],
          [
            [-5, 2],
            [-4, 3],
          ],
        ],
      },
      box(-5, 0, 1, 3),
    ],
    [
      "polygons",
      {
        type: "MultiPolygon",
        coordinates: [
          [
            [
              [0, 0],
              [1, 0],
              [1, 1],
              [0, 0],
            ],
          ],
          [
            [
              [170, -50],
              [179, -50],
              [179, -40],
              [170, -50],
            ],
          ],
        ],
      },
      box(0, -50, 179, 1),
    ],
  ])("of %s", (_, geometry, expected) => {
    expect(BoundingBox.of(geometry)).toEqual(expected)
  })
})

describe("BoundingBox helpers", () => {
  const square = box(0, 0, 2, 2)

  it("finds the centre", () => {
    expect(BoundingBox.center(box(170, -42, 176, -40))).toEqual([173, -41])
  })

  it.each<[string, Position, boolean]>([
    ["inside", [1, 1], true],
    ["on an edge", [2, 1], true],
    ["on a corner", [0, 2], true],
    ["west", [-0.1, 1], false],
    ["east", [2.1, 1], false],
    ["south", [1, -0.1], false],
    ["north", [1, 2.1], false],
  ])("contains a position %s: %s", (_, position, expected) => {
    expect(BoundingBox.contains(square, position)).toBe(expected)
  })

  it.each<[string, BoundingBox.BoundingBox, boolean, boolean, BoundingBox.BoundingBox | undefined]>([
    ["the same box", square, true, true, square],
    ["a box inside", box(0.5, 0.5, 1, 1), true, true, box(0.5, 0.5, 1, 1)],
    ["a box overlapping", box(1, 1, 3, 3), false, true, box(1, 1, 2, 2)],
    ["a box touching at a corner", box(2, 2, 3, 3), false, true, box(2, 2, 2, 2)],
    ["a box touching along an edge", box(2, 0, 3, 2), false, true, box(2, 0, 2, 2)],
    ["a box around it", box(-1, -1, 3, 3), false, true, square],
    ["a box to the east", box(2.5, 0, 3, 2), false, false, undefined],
    ["a box to the north", box(0, 2.5, 2, 3), false, false, undefined],
    ["a box in the same longitudes, further south", box(0, -3, 2, -1), false, false, undefined],
  ])("against %s: contains %s, intersects %s", (_, other, contains, intersects, intersection) => {
    expect(BoundingBox.containsBox(square, other)).toBe(contains)
    expect(BoundingBox.intersects(square, other)).toBe(intersects)
    expect(BoundingBox.intersects(other, square)).toBe(intersects)
    expect(BoundingBox.intersection(square, other)).toEqual(intersection)
  })

  it("holds every position of the geometry it was made from", () => {
    const position = fc.tuple(
      fc.double({ min: -180, max: 180, noNaN: true }),
      fc.double({ min: -90, max: 90, noNaN: true }),
    )
    fc.assert(
      fc.property(fc.array(position, { minLength: 1, maxLength: 20 }), (coordinates) => {
        const bounds = BoundingBox.of({ type: "MultiPoint", coordinates })
        expect(coordinates.every((p) => BoundingBox.contains(bounds, p))).toBe(true)
        // And it is the smallest: every edge touches a position.
        expect(coordinates.some(([x]) => x === bounds.minLongitude)).toBe(true)
        expect(coordinates.some(([x]) => x === bounds.maxLongitude)).toBe(true)
        expect(coordinates.some(([, y]) => y === bounds.minLatitude)).toBe(true)
        expect(coordinates.some(([, y]) => y === bounds.maxLatitude)).toBe(true)
      }),
    )
  })
})
