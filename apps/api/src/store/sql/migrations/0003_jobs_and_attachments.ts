/**
 * What the job runner and the attachment clean-up need beyond the initial schema:
 *
 * - `jobs.unique_key`: at most one pending or running job per key (a recurring job such as the
 *   attachment clean-up), however many processes start at once; a partial unique index reads the
 *   same on SQLite and PostgreSQL.
 * - `jobs_lease`: finding the running jobs whose lease expired (their process died).
 * - `attachments.released_at`: an attachment a report stopped using gets the same 24 hours of grace
 *   as a new upload, counted from its release.
 * - indexes on the other columns that name an attachment (a user's picture, a channel's logo), so
 *   the clean-up can check cheaply that nothing uses a candidate.
 */
import { runStatements } from "./Ddl.ts"

const statements: ReadonlyArray<string> = [
  `ALTER TABLE jobs ADD COLUMN unique_key TEXT`,
  `CREATE UNIQUE INDEX jobs_unique_key ON jobs (unique_key) WHERE status IN ('pending', 'running')`,
  `CREATE INDEX jobs_lease ON jobs (status, lease_until)`,
  `ALTER TABLE attachments ADD COLUMN released_at TEXT`,
  `CREATE INDEX users_image_attachment ON users (image_attachment_id)`,
  `CREATE INDEX channels_logo_attachment ON channels (logo_attachment_id)`,
]

export default runStatements(statements)
