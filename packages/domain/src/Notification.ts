/**
 * A notification of the current user about a report (docs/api.md, Notifications): read once the
 * user opens it or the report, archived and unarchived by the user.
 */
import { Schema } from "effect"
import { Id } from "./internal/wire.ts"
import { Timestamp } from "./Timestamp.ts"

/**
 * The notification resource; `archived_at` is null while not archived.
 *
 * @example
 * ```ts
 * const notification: Notification = {
 *   id: 9, archived_at: null, archived: false, created_at: DateTime.makeUnsafe(0), read: false, report_id: 49, user_id: 2,
 * }
 * ```
 */
export const Notification = Schema.Struct({
  id: Id,
  archived_at: Schema.NullOr(Timestamp),
  archived: Schema.Boolean,
  created_at: Timestamp,
  read: Schema.Boolean,
  report_id: Id,
  user_id: Id,
  updated_at: Schema.optionalKey(Timestamp),
})
export type Notification = typeof Notification.Type

/**
 * The body of `PATCH /api/v4/notifications/{id}` (under `notification`): only `archived` may
 * change.
 *
 * @example
 * ```ts
 * decodeInput(NotificationUpdate, { archived: true }, "notification")
 * ```
 */
export const NotificationUpdate = Schema.Struct({
  archived: Schema.Boolean,
})
export type NotificationUpdate = typeof NotificationUpdate.Type
