/**
 * A feature as a source file gives it, before any check: where it came from, its geometry (GeoJSON
 * from GeoJSON, Shapefile and KML files, WKT text from a CSV column) and its attributes.
 */
import { Schema } from "effect"

/**
 * The geometry of a source feature, as the file holds it.
 *
 * @example
 * ```ts
 * const fromCsv: SourceGeometry = { wkt: "POINT (174.7 -41.3)" }
 * const fromGeoJson: SourceGeometry = { geoJson: { type: "Point", coordinates: [174.7, -41.3] } }
 * ```
 */
export type SourceGeometry = { readonly wkt: string } | { readonly geoJson: unknown }

/**
 * One feature of one source.
 *
 * @example
 * ```ts
 * const feature: SourceFeature = {
 *   file: "data/paddocks.zip",
 *   layer: "paddocks.shp",
 *   number: 12,
 *   geometry: { geoJson: { type: "Point", coordinates: [174.7, -41.3] } },
 *   properties: { name: "Top paddock" },
 * }
 * ```
 */
export interface SourceFeature {
  /** The file as the user named it. */
  readonly file: string
  /** The layer inside an archive that holds several (a `.shp` inside a `.zip`). */
  readonly layer?: string
  /** The feature's position in its source, from 1. */
  readonly number: number
  readonly geometry: SourceGeometry
  readonly properties: Readonly<Record<string, unknown>>
}

/**
 * A file that cannot be read at all (missing, of an unknown kind, not parseable): the import stops.
 *
 * @example
 * ```ts
 * new SourceError({ file: "areas.txt", message: "is not a GeoJSON, Shapefile, KML or CSV file" })
 * ```
 */
/**
 * Where a feature came from, for people: `data/paddocks.zip:paddocks.shp`.
 *
 * @example
 * ```ts
 * SourceFeature.origin({ file: "data/paddocks.zip", layer: "paddocks.shp" }) // "data/paddocks.zip:paddocks.shp"
 * ```
 */
export const origin = (feature: Pick<SourceFeature, "file" | "layer">): string =>
  feature.layer === undefined ? feature.file : `${feature.file}:${feature.layer}`

export class SourceError extends Schema.TaggedError<SourceError>()("SourceError", {
  file: Schema.String,
  reason: Schema.String,
}) {
  override get message(): string {
    return `${this.file}: ${this.reason}`
  }
}
