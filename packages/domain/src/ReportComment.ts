/**
 * A report comment: a message about a report that its readers see (docs/api.md, Comments), created
 * with `POST /api/v4/report_comments`.
 */
import { Effect, Schema } from "effect"
import { Id, Uuid } from "./internal/wire.ts"
import * as TextLimits from "./TextLimits.ts"
import { Timestamp } from "./Timestamp.ts"

/**
 * The report comment resource (docs/api.md, Comments). `uuid` is the client's, or one the server
 * assigns when the client sends none; `user_id` is left out of anonymous comments, as on reports.
 * The list of comments (`GET /api/v4/report_comments`) names the report of each, by `report_id`
 * and, on request, `report_uuid` (null for a report filed without one).
 *
 * @example
 * ```ts
 * const comment: ReportComment = {
 *   id: 15, uuid: "9c21c96e-4ce5-59e6-95d5-eb475fd03441", content: "Thank you.",
 *   created_at: DateTime.makeUnsafe("2022-05-24T07:30:30.278Z"), is_anonymous: false, user_id: 15,
 * }
 * ```
 */
export const ReportComment = Schema.Struct({
  id: Id,
  uuid: Uuid,
  content: Schema.String,
  created_at: Timestamp,
  is_anonymous: Schema.Boolean,
  user_id: Schema.optionalKey(Id),
  report_id: Schema.optionalKey(Id),
  report_uuid: Schema.optionalKey(Schema.NullOr(Uuid)),
})
export type ReportComment = typeof ReportComment.Type

/**
 * The body of `POST /api/v4/report_comments` (under `report_comment`). A client `uuid` makes the
 * create idempotent; a comment is signed unless `is_anonymous` is true.
 *
 * @example
 * ```ts
 * decodeInput(ReportCommentCreate, body.report_comment, "report_comment")
 * ```
 */
export const ReportCommentCreate = Schema.Struct({
  report_id: Id,
  content: TextLimits.nonBlank(TextLimits.text),
  uuid: Schema.optionalKey(Uuid),
  is_anonymous: Schema.Boolean.pipe(Schema.withDecodingDefaultKey(Effect.succeed(false))),
})
export type ReportCommentCreate = typeof ReportCommentCreate.Type
