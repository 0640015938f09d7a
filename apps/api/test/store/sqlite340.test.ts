/**
 * An operator's `sqlite3` reads a migrated database: the system's SQLite command-line shell (3.40 on
 * Debian 12, older than the SQLite in `node:sqlite`) opens a database every migration was applied
 * to, passes `PRAGMA integrity_check`, reads tables, and compiles a write on every table with
 * triggers (which compiles the triggers). A database whose counts' triggers came from their first,
 * aliased text, which that shell cannot open, is readable once `0027_sqlite_340_schema` ran.
 *
 * Skipped, saying so, where no `sqlite3` is installed (`apt-get install sqlite3`; CI installs it).
 */
import { spawnSync } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { rewritten } from "../../src/store/sql/migrations/0027_sqlite_340_schema.ts"
import { migrations } from "../../src/store/sql/migrations/index.ts"
import * as SchemaMigrator from "../../src/store/sql/SchemaMigrator.ts"
import * as SqliteClient from "../../src/store/sql/sqlite/SqliteClient.ts"

/** The system shell's version, or why there is none. */
const shell = spawnSync("sqlite3", ["-version"], { encoding: "utf8" })
const shellVersion = shell.status === 0 ? shell.stdout.trim().split(" ")[0] : undefined
if (shellVersion === undefined)
  console.warn("sqlite3 is not installed: the tests that open the database with it are skipped")

/** Runs `statements` with the system's `sqlite3` on `file`: its exit status and output. */
const sqlite3 = (file: string, statements: string) => {
  const run = spawnSync("sqlite3", ["-bail", file, statements], { encoding: "utf8" })
  return { status: run.status, stdout: run.stdout.trim(), stderr: run.stderr.trim() }
}

/** A fresh database file, removed with the test's scope. */
const freshFile = Effect.acquireRelease(
  Effect.sync(() => mkdtempSync(join(tmpdir(), "fieldreport-sqlite340-"))),
  (dir) => Effect.sync(() => rmSync(dir, { recursive: true, force: true })),
).pipe(Effect.map((dir) => join(dir, "fieldreport.db")))

/** Runs `effect` on a connection to `file`, closed (its log checkpointed) when it is done. */
const on = <A, E>(file: string, effect: Effect.Effect<A, E, SqlClient.SqlClient>) =>
  Effect.provide(effect, SqliteClient.layer({ filename: file }))

/**
 * The tables that have triggers, and a write on each that fires them all: compiling it
 * (`EXPLAIN`) compiles the triggers, so a function or statement the shell lacks fails it.
 */
const writes = (file: string) => {
  const tables = sqlite3(
    file,
    "SELECT DISTINCT tbl_name FROM sqlite_schema WHERE type = 'trigger' ORDER BY tbl_name",
  ).stdout.split("\n")
  return tables.flatMap((table) => {
    const columns = sqlite3(file, `SELECT name FROM pragma_table_info('${table}')`).stdout.split("\n")
    return [
      `EXPLAIN INSERT INTO ${table} DEFAULT VALUES;`,
      `EXPLAIN UPDATE ${table} SET ${columns.map((column) => `${column} = ${column}`).join(", ")};`,
      `EXPLAIN DELETE FROM ${table};`,
    ]
  })
}

/** The counts' triggers as their first text wrote them: each upsert's table aliased `c`. */
const aliased = (create: string) =>
  create
    .replace(/INSERT INTO (\w+) \(/g, "INSERT INTO $1 AS c (")
    .replace(/= (?:user_counts|channel_counts|report_cell_counts)\./g, "= c.")

describe.skipIf(shellVersion === undefined)(
  `the system's sqlite3 (${shellVersion ?? "not installed"})`,
  () => {
    it.effect("opens a migrated database, finds it intact and reads its tables", () =>
      Effect.gen(function* () {
        const file = yield* freshFile
        yield* on(file, SchemaMigrator.apply(migrations))
        expect(sqlite3(file, "PRAGMA integrity_check")).toEqual({ status: 0, stdout: "ok", stderr: "" })
        const read = sqlite3(
          file,
          `SELECT COUNT(*) FROM reports; SELECT COUNT(*) FROM user_counts; SELECT COUNT(*) FROM report_cell_counts;
        SELECT COUNT(*) FROM channels; SELECT MAX(migration_id) >= 27 FROM effect_sql_migrations;`,
        )
        expect(read).toEqual({ status: 0, stdout: "0\n0\n0\n0\n1", stderr: "" })
        const statements = writes(file)
        expect(statements).toContain("EXPLAIN INSERT INTO reports DEFAULT VALUES;")
        const compiled = sqlite3(file, statements.join("\n"))
        expect(compiled.stderr).toBe("")
        expect(compiled.status).toBe(0)
      }),
    )

    it.effect("opens a database whose counts' triggers had aliased upserts once 0027 ran", () =>
      Effect.gen(function* () {
        const file = yield* freshFile
        yield* on(file, SchemaMigrator.apply(migrations))
        yield* on(
          file,
          Effect.gen(function* () {
            const sql = yield* SqlClient.SqlClient
            for (const [name, create] of Object.entries(rewritten)) {
              yield* sql.unsafe(`DROP TRIGGER ${name}`)
              yield* sql.unsafe(aliased(create))
            }
            yield* sql`DELETE FROM effect_sql_migrations WHERE migration_id = 27`
          }),
        )
        const before = sqlite3(file, "PRAGMA integrity_check")
        expect(before.status).not.toBe(0)
        expect(before.stderr).toMatch(/malformed database schema/)

        expect(yield* on(file, SchemaMigrator.apply(migrations))).toEqual([[27, "sqlite_340_schema"]])
        expect(sqlite3(file, "PRAGMA integrity_check")).toEqual({ status: 0, stdout: "ok", stderr: "" })
        const triggers = yield* on(
          file,
          Effect.gen(function* () {
            const sql = yield* SqlClient.SqlClient
            return yield* sql<{
              readonly name: string
              readonly sql: string
            }>`SELECT name, sql FROM sqlite_schema
            WHERE type = 'trigger' AND name IN ${sql.in(Object.keys(rewritten))}`
          }),
        )
        expect(Object.fromEntries(triggers.map((row) => [row.name, row.sql]))).toEqual(rewritten)
      }),
    )
  },
)
