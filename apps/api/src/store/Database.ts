/**
 * The database the configuration names, migrated: the embedded SQLite file under the data
 * directory by default.
 */
import { mkdirSync } from "node:fs"
import { join } from "node:path"
import { Effect, Layer, Option } from "effect"
import { Migrator, type SqlClient } from "effect/sql"
import { AppConfig } from "../Config.ts"
import { migrations } from "./migrations/index.ts"
import * as SqliteClient from "./sqlite/SqliteClient.ts"

const migrate = Layer.effectDiscard(Migrator.make({})({ loader: migrations }))

/**
 * The SQL client, with every migration applied before anything uses it.
 *
 * @example
 * ```ts
 * const runtime = ManagedRuntime.make(Database.layer.pipe(Layer.provide(AppConfig.layer)))
 * ```
 */
export const layer: Layer.Layer<SqlClient.SqlClient, unknown, AppConfig> = Layer.unwrap(
  Effect.gen(function* () {
    const config = yield* AppConfig
    if (Option.isSome(config.databaseUrl)) {
      // Said loudly rather than silently running on the embedded database instead.
      return yield* Effect.die(
        new Error("FIELDREPORT_DATABASE_URL is set, but the PostgreSQL engine is not available yet"),
      )
    }
    mkdirSync(config.dataDir, { recursive: true })
    const client = SqliteClient.layer({ filename: join(config.dataDir, "fieldreport.db") })
    return migrate.pipe(Layer.provideMerge(client))
  }),
)
