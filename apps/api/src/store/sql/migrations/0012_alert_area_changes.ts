/**
 * `alert_area_changes`: the latest change of every alert area, numbered in the order the changes
 * were committed. The notification fan-out matches reports against the areas in memory
 * (`AlertAreaIndex`); before each match it reads the highest number, and when it has moved, re-reads
 * only the areas changed since (or drops those deleted). Triggers number every insert, update and
 * delete of `alert_areas`, whoever makes it (this process, another API process on the same
 * database, a user's deletion cascading to their areas), so no copy in memory stays stale.
 *
 * One row per area ever written, its number replaced at each change. A reader that has seen
 * number n must have seen every change numbered below it, so numbers follow commit order: SQLite
 * has one writer at a time; on PostgreSQL, where transactions commit in any order, the trigger
 * locks the table against other writers (not readers) until its transaction ends. Alert areas
 * change rarely, so their writers waiting on each other costs nothing noticeable.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

const nextChange = "(SELECT COALESCE(MAX(change), 0) + 1 FROM alert_area_changes)"

const sqlite = (): ReadonlyArray<string> => {
  const numberChange = (row: "NEW" | "OLD") => `INSERT INTO alert_area_changes (area_id, change)
    VALUES (${row}.id, ${nextChange})
    ON CONFLICT (area_id) DO UPDATE SET change = excluded.change;`
  return [
    `CREATE TABLE alert_area_changes (
      area_id INTEGER PRIMARY KEY,
      change INTEGER NOT NULL UNIQUE
    )`,
    `CREATE TRIGGER alert_areas_inserted AFTER INSERT ON alert_areas BEGIN ${numberChange("NEW")} END`,
    `CREATE TRIGGER alert_areas_updated AFTER UPDATE ON alert_areas BEGIN ${numberChange("NEW")} END`,
    `CREATE TRIGGER alert_areas_deleted AFTER DELETE ON alert_areas BEGIN ${numberChange("OLD")} END`,
  ]
}

const postgres = (): ReadonlyArray<string> => [
  `CREATE TABLE alert_area_changes (
    area_id BIGINT PRIMARY KEY,
    change BIGINT NOT NULL UNIQUE
  )`,
  `CREATE FUNCTION alert_area_changed() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      LOCK TABLE alert_area_changes IN EXCLUSIVE MODE;
      INSERT INTO alert_area_changes AS c (area_id, change)
        VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END, ${nextChange})
        ON CONFLICT (area_id) DO UPDATE SET change = excluded.change;
      RETURN NULL;
    END
    $$`,
  `CREATE TRIGGER alert_areas_changed AFTER INSERT OR UPDATE OR DELETE ON alert_areas
    FOR EACH ROW EXECUTE FUNCTION alert_area_changed()`,
]

/** Creates the table and the triggers that fill it. */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  for (const statement of sql.onDialectOrElse({ pg: postgres, orElse: sqlite })) yield* sql.unsafe(statement)
})
