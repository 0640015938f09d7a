/**
 * Counts of placed reports per channel and grid cell, kept as reports are written, so the tiles
 * search (docs/api.md, Tiles) of a map with no filter but channels sums a few thousand counts
 * instead of counting a million reports (`Tiles`).
 *
 * `report_cell_counts` holds four grids, by `level`: cells 1°, 0.1°, 0.01° and 0.001° wide (the
 * level is the number of decimals). A cell is named by its `column_index` and `row_index`, the
 * whole number `k` of cells from the origin to its anchor, and holds the positions of the
 * domain's `Tile.containing`: `line(k) <= value < line(k + 1)` where `line(k)` is `k / 10^level`
 * in float64, the same number as the domain's grid line rounded to the level's decimals (division
 * rounds correctly, and both are the float64 nearest the decimal). `floor(value × 10^level)` is off
 * by one next to a grid line (`174.7 × 1000` is `174699.99999999997`), so that first guess is moved
 * onto the right cell by comparing with its lines. Longitude 180, the antimeridian, is in the
 * column of -180, as in `Tile.containing`.
 *
 * So a cell of any scale that is a whole number `m` of a level's cells (`0.05` is 5 cells of 0.01°,
 * `45` is 45 of 1°) is exactly the cells of that level from `m × k` to `m × k + m - 1` each way.
 *
 * Triggers on `reports` keep the counts on every write, whoever makes it (the API, an import, a
 * channel's deletion cascading to its reports): a report is counted in when it is written with a
 * position, out when it is deleted, and moved when its channel or position changes. A count that
 * falls to 0 stays as a row of 0, which readers read as no reports. The same statements run in
 * SQLite's triggers and in a PL/pgSQL trigger function (`CAST(… AS DOUBLE PRECISION)` is float64 on
 * both engines).
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { postgresTypes } from "./Ddl.ts"

/** The grids kept, by their number of decimals. */
const levels = [0, 1, 2, 3] as const

const table = `CREATE TABLE report_cell_counts (
  channel_id INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
  level INTEGER NOT NULL,
  column_index INTEGER NOT NULL,
  row_index INTEGER NOT NULL,
  report_count INTEGER NOT NULL,
  PRIMARY KEY (channel_id, level, column_index, row_index)
) WITHOUT ROWID`

/** The index of the cell holding `value` (a SQL expression in degrees) at a level. */
const index = (value: string, level: number) => {
  const unit = 10 ** level
  const guess = `CAST(floor(${value} * ${unit}) AS BIGINT)`
  const line = (k: string) => `CAST(${k} AS DOUBLE PRECISION) / ${unit}`
  return `(${guess} + CASE WHEN ${line(`${guess} + 1`)} <= ${value} THEN 1
    WHEN ${line(guess)} > ${value} THEN -1 ELSE 0 END)`
}

/** The cell columns of a report (`row`), at a level. */
const column = (row: string, level: number) =>
  index(`(CASE WHEN ${row}.longitude = 180 THEN -180 ELSE ${row}.longitude END)`, level)
const cellRow = (row: string, level: number) => index(`${row}.latitude`, level)
const placed = (row: string) => `${row}.latitude IS NOT NULL AND ${row}.longitude IS NOT NULL`

/**
 * Counts a report (`NEW`) in at every level. The upsert names its table's row through the alias
 * `c` on PostgreSQL and by the table's own name in SQLite's triggers: SQLite 3.40 (Debian 12's
 * `sqlite3`) cannot read a trigger whose INSERT gives its table an alias, and then cannot open the
 * database at all.
 */
const count = (upsert: "aliased" | "named") => {
  const into = upsert === "aliased" ? "report_cell_counts AS c" : "report_cell_counts"
  const current = upsert === "aliased" ? "c" : "report_cell_counts"
  return levels
    .map(
      (level) => `INSERT INTO ${into} (channel_id, level, column_index, row_index, report_count)
      SELECT NEW.channel_id, ${level}, ${column("NEW", level)}, ${cellRow("NEW", level)}, 1 WHERE ${placed("NEW")}
      ON CONFLICT (channel_id, level, column_index, row_index) DO UPDATE SET report_count = ${current}.report_count + 1;`,
    )
    .join("\n")
}
const uncount = levels
  .map(
    (level) => `UPDATE report_cell_counts SET report_count = report_count - 1
      WHERE channel_id = OLD.channel_id AND level = ${level}
        AND column_index = ${column("OLD", level)} AND row_index = ${cellRow("OLD", level)};`,
  )
  .join("\n")

/** The reports written so far, one statement per level. */
const fill = levels.map(
  (level) => `INSERT INTO report_cell_counts (channel_id, level, column_index, row_index, report_count)
    SELECT channel_id, ${level}, column_index, row_index, COUNT(*) FROM (
      SELECT r.channel_id, ${column("r", level)} AS column_index, ${cellRow("r", level)} AS row_index
      FROM reports r WHERE ${placed("r")}
    ) cells
    GROUP BY channel_id, column_index, row_index`,
)

/** The columns of a report its cells depend on. */
const keys = ["channel_id", "latitude", "longitude"]

/**
 * The SQLite triggers that keep the counts, by name. `0027_sqlite_340_schema` creates again those
 * whose first text gave the upserts' table an alias.
 */
export const sqliteTriggers = {
  reports_count_cells: `CREATE TRIGGER reports_count_cells AFTER INSERT ON reports WHEN ${placed("NEW")} BEGIN ${count("named")} END`,
  reports_uncount_cells: `CREATE TRIGGER reports_uncount_cells AFTER DELETE ON reports WHEN ${placed("OLD")} BEGIN ${uncount} END`,
  reports_recount_cells: `CREATE TRIGGER reports_recount_cells AFTER UPDATE OF ${keys.join(", ")} ON reports
    WHEN ${keys.map((key) => `OLD.${key} IS NOT NEW.${key}`).join(" OR ")}
    BEGIN ${uncount} ${count("named")} END`,
} as const

const sqlite: ReadonlyArray<string> = [table, ...fill, ...Object.values(sqliteTriggers)]

const postgres: ReadonlyArray<string> = [
  postgresTypes(table),
  ...fill,
  `CREATE FUNCTION reports_recount_cells() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN
        ${uncount}
      END IF;
      IF TG_OP <> 'DELETE' THEN
        ${count("aliased")}
      END IF;
      RETURN NULL;
    END
  $$`,
  `CREATE TRIGGER reports_recount_cells AFTER INSERT OR DELETE ON reports FOR EACH ROW
    EXECUTE FUNCTION reports_recount_cells()`,
  `CREATE TRIGGER reports_recount_cells_update AFTER UPDATE OF ${keys.join(", ")} ON reports FOR EACH ROW
    WHEN (${keys.map((key) => `OLD.${key} IS DISTINCT FROM NEW.${key}`).join(" OR ")})
    EXECUTE FUNCTION reports_recount_cells()`,
]

/** Creates and fills the table, then the triggers that keep it. */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  for (const statement of sql.onDialectOrElse({ pg: () => postgres, orElse: () => sqlite }))
    yield* sql.unsafe(statement)
})
