/**
 * Exports of report searches in SQL (docs/api.md, Exports): the `report_exports` rows, and the
 * reports of a search as an export writes them, read in order of the search a page at a time after
 * the last position written (so a page costs the same at the end of a million results as at the
 * start).
 */
import type { ExportState, Format } from "@fieldreport/domain/ReportExport"
import { Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import type { StoredAnswers } from "./ReportStore.ts"
import * as ReadApart from "./sql/ReadApart.ts"

/** An export as stored. */
export interface ReportExportRow {
  readonly id: number
  readonly user_id: number
  readonly branded_app_id: number
  readonly team_id: number | null
  readonly report_search_id: number
  readonly format: Format
  /** The columns asked for and the Excel flag, as JSON (`ExportOptions`). */
  readonly options: string
  /** The address the service was reached at when the export was asked for, for the file addresses in it. */
  readonly origin: string
  readonly state: ExportState
  readonly rows_written: number
  readonly rows_total: number | null
  readonly byte_size: number | null
  /** Where the file is in the file store, once done. */
  readonly storage_key: string | null
  readonly error: string | null
  readonly job_id: number | null
  readonly created_at: string
  readonly expires_at: string
}

/** An export to store. */
export type NewReportExport = Pick<
  ReportExportRow,
  | "user_id"
  | "branded_app_id"
  | "team_id"
  | "report_search_id"
  | "format"
  | "options"
  | "origin"
  | "created_at"
  | "expires_at"
>

/** Which of a user's exports to list: those of one app not expired by `now`, a page of them. */
export interface ReportExportQuery {
  readonly userId: number
  readonly brandedAppId: number
  readonly now: string
  readonly offset: number
  readonly limit: number
}

/** One page of a user's exports and how many there are in all. */
export interface ReportExportPage {
  readonly rows: ReadonlyArray<ReportExportRow>
  readonly total: number
}

/**
 * A report as an export reads it, in the search's order; the names its columns show (channel,
 * category, state, reporter) are looked up apart, once per export or page, not joined per report.
 */
export interface ExportedReportRow {
  /** Its place in the search's order. */
  readonly position: number
  readonly id: number
  readonly channel_id: number
  readonly uuid: string | null
  readonly user_id: number
  readonly is_anonymous: number
  readonly title: string
  readonly address: string
  readonly latitude: number | null
  readonly longitude: number | null
  readonly category_id: number
  readonly report_state_id: number
  readonly shape_id: number | null
  readonly assignee_id: number | null
  readonly assignment_due_at: string | null
  readonly answers: StoredAnswers
  readonly created_at: string
  readonly updated_at: string
}

const columns =
  "id, user_id, branded_app_id, team_id, report_search_id, format, options, origin, state, rows_written, " +
  "rows_total, byte_size, storage_key, error, job_id, created_at, expires_at"

/** A report of an export from its values in the order the statement selects them. */
const exportedReport = (values: ReadonlyArray<unknown>): ExportedReportRow => {
  const [position, id, channelId, uuid, userId, isAnonymous, title, address, latitude] = values
  const [longitude, categoryId, stateId, shapeId, assigneeId, dueAt, answers, createdAt, updatedAt] =
    values.slice(9)
  return {
    position: Number(position),
    id: Number(id),
    channel_id: Number(channelId),
    uuid: uuid as string | null,
    user_id: Number(userId),
    is_anonymous: Number(isAnonymous),
    title: String(title),
    address: String(address),
    latitude: latitude as number | null,
    longitude: longitude as number | null,
    category_id: Number(categoryId),
    report_state_id: Number(stateId),
    shape_id: shapeId === null ? null : Number(shapeId),
    assignee_id: assigneeId === null ? null : Number(assigneeId),
    assignment_due_at: dueAt as string | null,
    // The server writes the answers itself, after `FormAnswers.validate`.
    answers: JSON.parse(String(answers)) as StoredAnswers,
    created_at: String(createdAt),
    updated_at: String(updatedAt),
  }
}

/**
 * The report export store.
 *
 * @example
 * ```ts
 * const exports = yield* ReportExportStore
 * const page = yield* exports.reports(search.id, channelIds, -1, 5000)
 * ```
 */
export class ReportExportStore extends Context.Service<
  ReportExportStore,
  {
    /** Adds a pending export and answers its id; joins the caller's transaction. */
    readonly insert: (row: NewReportExport) => Effect.Effect<number>
    readonly setJob: (id: number, jobId: number) => Effect.Effect<void>
    readonly find: (id: number) => Effect.Effect<ReportExportRow | undefined>
    /** A page of a user's exports still kept, newest first. */
    readonly page: (query: ReportExportQuery) => Effect.Effect<ReportExportPage>
    /** Marks an export running with the rows it will write, from none written. */
    readonly start: (id: number, rowsTotal: number) => Effect.Effect<void>
    readonly progress: (id: number, rowsWritten: number) => Effect.Effect<void>
    /** Marks an export done with its file; `false` when it was deleted meanwhile. */
    readonly finish: (
      id: number,
      file: { readonly storageKey: string; readonly byteSize: number; readonly rows: number },
    ) => Effect.Effect<boolean>
    /** Marks an export that is not done failed, with a message for its reader. */
    readonly fail: (id: number, error: string) => Effect.Effect<void>
    /** How many of a user's exports are waiting or running. */
    readonly unfinished: (userId: number) => Effect.Effect<number>
    /** Deletes the exports expired by `now`; answers the storage key of each (null before its file). */
    readonly deleteExpired: (now: string) => Effect.Effect<ReadonlyArray<string | null>>
    /** How many results of a search are reports of `channelIds`. */
    readonly count: (searchId: number, channelIds: ReadonlyArray<number>) => Effect.Effect<number>
    /**
     * Up to `limit` results of a search after `afterPosition`, in its order, leaving out reports
     * not in `channelIds`.
     */
    readonly reports: (
      searchId: number,
      channelIds: ReadonlyArray<number>,
      afterPosition: number,
      limit: number,
    ) => Effect.Effect<ReadonlyArray<ExportedReportRow>>
  }
>()("api/store/ReportExportStore") {
  static readonly layer = Layer.effect(
    ReportExportStore,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const readApart = yield* ReadApart.make
      const all = sql.literal(columns)

      return ReportExportStore.of({
        insert: (row) =>
          sql<{ readonly id: number }>`INSERT INTO report_exports ${sql.insert({
            ...row,
            state: "pending",
          })} RETURNING id`.pipe(
            Effect.map((rows) => rows[0]!.id),
            Effect.orDie,
          ),
        setJob: (id, jobId) =>
          sql`UPDATE report_exports SET job_id = ${jobId} WHERE id = ${id}`.pipe(Effect.asVoid, Effect.orDie),
        find: (id) =>
          sql<ReportExportRow>`SELECT ${all} FROM report_exports WHERE id = ${id}`.pipe(
            Effect.map((rows) => rows[0]),
            Effect.orDie,
          ),
        page: (query) =>
          Effect.gen(function* () {
            const mine = sql`user_id = ${query.userId} AND branded_app_id = ${query.brandedAppId}
              AND expires_at > ${query.now}`
            const rows = yield* sql<ReportExportRow>`SELECT ${all} FROM report_exports WHERE ${mine}
              ORDER BY created_at DESC, id DESC
              LIMIT ${query.limit} OFFSET ${query.offset}`
            const [count] = yield* sql<{ readonly total: number }>`SELECT COUNT(*) AS total
              FROM report_exports WHERE ${mine}`
            return { rows, total: Number(count?.total ?? 0) }
          }).pipe(Effect.orDie),
        start: (id, rowsTotal) =>
          sql`UPDATE report_exports SET state = 'running', rows_written = 0, rows_total = ${rowsTotal}
            WHERE id = ${id} AND state IN ('pending', 'running')`.pipe(Effect.asVoid, Effect.orDie),
        progress: (id, rowsWritten) =>
          sql`UPDATE report_exports SET rows_written = ${rowsWritten} WHERE id = ${id} AND state = 'running'`.pipe(
            Effect.asVoid,
            Effect.orDie,
          ),
        finish: (id, { storageKey, byteSize, rows }) =>
          sql<{ readonly id: number }>`UPDATE report_exports SET state = 'done', storage_key = ${storageKey},
              byte_size = ${byteSize}, rows_written = ${rows}, rows_total = ${rows}, error = NULL
            WHERE id = ${id} RETURNING id`.pipe(
            Effect.map((rows) => rows.length > 0),
            Effect.orDie,
          ),
        fail: (id, error) =>
          sql`UPDATE report_exports SET state = 'failed', error = ${error}
            WHERE id = ${id} AND state <> 'done'`.pipe(Effect.asVoid, Effect.orDie),
        unfinished: (userId) =>
          sql<{ readonly n: number }>`SELECT COUNT(*) AS n FROM report_exports
            WHERE user_id = ${userId} AND state IN ('pending', 'running')`.pipe(
            Effect.map((rows) => Number(rows[0]?.n ?? 0)),
            Effect.orDie,
          ),
        deleteExpired: (now) =>
          sql<{ readonly storage_key: string | null }>`DELETE FROM report_exports WHERE expires_at <= ${now}
            RETURNING storage_key`.pipe(
            Effect.map((rows) => rows.map((row) => row.storage_key)),
            Effect.orDie,
          ),
        count: (searchId, channelIds) =>
          readApart(sql<{ readonly n: number }>`SELECT COUNT(*) AS n FROM report_search_results x
            JOIN reports r ON r.id = x.report_id
            WHERE x.search_id = ${searchId} AND r.channel_id IN ${sql.in(channelIds)}`).pipe(
            Effect.map((rows) => Number(rows[0]?.n ?? 0)),
            Effect.orDie,
          ),
        reports: (searchId, channelIds, afterPosition, limit) =>
          // Read as arrays and made into records here: a million records made by the driver, one
          // named property at a time, cost more than the query.
          sql`SELECT x.position, r.id, r.channel_id, r.uuid, r.user_id, r.is_anonymous, r.title, r.address,
              r.latitude, r.longitude, r.category_id, r.report_state_id, r.shape_id, r.assignee_id,
              r.assignment_due_at, r.answers, r.created_at, r.updated_at
            FROM report_search_results x
            JOIN reports r ON r.id = x.report_id
            WHERE x.search_id = ${searchId} AND x.position > ${afterPosition}
              AND r.channel_id IN ${sql.in(channelIds)}
            ORDER BY x.position
            LIMIT ${limit}`.values.pipe(
            Effect.map((rows) => rows.map(exportedReport)),
            Effect.orDie,
          ),
      })
    }),
  )
}
