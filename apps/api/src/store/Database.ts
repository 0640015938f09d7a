/**
 * The database the configuration names, migrated: PostgreSQL when `FIELDREPORT_DATABASE_URL` is
 * set, the embedded SQLite file under the data directory otherwise. Both run the same migrations
 * (`migrations/`), and the stores the same queries through `SqlClient.SqlClient`.
 */
import { mkdirSync } from "node:fs"
import { join } from "node:path"
import { Effect, Layer, Option } from "effect"
import type { SqlClient } from "effect/sql"
import { AppConfig } from "../Config.ts"
import { migrations } from "./migrations/index.ts"
import * as PostgresClient from "./postgres/PostgresClient.ts"
import * as SchemaMigrator from "./SchemaMigrator.ts"
import * as SqliteClient from "./sqlite/SqliteClient.ts"

const migrate = Layer.effectDiscard(SchemaMigrator.apply(migrations))

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
      return migrate.pipe(Layer.provideMerge(PostgresClient.layer({ url: config.databaseUrl.value })))
    }
    mkdirSync(config.dataDir, { recursive: true })
    const client = SqliteClient.layer({ filename: join(config.dataDir, "fieldreport.db") })
    return migrate.pipe(Layer.provideMerge(client))
  }),
)
