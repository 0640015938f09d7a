/**
 * Every task carries its report's channel (`tasks.channel_id`), as every other table of a report
 * does, so that on Citus a task lives on its report's node and its foreign key to the report can
 * include the channel (`docs/deployment.md`, migration 0016).
 *
 * The stores write tasks without it: a trigger fills it from the report when a task is inserted
 * (a task never moves to another report, nor a report to another channel). On PostgreSQL it is
 * filled before the row is checked, so the column is `NOT NULL` there; SQLite can only fill it
 * after the insert, so there it may be null for the length of the statement.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { postgresTypes } from "./Ddl.ts"

const addColumn = `ALTER TABLE tasks ADD COLUMN channel_id INTEGER`
const fill = `UPDATE tasks SET channel_id = (SELECT r.channel_id FROM reports r WHERE r.id = tasks.report_id)`

const sqlite: ReadonlyArray<string> = [
  addColumn,
  fill,
  `CREATE TRIGGER tasks_channel AFTER INSERT ON tasks WHEN NEW.channel_id IS NULL BEGIN
    UPDATE tasks SET channel_id = (SELECT r.channel_id FROM reports r WHERE r.id = NEW.report_id)
    WHERE uuid = NEW.uuid;
  END`,
]

const postgres: ReadonlyArray<string> = [
  postgresTypes(addColumn),
  fill,
  `ALTER TABLE tasks ALTER COLUMN channel_id SET NOT NULL`,
  `CREATE FUNCTION tasks_channel() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.channel_id IS NULL THEN
        SELECT r.channel_id INTO NEW.channel_id FROM reports r WHERE r.id = NEW.report_id;
      END IF;
      RETURN NEW;
    END
  $$`,
  `CREATE TRIGGER tasks_channel BEFORE INSERT ON tasks FOR EACH ROW EXECUTE FUNCTION tasks_channel()`,
]

/** Adds, fills and keeps `tasks.channel_id`. */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const forEngine = sql.onDialectOrElse({ pg: () => postgres, orElse: () => sqlite })
  for (const statement of forEngine) yield* sql.unsafe(statement)
})
