/**
 * Restores a backup archive (`fieldreport restore`) into a new data directory, and on PostgreSQL
 * into an empty database, in this order:
 *
 * 1. The data directory must be empty or absent, and the database (PostgreSQL) empty: a restore
 *    never mixes with data that is there.
 * 2. The whole archive is read and every member's checksum compared with the manifest before
 *    anything is written (`ArchiveReader.verify`); an archive whose schema records a migration
 *    this build does not know is refused, naming both versions.
 * 3. The database and the upload files are written: the embedded database as
 *    `<dir>/fieldreport.db`, a PostgreSQL dump through `pg_restore` in one transaction; the files
 *    into the store the configuration names for the directory (`<dir>/uploads`, or the bucket of
 *    `FIELDREPORT_S3_*`, where objects of the archive are put back).
 * 4. Every table's rows are compared with the manifest, then the database is migrated forward
 *    when the archive is older than this build.
 *
 * A failure after writing began empties the data directory again. A bucket keeps the objects
 * put in it (each under its own key, with its own bytes), and PostgreSQL keeps a restore whose
 * counts differ, for the operator to look at.
 */
import { randomBytes } from "node:crypto"
import { createWriteStream } from "node:fs"
import { mkdir, readdir, rm, rmdir, stat } from "node:fs/promises"
import { join } from "node:path"
import type { Readable } from "node:stream"
import { pipeline } from "node:stream/promises"
import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { FileStore } from "../attachments/FileStore.ts"
import type { FileStoreUnavailable } from "../attachments/FileStoreUnavailable.ts"
import { AppConfig, type AppConfigShape } from "../Config.ts"
import * as Database from "../store/sql/Database.ts"
import { migrations } from "../store/sql/migrations/index.ts"
import * as PostgresClient from "../store/sql/postgres/PostgresClient.ts"
import * as SchemaMigrator from "../store/sql/SchemaMigrator.ts"
import * as SqliteClient from "../store/sql/sqlite/SqliteClient.ts"
import { traced } from "../Traced.ts"
import * as ArchiveReader from "./ArchiveReader.ts"
import { fileMode } from "./ArchiveWriter.ts"
import { BackupFailed } from "./BackupFailed.ts"
import * as BackupManifest from "./BackupManifest.ts"
import * as PostgresDump from "./PostgresDump.ts"
import * as SchemaVersion from "./SchemaVersion.ts"
import * as TableCounts from "./TableCounts.ts"

/** What to restore, where, and how to tell the operator how it goes. */
export interface RestoreOptions {
  /** The archive. */
  readonly from: string
  /** The data directory to restore into: empty, or made. */
  readonly dataDir: string
  /** The empty PostgreSQL database to restore a PostgreSQL archive into. */
  readonly databaseUrl: Option.Option<string>
  /** Tells the operator one step done. */
  readonly say: (line: string) => Effect.Effect<void>
}

/** What a restore did. */
export interface Restored {
  readonly manifest: BackupManifest.BackupManifest
  /** The migrations applied after the restore, by name. */
  readonly applied: ReadonlyArray<string>
  /** Upload files the bucket lacks that the archive lists without their bytes. */
  readonly missingFiles: number
}

/** Files checked in the bucket at a time. */
const concurrency = 8

const message = (cause: unknown): string => (cause instanceof Error ? cause.message : String(cause))

