/**
 * Takes a backup of a running service (`fieldreport backup`): its database and its upload files
 * in one archive (`ArchiveWriter`) with a manifest (`BackupManifest`).
 *
 * - The embedded database is copied through SQLite's online backup (`SqliteSnapshot`), and the
 *   counts and schema of the manifest are read from that copy. PostgreSQL is dumped by `pg_dump`
 *   as of a snapshot that a transaction exports and holds while the dump runs, the counts and
 *   schema read in that same transaction: the manifest and the dump are of one moment.
 * - The upload files are listed after the database is copied. The API stores a file before it
 *   records it, so every attachment in the copy has its file in the store by then; files the
 *   service added meanwhile come along unreferenced, and the daily sweep of a restored service
 *   removes them. Files of the local directory are always in the archive; on object storage the
 *   keys are listed, and the objects themselves are in the archive with `includeObjects`.
 */
import { randomBytes } from "node:crypto"
import { existsSync } from "node:fs"
import { rm, writeFile } from "node:fs/promises"
import { Clock, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import packageJson from "../../package.json" with { type: "json" }
import { FileStore } from "../attachments/FileStore.ts"
import { AppConfig, type AppConfigShape } from "../Config.ts"
import * as Database from "../store/sql/Database.ts"
import * as PostgresClient from "../store/sql/postgres/PostgresClient.ts"
import * as SqliteClient from "../store/sql/sqlite/SqliteClient.ts"
import { traced } from "../Traced.ts"
import * as ArchiveWriter from "./ArchiveWriter.ts"
import { BackupFailed } from "./BackupFailed.ts"
import * as BackupManifest from "./BackupManifest.ts"
import * as PostgresDump from "./PostgresDump.ts"
import * as SchemaVersion from "./SchemaVersion.ts"
import * as SqliteSnapshot from "./SqliteSnapshot.ts"
import * as TableCounts from "./TableCounts.ts"

/** What to back up, where, and how to tell the operator how it goes. */
export interface BackupOptions {
  /** The archive to write; it must not exist. */
  readonly to: string
  /** On object storage, put the objects in the archive too, not only their keys. */
  readonly includeObjects: boolean
  /** Tells the operator one step done. */
  readonly say: (line: string) => Effect.Effect<void>
}

/** What the database part of a backup read from its copy. */
interface DatabaseCopy {
  readonly tables: TableCounts.TableCounts
  readonly schema: SchemaVersion.SchemaVersion
}

/** Upload files between two progress lines. */
const progressEvery = 1000

const message = (cause: unknown): string => (cause instanceof Error ? cause.message : String(cause))

/** A scratch file beside the archive, removed (with any SQLite companions) when the scope closes. */
const scratchFile = (to: string, suffix: string) =>
  Effect.acquireRelease(
    Effect.sync(() => `${to}.${randomBytes(6).toString("hex")}.${suffix}.partial`),
    (path) =>
      Effect.promise(() =>
        Promise.all([path, `${path}-wal`, `${path}-shm`].map((file) => rm(file, { force: true }))),
      ),
  )

/** The embedded database copied into `scratch`, and what the copy holds. */
const copySqlite = (file: string, scratch: string) =>
  Effect.gen(function* () {
    // Opening a missing file would create an empty database, and back that up.
    if (!existsSync(file))
      return yield* new BackupFailed({
        message: `there is no embedded database at ${file}: is FIELDREPORT_DATA_DIR the service's?`,
      })
    yield* SqliteSnapshot.copy(file, scratch)
    return yield* Effect.all({ tables: TableCounts.read, schema: SchemaVersion.recorded }).pipe(
      Effect.provide(SqliteClient.layer({ filename: scratch })),
      Effect.mapError(
        (cause) =>
          new BackupFailed({ message: `could not read the copy of ${file}: ${message(cause)}`, cause }),
      ),
    )
  })

/**
 * PostgreSQL dumped into `scratch` as of one snapshot, which the counts and schema are read in:
 * a read-only repeatable-read transaction exports it and stays open until the dump has ended.
 */
const dumpPostgres = (url: string, scratch: string) =>
  Effect.gen(function* () {
    if (!PostgresDump.onPath("pg_dump"))
      return yield* new BackupFailed({ message: PostgresDump.withoutTool("pg_dump") })
    yield* Effect.tryPromise({
      try: () => writeFile(scratch, "", { flag: "wx", mode: ArchiveWriter.fileMode }),
      catch: (cause) => new BackupFailed({ message: `could not write ${scratch}: ${message(cause)}`, cause }),
    })
    const inSnapshot = Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      yield* sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`
      const [exported] = yield* sql<{ readonly snapshot: string }>`SELECT pg_export_snapshot() AS snapshot`
      const copy = yield* Effect.all({ tables: TableCounts.read, schema: SchemaVersion.recorded })
      yield* PostgresDump.dump(url, scratch, exported?.snapshot ?? "")
      return copy
    })
    return yield* Effect.flatMap(SqlClient.SqlClient, (sql) => sql.withTransaction(inSnapshot)).pipe(
      Effect.provide(PostgresClient.layer({ url, poolSize: 1 })),
      Effect.mapError((cause) =>
        cause instanceof BackupFailed
          ? cause
          : new BackupFailed({
              message: `could not back up the PostgreSQL database: ${message(cause)}`,
              cause,
            }),
      ),
    )
  })

/** The upload files into the archive (or only their keys), with their members. */
const addUploads = (archive: ArchiveWriter.ArchiveWriter, config: AppConfigShape, options: BackupOptions) =>
  Effect.gen(function* () {
    const store = yield* FileStore
    const onObjectStorage = Option.isSome(config.s3Bucket)
    const included = !onObjectStorage || options.includeObjects
    const files: Array<BackupManifest.UploadFile> = []
    const members: Record<string, BackupManifest.Member> = {}
    const unavailable = (cause: { readonly message: string; readonly cause: unknown }) =>
      new BackupFailed({ message: `${cause.message}: ${message(cause.cause)}`, cause })
    let cursor: string | undefined
    let reported = 0
    do {
      const page = yield* store.list(cursor).pipe(Effect.mapError(unavailable))
      for (const file of page.files) {
        // A file being copied into place beside its key (across file systems): not a file yet.
        if (file.key.endsWith(".partial")) continue
        if (!included) {
          files.push({ key: file.key, byte_size: file.byteSize })
          continue
        }
        // A file the clean-up removed since the listing is no loss: nothing refers to it any more.
        const opened = yield* store.open(file.key).pipe(Effect.mapError(unavailable))
        if (opened === undefined) continue
        const name = BackupManifest.memberOfKey(file.key)
        const member = yield* archive.addStream(name, opened.byteSize, opened.content)
        members[name] = member
        files.push({ key: file.key, byte_size: member.byte_size })
      }
      if (files.length - reported >= progressEvery) {
        reported = files.length
        yield* options.say(`${files.length} upload files`)
      }
      cursor = page.next
    } while (cursor !== undefined)
    return {
      uploads: {
        store: onObjectStorage ? "s3" : "local",
        location: store.location,
        included,
        files,
      } satisfies BackupManifest.BackupManifest["uploads"],
      members,
    }
  }).pipe(Effect.provide(FileStore.layer.pipe(Layer.provide(Layer.succeed(AppConfig, config)))))

/**
 * Writes the backup archive `options.to` of the configured service and answers its manifest.
 * Fails with `BackupFailed` (no archive left behind) when the database or the file store cannot
 * be read, or, on PostgreSQL, when `pg_dump` is not on the `PATH` (saying how to back up instead).
 *
 * @example
 * ```ts
 * const manifest = yield* Backup.create({ to: "/backups/fieldreport.tar.gz", includeObjects: false, say: Console.log })
 * ```
 */
export const create = traced("Backup.create")(function* (options: BackupOptions) {
  const config = yield* AppConfig
  const database = Database.location(config)
  const startedAt = yield* Clock.currentTimeMillis
  const archive = yield* ArchiveWriter.make(options.to, startedAt)
  const scratch = yield* scratchFile(options.to, database.engine === "sqlite" ? "db" : "pgdump")
  const copy: DatabaseCopy =
    database.engine === "sqlite"
      ? yield* copySqlite(database.file, scratch)
      : yield* dumpPostgres(database.url, scratch)
  const databaseMember = BackupManifest.databaseMember[database.engine]
  const members: Record<string, BackupManifest.Member> = {
    [databaseMember]: yield* archive.addFile(databaseMember, scratch),
  }
  const rows = Object.values(copy.tables).reduce((sum, count) => sum + count, 0)
  yield* options.say(
    `copied the database: schema ${copy.schema.newest ?? "empty"}, ${Object.keys(copy.tables).length} tables, ${rows} rows`,
  )
  const uploads = yield* addUploads(archive, config, options)
  const manifest: BackupManifest.BackupManifest = {
    format: "fieldreport-backup",
    format_version: BackupManifest.formatVersion,
    created_at: new Date(startedAt).toISOString(),
    fieldreport_version: packageJson.version,
    engine: database.engine,
    schema: copy.schema,
    tables: copy.tables,
    uploads: uploads.uploads,
    members: { ...members, ...uploads.members },
  }
  yield* archive.finish(BackupManifest.manifestMember, BackupManifest.encode(manifest))
  return manifest
}, Effect.scoped)
