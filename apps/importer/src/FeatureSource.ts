/**
 * The features of one input file, whatever its format, as a stream: the file's extension says
 * which reader to use.
 */
import { extname } from "node:path"
import { Stream } from "effect"
import * as CsvFile from "./CsvFile.ts"
import * as GeoJsonFile from "./GeoJsonFile.ts"
import * as KmlFile from "./KmlFile.ts"
import * as ShapefileFile from "./ShapefileFile.ts"
import { SourceError, type SourceFeature } from "./SourceFeature.ts"

/**
 * An input file: where it is and how the user named it (used in reports and source keys).
 *
 * @example
 * ```ts
 * const input: InputFile = { path: "/home/ana/data/parcels.zip", name: "data/parcels.zip" }
 * ```
 */
export interface InputFile {
  readonly path: string
  readonly name: string
}

/** How sources are read: the CSV column holding WKT. */
export interface ReadOptions {
  readonly wktColumn: string
}

/**
 * The extensions the importer reads, with the format each means.
 *
 * @example
 * ```ts
 * FeatureSource.formats[".geojson"] // "GeoJSON"
 * ```
 */
export const formats: Readonly<Record<string, string>> = {
  ".geojson": "GeoJSON",
  ".json": "GeoJSON",
  ".shp": "Shapefile",
  ".zip": "Shapefile",
  ".kml": "KML",
  ".csv": "CSV",
}

const readerOf = (file: InputFile, options: ReadOptions, onBytes: (bytes: number) => void) => {
  switch (formats[extname(file.path).toLowerCase()]) {
    case "GeoJSON":
      return GeoJsonFile.features(file.path, file.name, onBytes)
    case "Shapefile":
      return ShapefileFile.features(file.path, file.name, onBytes)
    case "KML":
      return KmlFile.features(file.path, file.name, onBytes)
    case "CSV":
      return CsvFile.features(file.path, file.name, options.wktColumn, onBytes)
    default:
      return undefined
  }
}

/**
 * The features of a file, read as they are pulled; `onBytes` hears how many bytes of it were read.
 * A file that cannot be read fails the stream with a `SourceError`.
 *
 * @example
 * ```ts
 * const features = FeatureSource.features({ path, name: "parcels.geojson" }, { wktColumn: "WKT" }, onBytes)
 * yield* Stream.runForEach(features, (feature) => Console.log(feature.number))
 * ```
 */
export const features = (
  file: InputFile,
  options: ReadOptions,
  onBytes: (bytes: number) => void,
): Stream.Stream<SourceFeature, SourceError> => {
  const reader = readerOf(file, options, onBytes)
  if (reader === undefined) {
    return Stream.fail(
      new SourceError({
        file: file.name,
        reason: `is not a file the importer reads (${Object.keys(formats).join(", ")})`,
      }),
    )
  }
  return Stream.fromAsyncIterable(reader, (error) =>
    error instanceof SourceError
      ? error
      : new SourceError({ file: file.name, reason: error instanceof Error ? error.message : String(error) }),
  )
}
