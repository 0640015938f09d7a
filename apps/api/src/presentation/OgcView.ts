/**
 * The OGC API – Features service's documents (docs/api.md, OGC API – Features): the landing page,
 * the conformance classes, collections and features, as OGC API – Features Part 1 writes them, in
 * JSON and GeoJSON with coordinates in CRS84 (longitude, latitude).
 *
 * A page of features is written as text in parts, so the route streams it: its features a chunk at
 * a time, then the end with the counts and links, which are known once the features are out.
 */
import type { BoundingBox } from "@fieldreport/domain/BoundingBox"
import * as OgcCollectionId from "@fieldreport/domain/OgcCollectionId"
import * as OgcLinks from "@fieldreport/domain/OgcLinks"
import type { OgcCollection, OgcFeature } from "../services/OgcFeatures.ts"

/** Coordinates in longitude and latitude on WGS 84, the only CRS the service answers in. */
export const crs84 = "http://www.opengis.net/def/crs/OGC/1.3/CRS84"

/** The conformance classes implemented: Part 1's Core, GeoJSON and OpenAPI 3.0. */
export const conformanceClasses: ReadonlyArray<string> = [
  "http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core",
  "http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson",
  "http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/oas30",
]

/**
 * The landing page.
 *
 * @example
 * ```ts
 * return json(landingPage(base), 200, { "Content-Type": OgcLinks.mediaTypes.json })
 * ```
 */
export const landingPage = (base: string) => ({
  title: "Fieldreport",
  description:
    "The reports of the channels you read and the shapes of the branded app, as OGC API – Features collections",
  links: OgcLinks.landing(base),
})

/**
 * The conformance declaration.
 *
 * @example
 * ```ts
 * conformance(base).conformsTo // the three classes
 * ```
 */
export const conformance = (base: string) => ({
  links: OgcLinks.selfOnly(`${base}/conformance`),
  conformsTo: conformanceClasses,
})

const bboxOf = (box: BoundingBox) => [box.minLongitude, box.minLatitude, box.maxLongitude, box.maxLatitude]

/**
 * A collection's description.
 *
 * @example
 * ```ts
 * collectionBody(base, collection).extent.spatial.bbox // [[174.58, -37.07, 175.01, -36.74]]
 * ```
 */
export const collectionBody = (base: string, collection: OgcCollection) => {
  const id = OgcCollectionId.format(collection.id)
  const { box, first, last } = collection.extent
  return {
    id,
    title: collection.title,
    description: collection.description,
    itemType: "feature",
    crs: [crs84],
    extent: {
      ...(box === undefined ? {} : { spatial: { bbox: [bboxOf(box)], crs: crs84 } }),
      ...(first === undefined || last === undefined
        ? {}
        : {
            temporal: {
              interval: [[first, last]],
              trs: "http://www.opengis.net/def/uom/ISO-8601/0/Gregorian",
            },
          }),
    },
    links: OgcLinks.collection(base, id),
  }
}

/**
 * The list of collections.
 *
 * @example
 * ```ts
 * collectionsBody(base, collections).collections.map((c) => c.id) // ["reports-1", "shapes"]
 * ```
 */
export const collectionsBody = (base: string, collections: ReadonlyArray<OgcCollection>) => ({
  links: OgcLinks.selfOnly(`${base}/collections`),
  collections: collections.map((collection) => collectionBody(base, collection)),
})

/**
 * A feature as GeoJSON, without links (as in a page of features).
 *
 * @example
 * ```ts
 * featureJson({ id: 49, geometry: null, properties: { title: "Pothole" } })
 * // { type: "Feature", id: 49, geometry: null, properties: { title: "Pothole" } }
 * ```
 */
export const featureJson = (feature: OgcFeature) => ({
  type: "Feature",
  id: feature.id,
  geometry: feature.geometry,
  properties: feature.properties,
})

/**
 * One feature on its own, with its links.
 *
 * @example
 * ```ts
 * featureBody(base, "reports-1", feature).links.map((l) => l.rel) // ["self", "collection"]
 * ```
 */
export const featureBody = (base: string, collectionId: string, feature: OgcFeature) => ({
  ...featureJson(feature),
  links: OgcLinks.item(base, collectionId, feature.id),
})

const opening = '{"type":"FeatureCollection","features":['

/**
 * A part of a page of features: its features (at least one), after the page's opening when
 * `first` (nothing was written yet), else after a comma.
 *
 * @example
 * ```ts
 * featuresPart(chunk, written === 0) // '{"type":"FeatureCollection","features":[{"type":"Feature",…}'
 * ```
 */
export const featuresPart = (features: ReadonlyArray<OgcFeature>, first: boolean): string =>
  `${first ? opening : ","}${features.map((feature) => JSON.stringify(featureJson(feature))).join(",")}`

/**
 * The end of a page of features: its counts, the time it was read and its links, after the
 * opening when no feature was written (`empty`).
 *
 * @example
 * ```ts
 * featuresEnd({ numberMatched: 12, numberReturned: 10, timeStamp, links }, false)
 * ```
 */
export const featuresEnd = (
  page: {
    readonly numberMatched: number
    readonly numberReturned: number
    readonly timeStamp: string
    readonly links: ReadonlyArray<OgcLinks.OgcLink>
  },
  empty: boolean,
): string =>
  `${empty ? opening : ""}],${JSON.stringify({
    numberMatched: page.numberMatched,
    numberReturned: page.numberReturned,
    timeStamp: page.timeStamp,
    links: page.links,
  }).slice(1)}`
