/**
 * The two kinds of comment on a report: note comments, the internal notes of the channel's staff
 * (public when marked so), and report comments, the messages its readers see. A report comment is
 * never changed, so the list a field app syncs from pages them by the time they were made.
 */
import { Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import * as ClientUuids from "./ClientUuids.ts"
import type { ChangesPage, Page } from "./ReportStore.ts"
import { type SyncScope, syncable } from "./SyncableReports.ts"

/** A note comment; `public` is 0/1. */
export interface NoteCommentRow {
  readonly id: number
  readonly report_id: number
  readonly channel_id: number
  readonly user_id: number
  readonly comment: string
  readonly public: number
  readonly created_at: string
}

/** A report comment; `is_anonymous` is 0/1. */
export interface ReportCommentRow {
  readonly id: number
  readonly report_id: number
  readonly channel_id: number
  readonly user_id: number
  readonly uuid: string
  readonly content: string
  readonly is_anonymous: number
  readonly created_at: string
}

/** A report comment with its report's client uuid (null for a report filed without one). */
export interface ListedReportCommentRow extends ReportCommentRow {
  readonly report_uuid: string | null
}

/**
 * Which report comments a list holds: those on the reports of the readable channels, on the
 * syncable reports only when `syncable` is given, on one report when `reportId` or `reportUuid`
 * names it; made after `after`.
 */
export interface ReportCommentCriteria extends ChangesPage {
  readonly channelIds: ReadonlyArray<number>
  readonly syncable: SyncScope | undefined
  readonly reportId: number | undefined
  readonly reportUuid: string | undefined
}

/**
 * The comment store.
 *
 * @example
 * ```ts
 * const comments = yield* CommentStore
 * const notes = yield* comments.notesOfReports([49])
 * ```
 */
export class CommentStore extends Context.Service<
  CommentStore,
  {
    readonly insertNote: (note: Omit<NoteCommentRow, "id">) => Effect.Effect<NoteCommentRow>
    readonly findNote: (id: number) => Effect.Effect<NoteCommentRow | undefined>
    /**
     * A page of a report's notes, oldest first, and how many there are; only the public ones
     * with `publicOnly`.
     */
    readonly notesOf: (
      reportId: number,
      options: { readonly publicOnly: boolean; readonly offset: number; readonly limit: number },
    ) => Effect.Effect<{ readonly notes: ReadonlyArray<NoteCommentRow>; readonly total: number }>
    /** Every note of the reports, by report, oldest first. */
    readonly notesOfReports: (
      reportIds: ReadonlyArray<number>,
    ) => Effect.Effect<ReadonlyArray<NoteCommentRow>>
    /** Inserts a report comment; `undefined` when another comment holds its uuid. */
    readonly insertReportComment: (
      comment: Omit<ReportCommentRow, "id">,
    ) => Effect.Effect<ReportCommentRow | undefined>
    readonly findReportCommentByUuid: (uuid: string) => Effect.Effect<ReportCommentRow | undefined>
    /** A page of the report comments the criteria select, oldest first (by time, then id). */
    readonly reportCommentsPage: (
      criteria: ReportCommentCriteria,
    ) => Effect.Effect<Page<ListedReportCommentRow>>
    /** Every report comment of the reports, by report, oldest first. */
    readonly reportCommentsOfReports: (
      reportIds: ReadonlyArray<number>,
    ) => Effect.Effect<ReadonlyArray<ReportCommentRow>>
  }
>()("api/store/CommentStore") {
  static readonly layer = Layer.effect(
    CommentStore,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const noteColumns = sql.literal("id, report_id, channel_id, user_id, comment, public, created_at")
      const commentColumns = sql.literal(
        "id, report_id, channel_id, user_id, uuid, content, is_anonymous, created_at",
      )
      const publicOnly = (only: boolean) => (only ? sql.literal("AND public = 1") : sql.literal(""))
      const listedColumns = sql.literal(
        "c.id, c.report_id, c.channel_id, c.user_id, c.uuid, c.content, c.is_anonymous, c.created_at, r.uuid AS report_uuid",
      )
      const listed = sql`report_comments c JOIN reports r ON r.id = c.report_id AND r.channel_id = c.channel_id`
      const listWhere = (criteria: ReportCommentCriteria) =>
        sql.and([
          sql.in("c.channel_id", criteria.channelIds),
          ...(criteria.syncable === undefined ? [] : [syncable(sql, criteria.syncable, "r")]),
          ...(criteria.reportId === undefined ? [] : [sql`c.report_id = ${criteria.reportId}`]),
          ...(criteria.reportUuid === undefined ? [] : [sql`r.uuid = ${criteria.reportUuid}`]),
          ...(criteria.after === undefined ? [] : [sql`c.created_at > ${criteria.after}`]),
        ])
      return CommentStore.of({
        insertNote: (note) =>
          sql<NoteCommentRow>`INSERT INTO note_comments ${sql.insert({ ...note })} RETURNING ${noteColumns}`.pipe(
            Effect.flatMap((rows) => Effect.fromNullishOr(rows[0])),
            Effect.orDie,
          ),
        findNote: (id) =>
          sql<NoteCommentRow>`SELECT ${noteColumns} FROM note_comments WHERE id = ${id}`.pipe(
            Effect.map((rows) => rows[0]),
            Effect.orDie,
          ),
        // note_comments_report (report_id, id) serves both the page and the count.
        notesOf: (reportId, options) =>
          Effect.gen(function* () {
            const notes = yield* sql<NoteCommentRow>`SELECT ${noteColumns} FROM note_comments
              WHERE report_id = ${reportId} ${publicOnly(options.publicOnly)}
              ORDER BY id LIMIT ${options.limit} OFFSET ${options.offset}`
            const [count] = yield* sql<{ readonly total: number }>`SELECT COUNT(*) AS total FROM note_comments
              WHERE report_id = ${reportId} ${publicOnly(options.publicOnly)}`
            return { notes, total: count?.total ?? 0 }
          }).pipe(Effect.orDie),
        notesOfReports: (reportIds) =>
          reportIds.length === 0
            ? Effect.succeed([])
            : sql<NoteCommentRow>`SELECT ${noteColumns} FROM note_comments
                WHERE report_id IN ${sql.in(reportIds)} ORDER BY report_id, id`.pipe(Effect.orDie),
        insertReportComment: (comment) =>
          sql
            .withTransaction(
              Effect.gen(function* () {
                if (!(yield* ClientUuids.claim(sql, "report_comment", comment.uuid))) return undefined
                const [inserted] = yield* sql<ReportCommentRow>`INSERT INTO report_comments
                  ${sql.insert({ ...comment })} RETURNING ${commentColumns}`
                return inserted
              }),
            )
            .pipe(Effect.orDie),
        findReportCommentByUuid: (uuid) =>
          sql<ReportCommentRow>`SELECT ${commentColumns} FROM report_comments WHERE uuid = ${uuid}`.pipe(
            Effect.map((rows) => rows[0]),
            Effect.orDie,
          ),
        reportCommentsPage: (criteria) =>
          criteria.channelIds.length === 0
            ? Effect.succeed({ rows: [], total: 0 })
            : Effect.gen(function* () {
                const rows = yield* sql<ListedReportCommentRow>`SELECT ${listedColumns} FROM ${listed}
                  WHERE ${listWhere(criteria)}
                  ORDER BY c.created_at, c.id LIMIT ${criteria.limit} OFFSET ${criteria.offset}`
                const [count] = yield* sql<{ readonly total: number }>`SELECT COUNT(*) AS total FROM ${listed}
                  WHERE ${listWhere(criteria)}`
                return { rows, total: Number(count?.total ?? 0) }
              }).pipe(Effect.orDie),
        reportCommentsOfReports: (reportIds) =>
          reportIds.length === 0
            ? Effect.succeed([])
            : sql<ReportCommentRow>`SELECT ${commentColumns} FROM report_comments
                WHERE report_id IN ${sql.in(reportIds)} ORDER BY report_id, id`.pipe(Effect.orDie),
      })
    }),
  )
}
