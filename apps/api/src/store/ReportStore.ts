/**
 * Reports and what hangs on them: the attachments their answers name (one row per attachment, so no attachment is in two fields or reports), their
 * state changes, who opened them, and the batch look-ups that render many reports at once; the
 * pages a field app syncs from (the syncable reports, the state changes of the reports it reads);
 * and a report's deletion with what goes with it.
 *
 * Answers are stored as JSON text and read back parsed. Every write of a report increments its
 * `version`, from which its `cache_key` and its `ETag` are made.
 */
import type { AnswerValue } from "@fieldreport/domain/Report"
import { Array as Arr, Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import * as ClientUuids from "./ClientUuids.ts"
import { type SyncScope, syncable } from "./SyncableReports.ts"

/** A report's answers by field key, as stored. */
export type StoredAnswers = Readonly<Record<string, AnswerValue>>

/** A report as stored; `is_anonymous` is 0/1, `latitude` and `longitude` null for an address only. */
export interface ReportRow {
  readonly id: number
  readonly channel_id: number
  /** The client's or the server's; null only for reports written by other means (imports). */
  readonly uuid: string | null
  readonly source_id: string | null
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
  readonly version: number
  readonly created_at: string
  readonly updated_at: string
}

/** A report as it is inserted. */
export type NewReport = Omit<ReportRow, "id" | "assignee_id" | "assignment_due_at" | "version" | "updated_at">

/** The columns an update may change. */
export type ReportChanges = Partial<
  Pick<
    ReportRow,
    | "source_id"
    | "title"
    | "address"
    | "latitude"
    | "longitude"
    | "category_id"
    | "report_state_id"
    | "shape_id"
    | "assignee_id"
    | "assignment_due_at"
    | "answers"
  >
>

/** An attachment a report's answers name, and the field that names it. */
export interface AttachmentLink {
  readonly attachment_id: number
  readonly field_key: string
}

/** A change of a report's state, with the states' names at the time. */
export interface StateChangeRow {
  readonly id: number
  readonly report_id: number
  readonly user_id: number
  readonly previous_state_id: number
  readonly previous_state_name: string
  readonly new_state_id: number
  readonly new_state_name: string
  readonly created_at: string
  /** The report's client uuid; null for one filed without (an import). */
  readonly report_uuid: string | null
}

/** A page of rows and how many the list holds in all. */
export interface Page<Row> {
  readonly rows: ReadonlyArray<Row>
  readonly total: number
}

/**
 * Which rows of a list changed after a time, one page of them, in the order they changed: the
 * order a field app pages through (docs/api.md, Field apps and offline sync).
 */
export interface ChangesPage {
  /** Only what changed after this time (exclusive). */
  readonly after: string | undefined
  readonly offset: number
  readonly limit: number
}

/**
 * Which state changes a list holds: those of the reports of the readable channels, of the
 * syncable reports only when `syncable` is given, of one report when `reportId` is.
 */
export interface StateChangeCriteria extends ChangesPage {
  readonly channelIds: ReadonlyArray<number>
  readonly syncable: SyncScope | undefined
  readonly reportId: number | undefined
}

/** What a report's deletion took with it, for the tombstones of its comments and tasks. */
export interface DeletedWithReport {
  readonly comments: ReadonlyArray<{ readonly id: number; readonly uuid: string }>
  readonly tasks: ReadonlyArray<{ readonly uuid: string; readonly team_id: number }>
}

/** A user who opened a report, and when they first did. */
export interface ReaderRow {
  readonly report_id: number
  readonly id: number
  readonly first_name: string
  readonly last_name: string
  readonly opened_at: string
}

/** What a report shows of its reporter. */
export interface ReporterRow {
  readonly id: number
  readonly first_name: string
  readonly last_name: string
  readonly image_attachment_id: number | null
}

/** What a report shows of its channel: its name, its logo, and the pin of its root category. */
export interface ReportChannelRow {
  readonly id: number
  readonly name: string
  readonly logo_attachment_id: number | null
  readonly pin_color: string
  readonly pin_appearance: string
}

type StoredReport = Omit<ReportRow, "answers"> & { readonly answers: string }

// The server writes the answers itself, after `FormAnswers.validate`.
const fromStored = ({ answers, ...row }: StoredReport): ReportRow => ({
  ...row,
  answers: JSON.parse(answers) as StoredAnswers,
})

const asColumns = (changes: ReportChanges): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(changes)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => [name, name === "answers" ? JSON.stringify(value) : value]),
  )

/**
 * The report store.
 *
 * @example
 * ```ts
 * const reports = yield* ReportStore
 * const report = yield* reports.find(49)
 * ```
 */
