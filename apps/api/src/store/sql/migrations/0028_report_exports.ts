/**
 * `report_exports`: exports of report searches (docs/api.md, Exports), one row per export with
 * who asked (the user, app and team it runs as), the search, the format and its options, the
 * address the service was reached at (for the file addresses inside the file), its progress, and
 * once done where its file is in the file store. Kept 24 hours; the clean-up deletes the row and
 * its file.
 *
 * The search is named without a foreign key: a search is deleted 24 hours after it started, and an
 * export made late in its life outlives it. Local to the coordinator on Citus, as the searches are.
 */
import { runStatements } from "./Ddl.ts"

const statements: ReadonlyArray<string> = [
  `CREATE TABLE report_exports (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users(id),
    branded_app_id INTEGER NOT NULL,
    team_id INTEGER,
    report_search_id INTEGER NOT NULL,
    format TEXT NOT NULL,
    options TEXT NOT NULL,
    origin TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('pending', 'running', 'done', 'failed')),
    rows_written INTEGER NOT NULL DEFAULT 0,
    rows_total INTEGER,
    byte_size INTEGER,
    storage_key TEXT,
    error TEXT,
    job_id INTEGER,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
  )`,
  `CREATE INDEX report_exports_expiry ON report_exports (expires_at)`,
]

/** Adds the table. */
export default runStatements(statements)
