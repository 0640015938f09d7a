/**
 * The source key: what names a feature of a file across runs, stored in the shape's metadata as
 * `source_key`. An import skips the features whose key the app's shapes already hold, so running
 * it again, or after it was stopped, creates no duplicates.
 *
 * The key is the file's name (not its folder, so a moved file keeps its keys), the layer inside an
 * archive, and the feature's number: files are expected to keep their order between runs.
 */
import { basename } from "node:path"
import type { SourceFeature } from "./SourceFeature.ts"

/**
 * The metadata key that holds the source key.
 *
 * @example
 * ```ts
 * shape.metadata[SourceKey.metadataKey] // "parcels.geojson#12"
 * ```
 */
export const metadataKey = "source_key"

/**
 * The key of a feature.
 *
 * @example
 * ```ts
 * SourceKey.of({ file: "data/parcels.zip", layer: "parcels.shp", number: 12 }) // "parcels.zip:parcels.shp#12"
 * ```
 */
export const of = (feature: Pick<SourceFeature, "file" | "layer" | "number">): string =>
  `${basename(feature.file)}${feature.layer === undefined ? "" : `:${feature.layer}`}#${feature.number}`