const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? "" : "s"}`

const failWith = (text: string) => (cause: unknown) =>
  new BackupFailed({ message: `${text}: ${message(cause)}`, cause })

const storeFailed = (error: FileStoreUnavailable) =>
  new BackupFailed({ message: `${error.message}: ${message(error.cause)}`, cause: error })

/** Refuses a data directory that holds anything; answers whether it exists. */
const refuseNonEmpty = (dataDir: string) =>
  Effect.gen(function* () {
    const found = yield* Effect.tryPromise(() => stat(dataDir)).pipe(Effect.option)
    if (Option.isNone(found)) return false
    if (!found.value.isDirectory())
      return yield* new BackupFailed({
        message: `${dataDir} is a file: restore into a new or empty directory`,
      })
    const entries = yield* Effect.tryPromise({
      try: () => readdir(dataDir),
      catch: failWith(`cannot read ${dataDir}`),
    })
    if (entries.length > 0) {
      return yield* new BackupFailed({
        message: `${dataDir} is not empty (${entries.length} ${entries.length === 1 ? "entry" : "entries"}, such as ${entries.sort()[0]}): restore into a new or empty directory, so that nothing of another service is mixed in`,
      })
    }
    return true
  })

/** Refuses an archive recording migrations this build does not know. */
const refuseNewer = (manifest: BackupManifest.BackupManifest, build: SchemaVersion.SchemaVersion) => {
  const unknown = SchemaVersion.unknownTo(manifest.schema, build)
  if (unknown.length === 0) return Effect.void
  return Effect.fail(
    new BackupFailed({
      message: `the archive's schema is ${manifest.schema.newest ?? unknown.at(-1)} (written by Fieldreport ${manifest.fieldreport_version}), newer than this build's ${build.newest ?? "empty schema"}: restore it with Fieldreport ${manifest.fieldreport_version} or a newer one`,
    }),
  )
}

/** The PostgreSQL database to restore into: a URL given, `pg_restore` at hand, and no tables. */
const postgresTarget = (databaseUrl: Option.Option<string>) =>
  Effect.gen(function* () {
    if (Option.isNone(databaseUrl)) {
      return yield* new BackupFailed({
        message:
          "the archive holds a PostgreSQL database: give --database-url of an empty database to restore it into (createdb makes one)",
      })
    }
    if (!PostgresDump.onPath("pg_restore"))
      return yield* new BackupFailed({ message: PostgresDump.withoutTool("pg_restore") })
    const url = databaseUrl.value
    const tables = yield* Effect.flatMap(SqlClient.SqlClient, TableCounts.tableNames).pipe(
      Effect.provide(PostgresClient.layer({ url, poolSize: 1 })),
      Effect.mapError(failWith("cannot reach the PostgreSQL database of --database-url")),
    )
    if (tables.length > 0) {
      return yield* new BackupFailed({
        message: `the PostgreSQL database of --database-url is not empty (${tables.length} tables, such as ${tables[0]?.name}): restore into a new, empty database (createdb makes one)`,
      })
    }
    return url
  })

/** Writes `content` into the new file `path`. */
const writeFileFrom = (path: string, content: Readable, mode?: number) =>
  Effect.tryPromise({
    try: () =>
      pipeline(content, createWriteStream(path, { flags: "wx", ...(mode === undefined ? {} : { mode }) })),
    catch: failWith(`could not write ${path}`),
  })

/** Writes the archive's members: the database member to `databaseFile`, the files into the store. */
const writeMembers = (
  options: RestoreOptions,
  manifest: BackupManifest.BackupManifest,
  incoming: string,
  databaseFile: string,
) =>
  Effect.gen(function* () {
    const store = yield* FileStore
    const databaseMember = BackupManifest.databaseMember[manifest.engine]
    let files = 0
    yield* ArchiveReader.extract(options.from, manifest, (name, content) =>
      Effect.gen(function* () {
        if (name === databaseMember) return yield* writeFileFrom(databaseFile, content, fileMode)
        const key = BackupManifest.keyOfMember(name) ?? name
        // Received like an upload: into a scratch file, then put in the store under its key.
        const scratch = join(incoming, `restore-${randomBytes(8).toString("hex")}`)
        yield* writeFileFrom(scratch, content)
        yield* store
          .put(key, scratch, "application/octet-stream")
          .pipe(
            Effect.mapError(storeFailed),
            Effect.ensuring(Effect.promise(() => rm(scratch, { force: true }))),
          )
        files++
      }),
    )
    if (files > 0) yield* options.say(`restored ${plural(files, "upload file")} into ${store.location}`)
    return store
  })

/** How many of the files the archive lists without their bytes the bucket does not hold at their size. */
const countMissing = (manifest: BackupManifest.BackupManifest) =>
  Effect.gen(function* () {
    const store = yield* FileStore
    const present = yield* Effect.forEach(
      manifest.uploads.files,
      (file) => Effect.map(store.size(file.key), (size) => size === file.byte_size),
      { concurrency },
    ).pipe(Effect.mapError(storeFailed))
    return present.filter((found) => !found).length
  })

/** Compares the restored database's rows with the manifest, then migrates it forward. */
const checkAndMigrate = (manifest: BackupManifest.BackupManifest, options: RestoreOptions) =>
  Effect.gen(function* () {
    const differences = TableCounts.differences(manifest.tables, yield* TableCounts.read)
    if (differences.length > 0) {
      return yield* new BackupFailed({
        message: `the restored database's rows differ from the manifest (${differences.slice(0, 5).join(", ")}${differences.length > 5 ? ", …" : ""})`,
      })
    }
    yield* options.say(
      `restored the database: ${Object.keys(manifest.tables).length} tables, every count matches the manifest`,
    )
    const refused = SchemaMigrator.refusal(yield* SchemaMigrator.status(migrations))
    if (refused !== undefined) return yield* new BackupFailed({ message: refused.message })
    const applied = (yield* SchemaMigrator.apply(migrations)).map(SchemaMigrator.nameOf)
    for (const name of applied) yield* options.say(`applied ${name}`)
    return applied
  })

