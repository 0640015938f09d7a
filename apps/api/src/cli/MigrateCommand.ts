/**
 * `fieldreport migrate`: applies the migrations the configured database lacks, then exits, so an
 * upgrade can migrate once before the API processes start. `--check` only tells: exit 1 listing
 * the pending migrations, 0 when there are none; it writes nothing and creates no database.
 *
 * A database a newer build migrated is refused either way (exit 1), unchanged.
 */
import { existsSync } from "node:fs"
import { Console, Effect, Layer } from "effect"
import { Command, Flag } from "effect/cli"
import * as Database from "../store/sql/Database.ts"
import { migrations } from "../store/sql/migrations/index.ts"
import * as SchemaMigrator from "../store/sql/SchemaMigrator.ts"
import * as Configuration from "./Configuration.ts"
import * as DatabaseAccess from "./DatabaseAccess.ts"
import { CommandFailed } from "./Failure.ts"

/** The newest of a build's migrations, by name. */
const newestOf = (known: ReadonlyArray<SchemaMigrator.Applied>): string => {
  const newest = SchemaMigrator.newest(known)
  return newest === undefined ? "no migrations" : SchemaMigrator.nameOf(newest)
}

/** The build's migrations, by number and name. */
const known = Effect.map(migrations, (loaded) =>
  loaded.map(([id, name]): SchemaMigrator.Applied => [id, name]),
)

/** Fails listing `pending`, when there are any. */
const refusePending = (where: string, pending: ReadonlyArray<SchemaMigrator.Applied>) =>
  Effect.gen(function* () {
    if (pending.length === 0) return
    for (const migration of pending) yield* Console.log(`pending ${SchemaMigrator.nameOf(migration)}`)
    return yield* new CommandFailed({
      message: `${where} lacks ${pending.length} migration${pending.length === 1 ? "" : "s"}: run fieldreport migrate`,
    })
  })

const check = (location: Database.Location) =>
  Effect.gen(function* () {
    const where = DatabaseAccess.describe(location)
    // Opening a missing file would create it: every migration is pending there.
    if (location.engine === "sqlite" && !existsSync(location.file))
      return yield* refusePending(where, yield* known)
    const status = yield* SchemaMigrator.status(migrations).pipe(
      Effect.provide(Database.unmigrated.pipe(Layer.provide(Configuration.layer))),
    )
    const refused = SchemaMigrator.refusal(status)
    if (refused !== undefined) return yield* refused
    yield* refusePending(where, status.pending)
    yield* Console.log(`${where} is up to date: ${newestOf(status.applied)}`)
  })

const apply = (location: Database.Location) =>
  Effect.gen(function* () {
    const applied = yield* SchemaMigrator.apply(migrations)
    for (const migration of applied) yield* Console.log(`applied ${SchemaMigrator.nameOf(migration)}`)
    yield* Console.log(`${DatabaseAccess.describe(location)} is up to date: ${newestOf(yield* known)}`)
  }).pipe(Effect.provide(Database.unmigrated.pipe(Layer.provide(Configuration.layer))))

/**
 * The command.
 *
 * @example
 * ```ts
 * Command.withSubcommands([MigrateCommand.command])
 * ```
 */
export const command = Command.make(
  "migrate",
  {
    check: Flag.Boolean("check").pipe(
      Flag.withDefault(false),
      Flag.withDescription(
        "Only tell whether migrations are pending (exit 1 listing them, 0 when none); writes nothing",
      ),
    ),
  },
  (input) =>
    Effect.gen(function* () {
      const location = Database.location(yield* Configuration.read)
      yield* (input.check ? check(location) : apply(location)).pipe(
        Effect.mapError(DatabaseAccess.failure(location)),
      )
    }),
).pipe(
  Command.withShortDescription("Applies pending database migrations and exits"),
  Command.withDescription(
    "Applies the database migrations this build has and the database lacks, then exits (the API applies them at start too). A database migrated by a newer build is refused, unchanged.",
  ),
  Command.withExamples([
    { command: "fieldreport migrate", description: "Bring the configured database up to date" },
    {
      command: "fieldreport migrate --check",
      description: "Exit 1 and list the migrations that are pending",
    },
  ]),
)
