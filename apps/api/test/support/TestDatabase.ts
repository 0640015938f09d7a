/**
 * The database engines tests run on. SQLite always; PostgreSQL when `FIELDREPORT_TEST_DATABASE_URL`
 * names a server (its database is only used to create and drop others: every test database is a
 * fresh one of its own). `FIELDREPORT_TEST_ENGINE=postgres` runs the integration suites
 * (`TestServer`, the job runner) on PostgreSQL instead of SQLite.
 */
import { randomBytes } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { PgClient } from "@effect/sql-pg"
import { ConfigProvider, Effect, Layer, Redacted } from "effect"
import { Reactivity } from "effect/reactivity"
import { SqlClient } from "effect/sql"
import { AppConfig } from "../../src/Config.ts"
import * as Database from "../../src/store/sql/Database.ts"

/** The engines a store test can run on. */
export type Engine = "sqlite" | "postgres"

/** The server tests create their PostgreSQL databases on, if any. */
export const postgresServerUrl: string | undefined = process.env.FIELDREPORT_TEST_DATABASE_URL || undefined

/** The engines available here: SQLite, and PostgreSQL when a server is named. */
export const engines: ReadonlyArray<Engine> =
  postgresServerUrl === undefined ? ["sqlite"] : ["sqlite", "postgres"]

/** The engine the integration suites run on. */
export const integrationEngine: Engine = (() => {
  const chosen = process.env.FIELDREPORT_TEST_ENGINE ?? "sqlite"
  if (chosen !== "sqlite" && chosen !== "postgres")
    throw new Error(`FIELDREPORT_TEST_ENGINE is "${chosen}": use "sqlite" or "postgres"`)
  if (chosen === "postgres" && postgresServerUrl === undefined)
    throw new Error("FIELDREPORT_TEST_ENGINE=postgres needs FIELDREPORT_TEST_DATABASE_URL")
  return chosen
})()

/** One connection to the server's own database. */
const serverClient = () =>
  Layer.effect(SqlClient.SqlClient, PgClient.makeClient({ url: Redacted.make(serverUrl()) })).pipe(
    Layer.provide(Reactivity.layer),
  )

/** Runs a statement on the server's own database (CREATE and DROP DATABASE cannot run in a transaction). */
const onServer = (statement: string) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* sql.unsafe(statement)
  }).pipe(Effect.provide(serverClient()), Effect.orDie)

const serverUrl = (): string => {
  if (postgresServerUrl === undefined) throw new Error("FIELDREPORT_TEST_DATABASE_URL is not set")
  return postgresServerUrl
}

/**
 * The URL of a database `name` on the test server. Its sessions commit without waiting for the
 * write-ahead log to reach the disk: a test database is thrown away, and waiting for a flush at
 * every commit is most of what its tests would wait for.
 */
const urlOf = (name: string): string => {
  const url = new URL(serverUrl())
  url.pathname = `/${name}`
  url.searchParams.set("options", "-c synchronous_commit=off")
  return url.toString()
}

/**
 * The start of the names of this run's databases: `globalSetup.ts` names the run, and drops what
 * is left of it at the end (the integration servers' databases, and those of tests that failed
 * before dropping theirs).
 */
const runPrefix = (): string => `fieldreport_test_${process.env.FIELDREPORT_TEST_RUN ?? "norun"}_`

/**
 * Drops every database of the run `run` that is left, several at a time: each drop waits for a
 * checkpoint, and drops that wait together share one.
 *
 * @example
 * ```ts
 * await dropRunDatabases("1a2b3c4d")
 * ```
 */
