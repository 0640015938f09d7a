/**
 * Report searches and the tiles search in SQL (docs/api.md, Searches and tiles).
 *
 * A search is a row of `report_searches`; its job writes the ordered ids of the matching reports
 * to `report_search_results`. On PostgreSQL that is one `INSERT … SELECT` numbered by
 * `ROW_NUMBER()`, in a transaction that replaces what an earlier attempt left. On SQLite, where a
 * statement holds the API's only thread and connection until it ends (a search of a million
 * reports, about two seconds), a worker thread reads the ids (`SqliteClient.numbersApart`) and they
 * are written `resultsPerWrite` at a time, each write its own transaction with a turn of the event
 * loop between them; the search is marked done after the last, so readers never see part of it, and
 * a retried attempt first deletes what an earlier one wrote.
 * The tiles search groups the reports of a map area by grid cell in one `GROUP BY`, reading the
 * `reports_channel_position` index per channel (on SQLite in the worker thread, as it may read a
 * million reports); with no criterion but the channels it sums the counts kept per channel and
 * cell instead (`report_cell_counts`).
 *
 * What the store is given is plain data the services resolved: the channels to search, tile cells
 * as boxes, timestamps as the ISO strings the reports table holds, the words of a search's text and
 * who reads them (`ReportTextSearch`). Boxes are half-open, as tiles
 * are (`Tile.bounds`): a position is in one when `minLongitude <= longitude < maxLongitude` and
 * `minLatitude <= latitude < maxLatitude`; a box whose west edge is the antimeridian (-180) also
 * holds longitude 180, the same meridian, as `Tile.containing` says.
 */
import type { BoundingBox } from "@fieldreport/domain/BoundingBox"
import type * as OrderBy from "@fieldreport/domain/OrderBy"
import type { RangePage } from "@fieldreport/domain/RangePage"
import type { Appearance } from "@fieldreport/domain/ReportStateRecord"
import type { CellBlock } from "@fieldreport/domain/TileGrid"
import { Array as Arr, Context, Effect, Layer, Option } from "effect"
import { SqlClient, type Statement } from "effect/sql"
import * as ReportTextSearch from "./ReportTextSearch.ts"
import * as ReadApart from "./sql/ReadApart.ts"
import { SqliteClient } from "./sql/sqlite/SqliteClient.ts"

/** The order of a search that gives none. */
const defaultOrder: ReadonlyArray<OrderBy.Clause<OrderBy.ReportSearchField>> = [
  { field: "updated_at", direction: "desc" },
  { field: "id", direction: "desc" },
]

/** Boxes counted by one statement. */
const countChunk = 100

/** Results written by one transaction on SQLite, few enough to hold the API's thread only briefly. */
const resultsPerWrite = 10_000

/** A search as stored; `status` moves from `pending` to `done` or `failed`. */
export interface ReportSearchRow {
  readonly id: number
  readonly user_id: number
  readonly branded_app_id: number
  readonly team_id: number | null
  /** The search's `filter`, `exclude` and `order` query parameters as JSON, as the client sent them. */
  readonly parameters: string
  readonly status: "pending" | "done" | "failed"
  readonly error: string | null
  readonly result_count: number | null
  readonly created_at: string
  readonly expires_at: string
  /** The job that runs the search. */
  readonly job_id: number | null
}

/**
 * One side of a search, `filter[…]` or `exclude[…]`, resolved: a criterion is `undefined` when it
 * was not given. Channels are not here: the services fold them into the channels searched.
 *
 * @example
 * ```ts
 * const loud: Criteria = { ...noCriteria, appearance: "loud" }
 * ```
 */
