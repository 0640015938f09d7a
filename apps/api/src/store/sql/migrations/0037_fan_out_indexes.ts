/**
 * Indexes for what a report's fan-out reads and writes.
 *
 * It adds some 800 notifications, each to a different user, so every index of `notifications`
 * keyed by user takes each of them in a page of its own: two such indexes were nearly all the pages
 * a fan-out wrote. One is enough:
 *
 * - `notifications_user_created (user_id, created_at, id)`: a user's notifications newest first,
 *   the list's default order (when made, then id), and those made after a time, the part of a
 *   sync's changes that a fan-out adds.
 * - `notifications_user_changed (user_id, updated_at, id)`, only of notifications changed after
 *   they were made (read, archived or taken out of the archive): the other part of a sync's
 *   changes. A notification is made unchanged (`updated_at` is `created_at`), so a fan-out writes
 *   nothing to it.
 *
 * They replace `notifications_user (user_id, id)` and `notifications_user_updated (user_id,
 * updated_at)`; `NotificationStore` reads a sync's changes through both.
 *
 * Its audience is the channel's followers and the owners of the areas holding the report:
 * `channel_selections_followers` finds the first without reading every member's selection, the
 * primary key the others.
 */
import { runStatements } from "./Ddl.ts"

const statements: ReadonlyArray<string> = [
  `CREATE INDEX notifications_user_created ON notifications (user_id, created_at, id)`,
  `CREATE INDEX notifications_user_changed ON notifications (user_id, updated_at, id)
    WHERE updated_at > created_at`,
  `DROP INDEX notifications_user`,
  `DROP INDEX notifications_user_updated`,
  `CREATE INDEX channel_selections_followers ON channel_selections (channel_id, user_id) WHERE follow = 1`,
]

/** Replaces the two indexes of `notifications` and adds the followers'. */
export default runStatements(statements)
