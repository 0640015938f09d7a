/**
 * Report searches as the map and the table use them (docs/api.md, Searches and tiles): a search
 * starts as a background job (`startReportSearch`), and its pages answer `202` until it is done;
 * the tiles search (`listReportTiles`) answers at once.
 */
import * as RangePage from "@fieldreport/domain/RangePage"
import type { MapItem, Tile } from "@fieldreport/domain/ReportSearch"
import { type Effect, Schema } from "effect"
import type { Connection } from "./connection.ts"
import { type ReportFilter, toQuery } from "./ReportFilter.ts"
import { run } from "./run.ts"

/** One page of search results and the total the server counted. */
export interface SearchPage<A> {
  readonly items: ReadonlyArray<A>
  readonly start: number
  readonly total: number
}

/**
 * Starts a search and answers its id.
 *
 * @example
 * ```ts
 * const id = await startSearch(connection, everything)
 * ```
 */
export const startSearch = async (connection: Connection, filter: ReportFilter): Promise<number> => {
  const search = await run(connection.client.call("startReportSearch", { query: toQuery(filter) }))
  return search.id
}

// The first answers of a small search come back within milliseconds; a search over a million
// reports takes longer, so the wait grows up to a second.
const pause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.min(1000, 25 * 2 ** Math.min(attempt, 6))))

/** A page of a search's results (`200`), or word that the search is still running (`202`). */
type SearchAnswer<A> =
  | { readonly status: 200; readonly headers: Headers; readonly body: ReadonlyArray<A> }
  | { readonly status: 202; readonly headers: Headers; readonly body: unknown }

/** Asks for a page again until the search is done. */
const readyPage = async <A, E>(
  ask: Effect.Effect<SearchAnswer<A>, E>,
  range: { readonly start: number },
): Promise<SearchPage<A>> => {
  for (let attempt = 0; ; attempt++) {
    const answer = await run(ask)
    if (answer.status === 202) {
      await pause(attempt)
      continue
    }
    const items = answer.body
    const total = RangePage.parseContentRange(answer.headers.get("content-range"))?.total ?? items.length
    return { items, start: range.start, total }
  }
}

/**
 * A report as the table shows it: the id and whichever `fields` were asked for, as the server wrote
 * them (timestamps stay ISO strings, ready to format).
 */
export const ReportRow = Schema.StructWithRest(Schema.Struct({ id: Schema.Number }), [
  Schema.Record(Schema.String, Schema.Unknown),
])
export type ReportRow = typeof ReportRow.Type

/**
 * A page of full reports of a search, with only the `fields` asked for (`id` always).
 *
 * @example
 * ```ts
 * const page = await reportPage(connection, id, { start: 0, end: 59 }, ["id", "title"])
 * ```
 */
export const reportPage = (
  connection: Connection,
  searchId: number,
  range: { readonly start: number; readonly end: number },
  fields: ReadonlyArray<string>,
): Promise<SearchPage<ReportRow>> =>
  readyPage(
    connection.client.request(
      "listReportSearchReports",
      {
        path: { id: searchId },
        query: { fields: ["id", ...fields.filter((field) => field !== "id")].join(",") },
      },
      { as: ReportRow, range },
    ),
    range,
  )

/**
 * A page of map items (id, pin, position) of a search.
 *
 * @example
 * ```ts
 * const pins = await mapItemPage(connection, id, { start: 0, end: 99 })
 * ```
 */
export const mapItemPage = (
  connection: Connection,
  searchId: number,
  range: { readonly start: number; readonly end: number },
): Promise<SearchPage<MapItem>> =>
  readyPage(connection.client.request("getReportSearch", { path: { id: searchId } }, { range }), range)

/** `minLon,minLat,maxLon,maxLat`. */
export type Bbox = readonly [number, number, number, number]

/**
 * The report counts per tile of `scale` degrees inside `bbox`, for a filter.
 *
 * @example
 * ```ts
 * const tiles = await tileCounts(connection, everything, 0.05, [174.6, -41.4, 174.9, -41.2])
 * ```
 */
export const tileCounts = (
  connection: Connection,
  filter: ReportFilter,
  scale: number,
  bbox: Bbox,
): Promise<ReadonlyArray<Tile>> =>
  run(
    connection.client.call("listReportTiles", {
      query: { ...toQuery(filter, false), scale, bbox: bbox.join(",") },
    }),
  )

/**
 * Where the reports of a filter are densest, to about a kilometre: the fullest two-degree cell of
 * the world, then the fullest fiftieth of a degree inside it (two tiles requests). Undefined when
 * there are no reports.
 *
 * @example
 * ```ts
 * const centre = await densestPoint(connection, { ...everything, filter: { ...none, channels: [3] } })
 * ```
 */
export const densestPoint = async (
  connection: Connection,
  filter: ReportFilter,
): Promise<{ readonly latitude: number; readonly longitude: number } | undefined> => {
  const fullest = (tiles: ReadonlyArray<Tile>) =>
    tiles.reduce<Tile | undefined>(
      (best, tile) => (tile.report_count > (best?.report_count ?? 0) ? tile : best),
      undefined,
    )
  const region = fullest(await tileCounts(connection, filter, 2, [-180, -90, 180, 90]))
  if (region === undefined) return undefined
  const margin = region.scale / 1000
  const spot = fullest(
    await tileCounts(connection, filter, 0.02, [
      region.longitude + margin,
      region.latitude + margin,
      Math.min(180, region.longitude + region.scale - margin),
      Math.min(90, region.latitude + region.scale - margin),
    ]),
  )
  const cell = spot ?? region
  return { latitude: cell.latitude + cell.scale / 2, longitude: cell.longitude + cell.scale / 2 }
}
