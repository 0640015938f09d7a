/**
 * What report searches and the tiles search need beyond the initial schema:
 *
 * - `report_searches.job_id`: the job that runs a search, so a search whose job gave up after its
 *   last attempt reads as failed instead of pending for ever.
 * - `reports_channel_position`: the reports of a channel by position, covering what the tiles
 *   search and tile filters read (position, `updated_at`, state), so counting the reports of a map
 *   area is a range scan of this index per channel, never a scan of the reports; a B-tree reads the
 *   same on SQLite and PostgreSQL.
 */
import { runStatements } from "./Ddl.ts"

const statements: ReadonlyArray<string> = [
  `ALTER TABLE report_searches ADD COLUMN job_id INTEGER`,
  `CREATE INDEX reports_channel_position ON reports (channel_id, longitude, latitude, updated_at, report_state_id)`,
]

/** Adds the column and the index. */
export default runStatements(statements)
