/**
 * What the analytics endpoints (docs/api.md, Analytics) need beyond the earlier migrations:
 * `reports_channel_created` also carries the columns the counts group or filter by (state,
 * category, reporter, anonymity), so counting per state, per category, per reporter and the sources
 * of alerts reads one index range of the channel's reports and never the table. It replaces the
 * narrower index of the same name, whose every use it serves as well. (The notifications about
 * those reports are found through `notifications_report` of 0008.)
 *
 * A B-tree reads the same on SQLite and PostgreSQL.
 */
import { runStatements } from "./Ddl.ts"

const statements: ReadonlyArray<string> = [
  `DROP INDEX reports_channel_created`,
  `CREATE INDEX reports_channel_created
    ON reports (channel_id, created_at, report_state_id, category_id, user_id, is_anonymous)`,
]

/** Widens the index. */
export default runStatements(statements)
