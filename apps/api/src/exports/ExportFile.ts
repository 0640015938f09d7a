/**
 * The writer of each export format (docs/api.md, Exports).
 */
import type { Format } from "@fieldreport/domain/ReportExport"
import { openCsv } from "./CsvWriter.ts"
import type { OpenWriter } from "./ExportWriter.ts"
import { openGeoJson } from "./GeoJsonWriter.ts"
import { openGeoPackage } from "./GeoPackageWriter.ts"
import { openKml } from "./KmlWriter.ts"
import { openXlsx } from "./XlsxWriter.ts"

/**
 * The writer of a format.
 *
 * @example
 * ```ts
 * const writer = await writers.gpkg(path, columns, options)
 * ```
 */
export const writers: Readonly<Record<Format, OpenWriter>> = {
  csv: openCsv,
  geojson: openGeoJson,
  kml: openKml,
  gpkg: openGeoPackage,
  xlsx: openXlsx,
}
