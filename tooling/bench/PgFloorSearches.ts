/**
 * Report searches and tiles on the PostgreSQL floor server, with the statements the API runs on
 * PostgreSQL (`ReportSearches`, `Tiles`): a finished search's page of map items or of reports,
 * from the channels the caller still reads, and the report counts per cell of a map view from the
 * counts kept per channel and cell. Cells are placed and named by the domain's rules (`Tile`,
 * `TileGrid`).
 *
 * The tiles take what the load scenarios send: `scale`, `bbox` and `filter[channels]`, at a scale
 * made of whole kept cells. Anything else is `501`.
 */
import * as Tile from "@fieldreport/domain/Tile"
import * as TileGrid from "@fieldreport/domain/TileGrid"
import { Refusal } from "./FloorCaller.ts"
import { reportRecord } from "./FloorReports.ts"
import { keptLevels, type Page, type Paged, pageOf, rangeHeaders } from "./FloorSearches.ts"
import { type Caller, readableChannels } from "./PgFloorCaller.ts"
import type { PgFloorDatabase } from "./PgFloorDatabase.ts"
import { findReport, placeholders } from "./PgFloorReports.ts"

/**
 * A page of the caller's finished search, read by `read` from the channels they still read;
 * `404` for a search that is not theirs or has expired.
 */
const searchPage = async <A>(
  db: PgFloorDatabase,
  caller: Caller,
  id: number,
  range: string | undefined,
  read: (page: Page, channelIds: ReadonlyArray<number>) => Promise<ReadonlyArray<A>>,
): Promise<Paged> => {
  const page = pageOf(range)
  const search = await db.get<{
    user_id: number
    branded_app_id: number
    team_id: number | null
    status: string
    result_count: number | null
    expires_at: string
  }>(
    "SELECT id, user_id, branded_app_id, team_id, parameters, status, error, result_count, created_at, expires_at, job_id FROM report_searches WHERE id = $1",
    id,
  )
  if (
    search === undefined ||
    search.user_id !== caller.user.id ||
    search.branded_app_id !== caller.appId ||
    search.expires_at <= new Date().toISOString()
  )
    throw new Refusal(404, "no such report search")
  if (search.status !== "done") throw new Refusal(501, "the floor answers finished searches only")
  const items = await read(page, await readableChannels(db, caller, search.team_id))
  return { status: 200, body: items, headers: rangeHeaders(page, items.length, search.result_count ?? 0) }
}

/**
 * A search poll: a page of the search's results as map items, each with its category's pin on
 * `origin`.
 *
 * @example
 * ```ts
 * const answer = await searchMapItems(db, caller, 12, "objects=0-59", "http://127.0.0.1:3000")
 * ```
 */
export const searchMapItems = (
  db: PgFloorDatabase,
  caller: Caller,
  id: number,
  range: string | undefined,
  origin: string,
): Promise<Paged> =>
  searchPage(db, caller, id, range, async (page, channelIds) =>
    (
      await db.all<{
        id: number
        version: number
        channel_id: number
        appearance: string
        latitude: number
        longitude: number
        pin_color: string
        pin_appearance: string
      }>(
        `SELECT r.id, r.version, r.channel_id, s.appearance, r.latitude, r.longitude, c.pin_color, c.pin_appearance
          FROM report_search_results x JOIN reports r ON r.id = x.report_id
          JOIN report_states s ON s.id = r.report_state_id JOIN categories c ON c.id = r.category_id
          WHERE x.search_id = $1 AND x.position >= $2 AND x.position <= $3 AND r.channel_id IN (${placeholders(channelIds, 4)})
          ORDER BY x.position`,
        ...[id, page.start, page.end, ...channelIds],
      )
    ).map((row) => ({
      id: row.id,
      cache_key: `${row.id}-${row.version}`,
      pin: `${origin}/api/v4/pins/${encodeURIComponent(row.pin_color)}/${encodeURIComponent(`${row.pin_appearance}@1x.png`).replaceAll("%40", "@")}`,
      channel_id: row.channel_id,
      appearance: row.appearance,
      latitude: row.latitude,
      longitude: row.longitude,
    })),
  )