export class ReportStore extends Context.Service<
  ReportStore,
  {
    readonly find: (id: number) => Effect.Effect<ReportRow | undefined>
    readonly findByUuid: (uuid: string) => Effect.Effect<ReportRow | undefined>
    /**
     * The report, read for a change in the caller's transaction: on PostgreSQL its row is locked
     * until the transaction ends, so a change that checks the version it read is not raced by
     * another (SQLite runs one writing transaction at a time).
     */
    readonly lock: (id: number) => Effect.Effect<ReportRow | undefined>
    /** A page of the syncable reports changed after `page.after`, by `updated_at`, then id. */
    readonly syncable: (scope: SyncScope, page: ChangesPage) => Effect.Effect<Page<ReportRow>>
    /** The report of the channel with the source id; the lowest id when several share it. */
    readonly findBySource: (channelId: number, sourceId: string) => Effect.Effect<ReportRow | undefined>
    /** Inserts a report; `undefined` when another report holds its uuid. */
    readonly insert: (report: NewReport) => Effect.Effect<ReportRow | undefined>
    /** Writes the changes, increments the version and sets `updated_at`. */
    readonly update: (id: number, changes: ReportChanges, at: string) => Effect.Effect<ReportRow>
    /** Marks the report changed (a comment was added): a new version at `at`. */
    readonly touch: (id: number, at: string) => Effect.Effect<void>
    readonly attachmentLinks: (reportId: number) => Effect.Effect<ReadonlyArray<AttachmentLink>>
    /** Replaces the attachments the report's answers name. */
    readonly replaceAttachmentLinks: (
      report: { readonly id: number; readonly channel_id: number },
      links: ReadonlyArray<AttachmentLink>,
    ) => Effect.Effect<void>
    readonly insertStateChange: (
      change: Omit<StateChangeRow, "id" | "report_uuid"> & { readonly channel_id: number },
    ) => Effect.Effect<void>
    /** The report's state changes, oldest first. */
    readonly stateChanges: (reportId: number) => Effect.Effect<ReadonlyArray<StateChangeRow>>
    /** A page of the state changes the criteria select, oldest first (by time, then id). */
    readonly stateChangesPage: (criteria: StateChangeCriteria) => Effect.Effect<Page<StateChangeRow>>
    /**
     * Deletes the report with everything that hangs on it: its comments, notes, tasks, state
     * changes, reads, notifications, attachment links and text, and the client uuids of the
     * report, its comments and its tasks. The kept counts follow through their triggers. Answers
     * the comments and tasks that went, which the caller writes tombstones of.
     */
    readonly delete: (report: {
      readonly id: number
      readonly channel_id: number
    }) => Effect.Effect<DeletedWithReport>
    /**
     * Records that a user opened the report, and marks their notification about it read: both, or
     * neither. Runs its own transaction (joining the caller's, if any) only when there is an unread
     * notification to mark; most opens have none, and then one `INSERT` is all it takes.
     */
    readonly recordRead: (
      report: { readonly id: number; readonly channel_id: number },
      userId: number,
      at: string,
    ) => Effect.Effect<void>
    /** Who opened each of the reports, in the order they first did. */
    readonly readers: (reportIds: ReadonlyArray<number>) => Effect.Effect<ReadonlyArray<ReaderRow>>
    readonly reporters: (userIds: ReadonlyArray<number>) => Effect.Effect<ReadonlyArray<ReporterRow>>
    readonly channels: (channelIds: ReadonlyArray<number>) => Effect.Effect<ReadonlyArray<ReportChannelRow>>
    /** Whether the shape belongs to the branded app. */
    readonly isShapeOfApp: (shapeId: number, appId: number) => Effect.Effect<boolean>
  }
