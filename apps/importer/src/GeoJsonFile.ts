/**
 * Features of a GeoJSON FeatureCollection, read as a stream: only the feature being read is held
 * in memory, so a file of any size can be imported (`FeatureSplitter`).
 */
import { createReadStream } from "node:fs"
import * as FeatureSplitter from "./FeatureSplitter.ts"
import { SourceError, type SourceFeature } from "./SourceFeature.ts"

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** Large reads: fewer, bigger chunks make the byte scan and the stream cheaper. */
const chunkSize = 1 << 20

/**
 * The features of the file's top-level `features` array, in order; an element that is not an
 * object comes with no geometry, so it is reported rather than lost. A file that is not a
 * FeatureCollection, or whose features are not valid JSON, fails with a `SourceError`.
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
  const splitter = FeatureSplitter.make()
  let number = 0
  for await (const chunk of createReadStream(path, { highWaterMark: chunkSize })) {
    onBytes(chunk.length)
    for (const text of splitter.push(chunk as Buffer)) {
      number += 1
      let value: unknown
      try {
        value = JSON.parse(text)
      } catch (error) {
        throw new SourceError({ file, reason: `feature ${number} is not valid JSON: ${String(error)}` })
      }
      const feature = isObject(value) ? value : {}
      yield {
        file,
        number,
        geometry: { geoJson: feature.geometry },
        properties: isObject(feature.properties) ? feature.properties : {},
      }
    }
  }
  if (!splitter.end().complete) {
    throw new SourceError({
      file,
      reason: "is not a GeoJSON FeatureCollection: no complete top-level features array",
    })
  }
}
