/**
 * Moving up from the embedded database: copies a whole SQLite database into an empty PostgreSQL
 * database, so a deployment can start embedded and move to several API processes without losing
 * anything (README, "Moving to PostgreSQL").
 *
 * 1. Both databases are migrated with the API's migrations, so they hold the same tables. (The
 *    embedded one is brought up to date as starting the API on it would.)
 *    SQLite's full-text indexes (FTS5 tables) are not copied: PostgreSQL indexes the same text in
 *    a column of its own, computed as the rows are copied.
 * 2. The target must be empty: no tables but the API's own (from an earlier migration), and no
 *    rows in them. Anything else is refused before a single row is written.
 * 3. One transaction on the target copies every table, parents before the tables whose foreign
 *    keys name them, in batches. The tables' own triggers are off meanwhile: the counts they keep
 *    are copied as they are, not counted twice. A table that refers to itself (a category's
 *    parent, a team user's supervisor) is copied in id order; a reference to a later row is
 *    filled in once all its rows are there. Identity
 *    sequences continue after the highest id the embedded database ever handed out (its
 *    `sqlite_sequence`), so the id of a deleted row is never given again.
 * 4. Still inside that transaction, every table's row count is compared with the source's; any
 *    difference fails the copy and rolls all of it back.
 */
import { Array as Arr, Effect, Schema, Stream } from "effect"
import { SqlClient } from "effect/sql"
import { migrations } from "../store/sql/migrations/index.ts"
import * as SchemaMigrator from "../store/sql/SchemaMigrator.ts"

/**
 * The copy was refused (a target that is not empty, tables that differ) or its check failed.
 *
 * @example
 * ```ts
 * new CopyRefused({ message: "the target database is not empty: reports holds 12 rows" })
 * ```
 */
export class CopyRefused extends Schema.TaggedError<CopyRefused>()("CopyRefused", {
  message: Schema.String,
}) {}

/** How many rows of a table were copied (and found on both sides). */
export interface TableCopied {
  readonly table: string
  readonly rows: number
}

/** PostgreSQL binds at most 65,535 parameters to one statement. */
const maxParameters = 65_000

const migrate = (sql: SqlClient.SqlClient) =>
  SchemaMigrator.apply(migrations).pipe(Effect.provideService(SqlClient.SqlClient, sql))

/** What the target's catalogue says about its tables. */
const targetCatalogue = (target: SqlClient.SqlClient) =>
  Effect.gen(function* () {
    // Tables an extension owns (PostGIS's `spatial_ref_sys`) are the extension's business.
    const tables = yield* target<{ readonly name: string }>`SELECT c.relname AS name
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype = 'e')
      ORDER BY c.relname`
    const columns = yield* target<{
      readonly table_name: string
      readonly column_name: string
      readonly is_identity: string
    }>`SELECT table_name, column_name, is_identity FROM information_schema.columns
      WHERE table_schema = current_schema() AND is_generated = 'NEVER'
      ORDER BY table_name, ordinal_position`
    // One row per column of each foreign key, with the column it names.
    const references = yield* target<{
      readonly table_name: string
      readonly referenced: string
      readonly column_name: string
      readonly referenced_column: string
    }>`SELECT child.relname AS table_name, parent.relname AS referenced, a.attname AS column_name,
        b.attname AS referenced_column
      FROM pg_constraint con
      JOIN pg_class child ON child.oid = con.conrelid
      JOIN pg_class parent ON parent.oid = con.confrelid
      JOIN pg_namespace n ON n.oid = child.relnamespace
      CROSS JOIN LATERAL unnest(con.conkey, con.confkey) AS k(attnum, referenced_attnum)
      JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum
      JOIN pg_attribute b ON b.attrelid = con.confrelid AND b.attnum = k.referenced_attnum
      WHERE con.contype = 'f' AND n.nspname = current_schema()`
    return {
      tables: tables.map((row) => row.name),
      columns,
      references,
    }
  })

/**
 * The tables in an order where each comes after every table its foreign keys name.
 *
 * @example
 * ```ts
 * dependencyOrder(["reports", "channels"], [{ table_name: "reports", referenced: "channels" }])
 * // ["channels", "reports"]
 * ```
 */
