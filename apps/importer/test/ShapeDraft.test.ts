import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import * as ShapeDraft from "../src/ShapeDraft.ts"
import type { SourceFeature } from "../src/SourceFeature.ts"
import { square } from "./support/Fixtures.ts"

const options: ShapeDraft.MetadataOptions = { display: [], color: undefined, colorProperty: undefined }

const feature = (
  geometry: SourceFeature["geometry"],
  properties: Record<string, unknown> = {},
): SourceFeature => ({
  file: "data/blocks.geojson",
  number: 7,
  geometry,
  properties,
})

describe("ShapeDraft", () => {
  it("writes the geometry as WKT and keeps the properties, the display values and the source key", () => {
    const draft = ShapeDraft.fromFeature(
      feature(
        { geoJson: { type: "Polygon", coordinates: [square(174, -41, 0.5)] } },
        { name: "Block 7", hectares: 12.5, planted: new Date("2024-03-01T00:00:00Z"), owner: null },
      ),
      { ...options, display: ["name", "hectares", "owner", "missing"] },
    )
    expect(draft).toEqual(
      Result.succeed({
        sourceKey: "blocks.geojson#7",
        geom: "POLYGON ((174 -41, 174.5 -41, 174.5 -40.5, 174 -40.5, 174 -41))",
        metadata: {
          display: ["Block 7", "12.5"],
          raw: { name: "Block 7", hectares: 12.5, planted: "2024-03-01T00:00:00.000Z", owner: null },
          source_key: "blocks.geojson#7",
        },
        box: { minLongitude: 174, minLatitude: -41, maxLongitude: 174.5, maxLatitude: -40.5 },
      }),
    )
  })

  it("takes the colour from the colour property when it holds one, else from --color", () => {
    const colorOf = (properties: Record<string, unknown>) =>
      Result.map(
        ShapeDraft.fromFeature(feature({ wkt: "POINT (1 2)" }, properties), {
          ...options,
          color: "teal",
          colorProperty: "fill",
        }),
        (draft) => draft.metadata.normal_color,
      )
    expect(colorOf({ fill: "#ff0000" })).toEqual(Result.succeed("#ff0000"))
    expect(colorOf({ fill: "not a colour" })).toEqual(Result.succeed("teal"))
    expect(colorOf({})).toEqual(Result.succeed("teal"))
  })

  it("refuses geometries that break the API's rules, with the rule's message", () => {
    const reason = (geometry: SourceFeature["geometry"]) =>
      Result.match(ShapeDraft.fromFeature(feature(geometry), options), {
        onSuccess: () => "accepted",
        onFailure: (why) => why,
      })
    expect(reason({ wkt: "POLYGON ((0 0, 1 0, 1 1, 0 1))" })).toBe(
      "geometry: outer ring is not closed: its last position must repeat its first",
    )
    expect(reason({ geoJson: { type: "Point", coordinates: [200, 0] } })).toBe(
      "geometry: longitude must be between -180 and 180, not 200",
    )
    expect(
      reason({
        geoJson: {
          type: "Polygon",
          coordinates: [
            [
              [0, 0],
              [1, 1],
              [1, 0],
              [0, 1],
              [0, 0],
            ],
          ],
        },
      }),
    ).toMatch(/^geometry: outer ring intersects itself/)
    expect(reason({ wkt: "POINT (1 2 3)" })).toMatch(/^geometry: must have exactly two finite coordinates/)
  })
})
