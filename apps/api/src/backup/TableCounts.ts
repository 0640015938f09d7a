/**
 * The rows of every table of a database, by table name: what a backup's manifest records and
 * what a restore compares the restored database with. The tables are read from the database's
 * own catalogue, so a table a later migration adds is counted without a change here. SQLite's
 * internal tables (`sqlite_sequence`, an R*Tree's shadow tables) and tables an extension owns on
 * PostgreSQL are left out: they follow from the others.
 */
import { Effect } from "effect"
import { SqlClient, type SqlError } from "effect/sql"

/** Rows by table name. */
export type TableCounts = Readonly<Record<string, number>>

/**
 * The names of the database's own tables, sorted: none in a database nothing was put in.
 *
 * @example
 * ```ts
 * const names = yield* TableCounts.tableNames(yield* SqlClient.SqlClient) // [{ name: "attachments" }, …]
 * ```
 */
export const tableNames = (sql: SqlClient.SqlClient) =>
  sql.onDialectOrElse({
    pg: () => sql<{ readonly name: string }>`SELECT c.relname AS name
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT c.relispartition
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype = 'e')
      ORDER BY c.relname`,
    orElse: () => sql<{ readonly name: string }>`SELECT name FROM pragma_table_list
      WHERE schema = 'main' AND type IN ('table', 'virtual') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
      ORDER BY name`,
  })

/**
 * The rows of every table. Run it inside one transaction (or on a copy nobody writes) for counts
 * of one moment.
 *
 * @example
 * ```ts
 * const counts = yield* TableCounts.read // { attachments: 14, reports: 12, users: 3, … }
 * ```
 */
export const read: Effect.Effect<TableCounts, SqlError.SqlError, SqlClient.SqlClient> = Effect.gen(
  function* () {
    const sql = yield* SqlClient.SqlClient
    const counts: Record<string, number> = {}
    for (const { name } of yield* tableNames(sql)) {
      const [row] = yield* sql<{ readonly n: number }>`SELECT COUNT(*) AS n FROM ${sql(name)}`
        .withoutTransform
      counts[name] = Number(row?.n ?? 0)
    }
    return counts
  },
)

/**
 * The tables whose rows differ between `expected` and `actual` (a table on one side only too),
 * each as `name: expected → actual`.
 *
 * @example
 * ```ts
 * differences({ reports: 12 }, { reports: 11 }) // ["reports: 12 → 11"]
 * ```
 */
export const differences = (expected: TableCounts, actual: TableCounts): ReadonlyArray<string> =>
  [...new Set([...Object.keys(expected), ...Object.keys(actual)])]
    .sort()
    .filter((name) => expected[name] !== actual[name])
    .map((name) => `${name}: ${expected[name] ?? "no table"} → ${actual[name] ?? "no table"}`)
