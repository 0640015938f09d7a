/**
 * Features of a GeoJSON FeatureCollection, read as a stream: only one feature is held in memory
 * at a time, so a file of any size can be imported.
 */
import { createReadStream } from "node:fs"
import { pipeline } from "node:stream"
import { pick } from "stream-json/filters/pick.js"
import { streamArray } from "stream-json/streamers/stream-array.js"
import { countBytes } from "./ByteCount.ts"
import type { SourceFeature } from "./SourceFeature.ts"

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/**
 * The features of the file's top-level `features` array, in order; a feature that is not an
 * object comes with no geometry, so it is reported rather than lost.
 *
 * @example
 * ```ts
 * for await (const feature of GeoJsonFile.features("/data/areas.geojson", "areas.geojson", onBytes)) {
 *   console.log(feature.number, feature.properties)
 * }
 * ```
 */
export async function* features(
  path: string,
  file: string,
  onBytes: (bytes: number) => void,
): AsyncGenerator<SourceFeature> {
  const items = pipeline(
    createReadStream(path),
    countBytes(onBytes),
    // Packed values only: the streamed chunks of strings and numbers are not needed here.
    pick.withParserAsStream({ filter: "features", streamValues: false }),
    streamArray.asStream(),
    // Errors reach the reader through the last stream, which the pipeline destroys with them.
    () => {},
  )
  let number = 0
  for await (const item of items as AsyncIterable<{ readonly value: unknown }>) {
    number += 1
    const feature = isObject(item.value) ? item.value : {}
    yield {
      file,
      number,
      geometry: { geoJson: feature.geometry },
      properties: isObject(feature.properties) ? feature.properties : {},
    }
  }
}
