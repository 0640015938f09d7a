/**
 * Counts of reports kept as they are written, so the analytics (docs/api.md, Analytics) read a few
 * thousand counts instead of every report of the range: grouping the reports themselves costs in
 * proportion to their number however they are indexed (the sort of the GROUP BY, `strftime` and
 * `json_extract` on every row), far over what an analytics call may take at a million reports
 * (`docs/benchmarks.md`).
 *
 * - `report_quarter_counts`: the reports of a channel per quarter hour (`unixepoch / 900`). Every
 *   UTC offset in use is a whole number of quarter hours, so a quarter lies in one local hour, day,
 *   week, month and year whatever the zone: `reports_over_time`, `reports_per_day_hour` and
 *   `reports_per_week_day` group these.
 * - `report_day_counts`: the reports of a channel per UTC day (`unixepoch / 86400`), state and
 *   category: `reports_per_state` and `reports_per_field_selection` of a Category field.
 * - `report_choice_counts`: the answers to DropDown and Radio fields per UTC day and option value:
 *   `reports_per_field_selection` of those fields. (A field's type never changes and its key is
 *   never reused, so the fields a trigger finds for a report are those it found when it counted it.)
 *
 * Triggers on `reports` keep them in step with every write, whoever makes it (the API, an import, a
 * channel's deletion cascading to its reports). A count that falls to 0 stays as a row of 0, which
 * every reader reads as no reports. The store counts the parts of a range that do not cover whole
 * quarters or days from the reports themselves (`AnalyticsStore`).
 *
 * On SQLite the tables are `WITHOUT ROWID` (the count lives in the primary key's B-tree) and the
 * triggers are SQLite's. On PostgreSQL the same tables are kept by PL/pgSQL trigger functions doing
 * the same upserts (`postgres` below): `unixepoch(t)` is `floor(extract(epoch FROM t::timestamptz))`,
 * `json_each` is `jsonb_each` and a JSON string is `jsonb_typeof(…) = 'string'`.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { postgresTypes } from "./Ddl.ts"

const quarter = (row: "NEW" | "OLD") => `unixepoch(${row}.created_at) / 900`
const day = (row: "NEW" | "OLD") => `unixepoch(${row}.created_at) / 86400`

/** The DropDown and Radio answers of a report: option values by field key. */
const choicesOf = (row: "NEW" | "OLD") => `SELECT f.key AS field_key, a.value AS value
  FROM json_each(${row}.answers) a
  JOIN form_fields f ON f.channel_id = ${row}.channel_id AND f.key = a.key
  WHERE f.field_type IN ('DropDown', 'Radio') AND a.type = 'text'`

const countQuarter = `INSERT INTO report_quarter_counts (channel_id, quarter, report_count)
  VALUES (NEW.channel_id, ${quarter("NEW")}, 1)
  ON CONFLICT (channel_id, quarter) DO UPDATE SET report_count = report_count + 1;`
const uncountQuarter = `UPDATE report_quarter_counts SET report_count = report_count - 1
  WHERE channel_id = OLD.channel_id AND quarter = ${quarter("OLD")};`

const countDay = `INSERT INTO report_day_counts (channel_id, day, report_state_id, category_id, report_count)
  VALUES (NEW.channel_id, ${day("NEW")}, NEW.report_state_id, NEW.category_id, 1)
  ON CONFLICT (channel_id, day, report_state_id, category_id) DO UPDATE SET report_count = report_count + 1;`
const uncountDay = `UPDATE report_day_counts SET report_count = report_count - 1
  WHERE channel_id = OLD.channel_id AND day = ${day("OLD")}
    AND report_state_id = OLD.report_state_id AND category_id = OLD.category_id;`

const countChoices = `INSERT INTO report_choice_counts (channel_id, field_key, day, value, report_count)
  SELECT NEW.channel_id, c.field_key, ${day("NEW")}, c.value, 1 FROM (${choicesOf("NEW")}) c WHERE true
  ON CONFLICT (channel_id, field_key, day, value) DO UPDATE SET report_count = report_count + 1;`
const uncountChoices = `UPDATE report_choice_counts SET report_count = report_count - 1
  WHERE channel_id = OLD.channel_id AND day = ${day("OLD")}
    AND (field_key, value) IN (SELECT c.field_key, c.value FROM (${choicesOf("OLD")}) c);`

