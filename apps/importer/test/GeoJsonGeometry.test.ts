import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import * as GeoJsonGeometry from "../src/GeoJsonGeometry.ts"
import { square } from "./support/Fixtures.ts"

describe("GeoJsonGeometry", () => {
  it("reads the six geometry types and drops altitudes", () => {
    expect(GeoJsonGeometry.read({ type: "Point", coordinates: [174.7, -41.3, 12] })).toEqual(
      Result.succeed({ type: "Point", coordinates: [174.7, -41.3] }),
    )
    const polygons = [[square(0, 0, 1)], [square(5, 5, 1), square(5.2, 5.2, 0.2)]]
    expect(GeoJsonGeometry.read({ type: "MultiPolygon", coordinates: polygons })).toEqual(
      Result.succeed({ type: "MultiPolygon", coordinates: polygons }),
    )
  })

  it("turns a collection of one kind into the multi-geometry of that kind", () => {
    const collection = {
      type: "GeometryCollection",
      geometries: [
        { type: "Polygon", coordinates: [square(0, 0, 1)] },
        { type: "MultiPolygon", coordinates: [[square(2, 0, 1)], [square(4, 0, 1)]] },
      ],
    }
    expect(GeoJsonGeometry.read(collection)).toEqual(
      Result.succeed({
        type: "MultiPolygon",
        coordinates: [[square(0, 0, 1)], [square(2, 0, 1)], [square(4, 0, 1)]],
      }),
    )
  })

  it("refuses what the API cannot store, saying why", () => {
    expect(GeoJsonGeometry.read(null)).toEqual(Result.fail("has no geometry"))
    expect(
      GeoJsonGeometry.read({
        type: "Polygon",
        coordinates: [
          [
            [0, 0],
            [1, "x"],
          ],
        ],
      }),
    ).toEqual(
      Result.fail("Polygon coordinates must be a list of rings of positions, each with finite numbers"),
    )
    expect(GeoJsonGeometry.read({ type: "Polygon", coordinates: [] })).toEqual(
      Result.fail("Polygon is empty"),
    )
    expect(
      GeoJsonGeometry.read({
        type: "GeometryCollection",
        geometries: [
          { type: "Point", coordinates: [0, 0] },
          {
            type: "LineString",
            coordinates: [
              [0, 0],
              [1, 1],
            ],
          },
        ],
      }),
    ).toEqual(Result.fail("GeometryCollection mixes points, lines and polygons; shapes hold one kind"))
    expect(GeoJsonGeometry.read({ type: "Circle", coordinates: [0, 0] })).toEqual(
      Result.fail('has a geometry of unknown type "Circle"'),
    )
  })
})
