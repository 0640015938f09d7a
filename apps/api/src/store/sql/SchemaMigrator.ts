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
 *
 * A database that records a migration this build does not know was migrated by a newer build:
 * the run refuses it (`NewerSchema`) before writing anything, so going back to an older release
 * cannot run old code on a schema it does not understand.
 */
import { Effect, Schema } from "effect"
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

/**
 * A migration's name as its file names it: `0027_sqlite_340_schema`.
 *
 * @example
 * ```ts
 * nameOf([27, "sqlite_340_schema"]) // "0027_sqlite_340_schema"
 * ```
 */
export const nameOf = ([id, name]: Applied): string => `${String(id).padStart(4, "0")}_${name}`

/**
 * The database records migrations this build does not know: a newer build migrated it. Nothing
 * was written.
 *
 * @example
 * ```ts
 * new NewerSchema({ unknown: ["0031_report_labels"], databaseNewest: "0031_report_labels", buildNewest: "0027_sqlite_340_schema" })
 *   .message
 * // "the database was migrated by a newer Fieldreport (0031_report_labels); this build knows up to
 * //  0027_sqlite_340_schema: run the newer version or restore a backup"
 * ```
 */
export class NewerSchema extends Schema.TaggedError<NewerSchema>()("NewerSchema", {
  /** The recorded migrations this build does not know, lowest first. */
  unknown: Schema.Array(Schema.String),
  /** The highest migration the database records. */
  databaseNewest: Schema.String,
  /** The highest migration this build knows. */
  buildNewest: Schema.String,
}) {
  override get message(): string {
    // Usually the database's newest is the one unknown; a lower unknown one is named instead.
    const named = this.unknown.includes(this.databaseNewest)
      ? this.databaseNewest
      : (this.unknown.at(-1) ?? this.databaseNewest)
    const others = this.unknown.length > 1 ? ` and ${this.unknown.length - 1} more it does not know` : ""
    return `the database was migrated by a newer Fieldreport (${named}${others}); this build knows up to ${this.buildNewest}: run the newer version or restore a backup`
  }
}

/** Where a database stands against the migrations of a build. */
export interface Status {
  /** Recorded and known, lowest first. */
  readonly applied: ReadonlyArray<Applied>
  /** Known and not recorded, lowest first: what `apply` would apply. */
  readonly pending: ReadonlyArray<Applied>
  /** Recorded and not known, lowest first: left by a newer build. */
  readonly unknown: ReadonlyArray<Applied>
}

/** Compares a build's migrations with a database's record. */
const compare = (known: ReadonlyArray<Applied>, recorded: ReadonlyArray<Applied>): Status => {
  const knownIds = new Set(known.map(([id]) => id))
  const recordedIds = new Set(recorded.map(([id]) => id))
  const byId = (a: Applied, b: Applied) => a[0] - b[0]
  return {
    applied: known.filter(([id]) => recordedIds.has(id)).sort(byId),
    pending: known.filter(([id]) => !recordedIds.has(id)).sort(byId),
    unknown: recorded.filter(([id]) => !knownIds.has(id)).sort(byId),
  }
}

/**
 * The newest of some migrations, by number.
 *
 * @example
 * ```ts
 * newest([[1, "initial"], [27, "sqlite_340_schema"]]) // [27, "sqlite_340_schema"]
 * ```
 */
export const newest = (migrations: ReadonlyArray<Applied>): Applied | undefined =>
  migrations.reduce<Applied | undefined>(
    (high, m) => (high === undefined || m[0] > high[0] ? m : high),
    undefined,
  )

/**
 * The refusal of a database that records migrations the build does not know, if it does.
 *
 * @example
 * ```ts
 * const refused = SchemaMigrator.refusal(yield* SchemaMigrator.status(migrations))
 * if (refused !== undefined) return yield* refused
 * ```
 */
export const refusal = (status: Status): NewerSchema | undefined => {
  if (status.unknown.length === 0) return undefined
  const buildNewest = newest([...status.applied, ...status.pending])
  return new NewerSchema({
    unknown: status.unknown.map(nameOf),
    databaseNewest: nameOf(newest([...status.applied, ...status.unknown]) ?? status.unknown[0]!),
    buildNewest: buildNewest === undefined ? "none" : nameOf(buildNewest),
  })
}

/** The record's rows, by number. */
const readRecord = (sql: SqlClient.SqlClient) =>
  sql<{ readonly migration_id: number; readonly name: string }>`SELECT migration_id, name
    FROM ${sql(recordTable)}`.withoutTransform.pipe(
    Effect.map((rows) => rows.map((row): Applied => [Number(row.migration_id), row.name])),
  )

/** The loader's migrations, refusing two of one number. */
const knownOf = (loader: Migrator.Loader) =>
  Effect.gen(function* () {
    const known = yield* loader
    if (new Set(known.map(([id]) => id)).size !== known.length)
      return yield* new Migrator.MigrationError({
        kind: "Duplicates",
        message: `Two migrations share a number: ${known.map(([id, name]) => `${id}_${name}`).join(", ")}`,
      })
    return known
  })

/** The numbers and names of loaded migrations. */
const namesOf = (known: ReadonlyArray<Migrator.ResolvedMigration>): ReadonlyArray<Applied> =>
  known.map(([id, name]): Applied => [id, name])

/**
 * Where the database stands against `loader`'s migrations, read without writing anything (a
 * database without the record table has every migration pending).
 *
 * @example
 * ```ts
 * const { pending, unknown } = yield* SchemaMigrator.status(migrations)
 * ```
 */
export const status = (
  loader: Migrator.Loader,
): Effect.Effect<Status, Migrator.MigrationError | SqlError.SqlError, SqlClient.SqlClient> =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const known = namesOf(yield* knownOf(loader))
    const exists = yield* sql.onDialectOrElse({
      pg: () => sql<{ found: number }>`SELECT 1 AS found WHERE to_regclass(${recordTable}) IS NOT NULL`,
      orElse: () => sql<{ found: number }>`SELECT 1 AS found FROM sqlite_schema
        WHERE type = 'table' AND name = ${recordTable}`,
    })
    return compare(known, exists.length > 0 ? yield* readRecord(sql) : [])
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
 * run: its changes, those of the migrations before it in the run, and their records. A database
 * that records a migration `loader` does not know is refused with `NewerSchema`, unchanged.
 *
 * @example
 * ```ts
 * const applied = yield* SchemaMigrator.apply(migrations)
 * // [[19, "report_attachment_times"]] on a database that had every other one
 * ```
 */
export const apply = (
  loader: Migrator.Loader,
): Effect.Effect<
  ReadonlyArray<Applied>,
  Migrator.MigrationError | NewerSchema | SqlError.SqlError,
  SqlClient.SqlClient
> =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* ensureRecordTable(sql)
    const run = Effect.gen(function* () {
      yield* sql.onDialectOrElse({
        pg: () => sql`LOCK TABLE ${sql(recordTable)} IN ACCESS EXCLUSIVE MODE`,
        orElse: () => Effect.void,
      })
      const known = yield* knownOf(loader)
      const recorded = yield* readRecord(sql)
      const refused = refusal(compare(namesOf(known), recorded))
      if (refused !== undefined) return yield* refused
      const applied = new Set(recorded.map(([id]) => id))
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
