/**
 * The OGC API – Features service's own API definition, served at `/ogc/features/api`: OpenAPI 3.0,
 * as the standard's OpenAPI 3.0 conformance class asks (the `/api/v4` reference is OpenAPI 3.1 and
 * a document of its own). Collections are listed at run time, so their paths are templates with
 * `{collectionId}`.
 *
 * Clients read more from it than people do: GDAL sends an attribute filter to the server only for
 * the query parameters declared on the items path (`report_state_id`, `category_id`), and takes
 * `limit`'s maximum as the largest page.
 */
import * as OgcLimit from "@fieldreport/domain/OgcLimit"
import * as OgcLinks from "@fieldreport/domain/OgcLinks"

const parameter = (name: string, description: string, schema: object, location = "query") => ({
  name,
  in: location,
  required: location === "path",
  description,
  schema,
  ...(location === "query" ? { style: "form", explode: false } : {}),
})

const parameters = {
  collectionId: parameter(
    "collectionId",
    "`reports-{channel_id}` for a channel's reports, `shapes` for the branded app's shapes",
    { type: "string" },
    "path",
  ),
  featureId: parameter(
    "featureId",
    "The report's or the shape's id",
    { type: "integer", minimum: 1 },
    "path",
  ),
  f: parameter("f", "The format: JSON (GeoJSON for features), the only one", {
    type: "string",
    enum: ["json", "geojson"],
  }),
  bbox: parameter(
    "bbox",
    "Features in the box minLon,minLat,maxLon,maxLat (CRS84; six numbers with heights, which are ignored). A west edge east of the east edge crosses the antimeridian. Edges are included.",
    { type: "array", minItems: 4, maxItems: 6, items: { type: "number" } },
  ),
  datetime: parameter(
    "datetime",
    "Reports created at an instant (RFC 3339 with an offset), on a date (UTC), or in an interval start/end of them, both included, either end open (`..`)",
    { type: "string" },
  ),
  limit: parameter(
    "limit",
    `Features per page; a larger limit is read as ${OgcLimit.maxLimit}. Further pages follow the next link.`,
    { type: "integer", minimum: 1, maximum: OgcLimit.maxLimit, default: OgcLimit.defaultLimit },
  ),
  cursor: parameter("cursor", "Where a page starts: as the next link of the page before writes it", {
    type: "string",
  }),
  report_state_id: parameter(
    "report_state_id",
    "Reports in these states (ids, comma-separated); reports only",
    {
      type: "array",
      items: { type: "integer" },
    },
  ),
  category_id: parameter("category_id", "Reports in these categories (ids, comma-separated); reports only", {
    type: "array",
    items: { type: "integer" },
  }),
}

const ref = (name: keyof typeof parameters) => ({ $ref: `#/components/parameters/${name}` })

const problem = (description: string) => ({
  description,
  content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
})

const answer = (description: string, mediaType: string, schema: string) => ({
  description,
  content: { [mediaType]: { schema: { $ref: `#/components/schemas/${schema}` } } },
})

const secured = [{ basic: [] }, { token: [] }]

const operation = (
  operationId: string,
  summary: string,
  ok: object,
  options: { readonly parameters?: ReadonlyArray<object>; readonly public?: boolean } = {},
) => ({
  get: {
    operationId,
    summary,
    tags: ["OGC API – Features"],
    parameters: options.parameters ?? [ref("f")],
    ...(options.public === true ? { security: [] } : {}),
    responses: {
      200: ok,
      400: problem("A parameter the service does not take, or a value it cannot read"),
      ...(options.public === true
        ? {}
        : {
            401: problem("No credential, or one that is unknown, expired or revoked"),
            404: problem("No such collection or feature, or one the caller may not read"),
          }),
    },
  },
})

const json = OgcLinks.mediaTypes.json
const geojson = OgcLinks.mediaTypes.geojson

/**
 * The API definition, its server the service's base address (`https://host/ogc/features`).
 *
 * @example
 * ```ts
 * return json(apiDocument(base), 200, { "Content-Type": OgcLinks.mediaTypes.openapi })
 * ```
 */
export const apiDocument = (base: string) => ({
  openapi: "3.0.3",
  info: {
    title: "Fieldreport OGC API – Features",
    version: "1.0.0",
    description:
      "The reports of the channels the caller reads, one collection per channel, and the branded app's shapes. Send an API token (a read-scoped one is enough) as `Authorization: Token token=…`, or with HTTP Basic as the password with any user name, as QGIS and GDAL do.",
  },
  servers: [{ url: base }],
  security: secured,
  paths: {
    "/": operation("getLandingPage", "The landing page", answer("The landing page", json, "Document"), {
      public: true,
    }),
    "/conformance": operation(
      "getConformance",
      "The conformance classes implemented",
      answer("The conformance classes", json, "Document"),
      { public: true },
    ),
    "/api": operation(
      "getApi",
      "This document",
      {
        description: "This document",
        content: { [OgcLinks.mediaTypes.openapi]: { schema: { type: "object" } } },
      },
      { public: true },
    ),
    "/collections": operation(
      "getCollections",
      "The collections the caller reads",
      answer("The collections", json, "Document"),
    ),
    "/collections/{collectionId}": operation(
      "describeCollection",
      "A collection",
      answer("The collection", json, "Document"),
      { parameters: [ref("collectionId"), ref("f")] },
    ),
    "/collections/{collectionId}/items": operation(
      "getFeatures",
      "A page of the collection's features, in id order",
      answer("The page of features", geojson, "FeatureCollection"),
      {
        parameters: [
          ref("collectionId"),
          ref("bbox"),
          ref("datetime"),
          ref("limit"),
          ref("cursor"),
          ref("report_state_id"),
          ref("category_id"),
          ref("f"),
        ],
      },
    ),
    "/collections/{collectionId}/items/{featureId}": operation(
      "getFeature",
      "A feature",
      answer("The feature", geojson, "Feature"),
      { parameters: [ref("collectionId"), ref("featureId"), ref("f")] },
    ),
  },
  components: {
    securitySchemes: {
      basic: {
        type: "http",
        scheme: "basic",
        description: "Any user name, and an API token or a session's access token as the password",
      },
      token: {
        type: "apiKey",
        in: "header",
        name: "Authorization",
        description: "`Token token=<token>`, or `Bearer <token>`",
      },
    },
    parameters,
    schemas: {
      Document: { type: "object", properties: { links: { type: "array", items: { type: "object" } } } },
      Feature: {
        type: "object",
        required: ["type", "geometry", "properties"],
        properties: {
          type: { type: "string", enum: ["Feature"] },
          id: { type: "integer" },
          geometry: { type: "object", nullable: true },
          properties: { type: "object" },
        },
      },
      FeatureCollection: {
        type: "object",
        required: ["type", "features"],
        properties: {
          type: { type: "string", enum: ["FeatureCollection"] },
          features: { type: "array", items: { $ref: "#/components/schemas/Feature" } },
          numberMatched: { type: "integer", minimum: 0 },
          numberReturned: { type: "integer", minimum: 0 },
          timeStamp: { type: "string", format: "date-time" },
          links: { type: "array", items: { type: "object" } },
        },
      },
      Problem: {
        type: "object",
        properties: {
          type: { type: "string" },
          title: { type: "string" },
          status: { type: "integer" },
          detail: { type: "string" },
        },
      },
    },
  },
})