export interface Criteria {
  /** A tile cell, half-open. */
  readonly cell: BoundingBox | undefined
  /** ISO timestamps in UTC, all exclusive. */
  readonly updatedAfter: string | undefined
  readonly updatedBefore: string | undefined
  readonly createdAfter: string | undefined
  readonly createdBefore: string | undefined
  readonly appearance: Appearance | undefined
  readonly reportStateIds: ReadonlyArray<number> | undefined
  readonly categoryIds: ReadonlyArray<number> | undefined
  readonly assigneeIds: ReadonlyArray<number> | undefined
  /** Reporters: their reports that are not anonymous. */
  readonly reporterIds: ReadonlyArray<number> | undefined
  /** The words of a search's text (`SearchText.words`), each to begin a word of the readable text. */
  readonly words: ReadonlyArray<string> | undefined
  readonly reportIds: ReadonlyArray<number> | undefined
  /** The reports a previous search found. */
  readonly reportSearchId: number | undefined
}

/**
 * Criteria with nothing given: every report matches.
 *
 * @example
 * ```ts
 * const selection: Selection = { channelIds: [3], filter: noCriteria, exclude: noCriteria, reader }
 * ```
 */
export const noCriteria: Criteria = {
  cell: undefined,
  updatedAfter: undefined,
  updatedBefore: undefined,
  createdAfter: undefined,
  createdBefore: undefined,
  appearance: undefined,
  reportStateIds: undefined,
  categoryIds: undefined,
  assigneeIds: undefined,
  reporterIds: undefined,
  words: undefined,
  reportIds: undefined,
  reportSearchId: undefined,
}

/**
 * Which reports a search or a tiles search reads: those of `channelIds` that match every criterion
 * of `filter` and none of `exclude` (each criterion of `exclude` leaves out what it matches), text
 * matched against what `reader` may read of them.
 */
export interface Selection {
  readonly channelIds: ReadonlyArray<number>
  readonly filter: Criteria
  readonly exclude: Criteria
  readonly reader: ReportTextSearch.Reader
}

/** A report as a map draws it, with its category's pin. */
export interface MapItemRow {
  readonly id: number
  readonly version: number
  readonly channel_id: number
  readonly appearance: Appearance
  readonly latitude: number | null
  readonly longitude: number | null
  readonly pin_color: string
  readonly pin_appearance: string
}

/**
 * The reports of one grid column and row as SQL computes them, `floor(position / scale)`, with the
 * extent of their positions, so the service can place them in the domain's cells.
 */
export interface TileGroupRow {
  readonly column_index: number
  readonly row_index: number
  readonly report_count: number
  readonly min_longitude: number
  readonly max_longitude: number
  readonly min_latitude: number
  readonly max_latitude: number
}

/**
 * The grids whose counts are kept per channel and cell (`report_cell_counts`, migration 0023), by
 * their number of decimals: cells 1°, 0.1°, 0.01° and 0.001° wide.
 */
export const keptLevels: ReadonlyArray<number> = [0, 1, 2, 3]

/**
 * A grid made of the cells of a kept grid: each of its cells is `factor` cells of `level` wide
 * (0.05° is 5 cells of level 2), so it is `factor × 10^-level` degrees wide.
 */
export interface KeptGrid {
  readonly level: number
  readonly factor: number
}

/** A block of cells of a grid by index (the domain's `TileGrid.CellBlock`). */
export type { CellBlock }

/** How many reports a cell holds, the cell named by its column and row. */
export interface CellCountRow {
  readonly column_index: number
  readonly row_index: number
  readonly report_count: number
}

/** A search to store. */
export interface NewReportSearch {
  readonly user_id: number
  readonly branded_app_id: number
  readonly team_id: number | null
  readonly parameters: string
  readonly created_at: string
  readonly expires_at: string
}

/**
 * The report search store.
 *
 * @example
 * ```ts
 * const searches = yield* ReportSearchStore
 * yield* searches.run(search.id, selection, [{ field: "updated_at", direction: "desc" }])
 * ```
 */
