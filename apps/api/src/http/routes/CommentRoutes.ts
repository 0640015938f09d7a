/**
 * Comments on reports (docs/api.md, Comments): note comments, fetched one by one
 * (`/api/v4/note_comment/{id}`), listed a page at a time and created under their report; and report
 * comments, created with `POST /api/v4/report_comments`.
 */
import * as FieldCatalogue from "@fieldreport/domain/FieldCatalogue"
import { NoteCommentCreate } from "@fieldreport/domain/NoteComment"
import * as RangePage from "@fieldreport/domain/RangePage"
import { ReportCommentCreate } from "@fieldreport/domain/ReportComment"
import { Effect } from "effect"
import { Router } from "express"
import type { AppServices } from "../../AppLayer.ts"
import { noteCommentBody, reportCommentBody } from "../../presentation/CommentView.ts"
import { Authentication } from "../../services/Authentication.ts"
import { Comments } from "../../services/Comments.ts"
import { fieldsOf } from "../Fields.ts"
import { bodyOf, idParam } from "../Request.ts"
import { json, type Route } from "../Route.ts"

/** The comment routes. */
export const commentRoutes = (route: Route<AppServices>): Router => {
  const router = Router()
  router.get(
    "/api/v4/note_comment/:id",
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const id = yield* idParam(req, "id")
        const fields = yield* fieldsOf(req, FieldCatalogue.noteComment)
        const note = yield* (yield* Comments).note(actor, id)
        return json(fields.render(noteCommentBody(note)), 200, fields.headers)
      }),
    ),
  )
  router.get(
    "/api/v4/reports/:report_id/note_comments",
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
  )
  router.post(
    "/api/v4/reports/:report_id/note_comments",
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const reportId = yield* idParam(req, "report_id")
        const fields = yield* fieldsOf(req, FieldCatalogue.noteComment)
        const input = yield* bodyOf(req, "note_comment", NoteCommentCreate)
        const note = yield* (yield* Comments).createNote(actor, reportId, input)
        return json(fields.render(noteCommentBody(note)), 201, {
          ...fields.headers,
          Location: `/api/v4/note_comment/${note.id}`,
        })
      }),
    ),
  )
  router.post(
    "/api/v4/report_comments",
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const input = yield* bodyOf(req, "report_comment", ReportCommentCreate)
        const { comment, created } = yield* (yield* Comments).createReportComment(actor, input)
        return json(reportCommentBody(comment), created ? 201 : 200)
      }),
    ),
  )
  return router
}
