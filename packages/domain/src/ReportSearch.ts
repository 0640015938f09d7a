/**
 * Report searches (docs/api.md, Report searches): starting one returns its id and address; while it
 * runs it reads as pending; once done it is a list of map items, the few fields a map needs to draw
 * a pin. The tiles search counts reports per grid cell, for maps of millions of reports.
 */
import { Schema } from "effect"
import { Count, Id } from "./internal/wire.ts"
import { Location } from "./Report.ts"
import { Appearance } from "./ReportStateRecord.ts"

/**
 * A search started: its id and the absolute address of `/api/v4/report_searches/{id}`.
 *
 * @example
 * ```ts
 * const search: ReportSearch = { id: 12345678, url: "https://reports.example.com/api/v4/report_searches/12345678" }
 * ```
 */
export const ReportSearch = Schema.Struct({
  id: Id,
  url: Schema.String,
})
export type ReportSearch = typeof ReportSearch.Type

/**
 * A search still running, answered with `202`.
 *
 * @example
 * ```ts
 * const pending: PendingReportSearch = { id: 12345678, status: "pending" }
 * ```
 */
export const PendingReportSearch = Schema.Struct({
  id: Id,
  status: Schema.Literal("pending"),
})
export type PendingReportSearch = typeof PendingReportSearch.Type

/**
 * A report as a map draws it: `cache_key` changes whenever the report changes, `pin` is the
 * address of its category's pin image, and the coordinates are null for a report filed with an
 * address only.
 *
 * @example
 * ```ts
 * const item: MapItem = {
 *   id: 49, cache_key: "49-1714550400000", pin: "https://…/pin-green@1x.png", channel_id: 1,
 *   appearance: "normal", latitude: -36.8667, longitude: 174.7667,
 * }
 * ```
 */
export const MapItem = Schema.Struct({
  id: Id,
  cache_key: Schema.String,
  pin: Schema.String,
  channel_id: Id,
  appearance: Appearance,
  latitude: Schema.NullOr(Location.fields.latitude),
  longitude: Schema.NullOr(Location.fields.longitude),
})
export type MapItem = typeof MapItem.Type

/**
 * A grid cell of the tiles search and how many reports fall in it; `latitude` and `longitude`
 * are its south-west corner, `scale` its width in degrees, `tile_id` the id that filters a search
 * to it.
 *
 * @example
 * ```ts
 * const tile: Tile = { tile_id: "ZmZmZmbWZUBmZmZmZqZEwJqZmZmZmak/", latitude: -41.3, longitude: 174.7, scale: 0.05, report_count: 12 }
 * ```
 */
export const Tile = Schema.Struct({
  tile_id: Schema.String,
  latitude: Location.fields.latitude,
  longitude: Location.fields.longitude,
  scale: Schema.Number.check(Schema.isGreaterThan(0, { message: "must be positive" })),
  report_count: Count,
})
export type Tile = typeof Tile.Type
