/**
 * What shapes and shape searches need beyond the initial schema:
 *
 * - `reports_shape`: deleting a shape sets `shape_id` of its reports to null (`ON DELETE SET
 *   NULL`); without an index on the referencing column every delete would scan the reports.
 * - `shape_searches_expiry`: the hourly clean-up deletes the searches whose 24 hours are over.
 */
import { runStatements } from "./Ddl.ts"

const statements: ReadonlyArray<string> = [
  `CREATE INDEX reports_shape ON reports (shape_id)`,
  `CREATE INDEX shape_searches_expiry ON shape_searches (expires_at)`,
]

/** Creates the two indexes. */
export default runStatements(statements)
