/**
 * A database's schema version as a backup names it: the migrations its record holds, by the names
 * of their files, the newest of them naming the version. The same for this build's migrations,
 * and the comparison a restore makes: an archive recording a migration this build does not know
 * was taken from a newer Fieldreport, and this build must not restore it.
 */
import { Effect } from "effect"
import type { Migrator, SqlClient, SqlError } from "effect/sql"
import { migrations } from "../store/sql/migrations/index.ts"
import * as SchemaMigrator from "../store/sql/SchemaMigrator.ts"

/** Migrations by name, lowest first, and the newest (null for none). */
export interface SchemaVersion {
  readonly newest: string | null
  readonly migrations: ReadonlyArray<string>
}

const versionOf = (applied: ReadonlyArray<SchemaMigrator.Applied>): SchemaVersion => {
  const sorted = [...applied].sort(([a], [b]) => a - b)
  const newest = SchemaMigrator.newest(sorted)
  return {
    newest: newest === undefined ? null : SchemaMigrator.nameOf(newest),
    migrations: sorted.map(SchemaMigrator.nameOf),
  }
}

/**
 * The version of the database at hand: every migration its record holds, this build's or not.
 *
 * @example
 * ```ts
 * const schema = yield* SchemaVersion.recorded // { newest: "0027_sqlite_340_schema", migrations: ["0001_initial", …] }
 * ```
 */
export const recorded: Effect.Effect<
  SchemaVersion,
  Migrator.MigrationError | SqlError.SqlError,
  SqlClient.SqlClient
> = Effect.map(SchemaMigrator.status(migrations), (status) =>
  versionOf([...status.applied, ...status.unknown]),
)

/**
 * The version this build migrates a database to.
 *
 * @example
 * ```ts
 * const { newest } = yield* SchemaVersion.build // "0027_sqlite_340_schema"
 * ```
 */
export const build: Effect.Effect<SchemaVersion> = Effect.map(Effect.orDie(migrations), (known) =>
  versionOf(known.map(([id, name]): SchemaMigrator.Applied => [id, name])),
)

/**
 * The migrations of `version` that `buildVersion` does not know: left by a newer build.
 *
 * @example
 * ```ts
 * unknownTo(archive.schema, yield* SchemaVersion.build) // ["0031_report_labels"]
 * ```
 */
export const unknownTo = (version: SchemaVersion, buildVersion: SchemaVersion): ReadonlyArray<string> => {
  const known = new Set(buildVersion.migrations)
  return version.migrations.filter((name) => !known.has(name))
}

/**
 * The migrations `buildVersion` has that `version` lacks: what restoring it applies.
 *
 * @example
 * ```ts
 * pendingIn(archive.schema, yield* SchemaVersion.build) // ["0027_sqlite_340_schema"]
 * ```
 */
export const pendingIn = (version: SchemaVersion, buildVersion: SchemaVersion): ReadonlyArray<string> => {
  const present = new Set(version.migrations)
  return buildVersion.migrations.filter((name) => !present.has(name))
}
