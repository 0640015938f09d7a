/**
 * A source feature made ready to send: its geometry checked with the API's own rules (`Wkt`,
 * `GeometryValidation` of the domain) and written as WKT, and its metadata built from its
 * properties and the import's options. A feature that breaks a rule gets a reason instead.
 */
import * as BoundingBox from "@fieldreport/domain/BoundingBox"
import * as GeometryValidation from "@fieldreport/domain/GeometryValidation"
import type { ShapeMetadata } from "@fieldreport/domain/Shape"
import * as ShapeColor from "@fieldreport/domain/ShapeColor"
import * as Wkt from "@fieldreport/domain/Wkt"
import { Result } from "effect"
import * as GeoJsonGeometry from "./GeoJsonGeometry.ts"
import * as Properties from "./Properties.ts"
import type { SourceFeature } from "./SourceFeature.ts"
import * as SourceKey from "./SourceKey.ts"

/**
 * What the import's options say about metadata.
 *
 * @example
 * ```ts
 * const options: MetadataOptions = { display: ["name", "area_ha"], color: "#3388ff", colorProperty: "fill" }
 * ```
 */
export interface MetadataOptions {
  /** Properties whose values become `metadata.display`, in this order. */
  readonly display: ReadonlyArray<string>
  /** The colour of every shape, unless `colorProperty` gives one. */
  readonly color: string | undefined
  /** A property holding each feature's own colour. */
  readonly colorProperty: string | undefined
}

/**
 * A shape to create: its source key, WKT, metadata, and its box (to find it again by a shape
 * search).
 *
 * @example
 * ```ts
 * const draft: ShapeDraft = {
 *   sourceKey: "sites.csv#1",
 *   geom: "POINT (174.7 -41.3)",
 *   metadata: { raw: {}, source_key: "sites.csv#1" },
 *   box: { minLongitude: 174.7, minLatitude: -41.3, maxLongitude: 174.7, maxLatitude: -41.3 },
 * }
 * ```
 */
export interface ShapeDraft {
  readonly sourceKey: string
  readonly geom: string
  readonly metadata: ShapeMetadata
  readonly box: BoundingBox.BoundingBox
}

const geometryOf = (feature: SourceFeature): Result.Result<Wkt.Geometry, string> => {
  const read =
    "wkt" in feature.geometry
      ? Result.mapError(Wkt.parse(feature.geometry.wkt, "geometry"), (invalid) => invalid.message)
      : GeoJsonGeometry.read(feature.geometry.geoJson)
  return Result.flatMap(read, (geometry) =>
    Result.mapError(GeometryValidation.validate(geometry, "geometry"), (invalid) => invalid.message),
  )
}

const metadataOf = (feature: SourceFeature, sourceKey: string, options: MetadataOptions): ShapeMetadata => {
  const raw = Properties.toJson(feature.properties)
  const display = options.display.flatMap((name) => {
    const value = feature.properties[name]
    return value === undefined || value === null || value === "" ? [] : [Properties.text(value)]
  })
  const ownColor = options.colorProperty === undefined ? undefined : feature.properties[options.colorProperty]
  // A property value that is no colour is passed over, as the API itself passes over such metadata.
  const color = ShapeColor.isCssColor(ownColor) ? ownColor : options.color
  return {
    ...(options.display.length > 0 ? { display } : {}),
    raw,
    ...(color === undefined ? {} : { normal_color: color }),
    [SourceKey.metadataKey]: sourceKey,
  }
}

/**
 * The draft of a feature, or why it cannot be imported (`geometry: outer ring is not closed: …`).
 *
 * @example
 * ```ts
 * ShapeDraft.fromFeature(feature, { display: ["name"], color: undefined, colorProperty: undefined })
 * // Result.succeed({ sourceKey: "parcels.geojson#1", geom: "POLYGON ((…))", metadata: { display: ["Lot 1"], raw: {…}, source_key: "parcels.geojson#1" } })
 * ```
 */
export const fromFeature = (
  feature: SourceFeature,
  options: MetadataOptions,
): Result.Result<ShapeDraft, string> => {
  const sourceKey = SourceKey.of(feature)
  return Result.map(geometryOf(feature), (geometry) => ({
    sourceKey,
    geom: Wkt.write(geometry),
    metadata: metadataOf(feature, sourceKey, options),
    box: BoundingBox.of(geometry),
  }))
}
