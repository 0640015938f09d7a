/**
 * Every report attachment carries its report's filing time (`report_attachments.report_created_at`,
 * indexed with the channel), so `reports_images` finds a channel's images of a range in the
 * attachments alone, without visiting a report row per image among a million.
 *
 * The stores write report attachments without it: a trigger fills it from the report (a report's
 * filing time never changes). On PostgreSQL it is filled before the row is checked, so the column
 * is `NOT NULL` there; SQLite can only fill it after the insert, so there it may be null for the
 * length of the statement. The index replaces the one on the channel alone, of which it is a
 * prefix.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { postgresTypes } from "./Ddl.ts"

const addColumn = `ALTER TABLE report_attachments ADD COLUMN report_created_at TEXT`
const fill = `UPDATE report_attachments SET report_created_at =
  (SELECT r.created_at FROM reports r WHERE r.id = report_attachments.report_id)`
const index = [
  `DROP INDEX report_attachments_channel`,
  `CREATE INDEX report_attachments_channel_time ON report_attachments (channel_id, report_created_at)`,
]

const sqlite: ReadonlyArray<string> = [
  addColumn,
  fill,
  ...index,
  `CREATE TRIGGER report_attachments_time AFTER INSERT ON report_attachments
    WHEN NEW.report_created_at IS NULL BEGIN
    UPDATE report_attachments SET report_created_at =
      (SELECT r.created_at FROM reports r WHERE r.id = NEW.report_id)
    WHERE attachment_id = NEW.attachment_id;
  END`,
]

const postgres: ReadonlyArray<string> = [
  postgresTypes(addColumn),
  fill,
  `ALTER TABLE report_attachments ALTER COLUMN report_created_at SET NOT NULL`,
  ...index,
  `CREATE FUNCTION report_attachments_time() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.report_created_at IS NULL THEN
        SELECT r.created_at INTO NEW.report_created_at FROM reports r WHERE r.id = NEW.report_id;
      END IF;
      RETURN NEW;
    END
  $$`,
  `CREATE TRIGGER report_attachments_time BEFORE INSERT ON report_attachments
    FOR EACH ROW EXECUTE FUNCTION report_attachments_time()`,
]

/** Adds, fills, indexes and keeps `report_attachments.report_created_at`. */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const forEngine = sql.onDialectOrElse({ pg: () => postgres, orElse: () => sqlite })
  for (const statement of forEngine) yield* sql.unsafe(statement)
})