const changed = (columns: ReadonlyArray<string>) =>
  columns.map((column) => `OLD.${column} IS NOT NEW.${column}`).join(" OR ")

const statements: ReadonlyArray<string> = [
  `CREATE TABLE report_quarter_counts (
    channel_id INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
    quarter INTEGER NOT NULL,
    report_count INTEGER NOT NULL,
    PRIMARY KEY (channel_id, quarter)
  ) WITHOUT ROWID`,
  `CREATE TABLE report_day_counts (
    channel_id INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
    day INTEGER NOT NULL,
    report_state_id INTEGER NOT NULL,
    category_id INTEGER NOT NULL,
    report_count INTEGER NOT NULL,
    PRIMARY KEY (channel_id, day, report_state_id, category_id)
  ) WITHOUT ROWID`,
  `CREATE TABLE report_choice_counts (
    channel_id INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
    field_key TEXT NOT NULL,
    day INTEGER NOT NULL,
    value TEXT NOT NULL,
    report_count INTEGER NOT NULL,
    PRIMARY KEY (channel_id, field_key, day, value)
  ) WITHOUT ROWID`,
  // The reports written so far.
  `INSERT INTO report_quarter_counts (channel_id, quarter, report_count)
    SELECT channel_id, unixepoch(created_at) / 900, COUNT(*) FROM reports
    GROUP BY channel_id, unixepoch(created_at) / 900`,
  `INSERT INTO report_day_counts (channel_id, day, report_state_id, category_id, report_count)
    SELECT channel_id, unixepoch(created_at) / 86400, report_state_id, category_id, COUNT(*) FROM reports
    GROUP BY channel_id, unixepoch(created_at) / 86400, report_state_id, category_id`,
  `INSERT INTO report_choice_counts (channel_id, field_key, day, value, report_count)
    SELECT r.channel_id, f.key, unixepoch(r.created_at) / 86400, a.value, COUNT(*)
    FROM reports r
    JOIN json_each(r.answers) a
    JOIN form_fields f ON f.channel_id = r.channel_id AND f.key = a.key
    WHERE f.field_type IN ('DropDown', 'Radio') AND a.type = 'text'
    GROUP BY r.channel_id, f.key, unixepoch(r.created_at) / 86400, a.value`,
  // And every write from now on.
  `CREATE TRIGGER reports_count AFTER INSERT ON reports BEGIN
    ${countQuarter}
    ${countDay}
    ${countChoices}
  END`,
  `CREATE TRIGGER reports_uncount AFTER DELETE ON reports BEGIN
    ${uncountQuarter}
    ${uncountDay}
    ${uncountChoices}
  END`,
  `CREATE TRIGGER reports_recount_quarter AFTER UPDATE OF channel_id, created_at ON reports
    WHEN ${changed(["channel_id", "created_at"])} BEGIN
    ${uncountQuarter}
    ${countQuarter}
  END`,
  `CREATE TRIGGER reports_recount_day AFTER UPDATE OF channel_id, created_at, report_state_id, category_id ON reports
    WHEN ${changed(["channel_id", "created_at", "report_state_id", "category_id"])} BEGIN
    ${uncountDay}
    ${countDay}
  END`,
  `CREATE TRIGGER reports_recount_choices AFTER UPDATE OF channel_id, created_at, answers ON reports
    WHEN ${changed(["channel_id", "created_at", "answers"])} BEGIN
    ${uncountChoices}
    ${countChoices}
  END`,
]