export class ReportSearchStore extends Context.Service<
  ReportSearchStore,
  {
    /** Adds a pending search and answers its id; joins the caller's transaction. */
    readonly insert: (search: NewReportSearch) => Effect.Effect<number>
    readonly setJob: (id: number, jobId: number) => Effect.Effect<void>
    readonly find: (id: number) => Effect.Effect<ReportSearchRow | undefined>
    /** The ids of a team's channels. */
    readonly teamChannelIds: (teamId: number) => Effect.Effect<ReadonlyArray<number>>
    /** The channels a user selected with `view: true`. */
    readonly viewedChannelIds: (userId: number) => Effect.Effect<ReadonlyArray<number>>
    /**
     * Writes the ids of the reports a selection holds, in `order` (then by id; `updated_at desc,
     * id desc` when empty), as the results of a pending search and marks it done with their count;
     * a search no longer pending is left alone. `relevance` ranks by the filter's words; without
     * any, every report ranks the same.
     */
    readonly run: (
      id: number,
      selection: Selection,
      order: ReadonlyArray<OrderBy.Clause<OrderBy.ReportSearchField>>,
    ) => Effect.Effect<void>
    /** Marks a pending search failed with a message for its reader. */
    readonly fail: (id: number, error: string) => Effect.Effect<void>
    /** A page of a search's results as map items, leaving out reports no longer in `channelIds`. */
    readonly mapItems: (
      id: number,
      page: RangePage,
      channelIds: ReadonlyArray<number>,
    ) => Effect.Effect<ReadonlyArray<MapItemRow>>
    /** A page of a search's report ids in order, leaving out reports no longer in `channelIds`. */
    readonly reportIds: (
      id: number,
      page: RangePage,
      channelIds: ReadonlyArray<number>,
    ) => Effect.Effect<ReadonlyArray<number>>
    /** The reports of a selection inside `area`, counted per `floor(position / scale)`. */
    readonly tileGroups: (
      selection: Selection,
      area: BoundingBox,
      scale: number,
    ) => Effect.Effect<ReadonlyArray<TileGroupRow>>
    /**
     * How many placed reports of `channelIds` each cell of `block` holds, in cells of `grid`, from
     * the kept counts: exact, for a search with no criterion but its channels. Only cells holding
     * reports are answered.
     */
    readonly keptCellCounts: (
      channelIds: ReadonlyArray<number>,
      grid: KeptGrid,
      block: CellBlock,
    ) => Effect.Effect<ReadonlyArray<CellCountRow>>
    /** How many reports of a selection lie inside each of the boxes, in their order. */
    readonly countIn: (
      selection: Selection,
      boxes: ReadonlyArray<BoundingBox>,
    ) => Effect.Effect<ReadonlyArray<number>>
    /** Deletes the searches expired by `now` with their results; answers how many. */
    readonly deleteExpired: (now: string) => Effect.Effect<number>
  }
