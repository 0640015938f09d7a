/**
 * `fieldreport backup --to FILE [--include-objects]`: writes one archive of the configured
 * service while it runs (`backup/Backup.ts`): a consistent copy of its database (SQLite's online
 * backup; `pg_dump` on PostgreSQL), its upload files (on object storage their keys, and the
 * objects too with `--include-objects`), and a manifest with the schema version, the rows of
 * every table and the SHA-256 of every member. The archive is readable by its owner only.
 *
 * Exit codes: 0 when the archive is written; 1 when it could not be (nothing is left behind);
 * 2 when called wrongly (`--to` exists, or its directory does not).
 */
import { existsSync, statSync } from "node:fs"
import { dirname, resolve } from "node:path"
import { Console, Effect } from "effect"
import { Command, Flag } from "effect/cli"
import * as Backup from "../backup/Backup.ts"
import type { BackupManifest } from "../backup/BackupManifest.ts"
import * as Configuration from "./Configuration.ts"
import { CommandFailed, UsageError } from "./Failure.ts"

const plural = (count: number, one: string, many: string): string => `${count} ${count === 1 ? one : many}`

/** What the archive holds, in one sentence. */
const summary = (to: string, manifest: BackupManifest): string => {
  const rows = Object.values(manifest.tables).reduce((sum, count) => sum + count, 0)
  const bytes = manifest.uploads.files.reduce((sum, file) => sum + file.byte_size, 0)
  const database = `the ${manifest.engine === "sqlite" ? "embedded" : "PostgreSQL"} database (schema ${manifest.schema.newest ?? "empty"}, ${plural(rows, "row", "rows")})`
  const files = plural(manifest.uploads.files.length, "upload file", "upload files")
  return manifest.uploads.included
    ? `wrote ${to}: ${database} and ${files} (${bytes} bytes)`
    : `wrote ${to}: ${database} and the keys of ${files} (${bytes} bytes) in ${manifest.uploads.location}, whose bytes stay in the bucket (--include-objects puts them in the archive)`
}

const backup = (input: { readonly to: string; readonly includeObjects: boolean }) =>
  Effect.gen(function* () {
    const to = resolve(input.to)
    if (existsSync(to))
      return yield* new UsageError({ message: `--to: ${input.to} exists; give a new file name` })
    const directory = dirname(to)
    if (!existsSync(directory) || !statSync(directory).isDirectory())
      return yield* new UsageError({ message: `--to: the directory ${directory} does not exist` })
    const manifest = yield* Backup.create({
      to,
      includeObjects: input.includeObjects,
      say: Console.log,
    }).pipe(
      Effect.provide(Configuration.layer),
      Effect.mapError((error) =>
        error instanceof CommandFailed ? error : new CommandFailed({ message: error.message }),
      ),
    )
    yield* Console.log(summary(input.to, manifest))
  })

/**
 * The command.
 *
 * @example
 * ```ts
 * Command.withSubcommands([BackupCommand.command])
 * ```
 */
export const command = Command.make(
  "backup",
  {
    to: Flag.String("to").pipe(
      Flag.withDescription("The archive to write (a new file, such as fieldreport-2026-11-22.tar.gz)"),
    ),
    includeObjects: Flag.Boolean("include-objects").pipe(
      Flag.withDefault(false),
      Flag.withDescription(
        "With uploads in object storage (FIELDREPORT_S3_BUCKET), put the objects in the archive too, not only their keys",
      ),
    ),
  },
  backup,
).pipe(
  Command.withShortDescription("Writes a backup archive of the database and the uploads"),
  Command.withDescription(
    "Writes one archive (tar, gzip) of the running service: a consistent copy of the database (SQLite's online backup of the embedded database; pg_dump in its custom format on PostgreSQL, which must be on the PATH), the upload files, and manifest.json (schema version, rows of every table, SHA-256 of every member). On object storage the archive lists the objects' keys, and holds the objects too with --include-objects. The archive holds password hashes and token digests: it is made readable by its owner only; keep it as safe as the database. Restore it with fieldreport restore.",
  ),
  Command.withExamples([
    {
      command: "fieldreport backup --to /backups/fieldreport-$(date +%F).tar.gz",
      description: "Back up the database and the upload directory",
    },
    {
      command: "fieldreport backup --to /backups/fieldreport.tar.gz --include-objects",
      description: "On object storage, put the objects in the archive too",
    },
  ]),
)
