/**
 * The comment resources on the wire (docs/api.md, Comments): note comments, the internal notes of
 * a channel's staff, and report comments, the messages a report's readers exchange.
 */
import type { ListedReportCommentRow, NoteCommentRow, ReportCommentRow } from "../store/CommentStore.ts"

/**
 * The note comment resource of a row, every field (the route picks the selected ones).
 *
 * @example
 * ```ts
 * noteCommentBody(row) // { id: 1, comment: "Called the owner.", created_at: "…", user_id: 2, public: false, report_id: 49 }
 * ```
 */
export const noteCommentBody = (note: NoteCommentRow) => ({
  id: note.id,
  comment: note.comment,
  created_at: note.created_at,
  user_id: note.user_id,
  public: note.public === 1,
  report_id: note.report_id,
})

/**
 * The report comment resource of a row; an anonymous comment leaves its author out.
 *
 * @example
 * ```ts
 * reportCommentBody(row) // { id: 15, uuid: "…", content: "Thank you.", created_at: "…", is_anonymous: false, user_id: 15 }
 * ```
 */
export const reportCommentBody = (comment: ReportCommentRow) => ({
  id: comment.id,
  uuid: comment.uuid,
  content: comment.content,
  created_at: comment.created_at,
  is_anonymous: comment.is_anonymous === 1,
  ...(comment.is_anonymous === 1 ? {} : { user_id: comment.user_id }),
})

/**
 * A report comment of the list, which names its report too: by id, and by the report's client
 * uuid when asked.
 *
 * @example
 * ```ts
 * listedReportCommentBody(row) // { id: 15, uuid: "…", content: "Thank you.", …, report_id: 49, report_uuid: "…" }
 * ```
 */
export const listedReportCommentBody = (comment: ListedReportCommentRow) => ({
  ...reportCommentBody(comment),
  report_id: comment.report_id,
  report_uuid: comment.report_uuid,
})