/**
 * A search's report list: a page of the search's results as reports with the default fields, each
 * read by its id, one after the other, as the API reads them.
 *
 * @example
 * ```ts
 * const answer = await searchReports(db, caller, 12, "objects=0-24")
 * ```
 */
export const searchReports = (
  db: PgFloorDatabase,
  caller: Caller,
  id: number,
  range: string | undefined,
): Promise<Paged> =>
  searchPage(db, caller, id, range, async (page, channelIds) => {
    const found = await db.all<{ id: number }>(
      `SELECT r.id FROM report_search_results x JOIN reports r ON r.id = x.report_id
        WHERE x.search_id = $1 AND x.position >= $2 AND x.position <= $3 AND r.channel_id IN (${placeholders(channelIds, 4)})
        ORDER BY x.position`,
      ...[id, page.start, page.end, ...channelIds],
    )
    const records: Array<Record<string, unknown>> = []
    for (const { id: reportId } of found) {
      const report = await findReport(db, reportId)
      if (report !== undefined) records.push(reportRecord(report))
    }
    return records
  })

/**
 * A tiles request: the cells of `bbox` at `scale` holding reports of the caller's readable channels
 * among `filter[channels]`, south to north, west to east.
 *
 * @example
 * ```ts
 * const tiles = await reportTiles(db, caller, new URLSearchParams("scale=0.005&bbox=174.7,-36.9,174.8,-36.8&filter[channels]=[1]"))
 * ```
 */
export const reportTiles = async (
  db: PgFloorDatabase,
  caller: Caller,
  query: URLSearchParams,
): Promise<ReadonlyArray<unknown>> => {
  const scale = Number(query.get("scale"))
  const [minLongitude = 0, minLatitude = 0, maxLongitude = 0, maxLatitude = 0] = (query.get("bbox") ?? "")
    .split(",")
    .map(Number)
  const given = JSON.parse(query.get("filter[channels]") ?? "null") as ReadonlyArray<number> | null
  const level = keptLevels.find((candidate) => {
    const factor = Math.round(scale * 10 ** candidate)
    return factor >= 1 && factor / 10 ** candidate === scale
  })
  if (
    [...query.keys()].some((name) => !["scale", "bbox", "filter[channels]"].includes(name)) ||
    given === null
  )
    throw new Refusal(501, "the floor takes scale, bbox and filter[channels]")
  if (level === undefined) throw new Refusal(501, "the floor takes scales of whole kept cells")
  const block = TileGrid.cellsOf({ minLongitude, minLatitude, maxLongitude, maxLatitude }, scale)
  if (TileGrid.count(block) > TileGrid.maxCells) throw new Refusal(400, "scale: is too small for the bbox")
  const channelIds = (await readableChannels(db, caller, caller.teamId)).filter((id) => given.includes(id))
  const factor = Math.round(scale * 10 ** level)
  const cellOf = (index: string) =>
    `CASE WHEN ${index} >= 0 THEN ${index} / ${factor} ELSE (${index} + 1) / ${factor} - 1 END`
  const next = channelIds.length + 1
  const rows = await db.all<{ column_index: number; row_index: number; report_count: number }>(
    `SELECT cell_column AS column_index, cell_row AS row_index, SUM(report_count) AS report_count
      FROM (
        SELECT ${cellOf("column_index")} AS cell_column, ${cellOf("row_index")} AS cell_row, report_count
        FROM report_cell_counts
        WHERE channel_id IN (${placeholders(channelIds)}) AND level = $${next}
          AND column_index >= $${next + 1} AND column_index < $${next + 2} AND row_index >= $${next + 3} AND row_index < $${next + 4}
      ) cells
      GROUP BY cell_column, cell_row HAVING SUM(report_count) > 0`,
    ...channelIds,
    ...[level, block.west * factor, block.east * factor, block.south * factor, block.north * factor],
  )
  return rows
    .map((row) => ({ tile: Tile.at(row.column_index, row.row_index, scale), count: row.report_count }))
    .filter(({ count }) => count > 0)
    .sort((a, b) => a.tile.latitude - b.tile.latitude || a.tile.longitude - b.tile.longitude)
    .map(({ tile, count }) => ({
      tile_id: Tile.encode(tile),
      latitude: tile.latitude,
      longitude: tile.longitude,
      scale: tile.scale,
      report_count: count,
    }))
}
