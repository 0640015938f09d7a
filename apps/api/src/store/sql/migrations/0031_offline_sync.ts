/**
 * What a field app that works offline syncs by (docs/api.md, Field apps and offline sync):
 *
 * - `tasks.version` and `tasks.updated_at`: a task's version grows with every change applied, as a
 *   report's does (its `ETag`, checked by `If-Match`), and `updated_at` is when the server applied
 *   the last one (`last_change_at` is the client's time of it), which the task list's
 *   `updated_after` reads. Existing tasks start at version 1, updated when created.
 * - `notifications.updated_at`: when a notification was made, read or archived, for the list's
 *   `updated_after`; existing ones take the time they were archived, else made.
 * - Both `updated_at` columns are filled from `created_at` by a trigger when an insert leaves them
 *   out (the seeder's bulk notifications do): on PostgreSQL before the row is checked, so the
 *   columns are `NOT NULL` there; SQLite can only fill them after the insert.
 * - `sessions.installation_id`: the `X-InstallationId` the mobile client sends with every request,
 *   the installation of the app the session is used from; null until one is sent.
 * - `deleted_resources`: tombstones of deleted reports, tasks, report comments and alert areas, so
 *   a device learns what to drop; kept 90 days. A tombstone names what decides who may list it: the
 *   channel of a report or comment, the team of a task, the user of an alert area. It has no
 *   foreign keys, since it outlives what it names: a reference table on Citus, written by the
 *   transaction of a delete whatever channel it touched.
 * - Indexes for the lists read by time: a channel's report comments and state changes, a team's
 *   tasks, a user's notifications.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { postgresTypes } from "./Ddl.ts"

const statements: ReadonlyArray<string> = [
  `ALTER TABLE tasks ADD COLUMN version INTEGER NOT NULL DEFAULT 1`,
  `ALTER TABLE tasks ADD COLUMN updated_at TEXT`,
  `UPDATE tasks SET updated_at = created_at`,
  `CREATE INDEX tasks_team_updated ON tasks (team_id, updated_at)`,
  `ALTER TABLE notifications ADD COLUMN updated_at TEXT`,
  `UPDATE notifications SET updated_at = COALESCE(archived_at, created_at)`,
  `CREATE INDEX notifications_user_updated ON notifications (user_id, updated_at)`,
  `ALTER TABLE sessions ADD COLUMN installation_id TEXT`,
  `CREATE TABLE deleted_resources (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    type TEXT NOT NULL CHECK (type IN ('report', 'task', 'report_comment', 'alert_area')),
    uuid TEXT,
    record_id INTEGER,
    channel_id INTEGER,
    team_id INTEGER,
    user_id INTEGER,
    deleted_at TEXT NOT NULL
  )`,
  `CREATE INDEX deleted_resources_channel ON deleted_resources (channel_id, deleted_at)`,
  `CREATE INDEX deleted_resources_team ON deleted_resources (team_id, deleted_at)`,
  `CREATE INDEX deleted_resources_user ON deleted_resources (user_id, deleted_at)`,
  `CREATE INDEX deleted_resources_deleted ON deleted_resources (deleted_at)`,
  `CREATE INDEX report_comments_channel_created ON report_comments (channel_id, created_at)`,
  `CREATE INDEX report_state_changes_channel_created ON report_state_changes (channel_id, created_at)`,
]

/** The tables whose `updated_at` an insert may leave to the trigger, and the key of their rows. */
const filled = [
  { table: "tasks", key: "uuid" },
  { table: "notifications", key: "id" },
] as const

const sqlite: ReadonlyArray<string> = [
  ...statements,
  ...filled.map(
    ({
      table,
      key,
    }) => `CREATE TRIGGER ${table}_updated_at AFTER INSERT ON ${table} WHEN NEW.updated_at IS NULL
      BEGIN UPDATE ${table} SET updated_at = NEW.created_at WHERE ${key} = NEW.${key}; END`,
  ),
]

const postgres: ReadonlyArray<string> = [
  ...statements.map(postgresTypes),
  `CREATE FUNCTION updated_at_from_created() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.updated_at := COALESCE(NEW.updated_at, NEW.created_at);
      RETURN NEW;
    END
  $$`,
  ...filled.flatMap(({ table }) => [
    `ALTER TABLE ${table} ALTER COLUMN updated_at SET NOT NULL`,
    `CREATE TRIGGER ${table}_updated_at BEFORE INSERT ON ${table} FOR EACH ROW
      EXECUTE FUNCTION updated_at_from_created()`,
  ]),
]

/** Adds the columns, the table, the indexes and the triggers. */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const forEngine = sql.onDialectOrElse({ pg: () => postgres, orElse: () => sqlite })
  for (const statement of forEngine) yield* sql.unsafe(statement)
})