>()("api/store/ReportStore") {
  static readonly layer = Layer.effect(
    ReportStore,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const columns = sql.literal(
        "id, channel_id, uuid, source_id, user_id, is_anonymous, title, address, latitude, longitude, category_id, report_state_id, shape_id, assignee_id, assignment_due_at, answers, version, created_at, updated_at",
      )
      const one = (rows: ReadonlyArray<StoredReport>) =>
        rows[0] === undefined ? undefined : fromStored(rows[0])
      const lockRow = sql.onDialectOrElse({
        pg: () => sql.literal("FOR NO KEY UPDATE"),
        orElse: () => sql.literal(""),
      })
      const changedAfter = (column: string, after: string | undefined) =>
        after === undefined ? [] : [sql`${sql.literal(column)} > ${after}`]
      const stateChangeColumns = sql.literal(`sc.id, sc.report_id, sc.user_id, sc.previous_state_id,
        sc.previous_state_name, sc.new_state_id, sc.new_state_name, sc.created_at, r.uuid AS report_uuid`)
      const stateChangesWhere = (criteria: StateChangeCriteria) =>
        sql.and([
          sql.in("sc.channel_id", criteria.channelIds),
          ...(criteria.syncable === undefined ? [] : [syncable(sql, criteria.syncable, "r")]),
          ...(criteria.reportId === undefined ? [] : [sql`sc.report_id = ${criteria.reportId}`]),
          ...changedAfter("sc.created_at", criteria.after),
        ])

      return ReportStore.of({
        find: (id) =>
          sql<StoredReport>`SELECT ${columns} FROM reports WHERE id = ${id}`.pipe(
            Effect.map(one),
            Effect.orDie,
          ),
        findByUuid: (uuid) =>
          sql<StoredReport>`SELECT ${columns} FROM reports WHERE uuid = ${uuid}`.pipe(
            Effect.map(one),
            Effect.orDie,
          ),
        lock: (id) =>
          sql<StoredReport>`SELECT ${columns} FROM reports WHERE id = ${id} ${lockRow}`.pipe(
            Effect.map(one),
            Effect.orDie,
          ),
        syncable: (scope, page) =>
          Effect.gen(function* () {
            const where = sql.and([syncable(sql, scope, "r"), ...changedAfter("r.updated_at", page.after)])
            const rows = yield* sql<StoredReport>`SELECT ${columns} FROM reports r WHERE ${where}
              ORDER BY r.updated_at, r.id LIMIT ${page.limit} OFFSET ${page.offset}`
            const [count] = yield* sql<{ readonly total: number }>`SELECT COUNT(*) AS total FROM reports r
              WHERE ${where}`
            return { rows: rows.map(fromStored), total: Number(count?.total ?? 0) }
          }).pipe(Effect.orDie),
        // reports_channel_source answers this from the index alone.
        findBySource: (channelId, sourceId) =>
          sql<StoredReport>`SELECT ${columns} FROM reports
            WHERE channel_id = ${channelId} AND source_id = ${sourceId} ORDER BY id LIMIT 1`.pipe(
            Effect.map(one),
            Effect.orDie,
          ),
        insert: (report) =>
          sql
            .withTransaction(
              Effect.gen(function* () {
                if (report.uuid != null && !(yield* ClientUuids.claim(sql, "report", report.uuid)))
                  return undefined
                return one(
                  yield* sql<StoredReport>`INSERT INTO reports ${sql.insert({
                    ...report,
                    answers: JSON.stringify(report.answers),
                    updated_at: report.created_at,
                  })} RETURNING ${columns}`,
                )
              }),
            )
            .pipe(Effect.orDie),
        update: (id, changes, at) =>
          sql<StoredReport>`UPDATE reports SET ${sql.update({ ...asColumns(changes), updated_at: at })},
              version = version + 1
            WHERE id = ${id} RETURNING ${columns}`.pipe(
            Effect.flatMap((rows) => Effect.fromNullishOr(one(rows))),
            Effect.orDie,
          ),
        touch: (id, at) =>
          sql`UPDATE reports SET version = version + 1, updated_at = ${at} WHERE id = ${id}`.pipe(
            Effect.asVoid,
            Effect.orDie,
          ),
        attachmentLinks: (reportId) =>
          sql<AttachmentLink>`SELECT attachment_id, field_key FROM report_attachments
            WHERE report_id = ${reportId} ORDER BY attachment_id`.pipe(Effect.orDie),
        replaceAttachmentLinks: (report, links) =>
          Effect.gen(function* () {
            yield* sql`DELETE FROM report_attachments WHERE report_id = ${report.id}`
            const rows = links.map((link) => ({
              ...link,
              report_id: report.id,
              channel_id: report.channel_id,
            }))
            if (Arr.isArrayNonEmpty(rows)) yield* sql`INSERT INTO report_attachments ${sql.insert(rows)}`
          }).pipe(Effect.orDie),
        insertStateChange: (change) =>
          sql`INSERT INTO report_state_changes ${sql.insert({ ...change })}`.pipe(
            Effect.asVoid,
            Effect.orDie,
          ),
        stateChanges: (reportId) =>
          sql<StateChangeRow>`SELECT ${stateChangeColumns}
            FROM report_state_changes sc JOIN reports r ON r.id = sc.report_id AND r.channel_id = sc.channel_id
            WHERE sc.report_id = ${reportId} ORDER BY sc.id`.pipe(Effect.orDie),
        stateChangesPage: (criteria) =>
          criteria.channelIds.length === 0
            ? Effect.succeed({ rows: [], total: 0 })
            : Effect.gen(function* () {
                const from = sql`report_state_changes sc
                  JOIN reports r ON r.id = sc.report_id AND r.channel_id = sc.channel_id`
                const rows = yield* sql<StateChangeRow>`SELECT ${stateChangeColumns} FROM ${from}
                  WHERE ${stateChangesWhere(criteria)}
                  ORDER BY sc.created_at, sc.id LIMIT ${criteria.limit} OFFSET ${criteria.offset}`
                const [count] = yield* sql<{ readonly total: number }>`SELECT COUNT(*) AS total FROM ${from}
                  WHERE ${stateChangesWhere(criteria)}`
                return { rows, total: Number(count?.total ?? 0) }
              }).pipe(Effect.orDie),
        delete: (report) =>
          sql
            .withTransaction(
              Effect.gen(function* () {
                const comments = yield* sql<{ readonly id: number; readonly uuid: string }>`SELECT id, uuid
                  FROM report_comments WHERE report_id = ${report.id} AND channel_id = ${report.channel_id}
                  ORDER BY id`
                const tasks = yield* sql<{
                  readonly uuid: string
                  readonly team_id: number
                }>`SELECT uuid, team_id
                  FROM tasks WHERE report_id = ${report.id} ORDER BY uuid`
                yield* ClientUuids.free(sql, "report", sql`SELECT uuid FROM reports WHERE id = ${report.id}`)
                yield* ClientUuids.free(
                  sql,
                  "report_comment",
                  sql`SELECT uuid FROM report_comments WHERE report_id = ${report.id}`,
                )
                yield* ClientUuids.free(
                  sql,
                  "task",
                  sql`SELECT uuid FROM tasks WHERE report_id = ${report.id}`,
                )
                // Everything else that names the report goes with it (ON DELETE CASCADE), and the
                // counts kept of it with their rows (migrations 0010, 0013, 0023).
                yield* sql`DELETE FROM reports WHERE id = ${report.id} AND channel_id = ${report.channel_id}`
                return { comments, tasks } satisfies DeletedWithReport
              }),
            )
            .pipe(Effect.orDie),
        recordRead: (report, userId, at) =>
          Effect.gen(function* () {
            const opened = sql`INSERT INTO report_reads ${sql.insert({
              report_id: report.id,
              channel_id: report.channel_id,
              user_id: userId,
              opened_at: at,
            })}`
            // The unique (report_id, user_id, channel_id) index finds the one notification there can be. One that
            // arrives after this look-up stays unread, as it would had it arrived after the open.
            const unread = yield* sql`SELECT 1 AS unread FROM notifications
              WHERE user_id = ${userId} AND report_id = ${report.id} AND read = 0`
            if (unread.length === 0) return yield* opened
            return yield* sql.withTransaction(
              Effect.andThen(
                opened,
                sql`UPDATE notifications SET read = 1, updated_at = ${at}
                  WHERE user_id = ${userId} AND report_id = ${report.id} AND read = 0`,
              ),
            )
          }).pipe(Effect.asVoid, Effect.orDie),
        readers: (reportIds) =>
          reportIds.length === 0
            ? Effect.succeed([])
            : sql<ReaderRow>`SELECT r.report_id, u.id, u.first_name, u.last_name, MIN(r.opened_at) AS opened_at
                FROM report_reads r JOIN users u ON u.id = r.user_id
                WHERE r.report_id IN ${sql.in(reportIds)}
                GROUP BY r.report_id, u.id, u.first_name, u.last_name
                ORDER BY r.report_id, MIN(r.opened_at), u.id`.pipe(Effect.orDie),
        reporters: (userIds) =>
          userIds.length === 0
            ? Effect.succeed([])
            : sql<ReporterRow>`SELECT id, first_name, last_name, image_attachment_id FROM users
                WHERE id IN ${sql.in(userIds)}`.pipe(Effect.orDie),
        channels: (channelIds) =>
          channelIds.length === 0
            ? Effect.succeed([])
            : sql<ReportChannelRow>`SELECT c.id, c.name, c.logo_attachment_id, r.pin_color, r.pin_appearance
                FROM channels c JOIN categories r ON r.channel_id = c.id AND r.parent_id IS NULL
                WHERE c.id IN ${sql.in(channelIds)}`.pipe(Effect.orDie),
        isShapeOfApp: (shapeId, appId) =>
          sql<{ readonly id: number }>`SELECT id FROM shapes
            WHERE id = ${shapeId} AND branded_app_id = ${appId}`.pipe(
            Effect.map((rows) => rows.length > 0),
            Effect.orDie,
          ),
      })
    }),
  )
}
