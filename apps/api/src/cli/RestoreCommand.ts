/**
 * `fieldreport restore --from FILE --data-dir DIR [--database-url URL]`: restores an archive of
 * `fieldreport backup` into a new data directory (`backup/Restore.ts`): every checksum checked
 * before anything is written, the database and the upload files restored (files into the store
 * the `FIELDREPORT_S3_*` variables name, or `DIR/uploads`), every table's rows compared with the
 * manifest, and the database migrated forward when the archive is older than this build. An
 * archive of PostgreSQL goes into the empty database of `--database-url` through `pg_restore`.
 *
 * Exit codes: 0 when restored; 1 when refused (a directory or database that is not empty, a
 * damaged archive, an archive of a newer schema) or when the restore failed; 2 when called
 * wrongly (no such archive, a URL that is not postgres://).
 */
import { existsSync } from "node:fs"
import { Console, Effect, Option, Schema } from "effect"
import { Command, Flag } from "effect/cli"
import * as Restore from "../backup/Restore.ts"
import * as Configuration from "./Configuration.ts"
import { withoutPassword } from "./DatabaseAccess.ts"
import { CommandFailed, UsageError } from "./Failure.ts"

const PostgresUrl = Schema.String.check(
  Schema.makeFilter((value) => /^postgres(ql)?:\/\//.test(value) || "must be a postgres:// URL"),
)

interface Input {
  readonly from: string
  readonly dataDir: string
  readonly databaseUrl: Option.Option<string>
}

const restore = (input: Input) =>
  Effect.gen(function* () {
    if (!existsSync(input.from))
      return yield* new UsageError({ message: `--from: ${input.from} does not exist` })
    const restored = yield* Restore.restore({ ...input, say: Console.log }).pipe(
      Effect.provide(Configuration.layer),
      Effect.mapError((error) =>
        error instanceof CommandFailed ? error : new CommandFailed({ message: error.message }),
      ),
    )
    const { manifest } = restored
    if (restored.missingFiles > 0) {
      yield* Console.error(
        `${restored.missingFiles} of the ${manifest.uploads.files.length} upload files the archive lists without their bytes are not in the file store: the archive was taken without --include-objects, and their objects are expected in ${manifest.uploads.location}`,
      )
    }
    if (restored.applied.length === 0)
      yield* Console.log(`the schema is this build's: ${manifest.schema.newest}`)
    const variables = Option.match(input.databaseUrl, {
      onNone: () => `FIELDREPORT_DATA_DIR=${input.dataDir}`,
      onSome: (url) =>
        `FIELDREPORT_DATA_DIR=${input.dataDir} FIELDREPORT_DATABASE_URL=${withoutPassword(url)}`,
    })
    yield* Console.log(`restored ${input.from}; start the service with ${variables}`)
  })

/**
 * The command.
 *
 * @example
 * ```ts
 * Command.withSubcommands([RestoreCommand.command])
 * ```
 */
export const command = Command.make(
  "restore",
  {
    from: Flag.String("from").pipe(Flag.withDescription("The archive fieldreport backup wrote")),
    dataDir: Flag.String("data-dir").pipe(
      Flag.withDescription("The data directory to restore into: a new or empty one"),
    ),
    databaseUrl: Flag.String("database-url").pipe(
      Flag.withSchema(PostgresUrl),
      Flag.optional,
      Flag.withDescription(
        "For an archive of PostgreSQL: the empty database to restore into (pg_restore must be on the PATH)",
      ),
    ),
  },
  restore,
).pipe(
  Command.withShortDescription("Restores a backup archive into a new data directory"),
  Command.withDescription(
    "Restores an archive of fieldreport backup into a new or empty data directory (and, for an archive of PostgreSQL, into the empty database of --database-url through pg_restore). Every checksum is checked before anything is written; the upload files go into the store the FIELDREPORT_S3_* variables name, or DIR/uploads; every table's rows are compared with the manifest; an archive older than this build is migrated forward, and one from a newer schema is refused.",
  ),
  Command.withExamples([
    {
      command: "fieldreport restore --from /backups/fieldreport.tar.gz --data-dir /srv/fieldreport/data",
      description: "Restore an archive of the embedded database",
    },
    {
      command:
        "fieldreport restore --from /backups/fieldreport.tar.gz --data-dir /srv/fieldreport/data --database-url postgres://fieldreport@db/fieldreport_restored",
      description: "Restore an archive of PostgreSQL into an empty database",
    },
  ]),
)
