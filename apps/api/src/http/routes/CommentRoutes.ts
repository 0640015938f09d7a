/**
 * Comments on reports (docs/api.md, Comments): note comments, fetched one by one
 * (`/api/v4/note_comment/{id}`), listed a page at a time and created under their report; and report
 * comments, created with `POST /api/v4/report_comments` and listed a page at a time, as a field
 * app syncs them, with `GET`.
 */

import { href } from "@fieldreport/contract/Api"
import type { comments } from "@fieldreport/contract/endpoints/Comments"
import * as FieldCatalogue from "@fieldreport/domain/FieldCatalogue"
import { NoteCommentCreate } from "@fieldreport/domain/NoteComment"
import * as QueryValue from "@fieldreport/domain/QueryValue"
import * as RangePage from "@fieldreport/domain/RangePage"
import { ReportCommentCreate } from "@fieldreport/domain/ReportComment"
import { Effect } from "effect"
import type { AppServices } from "../../AppLayer.ts"
import {
  listedReportCommentBody,
  noteCommentBody,
  reportCommentBody,
} from "../../presentation/CommentView.ts"
import { Authentication } from "../../services/Authentication.ts"
import { Comments } from "../../services/Comments.ts"
import type { GroupHandlers } from "../EndpointRouter.ts"
import { fieldsOf } from "../Fields.ts"
import { bodyOf, idParam } from "../Request.ts"
import { json, type Route } from "../Route.ts"
import { changedAfter } from "../Sync.ts"

/** The comment routes. */
export const commentRoutes = (route: Route<AppServices>): GroupHandlers<typeof comments> => ({
  getNoteComment: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const id = yield* idParam(req, "id")
        const fields = yield* fieldsOf(req, FieldCatalogue.noteComment)
        const note = yield* (yield* Comments).note(actor, id)
        return json(fields.render(noteCommentBody(note)), 200, fields.headers)
      }),
    ),
  ],
  listNoteComments: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const reportId = yield* idParam(req, "report_id")
        const fields = yield* fieldsOf(req, FieldCatalogue.noteComment)
        const page = yield* Effect.fromResult(RangePage.parse(req.get("Range")))
        const { notes, total } = yield* (yield* Comments).notes(actor, reportId, page)
        return json(
          notes.map((note) => fields.render(noteCommentBody(note))),
          200,
          { ...fields.headers, ...RangePage.headers("note_comments", page, notes.length, total) },
        )
      }),
    ),
  ],
  createNoteComment: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const reportId = yield* idParam(req, "report_id")
        const fields = yield* fieldsOf(req, FieldCatalogue.noteComment)
        const input = yield* bodyOf(req, "note_comment", NoteCommentCreate)
        const note = yield* (yield* Comments).createNote(actor, reportId, input)
        return json(fields.render(noteCommentBody(note)), 201, {
          ...fields.headers,
          Location: href("getNoteComment", { id: note.id }),
        })
      }),
    ),
  ],
  listReportComments: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const fields = yield* fieldsOf(req, FieldCatalogue.reportComment)
        const preset = yield* Effect.fromResult(
          QueryValue.oneOf(req.query, "preset_filter", ["syncable_reports"]),
        )
        const reportUuid = yield* Effect.fromResult(QueryValue.string(req.query, "report_uuid"))
        const page = yield* Effect.fromResult(RangePage.parse(req.get("Range")))
        const { rows, total } = yield* (yield* Comments).reportComments(actor, {
          syncableOnly: preset !== undefined,
          reportId: yield* Effect.fromResult(QueryValue.integer(req.query, "report_id")),
          reportUuid,
          after: yield* changedAfter(req, "updated_after"),
          offset: page.start,
          limit: RangePage.size(page),
        })
        return json(
          rows.map((row) => fields.render(listedReportCommentBody(row))),
          200,
          { ...fields.headers, ...RangePage.headers("report_comments", page, rows.length, total) },
        )
      }),
    ),
  ],
  createReportComment: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const input = yield* bodyOf(req, "report_comment", ReportCommentCreate)
        const { comment, created } = yield* (yield* Comments).createReportComment(actor, input)
        return json(reportCommentBody(comment), created ? 201 : 200)
      }),
    ),
  ],
})
