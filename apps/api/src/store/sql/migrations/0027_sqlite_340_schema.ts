/**
 * SQLite triggers that SQLite 3.40, Debian 12's `sqlite3`, can read. The counts' triggers of
 * `0013_user_counts` and `0023_report_cell_counts` were first written with upserts that give their
 * table an alias (`INSERT INTO user_counts AS c … DO UPDATE SET reports = c.reports + …`), which
 * newer SQLite reads but 3.40 does not: it then reports the whole schema as malformed and opens
 * nothing, so an operator could not even run `PRAGMA integrity_check` on the database.
 *
 * Those migrations now write the same upserts naming the table itself (`user_counts.reports`), the
 * same statements otherwise; this one drops the triggers a database got from their first text and
 * creates them again from the second. PostgreSQL, whose trigger functions keep the alias, is left
 * as it is.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { sqliteTriggers as userCounts } from "./0013_user_counts.ts"
import { sqliteTriggers as cellCounts } from "./0023_report_cell_counts.ts"

/** The triggers whose first text aliased an upsert's table, as they are written now. */
export const rewritten: Readonly<Record<string, string>> = {
  reports_count_per_user: userCounts.reports_count_per_user,
  reports_recount_per_user: userCounts.reports_recount_per_user,
  report_reads_count: userCounts.report_reads_count,
  notifications_count: userCounts.notifications_count,
  reports_count_cells: cellCounts.reports_count_cells,
  reports_recount_cells: cellCounts.reports_recount_cells,
}

/** On SQLite, drops each rewritten trigger and creates it again; nothing on PostgreSQL. */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const statements = sql.onDialectOrElse({
    pg: () => [],
    orElse: () =>
      Object.entries(rewritten).flatMap(([name, create]) => [`DROP TRIGGER IF EXISTS ${name}`, create]),
  })
  for (const statement of statements) yield* sql.unsafe(statement)
})
