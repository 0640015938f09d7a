/**
 * `docs/deployment.md` places every table of the schema for Citus: distributed by a key (the
 * channel), a reference table, or local to the coordinator. This test holds the migrated
 * PostgreSQL schema to that document, with no exceptions: every table is placed, and none breaks
 * Citus's rules for its placement:
 *
 * - a distributed table has its key column, never null, in its primary key and in every unique
 *   constraint or index;
 * - a foreign key between distributed tables (or of one to itself) joins them on their keys;
 * - a reference or local table has no foreign key to a distributed table.
 *
 * So a new table that the document does not place, or a new unique constraint or foreign key
 * without the channel, fails this test.
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { describe, expect, it } from "vitest"
import { migratedDatabase, postgresServerUrl } from "../support/TestDatabase.ts"

if (postgresServerUrl === undefined)
  console.warn(
    "schema_placement: skipped, set FIELDREPORT_TEST_DATABASE_URL to a PostgreSQL server to run it",
  )

/** Where a table goes on Citus: distributed by a column, or replicated / kept whole. */
interface Placement {
  readonly distributedBy: string | undefined
}

const documentPath = join(import.meta.dirname, "../../../../docs/deployment.md")

/** The placement table of the document, between its markers. */
const documented = (): ReadonlyMap<string, Placement> => {
  const text = readFileSync(documentPath, "utf8")
  const start = text.indexOf("<!-- placement:start -->")
  const end = text.indexOf("<!-- placement:end -->")
  if (start === -1 || end === -1) throw new Error("docs/deployment.md has no placement table")
  const rows = text
    .slice(start, end)
    .split("\n")
    .filter((line) => line.startsWith("| `"))
  return new Map(
    rows.map((row) => {
      const [table = "", placement = ""] = row
        .slice(1, -1)
        .split(" | ")
        .map((cell) => cell.trim())
      const key = /^distributed by `(\w+)`$/.exec(placement)?.[1]
      if (key === undefined && placement !== "reference" && placement !== "local")
        throw new Error(`docs/deployment.md: ${table} has no placement Citus knows: ${placement}`)
      return [table.replaceAll("`", ""), { distributedBy: key }] as const
    }),
  )
}

/** The schema's tables, columns, unique constraints and indexes, and foreign keys. */
const catalogue = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const tables = yield* sql<{ name: string }>`SELECT c.relname AS name
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype = 'e')`
  const columns = yield* sql<{ table_name: string; column_name: string; is_nullable: string }>`
    SELECT table_name, column_name, is_nullable FROM information_schema.columns
    WHERE table_schema = current_schema()`
  // Every unique index, named as the constraint it backs when it backs one.
  const uniques = yield* sql<{ table_name: string; label: string; columns: string }>`
    SELECT t.relname AS table_name,
      COALESCE(pg_get_constraintdef(con.oid), 'UNIQUE INDEX ' || ix.relname) AS label,
      (SELECT string_agg(a.attname, ',') FROM pg_attribute a
        WHERE a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)) AS columns
    FROM pg_index i
    JOIN pg_class t ON t.oid = i.indrelid
    JOIN pg_class ix ON ix.oid = i.indexrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
    LEFT JOIN pg_constraint con ON con.conindid = i.indexrelid AND con.contype IN ('p', 'u')
    WHERE i.indisunique AND n.nspname = current_schema()`
  const foreignKeys = yield* sql<{
    table_name: string
    referenced: string
    label: string
    columns: string
    referenced_columns: string
  }>`SELECT c.relname AS table_name, p.relname AS referenced,
      regexp_replace(pg_get_constraintdef(con.oid), ' ON (DELETE|UPDATE) .*$', '') AS label,
      (SELECT string_agg(a.attname, ',' ORDER BY k.n) FROM unnest(con.conkey) WITH ORDINALITY AS k(attnum, n)
        JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum) AS columns,
      (SELECT string_agg(a.attname, ',' ORDER BY k.n) FROM unnest(con.confkey) WITH ORDINALITY AS k(attnum, n)
        JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum) AS referenced_columns
    FROM pg_constraint con
    JOIN pg_class c ON c.oid = con.conrelid
    JOIN pg_class p ON p.oid = con.confrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE con.contype = 'f' AND n.nspname = current_schema()`
  return { tables: tables.map((row) => row.name), columns, uniques, foreignKeys }
})

type Catalogue = Effect.Success<typeof catalogue>

/** What in the schema stops Citus from placing each table as `placements` say. */
const obstaclesOf = (schema: Catalogue, placements: ReadonlyMap<string, Placement>) =>
  new Map(
    schema.tables.map((table) => {
      const key = placements.get(table)?.distributedBy
      const obstacles: Array<string> = []
      if (key !== undefined) {
        const column = schema.columns.find((row) => row.table_name === table && row.column_name === key)
        if (column === undefined) obstacles.push(`no ${key} column`)
        else if (column.is_nullable === "YES") obstacles.push(`${key} may be null`)
        for (const unique of schema.uniques)
          if (unique.table_name === table && !unique.columns.split(",").includes(key))
            obstacles.push(unique.label)
      }
      for (const foreignKey of schema.foreignKeys) {
        if (foreignKey.table_name !== table) continue
        const referencedKey = placements.get(foreignKey.referenced)?.distributedBy
        if (referencedKey === undefined) continue
        const columns = foreignKey.columns.split(",")
        const referenced = foreignKey.referenced_columns.split(",")
        const onKeys =
          key !== undefined && columns.some((name, at) => name === key && referenced[at] === referencedKey)
        if (!onKeys) obstacles.push(foreignKey.label)
      }
      return [table, obstacles.sort()] as const
    }),
  )

describe.skipIf(postgresServerUrl === undefined)("docs/deployment.md's placement of the tables", () => {
  it("places every table of the migrated schema, and none breaks Citus's rules", async () => {
    const placements = documented()
    const schema = await Effect.runPromise(catalogue.pipe(Effect.provide(migratedDatabase("postgres"))))
    expect([...placements.keys()].sort()).toEqual([...schema.tables].sort())
    const found = obstaclesOf(schema, placements)
    expect([...found].filter(([, obstacles]) => obstacles.length > 0)).toEqual([])
  }, 60_000)
})
