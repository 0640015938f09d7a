/**
 * Comments on reports (docs/api.md, Comments): note comments, the internal notes of a channel's
 * staff, and report comments, the messages a report's readers exchange.
 *
 * Details docs/api.md does not spell out:
 *
 * - The staff of a channel are its operators and admins: they write notes and read them all;
 *   everyone else who reads the report reads only the notes marked public. A note they may not
 *   read is `404`, as if it did not exist.
 * - Everyone who reads a report may comment on it.
 * - A comment is a change of its report: the report's version (and so its `cache_key`) and
 *   `updated_at` move, so clients that sync by either see it.
 * - A client `uuid` makes a report comment idempotent: the same uuid again answers that comment
 *   with `200`; a uuid of a comment on a report the caller cannot read is a conflict (`409`).
 * - The list of report comments, which a field app syncs from, holds those on the reports of the
 *   channels the user reads in the current team (of the syncable reports only with
 *   `preset_filter=syncable_reports`), in the order they were made.
 */
import { randomUUID } from "node:crypto"
import { InvalidInput } from "@fieldreport/domain/Invalid"
import type { NoteCommentCreate } from "@fieldreport/domain/NoteComment"
import * as RangePage from "@fieldreport/domain/RangePage"
import type { ReportCommentCreate } from "@fieldreport/domain/ReportComment"
import { readsInternalNotes } from "@fieldreport/domain/Roles"
import { Context, Effect, Layer } from "effect"
import { Conflict, Forbidden, NotFound } from "../Errors.ts"
import {
  CommentStore,
  type ListedReportCommentRow,
  type NoteCommentRow,
  type ReportCommentRow,
} from "../store/CommentStore.ts"
import { type ChangesPage, type Page, ReportStore } from "../store/ReportStore.ts"
import { nowIso } from "../store/sql/Clock.ts"
import * as Transaction from "../store/sql/Transaction.ts"
import { traced } from "../Traced.ts"
import { Access } from "./Access.ts"
import type { Actor } from "./Authentication.ts"
import { findReadable } from "./ReadableReport.ts"
import * as SyncScope from "./SyncScope.ts"

/** A page of notes and how many there are in all. */
export interface NotePage {
  readonly notes: ReadonlyArray<NoteCommentRow>
  readonly total: number
}

/**
 * Which report comments a list asks for: on the syncable reports only, on one report (by id or
 * uuid), made after a time, one page.
 */
export interface ReportCommentQuery extends ChangesPage {
  readonly syncableOnly: boolean
  readonly reportId: number | undefined
  readonly reportUuid: string | undefined
}

/** A report comment a create answers with, and whether it was made just now. */
export interface PostedComment {
  readonly comment: ReportCommentRow
  readonly created: boolean
}

const noteNotFound = () => new NotFound({ resource: "note comment" })

export class Comments extends Context.Service<
  Comments,
  {
    readonly note: (actor: Actor, id: number) => Effect.Effect<NoteCommentRow, NotFound>
    /** A page of the report's notes the actor may read, oldest first. */
    readonly notes: (
      actor: Actor,
      reportId: number,
      page: RangePage.RangePage,
    ) => Effect.Effect<NotePage, NotFound>
    readonly createNote: (
      actor: Actor,
      reportId: number,
      input: NoteCommentCreate,
    ) => Effect.Effect<NoteCommentRow, NotFound | Forbidden>
    readonly createReportComment: (
      actor: Actor,
      input: ReportCommentCreate,
    ) => Effect.Effect<PostedComment, InvalidInput | Conflict>
    /** A page of the report comments on the reports the actor reads in the current team. */
    readonly reportComments: (
      actor: Actor,
      query: ReportCommentQuery,
    ) => Effect.Effect<Page<ListedReportCommentRow>>
  }
>()("api/services/Comments") {
  static readonly layer = Layer.effect(
    Comments,
    Effect.gen(function* () {
      const inTransaction = yield* Transaction.runner
      const comments = yield* CommentStore
      const reports = yield* ReportStore
      const readable = findReadable(reports, yield* Access)
      const scopeOf = yield* SyncScope.make

      const note = traced("Comments.note")(function* (actor: Actor, id: number) {
        const found = yield* comments.findNote(id)
        if (found === undefined) return yield* noteNotFound()
        const { access } = yield* readable(actor, found.report_id).pipe(Effect.mapError(noteNotFound))
        if (found.public !== 1 && !readsInternalNotes(access)) return yield* noteNotFound()
        return found
      })

      const notes = traced("Comments.notes")(function* (
        actor: Actor,
        reportId: number,
        page: RangePage.RangePage,
      ) {
        const { access } = yield* readable(actor, reportId)
        return yield* comments.notesOf(reportId, {
          publicOnly: !readsInternalNotes(access),
          offset: page.start,
          limit: RangePage.size(page),
        })
      })

      const createNote = traced("Comments.createNote")(function* (
        actor: Actor,
        reportId: number,
        input: NoteCommentCreate,
      ) {
        const { report, access } = yield* readable(actor, reportId)
        if (!readsInternalNotes(access)) {
          return yield* new Forbidden({ message: "only the channel's operators and admins may write notes" })
        }
        return yield* inTransaction(
          Effect.gen(function* () {
            const now = yield* nowIso
            yield* reports.touch(report.id, now)
            return yield* comments.insertNote({
              report_id: report.id,
              channel_id: report.channel_id,
              user_id: actor.user.id,
              comment: input.comment,
              public: input.public ? 1 : 0,
              created_at: now,
            })
          }),
        )
      })

      const taken = () => new Conflict({ message: "report_comment.uuid: is used by another comment" })

      const createReportComment = traced("Comments.createReportComment")(function* (
        actor: Actor,
        input: ReportCommentCreate,
      ) {
        const { report } = yield* readable(actor, input.report_id).pipe(
          Effect.mapError(() => InvalidInput.at("report_comment.report_id", "is not a report you can see")),
        )
        return yield* inTransaction(
          Effect.gen(function* () {
            if (input.uuid !== undefined) {
              const posted = yield* comments.findReportCommentByUuid(input.uuid)
              if (posted !== undefined) {
                yield* readable(actor, posted.report_id).pipe(Effect.mapError(taken))
                return { comment: posted, created: false }
              }
            }
            const now = yield* nowIso
            const comment = yield* comments.insertReportComment({
              report_id: report.id,
              channel_id: report.channel_id,
              user_id: actor.user.id,
              uuid: input.uuid ?? randomUUID(),
              content: input.content,
              is_anonymous: input.is_anonymous ? 1 : 0,
              created_at: now,
            })
            // Another request posted a comment with this uuid since the caller looked.
            if (comment === undefined) return yield* taken()
            yield* reports.touch(report.id, now)
            return { comment, created: true }
          }),
        )
      })

      const reportComments = traced("Comments.reportComments")(function* (
        actor: Actor,
        query: ReportCommentQuery,
      ) {
        const scope = yield* scopeOf(actor)
        return yield* comments.reportCommentsPage({
          channelIds: scope.channelIds,
          syncable: query.syncableOnly ? scope : undefined,
          reportId: query.reportId,
          reportUuid: query.reportUuid,
          after: query.after,
          offset: query.offset,
          limit: query.limit,
        })
      })

      return Comments.of({ note, notes, createNote, createReportComment, reportComments })
    }),
  )
}
