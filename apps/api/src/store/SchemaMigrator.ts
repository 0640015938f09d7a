/**
 * Brings a database's schema up to date: applies every migration the database has not had, in
 * number order, and records each one's number in `effect_sql_migrations`.
 *
 * Effect's own `Migrator` applies only the numbers above the highest one recorded, so a migration
 * that lands after a higher one (two branches numbered at once, merged in the other order) would
 * never run on a database already past it. This one compares the recorded numbers themselves. It
 * keeps that migrator's table, so a database it migrated goes on from its record.
 *
 * Every process runs it at start-up. The whole run is one transaction, which holds the record
 * table's lock on PostgreSQL (SQLite's transactions begin IMMEDIATE, which locks the file): of
 * processes that start together one migrates, and the others then find nothing left to do.
 */
import { Effect } from "effect"
import { Migrator, SqlClient, type SqlError } from "effect/sql"

/** The table of the applied migrations' numbers (and names), one row each. */
export const recordTable = "effect_sql_migrations"

/** A migration applied by a run: its number and name. */
export type Applied = readonly [id: number, name: string]

/** Creates the record table unless it exists; another process creating it at once is no error. */
const ensureRecordTable = (sql: SqlClient.SqlClient): Effect.Effect<void, SqlError.SqlError> =>
  sql.onDialectOrElse({
    pg: () => {
      const exists = sql<{ found: number }>`SELECT 1 AS found
        WHERE to_regclass(${recordTable}) IS NOT NULL`.pipe(Effect.map((rows) => rows.length > 0))
      const create = sql`CREATE TABLE IF NOT EXISTS ${sql(recordTable)} (
        migration_id integer PRIMARY KEY,
        created_at timestamp with time zone NOT NULL DEFAULT now(),
        name text NOT NULL
      )`
      return create.pipe(
        Effect.asVoid,
        Effect.catch((error) =>
          Effect.flatMap(exists, (found) => (found ? Effect.void : Effect.fail(error))),
        ),
      )
    },
    orElse: () =>
      sql`CREATE TABLE IF NOT EXISTS ${sql(recordTable)} (
        migration_id integer PRIMARY KEY NOT NULL,
        created_at datetime NOT NULL DEFAULT current_timestamp,
        name VARCHAR(255) NOT NULL
      )`.pipe(Effect.asVoid),
  })

/** The effect a loaded migration runs, or why it cannot be had. */
const load = ([id, name, migration]: Migrator.ResolvedMigration) =>
  migration.pipe(
    Effect.catchDefect((defect) =>
      Effect.fail(
        new Migrator.MigrationError({
          kind: "ImportError",
          message: `Could not load migration "${id}_${name}": ${String(defect)}`,
        }),
      ),
    ),
    Effect.flatMap((loaded) =>
      Effect.isEffect(loaded)
        ? Effect.succeed(loaded as Effect.Effect<unknown, unknown, SqlClient.SqlClient>)
        : Effect.fail(
            new Migrator.MigrationError({
              kind: "ImportError",
              message: `Migration "${id}_${name}" is not an Effect`,
            }),
          ),
    ),
  )

/**
 * Applies the migrations of `loader` whose numbers the database has not recorded, lowest first,
 * in one transaction, and answers which it applied. A migration that fails rolls back the whole
 * run: its changes, those of the migrations before it in the run, and their records.
 *
 * @example
 * ```ts
 * const applied = yield* SchemaMigrator.apply(migrations)
 * // [[19, "report_attachment_times"]] on a database that had every other one
 * ```
 */
export const apply = (
  loader: Migrator.Loader,
): Effect.Effect<ReadonlyArray<Applied>, Migrator.MigrationError | SqlError.SqlError, SqlClient.SqlClient> =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* ensureRecordTable(sql)
    const run = Effect.gen(function* () {
      yield* sql.onDialectOrElse({
        pg: () => sql`LOCK TABLE ${sql(recordTable)} IN ACCESS EXCLUSIVE MODE`,
        orElse: () => Effect.void,
      })
      const known = yield* loader
      if (new Set(known.map(([id]) => id)).size !== known.length)
        return yield* new Migrator.MigrationError({
          kind: "Duplicates",
          message: `Two migrations share a number: ${known.map(([id, name]) => `${id}_${name}`).join(", ")}`,
        })
      const recorded = yield* sql<{ readonly migration_id: number }>`SELECT migration_id
        FROM ${sql(recordTable)}`.withoutTransform
      const applied = new Set(recorded.map((row) => row.migration_id))
      const missing = known.filter(([id]) => !applied.has(id)).sort(([a], [b]) => a - b)
      for (const resolved of missing) {
        const [id, name] = resolved
        const migration = yield* load(resolved)
        yield* migration.pipe(
          Effect.mapError(
            (cause) =>
              new Migrator.MigrationError({
                cause,
                kind: "Failed",
                message: `Migration "${id}_${name}" failed`,
              }),
          ),
          Effect.withSpan(`SchemaMigrator ${id}_${name}`),
        )
        yield* sql`INSERT INTO ${sql(recordTable)} ${sql.insert({ migration_id: id, name })}`.withoutTransform
      }
      return missing.map(([id, name]): Applied => [id, name])
    })
    return yield* sql.withTransaction(run)
  })
