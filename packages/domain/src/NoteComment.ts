/**
 * A note comment: an internal note on a report (docs/api.md, Comments), for the channel's staff
 * unless marked public.
 */
import { Effect, Schema } from "effect"
import { Id } from "./internal/wire.ts"
import * as TextLimits from "./TextLimits.ts"
import { Timestamp } from "./Timestamp.ts"

/**
 * The note comment resource: `id`, `comment`, `created_at` and `user_id` by default, `public` and
 * `report_id` when selected.
 *
 * @example
 * ```ts
 * const note: NoteComment = { id: 1, comment: "Called the owner.", created_at: DateTime.makeUnsafe(0), user_id: 2, public: false }
 * ```
 */
export const NoteComment = Schema.Struct({
  id: Id,
  comment: Schema.String,
  created_at: Timestamp,
  user_id: Id,
  public: Schema.optionalKey(Schema.Boolean),
  report_id: Schema.optionalKey(Id),
})
export type NoteComment = typeof NoteComment.Type

/**
 * The body of `POST /api/v4/reports/{report_id}/note_comments` (under `note_comment`). A note is
 * internal unless `public` is true.
 *
 * @example
 * ```ts
 * decodeInput(NoteCommentCreate, body.note_comment, "note_comment") // { comment, public }
 * ```
 */
export const NoteCommentCreate = Schema.Struct({
  comment: TextLimits.nonBlank(TextLimits.text),
  public: Schema.Boolean.pipe(Schema.withDecodingDefaultKey(Effect.succeed(false))),
})
export type NoteCommentCreate = typeof NoteCommentCreate.Type
