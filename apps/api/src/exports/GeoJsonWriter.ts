/**
 * GeoJSON (RFC 7946): one FeatureCollection, a Feature per report with the report's id as its
 * `id`, its position as a Point in longitude and latitude (WGS 84, the only coordinates RFC 7946
 * allows) or a null geometry for a report filed with an address only, and the columns as
 * `properties` under their headers, as JSON values.
 */
import type { OpenWriter } from "./ExportWriter.ts"
import { textFile } from "./TextFile.ts"

/**
 * Opens a GeoJSON writer.
 *
 * @example
 * ```ts
 * const writer = await openGeoJson(path, columns, options)
 * ```
 */
export const openGeoJson: OpenWriter = async (path, columns) => {
  const file = textFile(path)
  const headers = columns.map((column) => column.header)
  let first = true
  await file.write('{"type":"FeatureCollection","features":[\n')
  return {
    write: async (rows) => {
      for (const { report, cells } of rows) {
        const properties: Record<string, unknown> = {}
        cells.forEach((cell, index) => {
          properties[headers[index]!] = cell
        })
        const geometry =
          report.latitude === null || report.longitude === null
            ? null
            : { type: "Point", coordinates: [report.longitude, report.latitude] }
        const feature = JSON.stringify({ type: "Feature", id: report.id, geometry, properties })
        await file.write(first ? feature : `,\n${feature}`)
        first = false
      }
    },
    end: async () => {
      await file.write("\n]}\n")
      await file.end()
    },
    abort: file.abort,
  }
}
