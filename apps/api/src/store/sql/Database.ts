/**
 * The database the configuration names, migrated: PostgreSQL when `FIELDREPORT_DATABASE_URL` is
 * set, the embedded SQLite file under the data directory otherwise. Both run the same migrations
 * (`migrations/`), and the stores the same queries through `SqlClient.SqlClient`.
 */
import { mkdirSync } from "node:fs"
import { dirname, join } from "node:path"
import { Effect, Layer, Option } from "effect"
import type { SqlClient } from "effect/sql"
import { AppConfig, type AppConfigShape } from "../../Config.ts"
import { migrations } from "./migrations/index.ts"
import * as PostgresClient from "./postgres/PostgresClient.ts"
import * as SchemaMigrator from "./SchemaMigrator.ts"
import * as SqliteClient from "./sqlite/SqliteClient.ts"

/** Where the configured database is: a PostgreSQL server's URL, or the embedded file. */
export type Location =
  | { readonly engine: "postgres"; readonly url: string }
  | { readonly engine: "sqlite"; readonly file: string }

/**
 * Where the configuration puts the database.
 *
 * @example
 * ```ts
 * location(config) // { engine: "sqlite", file: "data/fieldreport.db" }
 * ```
 */
export const location = (config: Pick<AppConfigShape, "databaseUrl" | "dataDir">): Location =>
  Option.isSome(config.databaseUrl)
    ? { engine: "postgres", url: config.databaseUrl.value }
    : { engine: "sqlite", file: join(config.dataDir, "fieldreport.db") }

/**
 * The SQL client of the configured database as it is, without migrating it (the operator's
 * commands that only look at it). The embedded database's directory is made if missing.
 *
 * @example
 * ```ts
 * const status = yield* SchemaMigrator.status(migrations).pipe(Effect.provide(Database.unmigrated))
 * ```
 */
export const unmigrated: Layer.Layer<SqlClient.SqlClient, unknown, AppConfig> = Layer.unwrap(
  Effect.gen(function* () {
    const database = location(yield* AppConfig)
    if (database.engine === "postgres") return PostgresClient.layer({ url: database.url })
    mkdirSync(dirname(database.file), { recursive: true })
    return SqliteClient.layer({ filename: database.file })
  }),
)

/**
 * The SQL client, with every migration applied before anything uses it. A database migrated by
 * a newer build fails it with `SchemaMigrator.NewerSchema`, unchanged.
 *
 * @example
 * ```ts
 * const runtime = ManagedRuntime.make(Database.layer.pipe(Layer.provide(AppConfig.layer)))
 * ```
 */
export const layer: Layer.Layer<SqlClient.SqlClient, unknown, AppConfig> = Layer.effectDiscard(
  SchemaMigrator.apply(migrations),
).pipe(Layer.provideMerge(unmigrated))
