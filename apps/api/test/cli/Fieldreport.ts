/**
 * The `fieldreport` command as an operator runs it: `node src/cli/main.ts …` in a child process on
 * the pinned Node, configured by its environment only (a data directory of the test's, and the
 * database of the engine at hand), and what a test needs to look into that database meanwhile.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import * as PostgresClient from "../../src/store/sql/postgres/PostgresClient.ts"
import * as SqliteClient from "../../src/store/sql/sqlite/SqliteClient.ts"
import { apiDirectory, nodeBinary } from "../support/ChildServer.ts"
import { type Engine, freshDatabaseEnv } from "../support/TestDatabase.ts"

/** How a run ended. */
export interface Run {
  readonly code: number | null
  readonly signal: NodeJS.Signals | null
  readonly stdout: string
  readonly stderr: string
}

/** A data directory and a database of one engine, as the variables that name them. */
export interface Installation {
  readonly engine: Engine
  readonly dataDir: string
  /** `FIELDREPORT_DATA_DIR`, and `FIELDREPORT_DATABASE_URL` on PostgreSQL. */
  readonly env: Record<string, string>
  /** The embedded database's file (SQLite only). */
  readonly file: string
  /** Runs `effect` on a connection of its own to the database. */
  readonly sql: <A, E>(effect: Effect.Effect<A, E, SqlClient.SqlClient>) => Promise<A>
  readonly remove: () => void
}

/**
 * A fresh data directory and an empty database of `engine` (PostgreSQL's dropped when the run
 * ends); `remove` deletes the directory.
 *
 * @example
 * ```ts
 * const installation = await freshInstallation("postgres")
 * ```
 */
export const freshInstallation = async (engine: Engine): Promise<Installation> => {
  const dataDir = mkdtempSync(join(tmpdir(), "fieldreport-cli-"))
  const databaseEnv = await Effect.runPromise(freshDatabaseEnv(engine, { fromTemplate: false }))
  const file = join(dataDir, "fieldreport.db")
  const url = databaseEnv.FIELDREPORT_DATABASE_URL
  return {
    engine,
    dataDir,
    env: { FIELDREPORT_DATA_DIR: dataDir, ...databaseEnv },
    file,
    sql: (effect) =>
      Effect.runPromise(
        Effect.provide(
          effect,
          url === undefined
            ? SqliteClient.layer({ filename: file })
            : PostgresClient.layer({ url, poolSize: 1 }),
        ).pipe(Effect.orDie),
      ),
    remove: () => rmSync(dataDir, { recursive: true, force: true }),
  }
}

/** The environment of a run: the machine's `PATH`, a quiet API, and `env`. */
const environment = (env: Record<string, string>): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  FIELDREPORT_HOST: "127.0.0.1",
  FIELDREPORT_PORT: "0",
  FIELDREPORT_DEMO: "false",
  FIELDREPORT_LOG_LEVEL: "info",
  ...env,
})

/**
 * Starts `fieldreport <args>` without waiting; `input`, when given, is written to its standard
 * input, which is then closed (otherwise standard input is empty).
 *
 * @example
 * ```ts
 * const child = start(["serve"], installation.env)
 * ```
 */
export const start = (
  args: ReadonlyArray<string>,
  env: Record<string, string>,
  input?: string,
): ChildProcess => {
  const child = spawn(nodeBinary, ["src/cli/main.ts", ...args], {
    cwd: apiDirectory,
    env: environment(env),
    stdio: [input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
  })
  if (input !== undefined) child.stdin?.end(input)
  return child
}

/** The end of a started run, with everything it wrote. */
export const finished = (child: ChildProcess): Promise<Run> =>
  new Promise((resolve, reject) => {
    let stdout = ""
    let stderr = ""
    child.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8")
    })
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8")
    })
    child.once("error", reject)
    child.once("close", (code, signal) => resolve({ code, signal, stdout, stderr }))
  })

/**
 * Runs `fieldreport <args>` to its end.
 *
 * @example
 * ```ts
 * const run = await fieldreport(["migrate", "--check"], installation.env)
 * expect(run.code).toBe(1)
 * ```
 */
export const fieldreport = (
  args: ReadonlyArray<string>,
  env: Record<string, string> = {},
  input?: string,
): Promise<Run> => finished(start(args, env, input))

/**
 * The migrations a database records, by number and name.
 *
 * @example
 * ```ts
 * expect(await installation.sql(recordedMigrations)).toContainEqual([27, "sqlite_340_schema"])
 * ```
 */
export const recordedMigrations = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ readonly migration_id: number; readonly name: string }>`SELECT migration_id, name
    FROM effect_sql_migrations ORDER BY migration_id`.withoutTransform
  return rows.map((row) => [Number(row.migration_id), row.name] as const)
})

/**
 * Records a migration no build has, as a newer build would have: number 9999, `from_a_newer_build`.
 *
 * @example
 * ```ts
 * await installation.sql(recordFutureMigration)
 * ```
 */
export const recordFutureMigration = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`INSERT INTO effect_sql_migrations (migration_id, name) VALUES (9999, 'from_a_newer_build')`
})

/** The refusal of a database that records `recordFutureMigration`'s migration. */
export const newerSchemaRefusal =
  /the database was migrated by a newer Fieldreport \(9999_from_a_newer_build\); this build knows up to \d{4}_\w+: run the newer version or restore a backup/