const dependencyOrder = (
  tables: ReadonlyArray<string>,
  references: ReadonlyArray<{ readonly table_name: string; readonly referenced: string }>,
): ReadonlyArray<string> => {
  const ordered: Array<string> = []
  const placed = new Set<string>()
  const visiting = new Set<string>()
  const place = (table: string, path: ReadonlyArray<string>) => {
    if (placed.has(table)) return
    if (visiting.has(table)) throw new Error(`foreign keys form a cycle: ${[...path, table].join(" → ")}`)
    visiting.add(table)
    for (const reference of references)
      if (reference.table_name === table && reference.referenced !== table)
        place(reference.referenced, [...path, table])
    visiting.delete(table)
    placed.add(table)
    ordered.push(table)
  }
  for (const table of tables) place(table, [])
  return ordered
}

/**
 * Copies the embedded database `source` into the empty PostgreSQL database `target` and answers
 * how many rows each table got; fails with `CopyRefused`, having written nothing, when the target
 * is not empty, the two schemas differ, or a table's count differs after the copy.
 *
 * @example
 * ```ts
 * const copied = yield* copyDatabase(sqlite, pg, { batchSize: 1000 })
 * ```
 */
export const copyDatabase = (
  source: SqlClient.SqlClient,
  target: SqlClient.SqlClient,
  options: { readonly batchSize: number },
) =>
  Effect.gen(function* () {
    const existing = (yield* targetCatalogue(target)).tables
    if (existing.length > 0 && !existing.includes(SchemaMigrator.recordTable)) {
      return yield* new CopyRefused({
        message: `the target database is not empty: it holds tables of something else (${existing.join(", ")})`,
      })
    }
    yield* migrate(source)
    yield* migrate(target)

    const catalogue = yield* targetCatalogue(target)
    const tables = catalogue.tables.filter((table) => table !== SchemaMigrator.recordTable)
    const sourceTables = (yield* source<{ readonly name: string }>`SELECT name FROM pragma_table_list
      WHERE schema = 'main' AND type IN ('table', 'virtual') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
        AND name <> ${SchemaMigrator.recordTable}
        AND name NOT IN (SELECT name FROM sqlite_schema WHERE sql LIKE 'CREATE VIRTUAL TABLE % USING fts5%')
      ORDER BY name`).map((row) => row.name)
    const missing = sourceTables.filter((table) => !tables.includes(table))
    const extra = tables.filter((table) => !sourceTables.includes(table))
    if (missing.length > 0 || extra.length > 0) {
      return yield* new CopyRefused({
        message: `the databases' tables differ after migrating both: only embedded: ${missing.join(", ") || "none"}; only PostgreSQL: ${extra.join(", ") || "none"}`,
      })
    }

    const countOf = (sql: SqlClient.SqlClient, table: string) =>
      Effect.map(sql<{ readonly n: number }>`SELECT COUNT(*) AS n FROM ${sql(table)}`, (rows) =>
        Number(rows[0]?.n ?? 0),
      )
    for (const table of tables) {
      const rows = yield* countOf(target, table)
      if (rows > 0)
        return yield* new CopyRefused({
          message: `the target database is not empty: ${table} holds ${rows} rows`,
        })
    }

    const columnsOf = (table: string) =>
      catalogue.columns.filter((column) => column.table_name === table).map((column) => column.column_name)
    // A table's references to its own rows (a category's parent), leaving out the columns a
    // reference shares with the row it names (the channel of a composite key).
    const selfReferences = catalogue.references.filter(
      (reference) =>
        reference.referenced === reference.table_name &&
        reference.column_name !== reference.referenced_column,
    )
    const order = yield* Effect.try({
      try: () => dependencyOrder(tables, catalogue.references),
      catch: (error) => new CopyRefused({ message: String(error) }),
    })

    const copyTable = (table: string) =>
      Effect.gen(function* () {
        const columns = columnsOf(table)
        const sourceColumns = (yield* source<{
          readonly name: string
        }>`SELECT name FROM pragma_table_info(${table})`).map((row) => row.name)
        const unknown = sourceColumns.filter((column) => !columns.includes(column))
        const absent = columns.filter((column) => !sourceColumns.includes(column))
        if (unknown.length > 0 || absent.length > 0) {
          return yield* new CopyRefused({
            message: `${table}: the columns differ: only embedded: ${unknown.join(", ") || "none"}; only PostgreSQL: ${absent.join(", ") || "none"}`,
          })
        }
        const own = selfReferences.filter((reference) => reference.table_name === table)
        const selfColumns = own.map((reference) => reference.column_name)
        const keys = [...new Set(own.map((reference) => reference.referenced_column))]
        if (keys.length > 1) {
          return yield* new CopyRefused({
            message: `${table} refers to itself by several columns (${keys.join(", ")}): no one order copies it`,
          })
        }
        const key = keys[0] ?? ""
        // Rows go in key order, so a row names a row already copied, except when it names one with
        // a greater key: that reference is filled in once every row is there.
        const forward: Array<{ readonly key: number; readonly column: string; readonly value: number }> = []
        const withoutForward = (row: Record<string, unknown>) => {
          if (selfColumns.length === 0) return row
          const copy = { ...row }
          for (const column of selfColumns) {
            const value = row[column]
            if (typeof value === "number" && value > (row[key] as number)) {
              forward.push({ key: row[key] as number, column, value })
              copy[column] = null
            }
          }
          return copy
        }
        const batch = Math.max(1, Math.min(options.batchSize, Math.floor(maxParameters / columns.length)))
        const list = source.literal(columns.map((column) => `"${column.replaceAll('"', '""')}"`).join(", "))
        const inOrder = selfColumns.length === 0 ? source`` : source`ORDER BY ${source(key)}`
        yield* source<Record<string, unknown>>`SELECT ${list} FROM ${source(table)} ${inOrder}`.stream.pipe(
          Stream.grouped(batch),
          Stream.runForEach(
            (rows) => target`INSERT INTO ${target(table)} ${target.insert(Arr.map(rows, withoutForward))}`,
          ),
        )
        for (const reference of forward)
          yield* target`UPDATE ${target(table)} SET ${target(reference.column)} = ${reference.value}
            WHERE ${target(key)} = ${reference.key}`
      })

    const continueSequences = Effect.gen(function* () {
      const handedOut = new Map(
        (yield* source<{
          readonly name: string
          readonly seq: number
        }>`SELECT name, seq FROM sqlite_sequence`).map((row) => [row.name, row.seq]),
      )
      for (const column of catalogue.columns) {
        if (column.is_identity !== "YES" || !tables.includes(column.table_name)) continue
        const [highest] = yield* target<{
          readonly n: number | null
        }>`SELECT MAX(${target(column.column_name)}) AS n
          FROM ${target(column.table_name)}`
        const next = Math.max(highest?.n ?? 0, handedOut.get(column.table_name) ?? 0) + 1
        yield* target`SELECT setval(pg_get_serial_sequence(${column.table_name}, ${column.column_name}), ${next}, false)`
      }
    })

    const checkCounts = Effect.gen(function* () {
      const copied: Array<TableCopied> = []
      const differences: Array<string> = []
      for (const table of order) {
        const expected = yield* countOf(source, table)
        const actual = yield* countOf(target, table)
        if (expected !== actual) differences.push(`${table}: ${expected} embedded, ${actual} in PostgreSQL`)
        copied.push({ table, rows: actual })
      }
      if (differences.length > 0) {
        return yield* new CopyRefused({
          message: `the copy does not match, nothing was kept: ${differences.join("; ")}`,
        })
      }
      return copied
    })

    return yield* Effect.gen(function* () {
      for (const table of order) yield* target`ALTER TABLE ${target(table)} DISABLE TRIGGER USER`
      for (const table of order) yield* copyTable(table)
      for (const table of order) yield* target`ALTER TABLE ${target(table)} ENABLE TRIGGER USER`
      yield* continueSequences
      return yield* checkCounts
    }).pipe(target.withTransaction)
  })
