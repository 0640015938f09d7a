/**
 * A shape: a geometry of a branded app (a district, a catchment, a farm) with free metadata,
 * imported in bulk or created one by one; reports are placed in the smallest shape that contains
 * them. Shape searches find the shapes that contain a point, intersect a geometry or lie in a box
 * (docs/api.md, Shapes).
 */
import { Effect, Schema } from "effect"
import { Count, Id } from "./internal/wire.ts"
import * as JsonValue from "./JsonValue.ts"
import { Location } from "./Report.ts"
import * as TextLimits from "./TextLimits.ts"

/**
 * A shape's metadata: `display`, lines to show, and `raw`, the source's own attributes, are the
 * known keys; any other JSON may sit beside them (a `color`, say). It nests at most
 * `JsonValue.maxDepth` levels, itself the first; its strings are bounded only by the body's size.
 *
 * @example
 * ```ts
 * const metadata: ShapeMetadata = { display: ["Waikato"], raw: { region_id: 3 }, color: "#ffff00" }
 * ```
 */
export const ShapeMetadata = Schema.StructWithRest(
  Schema.Struct({
    display: Schema.optionalKey(Schema.Array(Schema.String)),
    raw: Schema.optionalKey(Schema.JsonObject),
  }),
  [Schema.Record(Schema.String, Schema.Json)],
).check(JsonValue.isNestedAtMost())
export type ShapeMetadata = typeof ShapeMetadata.Type

/**
 * The shape resource: `id`, `geom` (WKT) and `metadata` by default; `branded_app_id` (selected as
 * `branded_app`), `cache_key` (changes with the shape), `highlight_color` and `normal_color` (CSS
 * colours) when selected.
 *
 * @example
 * ```ts
 * const shape: Shape = { id: 3, geom: "POLYGON((0 0, 1 0, 1 1, 0 0))", metadata: { display: ["Block 3"] } }
 * ```
 */
export const Shape = Schema.Struct({
  id: Id,
  geom: Schema.String,
  metadata: ShapeMetadata,
  branded_app_id: Schema.optionalKey(Id),
  cache_key: Schema.optionalKey(Schema.String),
  highlight_color: Schema.optionalKey(Schema.String),
  normal_color: Schema.optionalKey(Schema.String),
})
export type Shape = typeof Shape.Type

/**
 * The body of `POST /api/v4/shapes` (under `shape`): a geometry and its metadata (none by
 * default). The WKT itself is checked by `Wkt` and `GeometryValidation`.
 *
 * @example
 * ```ts
 * decodeInput(ShapeCreate, { geom: "POLYGON((0 0, 1 0, 1 1, 0 0))", metadata: { display: ["Block 3"] } }, "shape")
 * ```
 */
export const ShapeCreate = Schema.Struct({
  geom: TextLimits.nonBlank(TextLimits.geometry),
  metadata: ShapeMetadata.pipe(Schema.withDecodingDefaultKey(Effect.succeed({}))),
})
export type ShapeCreate = typeof ShapeCreate.Type

/**
 * The body of `PATCH` (or `PUT`) `/api/v4/shapes/{id}` (under `shape`): a new geometry, new
 * metadata (replacing the old as a whole), or both; what is absent is kept.
 *
 * @example
 * ```ts
 * decodeInput(ShapeUpdate, { metadata: { display: ["Block 3a"] } }, "shape")
 * ```
 */
export const ShapeUpdate = Schema.Struct({
  geom: Schema.optionalKey(TextLimits.nonBlank(TextLimits.geometry)),
  metadata: Schema.optionalKey(ShapeMetadata),
})
export type ShapeUpdate = typeof ShapeUpdate.Type

/** The most shapes one `POST /api/v4/shapes/bulk_create` takes. */
export const bulkCreateLimit = 200

/**
 * The body of `POST /api/v4/shapes/bulk_create`: an array of 1 to 200 items, each the body of a
 * single create without its envelope (`{geom, metadata}`). Each item is decoded with `ShapeCreate`
 * on its own, so one bad item is answered in its result and does not refuse the others.
 *
 * @example
 * ```ts
 * decodeInput(ShapeBulkCreate, [{ geom: "POINT (1 2)" }, { geom: "POINT (3 4)" }]) // two items
 * ```
 */
export const ShapeBulkCreate = Schema.Array(Schema.Unknown).check(
  Schema.isMinLength(1, { message: "must hold at least one shape" }),
  Schema.isMaxLength(bulkCreateLimit, { message: `must hold at most ${bulkCreateLimit} shapes` }),
)

/**
 * The result for one item of a bulk create, in request order: `ref` its index in the request,
 * `http_status` `201` with the new shape in `data` (its fields chosen by `fields`), or `422` with
 * the item's reasons in `errors`, by field as in problem bodies (`geom`, `metadata.display`).
 *
 * @example
 * ```ts
 * const result: ShapeBulkResult = { ref: 0, data: { id: 3, geom: "POINT (1 2)", metadata: {} }, http_status: 201, errors: {} }
 * ```
 */
export const ShapeBulkResult = Schema.Struct({
  ref: Count,
  data: Schema.optionalKey(Shape),
  http_status: Schema.Literals([201, 422]).annotate({ message: "must be one of 201, 422" }),
  errors: Schema.Record(Schema.String, Schema.Array(Schema.String)),
})
export type ShapeBulkResult = typeof ShapeBulkResult.Type

/**
 * A box `[minLongitude, minLatitude, maxLongitude, maxLatitude]`, minimums first.
 *
 * @example
 * ```ts
 * const box: Bbox = [174.6, -41.4, 174.9, -41.2]
 * ```
 */
export const Bbox = Schema.Tuple([
  Location.fields.longitude,
  Location.fields.latitude,
  Location.fields.longitude,
  Location.fields.latitude,
]).check(
  Schema.makeFilter(([minLongitude, minLatitude, maxLongitude, maxLatitude]) => [
    ...(minLongitude > maxLongitude
      ? [{ path: [2], issue: "must not be less than the minimum longitude" }]
      : []),
    ...(minLatitude > maxLatitude
      ? [{ path: [3], issue: "must not be less than the minimum latitude" }]
      : []),
  ]),
)
export type Bbox = typeof Bbox.Type

/**
 * The body of `POST /api/v4/shape_searches` (under `shape_search`): exactly one of `contains` (a
 * point), `intersects` (WKT) or `bbox`.
 *
 * @example
 * ```ts
 * decodeInput(ShapeSearch, { contains: { latitude: -41.29, longitude: 174.78 } }, "shape_search")
 * ```
 */
export const ShapeSearch = Schema.Struct({
  contains: Schema.optionalKey(Location),
  intersects: Schema.optionalKey(TextLimits.nonBlank(TextLimits.geometry)),
  bbox: Schema.optionalKey(Bbox),
}).pipe(
  Schema.refine(
    (
      search,
    ): search is
      | { readonly contains: Location }
      | { readonly intersects: string }
      | { readonly bbox: Bbox } =>
      [search.contains, search.intersects, search.bbox].filter((given) => given !== undefined).length === 1,
    { message: "must give exactly one of contains, intersects and bbox" },
  ),
)
export type ShapeSearch = typeof ShapeSearch.Type
