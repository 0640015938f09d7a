/**
 * The notification resource on the wire (docs/api.md, Notifications).
 */
import type { Notification } from "@fieldreport/domain/Notification"
import type { NotificationRow } from "../store/NotificationStore.ts"

/**
 * The notification resource of a row, as it goes on the wire.
 *
 * @example
 * ```ts
 * notificationBody(row) // { id: 9, archived_at: null, archived: false, created_at: "…", read: false, report_id: 49, user_id: 2, updated_at: "…" }
 * ```
 */
export const notificationBody = (row: NotificationRow): typeof Notification.Encoded => ({
  id: row.id,
  archived_at: row.archived_at,
  archived: row.archived_at !== null,
  created_at: row.created_at,
  read: row.read === 1,
  report_id: row.report_id,
  user_id: row.user_id,
  updated_at: row.updated_at,
})
