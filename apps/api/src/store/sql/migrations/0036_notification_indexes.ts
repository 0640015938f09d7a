/**
 * Fewer indexes on `notifications`, so that a report's fan-out, which adds some 800 notifications
 * in one statement, writes fewer pages: an index keyed by report takes them in a few pages at its
 * end, one keyed by user (after the channel, too) puts each in a different page. So:
 *
 * - A user's one notification per report is unique `(report_id, user_id, channel_id)`, the same
 *   rule as `(channel_id, user_id, report_id)` (0017), with the channel still in it for Citus
 *   (`docs/deployment.md`). Keyed by report, it also finds a report's notifications (who the
 *   fan-out told, a report's deletion, the counts' triggers, the analytics) and a user's
 *   notification about a report (a report read marks it read), so `notifications_report`,
 *   `UNIQUE (user_id, report_id)` on SQLite and `notifications_user_report` on PostgreSQL go.
 * - `notifications_channel (channel_id, created_at)` goes: nothing reads a channel's notifications
 *   in time order (a channel's deletion reaches them through its reports).
 *
 * A user's list reads `notifications_user` and `notifications_user_updated`, which stay.
 *
 * SQLite cannot drop a table's constraint, so the table is built again without it (SQLite's steps,
 * https://www.sqlite.org/lang_altertable.html#otheralter), in the migrations' transaction: the rows
 * with their ids, the sequence that keeps deleted ids from coming back, the indexes, the triggers on
 * the table and those of other tables that read it (dropped first: renaming the new table checks
 * every trigger), and the planner's statistics of the table when the database had them.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/** The table as it was, without `UNIQUE (user_id, report_id)`. */
const rebuilt = `CREATE TABLE notifications_rebuilt (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users(id),
    report_id INTEGER NOT NULL REFERENCES reports(id) ON DELETE CASCADE,
    channel_id INTEGER NOT NULL,
    read INTEGER NOT NULL DEFAULT 0,
    archived_at TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT
  )`

const columns = "id, user_id, report_id, channel_id, read, archived_at, created_at, updated_at"

const unique = `CREATE UNIQUE INDEX notifications_report_user_channel
  ON notifications (report_id, user_id, channel_id)`

const sqliteIndexes: ReadonlyArray<string> = [
  unique,
  `CREATE INDEX notifications_user ON notifications (user_id, id)`,
  `CREATE INDEX notifications_user_updated ON notifications (user_id, updated_at)`,
]

const postgres: ReadonlyArray<string> = [
  unique,
  `DROP INDEX notifications_channel_user_report`,
  `DROP INDEX notifications_report`,
  `DROP INDEX notifications_user_report`,
  `DROP INDEX notifications_channel`,
]

/** Builds the SQLite table again with its indexes. */
const sqlite = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const triggers = yield* sql<{ readonly name: string; readonly sql: string }>`SELECT name, sql
    FROM sqlite_schema
    WHERE type = 'trigger' AND (tbl_name = 'notifications' OR sql LIKE '%notifications%')
    ORDER BY rowid`
  const statistics = yield* sql`SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'sqlite_stat1'`
  const analysed =
    statistics.length > 0 &&
    (yield* sql`SELECT 1 FROM sqlite_stat1 WHERE tbl = 'notifications' LIMIT 1`).length > 0

  for (const trigger of triggers) yield* sql.unsafe(`DROP TRIGGER ${trigger.name}`)
  yield* sql.unsafe(rebuilt)
  yield* sql.unsafe(`INSERT INTO notifications_rebuilt (${columns}) SELECT ${columns} FROM notifications`)
  // The copy's sequence starts at the highest id it holds; the highest id ever given may be higher.
  // Renaming the table renames its sequence.
  yield* sql`DELETE FROM sqlite_sequence WHERE name = 'notifications_rebuilt'`
  yield* sql`INSERT INTO sqlite_sequence (name, seq)
    SELECT 'notifications_rebuilt', seq FROM sqlite_sequence WHERE name = 'notifications'`
  yield* sql.unsafe(`DROP TABLE notifications`)
  yield* sql.unsafe(`ALTER TABLE notifications_rebuilt RENAME TO notifications`)
  for (const statement of sqliteIndexes) yield* sql.unsafe(statement)
  for (const trigger of triggers) yield* sql.unsafe(trigger.sql)
  if (analysed) yield* sql.unsafe(`ANALYZE notifications`)
})

/** Drops the indexes no statement needs. */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql.onDialectOrElse({
    pg: () => Effect.forEach(postgres, (statement) => sql.unsafe(statement), { discard: true }),
    orElse: () => sqlite,
  })
})