export const dropRunDatabases = (run: string): Promise<void> =>
  Effect.runPromise(
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const left = yield* sql<{ datname: string }>`SELECT datname FROM pg_database
        WHERE starts_with(datname, ${`fieldreport_test_${run}_`})`
      yield* Effect.forEach(
        left,
        ({ datname }) => sql.unsafe(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`),
        {
          concurrency: DROPS_AT_ONCE,
          discard: true,
        },
      )
    }).pipe(
      Effect.provide(PgClient.layer({ url: Redacted.make(serverUrl()), maxConnections: DROPS_AT_ONCE })),
      Effect.orDie,
    ),
  )

const DROPS_AT_ONCE = 8

/** The databases of the integration servers, by data directory: servers on one directory share one. */
const byDataDir = new Map<string, string>()

/**
 * The URL of the database of an integration server on `dataDir`: the one an earlier server on that
 * directory used (a restart), or a fresh copy of the run's migrated template (`globalSetup.ts`), so
 * that each server starts without migrating; a fresh empty one when there is no template. They are
 * dropped together when the run ends (`dropRunDatabases`), not one by one as servers close: a drop
 * waits for a checkpoint, which would make every test file wait at its end.
 *
 * @example
 * ```ts
 * const url = await postgresUrlFor(dir)
 * ```
 */
export const postgresUrlFor = async (dataDir: string): Promise<string> => {
  const known = byDataDir.get(dataDir)
  if (known !== undefined) return known
  const { url } = await createPostgresDatabase(process.env.FIELDREPORT_TEST_TEMPLATE)
  byDataDir.set(dataDir, url)
  return url
}

/** A fresh, empty PostgreSQL database, and how to drop it. */
export interface PostgresDatabase {
  readonly url: string
  readonly drop: () => Promise<void>
}

/**
 * Creates a fresh database on the test server, named so that concurrent runs never share one: empty,
 * or a copy of `template`.
 *
 * @example
 * ```ts
 * const database = await createPostgresDatabase()
 * try { ... database.url ... } finally { await database.drop() }
 * ```
 */
export const createPostgresDatabase = async (template?: string): Promise<PostgresDatabase> => {
  const name = `${runPrefix()}${process.pid}_${randomBytes(6).toString("hex")}`
  await Effect.runPromise(
    onServer(`CREATE DATABASE ${name}${template === undefined ? "" : ` TEMPLATE ${template}`}`),
  )
  return {
    url: urlOf(name),
    // FORCE: a server that was stopped abruptly may leave a connection behind.
    drop: () => Effect.runPromise(onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  }
}

/**
 * A fresh database of `engine`, as the configuration that selects it: `FIELDREPORT_DATABASE_URL`
 * for PostgreSQL (a copy of the run's migrated template when there is one, else empty; dropped
 * when the run ends, with the others), nothing for SQLite (whose file lives in the data directory).
 *
 * @example
 * ```ts
 * const env = yield* freshDatabaseEnv("postgres")
 * const config = ConfigProvider.fromEnv({ env: { FIELDREPORT_DATA_DIR: dir, ...env } })
 * ```
 */
export const freshDatabaseEnv = (
  engine: Engine,
  options: { readonly fromTemplate: boolean } = { fromTemplate: true },
) =>
  engine === "sqlite"
    ? Effect.succeed<Record<string, string>>({})
    : Effect.promise(() =>
        createPostgresDatabase(options.fromTemplate ? process.env.FIELDREPORT_TEST_TEMPLATE : undefined),
      ).pipe(Effect.map((database): Record<string, string> => ({ FIELDREPORT_DATABASE_URL: database.url })))

/**
 * A fresh database of `engine` with every migration applied, as the API opens it
 * (`Database.layer`): on PostgreSQL a copy of the run's migrated template unless `fromTemplate` is
 * false, then migrated from scratch. Its data directory is removed when the layer is released, a
 * PostgreSQL database when the run ends.
 *
 * @example
 * ```ts
 * layer(migratedDatabase("postgres"))("on PostgreSQL", (it) => { ... })
 * ```
 */
export const migratedDatabase = (
  engine: Engine,
  options: { readonly fromTemplate: boolean } = { fromTemplate: true },
): Layer.Layer<SqlClient.SqlClient> =>
  Layer.unwrap(
    Effect.gen(function* () {
      const dataDir = yield* Effect.acquireRelease(
        Effect.sync(() => mkdtempSync(join(tmpdir(), "fieldreport-store-"))),
        (dir) => Effect.sync(() => rmSync(dir, { recursive: true, force: true })),
      )
      const env = yield* freshDatabaseEnv(engine, options)
      return Database.layer.pipe(
        Layer.provide(AppConfig.layer),
        Layer.provide(
          ConfigProvider.layer(ConfigProvider.fromEnv({ env: { FIELDREPORT_DATA_DIR: dataDir, ...env } })),
        ),
      )
    }),
  ).pipe(Layer.orDie)

/**
 * Creates this run's template of test databases, with every migration applied, and answers its
 * name; dropped with the run's other databases.
 *
 * @example
 * ```ts
 * process.env.FIELDREPORT_TEST_TEMPLATE = await createMigratedTemplate()
 * ```
 */
export const createMigratedTemplate = async (): Promise<string> => {
  const name = `${runPrefix()}template`
  await Effect.runPromise(onServer(`CREATE DATABASE ${name}`))
  await Effect.runPromise(
    Layer.build(
      Database.layer.pipe(
        Layer.provide(AppConfig.layer),
        Layer.provide(
          ConfigProvider.layer(ConfigProvider.fromEnv({ env: { FIELDREPORT_DATABASE_URL: urlOf(name) } })),
        ),
      ),
    ).pipe(Effect.scoped, Effect.orDie),
  )
  return name
}
