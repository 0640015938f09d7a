/**
 * What notifications need beyond the initial schema:
 *
 * - `notifications_report`: the notifications about one report, which the fan-out reads to notify
 *   each user once and a report's deletion cascades to; without it both scan every notification.
 * - `notifications_user`: a user's notifications newest first, the list's default order, so a page
 *   is read in index order and stops at its end instead of sorting everything the user received.
 */
import { runStatements } from "./Ddl.ts"

const statements: ReadonlyArray<string> = [
  `CREATE INDEX notifications_report ON notifications (report_id)`,
  `CREATE INDEX notifications_user ON notifications (user_id, id)`,
]

/** Adds the two indexes. */
export default runStatements(statements)
