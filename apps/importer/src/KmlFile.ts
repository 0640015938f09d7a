/**
 * Features of a KML document (Google Earth and most GIS tools write it). The XML is read whole:
 * KML files are small next to the GeoJSON and Shapefile exports that bulk imports use.
 */
import { readFile } from "node:fs/promises"
import { kmlGen } from "@tmcw/togeojson"
import { DOMParser } from "@xmldom/xmldom"
import type { SourceFeature } from "./SourceFeature.ts"

/**
 * The placemarks of the document in order, with their names, descriptions, styles and extended
 * data as properties. A `MultiGeometry` arrives as a GeoJSON `GeometryCollection`.
 *
 * @example
 * ```ts
 * for await (const feature of KmlFile.features("/data/zones.kml", "zones.kml", onBytes)) {
 *   console.log(feature.properties.name)
 * }
 * ```
 */
export async function* features(
  path: string,
  file: string,
  onBytes: (bytes: number) => void,
): AsyncGenerator<SourceFeature> {
  const text = await readFile(path, "utf8")
  onBytes(Buffer.byteLength(text))
  const document = new DOMParser().parseFromString(text, "text/xml")
  let number = 0
  // xmldom's Document is the DOM that togeojson walks, though TypeScript knows them apart.
  for (const feature of kmlGen(document as unknown as Parameters<typeof kmlGen>[0])) {
    number += 1
    yield { file, number, geometry: { geoJson: feature.geometry }, properties: feature.properties ?? {} }
  }
}
