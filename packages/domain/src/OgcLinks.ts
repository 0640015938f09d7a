/**
 * The links of the OGC API – Features service (docs/api.md, OGC API – Features): every answer
 * names itself (`self`) and what a client goes to next, absolutely, from the service's base
 * address (`https://host/ogc/features`). Clients such as GDAL and QGIS find the API document, the
 * collections and the next page only by these links, so their relations and media types are the
 * standard's.
 */

/**
 * A link as the standard writes it.
 *
 * @example
 * ```ts
 * const next: OgcLink = { href: "https://host/ogc/features/collections/reports-1/items?cursor=…", rel: "next", type: "application/geo+json", title: "Next page" }
 * ```
 */
export interface OgcLink {
  readonly href: string
  readonly rel: string
  readonly type: string
  readonly title: string
}

/**
 * The media types the service answers in.
 *
 * @example
 * ```ts
 * mediaTypes.geojson // "application/geo+json"
 * ```
 */
export const mediaTypes = {
  json: "application/json",
  geojson: "application/geo+json",
  openapi: "application/vnd.oai.openapi+json;version=3.0",
} as const

const link = (href: string, rel: string, type: string, title: string): OgcLink => ({ href, rel, type, title })

/** A query value, percent-encoded but for the characters a query may hold as they are (`,`, `/`, `:`). */
const encoded = (value: string): string =>
  encodeURIComponent(value).replace(/%2C/g, ",").replace(/%2F/g, "/").replace(/%3A/g, ":")

/**
 * A query string of parameters in the order given, with its `?`; empty for none.
 *
 * @example
 * ```ts
 * queryString([["bbox", "1,2,3,4"], ["limit", "10"]]) // "?bbox=1,2,3,4&limit=10"
 * ```
 */
export const queryString = (parameters: ReadonlyArray<readonly [string, string]>): string =>
  parameters.length === 0
    ? ""
    : `?${parameters.map(([name, value]) => `${encoded(name)}=${encoded(value)}`).join("&")}`

/**
 * The landing page's links: itself, the API document, the conformance classes and the collections.
 *
 * @example
 * ```ts
 * landing("https://host/ogc/features").map((l) => l.rel) // ["self", "service-desc", "conformance", "data"]
 * ```
 */
export const landing = (base: string): ReadonlyArray<OgcLink> => [
  link(base, "self", mediaTypes.json, "This document"),
  link(`${base}/api`, "service-desc", mediaTypes.openapi, "The API definition"),
  link(`${base}/conformance`, "conformance", mediaTypes.json, "The conformance classes implemented"),
  link(`${base}/collections`, "data", mediaTypes.json, "The collections"),
]

/**
 * The links of a page that is only itself (the conformance classes, the collections).
 *
 * @example
 * ```ts
 * selfOnly("https://host/ogc/features/conformance") // [{ rel: "self", … }]
 * ```
 */
export const selfOnly = (href: string): ReadonlyArray<OgcLink> => [
  link(href, "self", mediaTypes.json, "This document"),
]

/**
 * A collection's links: its description and its items.
 *
 * @example
 * ```ts
 * collection("https://host/ogc/features", "reports-1").map((l) => l.rel) // ["self", "items"]
 * ```
 */
export const collection = (base: string, id: string): ReadonlyArray<OgcLink> => [
  link(`${base}/collections/${id}`, "self", mediaTypes.json, "This collection"),
  link(`${base}/collections/${id}/items`, "items", mediaTypes.geojson, "Its features"),
]

/**
 * The links of a page of features: the page itself (its parameters and cursor), the collection,
 * and the next page when there is one, with the same parameters and the cursor after this page.
 *
 * @example
 * ```ts
 * items("https://host/ogc/features", "reports-1", [["limit", "10"]], undefined, "YWZ0ZXI6MTA")
 * // self …/items?limit=10, collection …/collections/reports-1, next …/items?limit=10&cursor=YWZ0ZXI6MTA
 * ```
 */
export const items = (
  base: string,
  id: string,
  parameters: ReadonlyArray<readonly [string, string]>,
  cursor: string | undefined,
  nextCursor: string | undefined,
): ReadonlyArray<OgcLink> => {
  const page = (at: string | undefined) =>
    `${base}/collections/${id}/items${queryString([...parameters, ...(at === undefined ? [] : [["cursor", at] as const])])}`
  return [
    link(page(cursor), "self", mediaTypes.geojson, "This page"),
    link(`${base}/collections/${id}`, "collection", mediaTypes.json, "The collection"),
    ...(nextCursor === undefined ? [] : [link(page(nextCursor), "next", mediaTypes.geojson, "Next page")]),
  ]
}

/**
 * The links of one feature: itself and its collection.
 *
 * @example
 * ```ts
 * item("https://host/ogc/features", "reports-1", 49).map((l) => l.rel) // ["self", "collection"]
 * ```
 */
export const item = (base: string, id: string, featureId: number): ReadonlyArray<OgcLink> => [
  link(`${base}/collections/${id}/items/${featureId}`, "self", mediaTypes.geojson, "This feature"),
  link(`${base}/collections/${id}`, "collection", mediaTypes.json, "The collection"),
]
