/**
 * A fresh empty database of an engine for tests that migrate it themselves (the migrator, a
 * migration's own test): removed with the test's scope, with a way to open clients of it.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect, type Layer } from "effect"
import type { SqlClient } from "effect/sql"
import * as PostgresClient from "../../src/store/sql/postgres/PostgresClient.ts"
import * as SqliteClient from "../../src/store/sql/sqlite/SqliteClient.ts"
import { createPostgresDatabase, type Engine } from "./TestDatabase.ts"

/**
 * An empty database of `engine`, and how to open a client of it.
 *
 * @example
 * ```ts
 * const client = yield* freshDatabase("sqlite")
 * yield* on(client, SchemaMigrator.run(migrations))
 * ```
 */
export const freshDatabase = (engine: Engine) =>
  engine === "sqlite"
    ? Effect.acquireRelease(
        Effect.sync(() => mkdtempSync(join(tmpdir(), "fieldreport-fresh-"))),
        (dir) => Effect.sync(() => rmSync(dir, { recursive: true, force: true })),
      ).pipe(Effect.map((dir) => () => SqliteClient.layer({ filename: join(dir, "fieldreport.db") })))
    : Effect.acquireRelease(
        Effect.promise(() => createPostgresDatabase()),
        (database) => Effect.promise(() => database.drop()),
      ).pipe(Effect.map((database) => () => PostgresClient.layer({ url: database.url, poolSize: 2 })))

/** Runs `effect` on a client of the database, closed when it is done. */
export const on = <A, E>(
  client: () => Layer.Layer<SqlClient.SqlClient, unknown>,
  effect: Effect.Effect<A, E, SqlClient.SqlClient>,
) => Effect.provide(effect, client())
