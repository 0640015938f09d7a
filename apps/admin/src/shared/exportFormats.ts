/**
 * The formats of report exports (docs/api.md, Exports) by the names people know them by, as the
 * Export button offers them and the exports page lists them.
 */
import type { Format } from "@fieldreport/domain/ReportExport"
import { msg } from "@lit/localize"

/**
 * The name of each format, in the language shown.
 *
 * @example
 * ```ts
 * formatNames.gpkg // "GeoPackage"
 * ```
 */
export const formatNames: Readonly<Record<Format, string>> = {
  csv: "CSV",
  geojson: "GeoJSON",
  kml: "KML",
  gpkg: "GeoPackage",
  get xlsx() {
    return msg("Excel workbook (XLSX)", { id: "exportFormats.xlsx" })
  },
}
