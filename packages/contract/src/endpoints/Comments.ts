/**
 * Note comments (internal notes) and report comments (seen by the report's readers) (docs/api.md,
 * Comments).
 */
import * as FieldCatalogue from "@fieldreport/domain/FieldCatalogue"
import { NoteComment, NoteCommentCreate } from "@fieldreport/domain/NoteComment"
import { ReportComment, ReportCommentCreate } from "@fieldreport/domain/ReportComment"
import { Timestamp } from "@fieldreport/domain/Timestamp"
import { Schema } from "effect"
import { created, envelope, fields, group, one, page, query, RecordId } from "../Endpoint.ts"

/** The comment endpoints. */
export const comments = group({
  name: "Comments",
  noun: "note comment",
  description:
    "Note comments are internal notes on a report, for the channel's staff unless public; report comments " +
    "are messages the report's readers see.",
  endpoints: [
    {
      method: "get",
      path: "/api/v4/note_comment/{id}",
      operationId: "getNoteComment",
      summary: "Fetch a note comment",
      query: [fields(FieldCatalogue.noteComment)],
      replies: { 200: one(NoteComment, "The note comment.") },
    },
    {
      method: "get",
      path: "/api/v4/reports/{report_id}/note_comments",
      operationId: "listNoteComments",
      summary: "List a report's note comments",
      query: [fields(FieldCatalogue.noteComment)],
      replies: { 200: page(NoteComment, "One page of the report's note comments.") },
    },
    {
      method: "post",
      path: "/api/v4/reports/{report_id}/note_comments",
      operationId: "createNoteComment",
      summary: "Add a note comment to a report",
      query: [fields(FieldCatalogue.noteComment)],
      body: envelope("note_comment", NoteCommentCreate),
      replies: { 201: created(NoteComment, "The new note comment.") },
    },
    {
      method: "get",
      path: "/api/v4/report_comments",
      operationId: "listReportComments",
      summary: "List the report comments of the reports the user reads",
      description:
        "Of the reports of the channels the user reads in the current team, oldest first (by `created_at`, " +
        "then id): a comment never changes, so `updated_after` reads the time it was made.",
      query: [
        query(
          "preset_filter",
          Schema.Literal("syncable_reports"),
          "`syncable_reports`: only comments on the reports the user syncs (see `GET /api/v4/reports`).",
        ),
        query("report_id", RecordId, "Only the comments on this report."),
        query(
          "report_uuid",
          Schema.String.check(Schema.isUUID()),
          "Only the comments on the report of this uuid.",
        ),
        query("updated_after", Timestamp, "Only comments made after this time (ISO 8601, exclusive)."),
        fields(FieldCatalogue.reportComment),
      ],
      replies: { 200: page(ReportComment, "One page of report comments.") },
    },
    {
      method: "post",
      path: "/api/v4/report_comments",
      operationId: "createReportComment",
      summary: "Comment on a report",
      description: "A client `uuid` makes the create idempotent.",
      body: envelope("report_comment", ReportCommentCreate),
      replies: {
        201: one(ReportComment, "The new report comment."),
        200: one(ReportComment, "The comment created earlier with the same `uuid`."),
      },
    },
  ],
})
