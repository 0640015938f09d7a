/**
 * Features of a CSV file with a column of WKT geometries (`ogr2ogr -f CSV -lco GEOMETRY=AS_WKT`
 * writes one named `WKT`); every other column becomes a property. The file is read as a stream.
 */
import { createReadStream } from "node:fs"
import { pipeline } from "node:stream"
import { parse } from "csv-parse"
import { countBytes } from "./ByteCount.ts"
import { SourceError, type SourceFeature } from "./SourceFeature.ts"

/**
 * The rows of the file in order, the header naming the columns. The WKT column is found by name
 * whatever its case; a file without it is refused at its header.
 *
 * @example
 * ```ts
 * for await (const feature of CsvFile.features("/data/sites.csv", "sites.csv", "WKT", onBytes)) {
 *   console.log(feature.geometry) // { wkt: "POINT (174.7 -41.3)" }
 * }
 * ```
 */
export async function* features(
  path: string,
  file: string,
  wktColumn: string,
  onBytes: (bytes: number) => void,
): AsyncGenerator<SourceFeature> {
  const rows = pipeline(
    createReadStream(path),
    countBytes(onBytes),
    parse({ columns: true, bom: true, skip_empty_lines: true, relax_column_count: true }),
    () => {},
  )
  let column: string | undefined
  let number = 0
  for await (const row of rows as AsyncIterable<Record<string, string>>) {
    number += 1
    if (column === undefined) {
      const names = Object.keys(row)
      column = names.find((name) => name.toLowerCase() === wktColumn.toLowerCase())
      if (column === undefined) {
        throw new SourceError({
          file,
          reason: `has no column "${wktColumn}" (its columns: ${names.join(", ")}); name the WKT column with --wkt-column`,
        })
      }
    }
    const { [column]: wkt, ...properties } = row
    yield { file, number, geometry: { wkt: wkt ?? "" }, properties }
  }
}