/**
 * Restores the archive `options.from` into the data directory `options.dataDir` (and, for a
 * PostgreSQL archive, the database `options.databaseUrl`), with the file store and the other
 * settings of the configuration. Fails with `BackupFailed` saying why, having written nothing
 * when the archive or the target was refused.
 *
 * @example
 * ```ts
 * const restored = yield* Restore.restore({ from: "fieldreport.tar.gz", dataDir: "/srv/data", databaseUrl: Option.none(), say: Console.log })
 * ```
 */
export const restore = traced("Restore.restore")(function* (options: RestoreOptions) {
  const config = yield* AppConfig
  const existed = yield* refuseNonEmpty(options.dataDir)
  const manifest = yield* ArchiveReader.verify(options.from)
  yield* options.say(
    `checked ${options.from}: ${plural(Object.keys(manifest.members).length, "member")}, every checksum matches (taken ${manifest.created_at} by Fieldreport ${manifest.fieldreport_version}, schema ${manifest.schema.newest ?? "empty"})`,
  )
  const build = yield* SchemaVersion.build
  yield* refuseNewer(manifest, build)
  if (manifest.engine === "sqlite" && Option.isSome(options.databaseUrl)) {
    return yield* new BackupFailed({
      message:
        "the archive holds an embedded (SQLite) database: restore it without --database-url, then move it with fieldreport copy-to-postgres",
    })
  }
  const postgresUrl = manifest.engine === "postgres" ? yield* postgresTarget(options.databaseUrl) : undefined

  const target: AppConfigShape = {
    ...config,
    dataDir: options.dataDir,
    databaseUrl: Option.fromUndefinedOr(postgresUrl),
  }
  const store = FileStore.layer.pipe(Layer.provide(Layer.succeed(AppConfig, target)))
  const incoming = join(options.dataDir, "incoming")
  const location = Database.location(target)
  const databaseFile =
    location.engine === "sqlite" ? location.file : join(incoming, BackupManifest.databaseMember.postgres)
  const database =
    postgresUrl === undefined
      ? SqliteClient.layer({ filename: databaseFile })
      : PostgresClient.layer({ url: postgresUrl, poolSize: 1 })

  const write = Effect.gen(function* () {
    yield* Effect.tryPromise({
      try: () => mkdir(incoming, { recursive: true, mode: 0o700 }),
      catch: failWith(`cannot make ${incoming}`),
    })
    yield* writeMembers(options, manifest, incoming, databaseFile).pipe(Effect.provide(store))
    if (postgresUrl !== undefined) {
      yield* PostgresDump.restore(postgresUrl, databaseFile)
      yield* Effect.promise(() => rm(databaseFile, { force: true }))
    }
    yield* Effect.promise(() => rmdir(incoming).catch(() => {}))
    const applied = yield* checkAndMigrate(manifest, options).pipe(
      Effect.provide(database),
      Effect.mapError((cause) =>
        cause instanceof BackupFailed ? cause : failWith("could not open the restored database")(cause),
      ),
    )
    const missingFiles = manifest.uploads.included
      ? 0
      : yield* countMissing(manifest).pipe(Effect.provide(store))
    return { manifest, applied, missingFiles } satisfies Restored
  })

  // Nothing was in the directory: on failure, what the restore wrote goes again.
  const undo = Effect.promise(
    (): Promise<unknown> =>
      existed
        ? readdir(options.dataDir).then((entries) =>
            Promise.all(
              entries.map((entry) => rm(join(options.dataDir, entry), { recursive: true, force: true })),
            ),
          )
        : rm(options.dataDir, { recursive: true, force: true }),
  )
  if (!existed)
    yield* Effect.tryPromise({
      try: () => mkdir(options.dataDir, { recursive: true, mode: 0o700 }),
      catch: failWith(`cannot make ${options.dataDir}`),
    })
  return yield* write.pipe(Effect.onError(() => Effect.asVoid(undo)))
})