/** The same on PostgreSQL: tables, their first counts, then a trigger function per table. */
const postgres = (() => {
  const epoch = (time: string) => `floor(extract(epoch FROM ${time}::timestamptz))::bigint`
  const quarter = (row: "NEW" | "OLD") => `${epoch(`${row}.created_at`)} / 900`
  const day = (row: "NEW" | "OLD") => `${epoch(`${row}.created_at`)} / 86400`
  const choicesOf = (row: "NEW" | "OLD") => `SELECT f.key AS field_key, a.value #>> '{}' AS value
    FROM jsonb_each(${row}.answers::jsonb) a
    JOIN form_fields f ON f.channel_id = ${row}.channel_id AND f.key = a.key
    WHERE f.field_type IN ('DropDown', 'Radio') AND jsonb_typeof(a.value) = 'string'`

  /** A function counting a report out (deletes, updates) then in (inserts, updates) of one table. */
  const recount = (name: string, uncount: string, count: string) => `CREATE FUNCTION ${name}() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN
        ${uncount}
      END IF;
      IF TG_OP <> 'DELETE' THEN
        ${count}
      END IF;
      RETURN NULL;
    END
    $$`
  /** The triggers running a recount: on every insert and delete, on updates of the columns it counts by. */
  const triggers = (name: string, columns: ReadonlyArray<string>) => [
    `CREATE TRIGGER ${name} AFTER INSERT OR DELETE ON reports FOR EACH ROW EXECUTE FUNCTION ${name}()`,
    `CREATE TRIGGER ${name}_update AFTER UPDATE OF ${columns.join(", ")} ON reports FOR EACH ROW
      WHEN (${columns.map((column) => `OLD.${column} IS DISTINCT FROM NEW.${column}`).join(" OR ")})
      EXECUTE FUNCTION ${name}()`,
  ]

  return [
    ...statements.slice(0, 3).map(postgresTypes),
    `INSERT INTO report_quarter_counts (channel_id, quarter, report_count)
      SELECT channel_id, ${epoch("created_at")} / 900, COUNT(*) FROM reports
      GROUP BY 1, 2`,
    `INSERT INTO report_day_counts (channel_id, day, report_state_id, category_id, report_count)
      SELECT channel_id, ${epoch("created_at")} / 86400, report_state_id, category_id, COUNT(*) FROM reports
      GROUP BY 1, 2, 3, 4`,
    `INSERT INTO report_choice_counts (channel_id, field_key, day, value, report_count)
      SELECT r.channel_id, f.key, ${epoch("r.created_at")} / 86400, a.value #>> '{}', COUNT(*)
      FROM reports r
      CROSS JOIN LATERAL jsonb_each(r.answers::jsonb) a
      JOIN form_fields f ON f.channel_id = r.channel_id AND f.key = a.key
      WHERE f.field_type IN ('DropDown', 'Radio') AND jsonb_typeof(a.value) = 'string'
      GROUP BY 1, 2, 3, 4`,
    recount(
      "reports_recount_quarter",
      `UPDATE report_quarter_counts SET report_count = report_count - 1
        WHERE channel_id = OLD.channel_id AND quarter = ${quarter("OLD")};`,
      `INSERT INTO report_quarter_counts AS c (channel_id, quarter, report_count)
        VALUES (NEW.channel_id, ${quarter("NEW")}, 1)
        ON CONFLICT (channel_id, quarter) DO UPDATE SET report_count = c.report_count + 1;`,
    ),
    ...triggers("reports_recount_quarter", ["channel_id", "created_at"]),
    recount(
      "reports_recount_day",
      `UPDATE report_day_counts SET report_count = report_count - 1
        WHERE channel_id = OLD.channel_id AND day = ${day("OLD")}
          AND report_state_id = OLD.report_state_id AND category_id = OLD.category_id;`,
      `INSERT INTO report_day_counts AS c (channel_id, day, report_state_id, category_id, report_count)
        VALUES (NEW.channel_id, ${day("NEW")}, NEW.report_state_id, NEW.category_id, 1)
        ON CONFLICT (channel_id, day, report_state_id, category_id) DO UPDATE SET report_count = c.report_count + 1;`,
    ),
    ...triggers("reports_recount_day", ["channel_id", "created_at", "report_state_id", "category_id"]),
    recount(
      "reports_recount_choices",
      `UPDATE report_choice_counts SET report_count = report_count - 1
        WHERE channel_id = OLD.channel_id AND day = ${day("OLD")}
          AND (field_key, value) IN (SELECT c.field_key, c.value FROM (${choicesOf("OLD")}) c);`,
      `INSERT INTO report_choice_counts AS k (channel_id, field_key, day, value, report_count)
        SELECT NEW.channel_id, c.field_key, ${day("NEW")}, c.value, 1 FROM (${choicesOf("NEW")}) c
        ON CONFLICT (channel_id, field_key, day, value) DO UPDATE SET report_count = k.report_count + 1;`,
    ),
    ...triggers("reports_recount_choices", ["channel_id", "created_at", "answers"]),
  ]
})()

/** Creates and fills the three tables, then the triggers that keep them. */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const forEngine = sql.onDialectOrElse({ pg: () => postgres, orElse: () => statements })
  for (const statement of forEngine) yield* sql.unsafe(statement)
})