>()("api/store/ReportSearchStore") {
  static readonly layer = Layer.effect(
    ReportSearchStore,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const sqlite = yield* Effect.serviceOption(SqliteClient)
      const readApart = yield* ReadApart.make
      const text = ReportTextSearch.make(sql)

      const inBox = (box: BoundingBox): Statement.Fragment => {
        const longitude = sql`r.longitude >= ${box.minLongitude} AND r.longitude < ${box.maxLongitude}`
        return sql`(r.latitude IS NOT NULL AND r.longitude IS NOT NULL
          AND r.latitude >= ${box.minLatitude} AND r.latitude < ${box.maxLatitude}
          AND ${box.minLongitude === -180 ? sql`(${longitude} OR r.longitude = 180)` : sql`(${longitude})`})`
      }

      // One condition per criterion given. None is ever NULL (positions and assignees are
      // guarded), so `NOT` of one is exactly the reports it does not match.
      const conditions = (criteria: Criteria, selection: Selection): ReadonlyArray<Statement.Fragment> => {
        const found: Array<Statement.Fragment> = []
        if (criteria.cell !== undefined) found.push(inBox(criteria.cell))
        if (criteria.updatedAfter !== undefined) found.push(sql`r.updated_at > ${criteria.updatedAfter}`)
        if (criteria.updatedBefore !== undefined) found.push(sql`r.updated_at < ${criteria.updatedBefore}`)
        if (criteria.createdAfter !== undefined) found.push(sql`r.created_at > ${criteria.createdAfter}`)
        if (criteria.createdBefore !== undefined) found.push(sql`r.created_at < ${criteria.createdBefore}`)
        if (criteria.appearance !== undefined)
          found.push(
            sql`r.report_state_id IN (SELECT id FROM report_states WHERE appearance = ${criteria.appearance})`,
          )
        if (criteria.reportStateIds !== undefined)
          found.push(sql`r.report_state_id IN ${sql.in(criteria.reportStateIds)}`)
        if (criteria.categoryIds !== undefined)
          found.push(sql`r.category_id IN ${sql.in(criteria.categoryIds)}`)
        if (criteria.assigneeIds !== undefined)
          found.push(sql`(r.assignee_id IS NOT NULL AND r.assignee_id IN ${sql.in(criteria.assigneeIds)})`)
        // An anonymous report names nobody, so no reporter finds it.
        if (criteria.reporterIds !== undefined)
          found.push(sql`(r.is_anonymous = 0 AND r.user_id IN ${sql.in(criteria.reporterIds)})`)
        if (criteria.words !== undefined)
          found.push(text.matches(criteria.words, selection.channelIds, selection.reader))
        if (criteria.reportIds !== undefined) found.push(sql`r.id IN ${sql.in(criteria.reportIds)}`)
        if (criteria.reportSearchId !== undefined)
          found.push(
            sql`r.id IN (SELECT report_id FROM report_search_results WHERE search_id = ${criteria.reportSearchId})`,
          )
        return found
      }

      const where = (selection: Selection, area?: BoundingBox): Statement.Fragment =>
        sql.and([
          sql`r.channel_id IN ${sql.in(selection.channelIds)}`,
          ...(area === undefined ? [] : [inBox(area)]),
          ...conditions(selection.filter, selection),
          ...conditions(selection.exclude, selection).map((condition) => sql`NOT ${condition}`),
        ])

      /**
       * The reports a selection holds, `r`, and their order: `relevance` ranks by the filter's
       * words (`ReportTextSearch.relevance`), or is left out when there are none.
       */
      const ordered = (
        selection: Selection,
        order: ReadonlyArray<OrderBy.Clause<OrderBy.ReportSearchField>>,
      ): { readonly from: Statement.Fragment; readonly orderBy: Statement.Fragment } => {
        const words = selection.filter.words
        const ranked = order.some((clause) => clause.field === "relevance") ? words : undefined
        const relevance =
          ranked === undefined ? undefined : text.relevance(ranked, selection.channelIds, selection.reader)
        // Newest change first by default; ties fall back on the id, in the direction of the last
        // clause, so every order is total.
        const given = order.filter((clause) => clause.field !== "relevance" || relevance !== undefined)
        const clauses = given.length > 0 ? given : defaultOrder
        const last = clauses.at(-1)?.direction ?? "desc"
        const total = clauses.some((clause) => clause.field === "id")
          ? clauses
          : [...clauses, { field: "id", direction: last } as const]
        return {
          from: sql`reports r ${relevance?.join ?? sql``}`,
          orderBy: sql.csv(
            total.map((clause) => {
              const direction = sql.literal(clause.direction === "asc" ? "ASC" : "DESC")
              const column =
                clause.field === "relevance" ? relevance!.value : sql.literal(`r.${clause.field}`)
              return sql`${column} ${direction}`
            }),
          ),
        }
      }

      const isPending = (id: number) =>
        Effect.map(
          sql<{ readonly status: string }>`SELECT status FROM report_searches WHERE id = ${id}`,
          ([search]) => search?.status === "pending",
        )

      const page = (id: number, range: RangePage) =>
        sql`x.search_id = ${id} AND x.position >= ${range.start} AND x.position <= ${range.end}`

      return ReportSearchStore.of({
        insert: (search) =>
          sql<{ readonly id: number }>`INSERT INTO report_searches ${sql.insert({
            ...search,
            status: "pending",
          })} RETURNING id`.pipe(
            Effect.map((rows) => rows[0]!.id),
            Effect.orDie,
          ),
        setJob: (id, jobId) =>
          sql`UPDATE report_searches SET job_id = ${jobId} WHERE id = ${id}`.pipe(
            Effect.asVoid,
            Effect.orDie,
          ),
        find: (id) =>
          sql<ReportSearchRow>`SELECT id, user_id, branded_app_id, team_id, parameters, status, error,
              result_count, created_at, expires_at, job_id
            FROM report_searches WHERE id = ${id}`.pipe(
            Effect.map((rows) => rows[0]),
            Effect.orDie,
          ),
        teamChannelIds: (teamId) =>
          sql<{ readonly id: number }>`SELECT id FROM channels WHERE team_id = ${teamId} ORDER BY id`.pipe(
            Effect.map((rows) => rows.map((row) => row.id)),
            Effect.orDie,
          ),
        viewedChannelIds: (userId) =>
          sql<{ readonly channel_id: number }>`SELECT channel_id FROM channel_selections
            WHERE user_id = ${userId} AND view = 1 ORDER BY channel_id`.pipe(
            Effect.map((rows) => rows.map((row) => row.channel_id)),
            Effect.orDie,
          ),
        run: (id, selection, order) => {
          const { from, orderBy } = ordered(selection, order)
          return Option.match(sqlite, {
            onNone: () =>
              Effect.gen(function* () {
                if (!(yield* isPending(id))) return
                yield* sql`DELETE FROM report_search_results WHERE search_id = ${id}`
                yield* sql`INSERT INTO report_search_results (search_id, position, report_id)
                  SELECT ${id}, ROW_NUMBER() OVER (ORDER BY ${orderBy}) - 1, r.id
                  FROM ${from} WHERE ${where(selection)}`
                yield* sql`UPDATE report_searches SET status = 'done', error = NULL,
                    result_count = (SELECT COUNT(*) FROM report_search_results WHERE search_id = ${id})
                  WHERE id = ${id}`
              }).pipe(sql.withTransaction, Effect.orDie),
            onSome: (sqlite) =>
              Effect.gen(function* () {
                if (!(yield* isPending(id))) return
                yield* sql`DELETE FROM report_search_results WHERE search_id = ${id}`
                const ids = yield* sqlite.numbersApart(
                  sql`SELECT r.id FROM ${from} WHERE ${where(selection)} ORDER BY ${orderBy}`,
                )
                for (let start = 0; start < ids.length; start += resultsPerWrite) {
                  const written = Array.from(ids.subarray(start, start + resultsPerWrite))
                  // A search deleted meanwhile (expired) gets no more results, and no foreign key fails.
                  yield* sql`INSERT INTO report_search_results (search_id, position, report_id)
                    SELECT ${id}, ${start} + j.key, j.value FROM json_each(${JSON.stringify(written)}) j
                    WHERE EXISTS (SELECT 1 FROM report_searches WHERE id = ${id} AND status = 'pending')`
                  // Requests that arrived meanwhile are answered before the next write.
                  yield* Effect.promise(() => new Promise((resolve) => setImmediate(resolve)))
                }
                yield* sql`UPDATE report_searches SET status = 'done', error = NULL, result_count = ${ids.length}
                  WHERE id = ${id} AND status = 'pending'`
              }).pipe(Effect.orDie),
          })
        },
        fail: (id, error) =>
          sql`UPDATE report_searches SET status = 'failed', error = ${error}
            WHERE id = ${id} AND status = 'pending'`.pipe(Effect.asVoid, Effect.orDie),
        mapItems: (id, range, channelIds) =>
          sql<MapItemRow>`SELECT r.id, r.version, r.channel_id, s.appearance, r.latitude, r.longitude,
              c.pin_color, c.pin_appearance
            FROM report_search_results x
            JOIN reports r ON r.id = x.report_id
            JOIN report_states s ON s.id = r.report_state_id
            JOIN categories c ON c.id = r.category_id
            WHERE ${page(id, range)} AND r.channel_id IN ${sql.in(channelIds)}
            ORDER BY x.position`.pipe(Effect.orDie),
        reportIds: (id, range, channelIds) =>
          sql<{ readonly id: number }>`SELECT r.id FROM report_search_results x
            JOIN reports r ON r.id = x.report_id
            WHERE ${page(id, range)} AND r.channel_id IN ${sql.in(channelIds)}
            ORDER BY x.position`.pipe(
            Effect.map((rows) => rows.map((row) => row.id)),
            Effect.orDie,
          ),
        tileGroups: (selection, area, scale) =>
          // Grouped outside the subquery, so the groups are named columns on every engine; integers
          // sort faster than floating point numbers.
          readApart(sql<TileGroupRow>`SELECT column_index, row_index, COUNT(*) AS report_count,
              MIN(longitude) AS min_longitude, MAX(longitude) AS max_longitude,
              MIN(latitude) AS min_latitude, MAX(latitude) AS max_latitude
            FROM (
              SELECT CAST(FLOOR(r.longitude / ${scale}) AS BIGINT) AS column_index,
                CAST(FLOOR(r.latitude / ${scale}) AS BIGINT) AS row_index,
                r.longitude, r.latitude
              FROM reports r WHERE ${where(selection, area)}
            ) positions
            GROUP BY column_index, row_index`).pipe(Effect.orDie),
        keptCellCounts: (channelIds, { level, factor }, block) => {
          // The factor is a whole number: the kept grid's cells fold into the grid's by integer
          // division, floored for negative indices.
          const by = sql.literal(String(factor))
          const cellOf = (kept: string) => {
            const index = sql.literal(kept)
            return sql`CASE WHEN ${index} >= 0 THEN ${index} / ${by} ELSE (${index} + 1) / ${by} - 1 END`
          }
          return sql<CellCountRow>`SELECT cell_column AS column_index, cell_row AS row_index,
              SUM(report_count) AS report_count
            FROM (
              SELECT ${cellOf("column_index")} AS cell_column, ${cellOf("row_index")} AS cell_row, report_count
              FROM report_cell_counts
              WHERE channel_id IN ${sql.in(channelIds)} AND level = ${level}
                AND column_index >= ${block.west * factor} AND column_index < ${block.east * factor}
                AND row_index >= ${block.south * factor} AND row_index < ${block.north * factor}
            ) cells
            GROUP BY cell_column, cell_row
            HAVING SUM(report_count) > 0`.pipe(
            Effect.map((rows) =>
              rows.map((row) => ({
                column_index: Number(row.column_index),
                row_index: Number(row.row_index),
                report_count: Number(row.report_count),
              })),
            ),
            Effect.orDie,
          )
        },
        countIn: (selection, boxes) =>
          // A statement per chunk of boxes rather than per box: few boxes hold many reports.
          Effect.forEach(Arr.chunksOf(boxes, countChunk), (chunk) =>
            readApart(
              sql<{ readonly report_count: number }>`${sql.join(
                " UNION ALL ",
                false,
              )(
                chunk.map(
                  (box, index) =>
                    sql`SELECT ${sql.literal(String(index))} AS position, (SELECT COUNT(*) FROM reports r WHERE ${where(selection, box)}) AS report_count`,
                ),
              )} ORDER BY position`,
            ),
          ).pipe(
            Effect.map((chunks) => chunks.flat().map((row) => Number(row.report_count))),
            Effect.orDie,
          ),
        deleteExpired: (now) =>
          sql<{
            readonly id: number
          }>`DELETE FROM report_searches WHERE expires_at <= ${now} RETURNING id`.pipe(
            Effect.map((rows) => rows.length),
            Effect.orDie,
          ),
      })
    }),
  )
}
