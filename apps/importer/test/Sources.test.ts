/**
 * The readers against files GDAL wrote from one GeoJSON: the same features must come out of the
 * Shapefile (plain, zipped, projected), KML and CSV versions.
 */
import { rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "@effect/vitest"
import { Effect, Result, Stream } from "effect"
import * as FeatureSource from "../src/FeatureSource.ts"
import * as ShapeDraft from "../src/ShapeDraft.ts"
import type { SourceFeature } from "../src/SourceFeature.ts"
import { type Feature, ogr2ogr, square, temporaryDirectory, writeGeoJson } from "./support/Fixtures.ts"
import * as Geometries from "./support/Geometries.ts"

// Around Wellington, so the New Zealand Transverse Mercator projection (EPSG:2193) is meaningful.
const blocks: ReadonlyArray<Feature> = [
  {
    type: "Feature",
    properties: { name: "Te Aro", hectares: 12.5 },
    geometry: {
      type: "Polygon",
      coordinates: [square(174.77, -41.3, 0.01), square(174.773, -41.297, 0.002)],
    },
  },
  {
    type: "Feature",
    properties: { name: "Ōwhiro Bay islands", hectares: 3 },
    geometry: {
      type: "MultiPolygon",
      coordinates: [[square(174.75, -41.34, 0.005)], [square(174.76, -41.34, 0.004)]],
    },
  },
]

const directory = temporaryDirectory()
writeGeoJson(directory, "blocks.geojson", blocks)
afterAll(() => rmSync(directory, { recursive: true, force: true }))

const read = (name: string) =>
  Stream.runCollect(
    FeatureSource.features({ path: join(directory, name), name }, { wktColumn: "WKT" }, () => {}),
  ).pipe(Effect.map((features) => [...features]))

const geometryOf = (feature: SourceFeature) => {
  const draft = ShapeDraft.fromFeature(feature, { display: [], color: undefined, colorProperty: undefined })
  return Geometries.parse(Result.getOrThrow(draft).geom)
}

/** Checks that the features are the blocks, positions within `tolerance` degrees. */
const expectBlocks = (features: ReadonlyArray<SourceFeature>, tolerance: number) => {
  expect(features.map((feature) => feature.number)).toEqual([1, 2])
  features.forEach((feature, i) => {
    const expected = Geometries.parse(
      Result.getOrThrow(
        ShapeDraft.fromFeature(
          { ...feature, geometry: { geoJson: blocks[i]?.geometry } },
          { display: [], color: undefined, colorProperty: undefined },
        ),
      ).geom,
    )
    expect(Geometries.distance(geometryOf(feature), expected)).toBeLessThan(tolerance)
    expect(feature.properties).toMatchObject(blocks[i]?.properties ?? {})
  })
}

describe("FeatureSource", () => {
  it.effect("reads GeoJSON as it was written", () =>
    Effect.gen(function* () {
      const features = yield* read("blocks.geojson")
      expect(features.map((feature) => feature.geometry)).toEqual(
        blocks.map((block) => ({ geoJson: block.geometry })),
      )
      expectBlocks(features, 1e-12)
    }),
  )

  it.effect("reads a Shapefile projected in EPSG:2193 back at the WGS 84 positions", () =>
    Effect.gen(function* () {
      ogr2ogr(
        directory,
        "-f",
        "ESRI Shapefile",
        "-t_srs",
        "EPSG:2193",
        "-lco",
        "ENCODING=UTF-8",
        "nztm.shp",
        "blocks.geojson",
      )
      const features = yield* read("nztm.shp")
      // Within a centimetre or so: proj4 undoes what PROJ did.
      expectBlocks(features, 1e-7)
      expect(features[1]?.properties.name).toBe("Ōwhiro Bay islands")
    }),
  )

  it.effect("reads every layer of a zipped Shapefile, naming the layer", () =>
    Effect.gen(function* () {
      ogr2ogr(
        directory,
        "-f",
        "ESRI Shapefile",
        "-t_srs",
        "EPSG:2193",
        "-lco",
        "ENCODING=UTF-8",
        "zipped.shp.zip",
        "blocks.geojson",
      )
      const features = yield* read("zipped.shp.zip")
      expect(features.map((feature) => feature.layer)).toEqual(["blocks.shp", "blocks.shp"])
      expectBlocks(features, 1e-7)
    }),
  )

  it.effect("reads KML, a MultiGeometry as a multi-polygon", () =>
    Effect.gen(function* () {
      ogr2ogr(directory, "-f", "KML", "blocks.kml", "blocks.geojson")
      const features = yield* read("blocks.kml")
      expect(geometryOf(features[1] as SourceFeature).type).toBe("MultiPolygon")
      expectBlocks(features, 1e-9)
    }),
  )

  it.effect("reads CSV with a WKT column, the other columns as properties", () =>
    Effect.gen(function* () {
      ogr2ogr(directory, "-f", "CSV", "-lco", "GEOMETRY=AS_WKT", "blocks.csv", "blocks.geojson")
      const features = yield* read("blocks.csv")
      expect(features[0]?.properties).toEqual({ name: "Te Aro", hectares: "12.5" })
      expect(features.map((feature) => geometryOf(feature).type)).toEqual(["Polygon", "MultiPolygon"])
    }),
  )

  it.effect("names the file and the missing column when a CSV has no WKT", () =>
    Effect.gen(function* () {
      ogr2ogr(directory, "-f", "CSV", "-lco", "GEOMETRY=AS_WKT", "other.csv", "blocks.geojson")
      const error = yield* Effect.flip(
        Stream.runDrain(
          FeatureSource.features(
            { path: join(directory, "other.csv"), name: "other.csv" },
            { wktColumn: "geom" },
            () => {},
          ),
        ),
      )
      expect(error.message).toBe(
        'other.csv: has no column "geom" (its columns: WKT, name, hectares); name the WKT column with --wkt-column',
      )
    }),
  )

  it.effect("refuses GeoJSON that is not a FeatureCollection", () =>
    Effect.gen(function* () {
      writeFileSync(join(directory, "feature.geojson"), JSON.stringify(blocks[0]))
      const error = yield* Effect.flip(
        Stream.runDrain(
          FeatureSource.features(
            { path: join(directory, "feature.geojson"), name: "feature.geojson" },
            { wktColumn: "WKT" },
            () => {},
          ),
        ),
      )
      expect(error.message).toBe(
        "feature.geojson: is not a GeoJSON FeatureCollection: no complete top-level features array",
      )
    }),
  )

  it.effect("refuses files it does not read, and files that are not there", () =>
    Effect.gen(function* () {
      const unknown = yield* Effect.flip(
        Stream.runDrain(
          FeatureSource.features(
            { path: "/x/areas.gpkg", name: "areas.gpkg" },
            { wktColumn: "WKT" },
            () => {},
          ),
        ),
      )
      expect(unknown.message).toMatch(/^areas.gpkg: is not a file the importer reads/)
      const missing = yield* Effect.flip(
        Stream.runDrain(
          FeatureSource.features(
            { path: "/x/areas.geojson", name: "areas.geojson" },
            { wktColumn: "WKT" },
            () => {},
          ),
        ),
      )
      expect(missing.message).toMatch(/^areas.geojson: ENOENT/)
    }),
  )
})
