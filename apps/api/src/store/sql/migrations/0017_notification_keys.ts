/**
 * A user's one notification per report is checked with the channel: unique
 * `(channel_id, user_id, report_id)`, the same rule as `(user_id, report_id)` since a report is in
 * one channel, but one Citus can check on the channel's node (`docs/deployment.md`).
 *
 * On PostgreSQL the old constraint goes, and a plain index on `(user_id, report_id)` keeps finding a
 * user's notification about a report (a report read marks it read). SQLite cannot drop a
 * table's constraint, and keeps both.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

const unique = `CREATE UNIQUE INDEX notifications_channel_user_report ON notifications (channel_id, user_id, report_id)`

const postgres: ReadonlyArray<string> = [
  unique,
  `ALTER TABLE notifications DROP CONSTRAINT notifications_user_id_report_id_key`,
  `CREATE INDEX notifications_user_report ON notifications (user_id, report_id)`,
]

/** Checks a notification's uniqueness with its channel. */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const forEngine = sql.onDialectOrElse({ pg: () => postgres, orElse: () => [unique] })
  for (const statement of forEngine) yield* sql.unsafe(statement)
})
