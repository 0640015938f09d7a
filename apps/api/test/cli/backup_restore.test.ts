/**
 * `fieldreport backup` and `fieldreport restore`: a backup taken while reports with photos are
 * being written restores to exactly its manifest (every table's rows, every file's checksum) and
 * to a consistent database (the counts the triggers keep, a file for every attachment), and a
 * server started on the restored directory serves a report and its photo; a restore refuses a
 * directory that is not empty, a damaged archive and an archive of a newer schema, writing
 * nothing; an older archive is migrated forward; on object storage the keys are listed and, with
 * --include-objects, the objects restored into a bucket; PostgreSQL goes through pg_dump and
 * pg_restore when they are on the PATH.
 *
 * The writing test and the object storage test run on the integration engine (SQLite, or
 * PostgreSQL with FIELDREPORT_TEST_ENGINE=postgres).
 */
import { createHash } from "node:crypto"
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs"
import { tmpdir } from "node:os"
import { join, relative } from "node:path"
import { DatabaseSync } from "node:sqlite"
import { pipeline } from "node:stream/promises"
import { createGunzip, createGzip } from "node:zlib"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import tar from "tar-stream"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { onPath } from "../../src/backup/PostgresDump.ts"
import { migrations } from "../../src/store/sql/migrations/index.ts"
import * as PostgresClient from "../../src/store/sql/postgres/PostgresClient.ts"
import * as SchemaMigrator from "../../src/store/sql/SchemaMigrator.ts"
import * as SqliteClient from "../../src/store/sql/sqlite/SqliteClient.ts"
import type { Person } from "../support/People.ts"
import { png, postReport, putTestForm, type TestForm, upload } from "../support/ReportFixtures.ts"
import { type S3Server, startS3Server } from "../support/S3Server.ts"
import {
  createPostgresDatabase,
  integrationEngine,
  postgresServerUrl,
  postgresUrlFor,
} from "../support/TestDatabase.ts"
import { startTestServer, type TestServer } from "../support/TestServer.ts"
import { buildWorld, type World } from "../support/World.ts"
import { fieldreport, finished, start } from "./Fieldreport.ts"

const directories: Array<string> = []
afterAll(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true })
})

/** A new temporary directory, removed when the file's tests end. */
const temporary = (prefix: string): string => {
  const directory = mkdtempSync(join(tmpdir(), `fieldreport-${prefix}-`))
  directories.push(directory)
  return directory
}

/** The password `createPerson` gives everyone: the reporter signs in on the restored server with it. */
const personPassword = "person-password-1"

const sha256 = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex")

interface Manifest {
  readonly engine: "sqlite" | "postgres"
  readonly schema: { readonly newest: string | null; readonly migrations: ReadonlyArray<string> }
  readonly tables: Readonly<Record<string, number>>
  readonly uploads: {
    readonly store: "local" | "s3"
    readonly included: boolean
    readonly files: ReadonlyArray<{ readonly key: string; readonly byte_size: number }>
  }
  readonly members: Readonly<Record<string, { readonly sha256: string; readonly byte_size: number }>>
}

/** Every member of an archive, in order, with its bytes (the tests' archives are small). */
const readArchive = (path: string): Promise<Map<string, Buffer>> =>
  new Promise((resolve, reject) => {
    const members = new Map<string, Buffer>()
    const extract = tar.extract()
    extract.on("entry", (header, stream, next) => {
      const chunks: Array<Buffer> = []
      stream.on("data", (chunk: unknown) => {
        chunks.push(Buffer.from(chunk as Uint8Array))
      })
      stream.on("end", () => {
        members.set(header.name, Buffer.concat(chunks))
        next()
      })
    })
    pipeline(createReadStream(path), createGunzip(), extract).then(() => resolve(members), reject)
  })

/** Writes members as an archive, in order, gzip intact: what a damaged or forged archive looks like. */
const writeArchive = async (path: string, members: ReadonlyMap<string, Uint8Array>): Promise<void> => {
  const pack = tar.pack()
  const written = pipeline(pack, createGzip(), createWriteStream(path))
  for (const [name, bytes] of members) pack.entry({ name }, Buffer.from(bytes))
  pack.finalize()
  await written
}

const manifestOf = (members: ReadonlyMap<string, Buffer>): Manifest =>
  JSON.parse(members.get("manifest.json")?.toString("utf8") ?? "null")

/** The files under a directory, by key, sorted. */
const filesIn = (directory: string): ReadonlyArray<string> =>
  existsSync(directory)
    ? readdirSync(directory, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => relative(directory, join(entry.parentPath, entry.name)))
        .sort()
    : []

/** Runs `effect` on the database of a data directory (or of `url`). */
const onDatabase = <A>(
  where: { readonly dataDir: string; readonly url?: string | undefined },
  effect: Effect.Effect<A, unknown, SqlClient.SqlClient>,
): Promise<A> =>
  Effect.runPromise(
    effect.pipe(
      Effect.provide(
        where.url === undefined
          ? SqliteClient.layer({ filename: join(where.dataDir, "fieldreport.db") })
          : PostgresClient.layer({ url: where.url, poolSize: 1 }),
      ),
      Effect.orDie,
    ),
  )

/** Each table's rows, counted here for the tables the manifest names. */
const countsOf = (tables: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const counts: Record<string, number> = {}
    for (const table of tables) {
      const [row] = yield* sql<{ n: number }>`SELECT COUNT(*) AS n FROM ${sql(table)}`
      counts[table] = Number(row?.n)
    }
    return counts
  })

/** What a consistent database shows: the triggers' counts agree with the reports, every original has its file. */
const consistency = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const [reports] = yield* sql<{ n: number }>`SELECT COUNT(*) AS n FROM reports`
  const [counted] = yield* sql<{
    n: number
  }>`SELECT COALESCE(SUM(report_count), 0) AS n FROM report_quarter_counts`
  const keys = yield* sql<{ storage_key: string }>`SELECT storage_key FROM attachments ORDER BY id`
  return {
    reports: Number(reports?.n),
    counted: Number(counted?.n),
    keys: keys.map((row) => row.storage_key),
  }
})

/** Where a data directory's database is on the integration engine, for the command's environment. */
const databaseEnv = async (dataDir: string): Promise<Record<string, string>> =>
  integrationEngine === "postgres" ? { FIELDREPORT_DATABASE_URL: await postgresUrlFor(dataDir) } : {}

/** The photo of a report, as a reader downloads it. */
const photoOf = async (
  server: TestServer,
  token: string,
  reportId: number,
  field: string,
): Promise<Buffer> => {
  const answer = await server.request("GET", `/api/v4/reports/${reportId}?fields=form_fields`, { token })
  expect(answer.status).toBe(200)
  const photos = answer.body.form_fields.find((entry: { key: string }) => entry.key === field)?.value
  const response = await fetch(photos[0].original_url)
  expect(response.status).toBe(200)
  return Buffer.from(await response.arrayBuffer())
}

/** Files a report with a photo; answers its id. */
const fileReportWithPhoto = async (
  server: TestServer,
  world: World,
  form: TestForm,
  photo: Uint8Array,
  reporter: Person,
): Promise<number> => {
  const attachment = await upload(server, reporter, photo, "spill.png")
  const answer = await postReport(server, reporter, {
    account_id: world.channel.id,
    address: "Quay St",
    [form.photos]: [attachment.id],
  })
  expect(answer.status).toBe(201)
  return answer.body.id
}

describe("fieldreport backup and restore", () => {
  it("backs up while reports with photos are written; the archive restores to its manifest and a server on it serves a report and its photo", async () => {
    const dataDir = temporary("backup-source")
    const env = { FIELDREPORT_DATA_DIR: dataDir, ...(await databaseEnv(dataDir)) }
    const server = await startTestServer({}, dataDir)
    const world = await buildWorld(server)
    const form = await putTestForm(server, world.owner, world.channel.id)
    const photo = await png()
    const first = await fileReportWithPhoto(server, world, form, photo, world.reporter)

    // Reports with photos go on being filed, one after the other, for as long as the backup runs.
    let writing = true
    let filed = 1
    const writer = (async () => {
      while (writing) {
        await fileReportWithPhoto(server, world, form, photo, world.reporter)
        filed++
      }
    })()
    const archive = join(temporary("backup-archive"), "fieldreport.tar.gz")
    const filedBefore = filed
    const backup = await finished(start(["backup", "--to", archive], env))
    const filedDuring = filed - filedBefore
    writing = false
    await writer
    await server.close()
    expect(backup.stderr).toBe("")
    expect(backup.code).toBe(0)
    expect(backup.stdout).toMatch(
      /wrote .*fieldreport\.tar\.gz: the (embedded|PostgreSQL) database \(schema \d{4}_\w+/,
    )
    expect(filedDuring).toBeGreaterThan(0)
    expect(statSync(archive).mode & 0o777).toBe(0o600)

    const members = await readArchive(archive)
    const manifest = manifestOf(members)
    expect([...members.keys()].at(-1)).toBe("manifest.json")
    expect(manifest.engine).toBe(integrationEngine)
    for (const [name, bytes] of members)
      if (name !== "manifest.json")
        expect(manifest.members[name]).toEqual({ sha256: sha256(bytes), byte_size: bytes.length })
    expect(manifest.uploads).toMatchObject({ store: "local", included: true })
    // The archive holds the reports filed before the backup and some of those filed while it ran.
    expect(manifest.tables.reports).toBeGreaterThanOrEqual(filedBefore)
    expect(manifest.tables.reports).toBeLessThanOrEqual(filed)

    const restoredDir = join(temporary("backup-restored"), "data")
    const target = integrationEngine === "postgres" ? await createPostgresDatabase() : undefined
    const restore = await fieldreport([
      "restore",
      "--from",
      archive,
      "--data-dir",
      restoredDir,
      ...(target === undefined ? [] : ["--database-url", target.url]),
    ])
    expect(restore.stderr).toBe("")
    expect(restore.code).toBe(0)
    expect(restore.stdout).toContain("every checksum matches")
    expect(restore.stdout).toContain("every count matches the manifest")

    const where = { dataDir: restoredDir, url: target?.url }
    expect(await onDatabase(where, countsOf(Object.keys(manifest.tables)))).toEqual(manifest.tables)
    const uploads = join(restoredDir, "uploads")
    const restoredFiles = filesIn(uploads)
    expect(restoredFiles).toEqual(manifest.uploads.files.map((file) => file.key).sort())
    for (const key of restoredFiles)
      expect(sha256(readFileSync(join(uploads, key)))).toBe(manifest.members[`uploads/${key}`]?.sha256)
    const consistent = await onDatabase(where, consistency)
    expect(consistent.counted).toBe(consistent.reports)
    expect(consistent.reports).toBe(manifest.tables.reports)
    for (const key of consistent.keys) expect(restoredFiles).toContain(key)
    if (target === undefined) {
      const db = new DatabaseSync(join(restoredDir, "fieldreport.db"), { readOnly: true })
      expect(db.prepare("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" })
      db.close()
    }

    const restored = await startTestServer(
      target === undefined ? {} : { FIELDREPORT_DATABASE_URL: target.url },
      restoredDir,
    )
    try {
      const token = await restored.login(world.reporter.email, personPassword)
      expect((await photoOf(restored, token, first, form.photos)).equals(photo)).toBe(true)
    } finally {
      await restored.close()
    }
  }, 180_000)

  describe("restore refuses, writing nothing", () => {
    let archive: string
    let members: Map<string, Buffer>
    beforeAll(async () => {
      // An embedded database and one upload file, whatever the integration engine.
      const dataDir = temporary("refusals-source")
      const env = { FIELDREPORT_DATA_DIR: dataDir }
      expect((await fieldreport(["migrate"], env)).code).toBe(0)
      mkdirSync(join(dataDir, "uploads", "ab"), { recursive: true })
      writeFileSync(join(dataDir, "uploads", "ab", "ab0123456789abcdef0123456789abcd"), await png())
      archive = join(temporary("refusals-archive"), "fieldreport.tar.gz")
      const backup = await fieldreport(["backup", "--to", archive], env)
      expect(backup.code).toBe(0)
      members = await readArchive(archive)
    }, 60_000)

    it("a data directory that is not empty", async () => {
      const dataDir = temporary("refusals-full")
      writeFileSync(join(dataDir, "notes.txt"), "someone else's")
      const run = await fieldreport(["restore", "--from", archive, "--data-dir", dataDir])
      expect(run.code).toBe(1)
      expect(run.stderr).toContain(`${dataDir} is not empty (1 entry, such as notes.txt)`)
      expect(readdirSync(dataDir)).toEqual(["notes.txt"])
    })

    it("an archive whose member does not match its checksum, naming the member", async () => {
      const upload = [...members.keys()].find((name) => name.startsWith("uploads/")) ?? ""
      const damaged = new Map(members)
      const bytes = Buffer.from(members.get(upload) ?? [])
      bytes[bytes.length >> 1] = (bytes[bytes.length >> 1] ?? 0) ^ 0xff
      damaged.set(upload, bytes)
      const path = join(temporary("refusals-damaged"), "damaged.tar.gz")
      await writeArchive(path, damaged)
      const dataDir = join(temporary("refusals-target"), "data")
      const run = await fieldreport(["restore", "--from", path, "--data-dir", dataDir])
      expect(run.code).toBe(1)
      expect(run.stderr).toContain(
        `the checksum of ${upload} does not match the manifest; the archive is damaged`,
      )
      expect(existsSync(dataDir)).toBe(false)

      const cut = join(temporary("refusals-cut"), "cut.tar.gz")
      await writeArchive(cut, new Map([...members].filter(([name]) => name !== "manifest.json")))
      const incomplete = await fieldreport(["restore", "--from", cut, "--data-dir", dataDir])
      expect(incomplete.code).toBe(1)
      expect(incomplete.stderr).toContain("has no manifest.json")
      expect(existsSync(dataDir)).toBe(false)
    })

    it("an archive of a newer schema, naming both versions", async () => {
      const scratch = temporary("refusals-newer")
      const file = join(scratch, "fieldreport.db")
      writeFileSync(file, members.get("fieldreport.db") ?? "")
      const db = new DatabaseSync(file)
      db.exec("INSERT INTO effect_sql_migrations (migration_id, name) VALUES (9999, 'from_a_newer_build')")
      db.close()
      const database = readFileSync(file)
      const manifest = manifestOf(members)
      const forged = {
        ...manifest,
        schema: {
          newest: "9999_from_a_newer_build",
          migrations: [...manifest.schema.migrations, "9999_from_a_newer_build"],
        },
        tables: {
          ...manifest.tables,
          effect_sql_migrations: (manifest.tables.effect_sql_migrations ?? 0) + 1,
        },
        members: {
          ...manifest.members,
          "fieldreport.db": { sha256: sha256(database), byte_size: database.length },
        },
      }
      const newer = new Map(members)
      newer.set("fieldreport.db", database)
      newer.set("manifest.json", Buffer.from(JSON.stringify(forged)))
      const path = join(scratch, "newer.tar.gz")
      await writeArchive(path, newer)
      const dataDir = join(scratch, "data")
      const run = await fieldreport(["restore", "--from", path, "--data-dir", dataDir])
      expect(run.code).toBe(1)
      expect(run.stderr).toMatch(
        /the archive's schema is 9999_from_a_newer_build \(written by Fieldreport [\d.]+\), newer than this build's \d{4}_\w+: restore it with Fieldreport/,
      )
      expect(run.stderr).toContain(manifest.schema.newest ?? "")
      expect(existsSync(dataDir)).toBe(false)
    })

    it("a call without an archive (exit 2), and shows the help of both commands", async () => {
      const run = await fieldreport([
        "restore",
        "--from",
        "/nowhere/archive.tar.gz",
        "--data-dir",
        temporary("x"),
      ])
      expect(run.code).toBe(2)
      expect(run.stderr).toContain("--from: /nowhere/archive.tar.gz does not exist")
      const again = await fieldreport(["backup", "--to", archive], { FIELDREPORT_DATA_DIR: temporary("y") })
      expect(again.code).toBe(2)
      expect(again.stderr).toContain("exists; give a new file name")
      const restoreHelp = await fieldreport(["restore", "--help"])
      expect(restoreHelp.code).toBe(0)
      for (const flag of ["--from", "--data-dir", "--database-url"])
        expect(restoreHelp.stdout).toContain(flag)
      const backupHelp = await fieldreport(["backup", "--help"])
      expect(backupHelp.code).toBe(0)
      for (const flag of ["--to", "--include-objects"]) expect(backupHelp.stdout).toContain(flag)
    }, 30_000)
  })

  it("leaves out a file still being copied into place beside its key", async () => {
    const dataDir = temporary("partial-source")
    const env = { FIELDREPORT_DATA_DIR: dataDir }
    expect((await fieldreport(["migrate"], env)).code).toBe(0)
    const key = "cd/cd0123456789abcdef0123456789abcd"
    mkdirSync(join(dataDir, "uploads", "cd"), { recursive: true })
    writeFileSync(join(dataDir, "uploads", key), "whole")
    writeFileSync(join(dataDir, "uploads", `${key}.0011223344556677.partial`), "half")
    const archive = join(temporary("partial-archive"), "fieldreport.tar.gz")
    expect((await fieldreport(["backup", "--to", archive], env)).code).toBe(0)
    const members = await readArchive(archive)
    expect([...members.keys()]).toEqual(["fieldreport.db", `uploads/${key}`, "manifest.json"])
    expect(manifestOf(members).uploads.files).toEqual([{ key, byte_size: 5 }])
  }, 30_000)

  it("migrates forward an archive of a database that lacks this build's newest migration", async () => {
    const dataDir = temporary("older-source")
    const known = await Effect.runPromise(migrations)
    const newest = SchemaMigrator.newest(known.map(([id, name]): SchemaMigrator.Applied => [id, name]))
    if (newest === undefined) throw new Error("the build has no migrations")
    const older = Effect.map(migrations, (all) => all.filter(([id]) => id !== newest[0]))
    await onDatabase({ dataDir }, SchemaMigrator.apply(older))

    const archive = join(temporary("older-archive"), "older.tar.gz")
    const backup = await fieldreport(["backup", "--to", archive], { FIELDREPORT_DATA_DIR: dataDir })
    expect(backup.code).toBe(0)
    const manifest = manifestOf(await readArchive(archive))
    expect(manifest.schema.migrations).not.toContain(SchemaMigrator.nameOf(newest))
    // Taking a backup migrates nothing.
    expect(await onDatabase({ dataDir }, SchemaMigrator.status(migrations))).toMatchObject({
      pending: [newest],
    })

    const restoredDir = join(temporary("older-restored"), "data")
    const restore = await fieldreport(["restore", "--from", archive, "--data-dir", restoredDir])
    expect(restore.stderr).toBe("")
    expect(restore.code).toBe(0)
    expect(restore.stdout).toContain(`applied ${SchemaMigrator.nameOf(newest)}`)
    expect(await onDatabase({ dataDir: restoredDir }, SchemaMigrator.status(migrations))).toMatchObject({
      pending: [],
      unknown: [],
    })
  }, 60_000)

  describe("on object storage", () => {
    let s3: S3Server
    let elsewhere: S3Server
    beforeAll(async () => {
      s3 = await startS3Server("backup-source")
      elsewhere = await startS3Server("backup-restored")
    })
    afterAll(async () => {
      await s3?.stop()
      await elsewhere?.stop()
    })

    it("lists the objects' keys, puts the objects in the archive with --include-objects, and restores them into a bucket", async () => {
      const dataDir = temporary("s3-source")
      const env = { FIELDREPORT_DATA_DIR: dataDir, ...s3.env, ...(await databaseEnv(dataDir)) }
      const server = await startTestServer({ ...s3.env }, dataDir)
      const world = await buildWorld(server)
      const form = await putTestForm(server, world.owner, world.channel.id)
      const photo = await png()
      const reportId = await fileReportWithPhoto(server, world, form, photo, world.reporter)
      await server.close()
      const keys = await s3.keys()
      expect(keys.length).toBeGreaterThan(0)

      const keysOnly = join(temporary("s3-archive"), "keys.tar.gz")
      const listed = await fieldreport(["backup", "--to", keysOnly], env)
      expect(listed.code).toBe(0)
      expect(listed.stdout).toContain(
        "whose bytes stay in the bucket (--include-objects puts them in the archive)",
      )
      const listedMembers = await readArchive(keysOnly)
      const listedManifest = manifestOf(listedMembers)
      expect(listedManifest.uploads).toMatchObject({ store: "s3", included: false })
      expect(listedManifest.uploads.files.map((file) => `uploads/${file.key}`)).toEqual(keys)
      expect([...listedMembers.keys()].filter((name) => name.startsWith("uploads/"))).toEqual([])

      const withObjects = join(temporary("s3-archive"), "objects.tar.gz")
      const included = await fieldreport(["backup", "--to", withObjects, "--include-objects"], env)
      expect(included.code).toBe(0)
      const includedManifest = manifestOf(await readArchive(withObjects))
      expect(includedManifest.uploads).toMatchObject({ store: "s3", included: true })
      for (const key of keys)
        expect(includedManifest.members[key]?.sha256).toBe(sha256((await s3.read(key)) ?? Buffer.alloc(0)))

      // Restored into another bucket: the same keys and bytes, and a server there serves the photo.
      const restoredDir = join(temporary("s3-restored"), "data")
      const target = integrationEngine === "postgres" ? await createPostgresDatabase() : undefined
      const restore = await fieldreport(
        [
          "restore",
          "--from",
          withObjects,
          "--data-dir",
          restoredDir,
          ...(target === undefined ? [] : ["--database-url", target.url]),
        ],
        elsewhere.env,
      )
      expect(restore.stderr).toBe("")
      expect(restore.code).toBe(0)
      expect(await elsewhere.keys()).toEqual(keys)
      for (const key of keys)
        expect((await elsewhere.read(key))?.equals((await s3.read(key)) ?? Buffer.alloc(0))).toBe(true)
      expect(filesIn(join(restoredDir, "uploads"))).toEqual([])
      const restored = await startTestServer(
        { ...elsewhere.env, ...(target === undefined ? {} : { FIELDREPORT_DATABASE_URL: target.url }) },
        restoredDir,
      )
      try {
        const token = await restored.login(world.reporter.email, personPassword)
        expect((await photoOf(restored, token, reportId, form.photos)).equals(photo)).toBe(true)
      } finally {
        await restored.close()
      }

      // The archive of keys alone, restored beside an empty bucket, says which files it lacks.
      const emptyBucket = await startS3Server("backup-empty")
      try {
        const lacking = join(temporary("s3-lacking"), "data")
        const other = integrationEngine === "postgres" ? await createPostgresDatabase() : undefined
        const run = await fieldreport(
          [
            "restore",
            "--from",
            keysOnly,
            "--data-dir",
            lacking,
            ...(other === undefined ? [] : ["--database-url", other.url]),
          ],
          emptyBucket.env,
        )
        expect(run.code).toBe(0)
        expect(run.stderr).toContain(
          `${keys.length} of the ${keys.length} upload files the archive lists without their bytes are not in the file store`,
        )
      } finally {
        await emptyBucket.stop()
      }
    }, 180_000)
  })

  describe.skipIf(postgresServerUrl === undefined || !onPath("pg_dump") || !onPath("pg_restore"))(
    "on PostgreSQL (pg_dump and pg_restore on the PATH, FIELDREPORT_TEST_DATABASE_URL set)",
    () => {
      it("dumps with pg_dump as of the manifest's counts, restores into an empty database only, and a server on it serves a report and its photo", async () => {
        const dataDir = temporary("pg-source")
        const source = await createPostgresDatabase(process.env.FIELDREPORT_TEST_TEMPLATE)
        const env = { FIELDREPORT_DATA_DIR: dataDir, FIELDREPORT_DATABASE_URL: source.url }
        const server = await startTestServer({ FIELDREPORT_DATABASE_URL: source.url }, dataDir)
        const world = await buildWorld(server, "pg")
        const form = await putTestForm(server, world.owner, world.channel.id)
        const photo = await png()
        const reportId = await fileReportWithPhoto(server, world, form, photo, world.reporter)
        await server.close()

        const archive = join(temporary("pg-archive"), "fieldreport.tar.gz")
        const backup = await fieldreport(["backup", "--to", archive], env)
        expect(backup.stderr).toBe("")
        expect(backup.code).toBe(0)
        const members = await readArchive(archive)
        const manifest = manifestOf(members)
        expect(manifest.engine).toBe("postgres")
        expect([...members.keys()][0]).toBe("fieldreport.pgdump")
        expect(members.get("fieldreport.pgdump")?.subarray(0, 5).toString("latin1")).toBe("PGDMP")
        expect(
          await onDatabase({ dataDir, url: source.url }, countsOf(Object.keys(manifest.tables))),
        ).toEqual(manifest.tables)

        const target = await createPostgresDatabase()
        const restoredDir = join(temporary("pg-restored"), "data")
        const restore = await fieldreport([
          "restore",
          "--from",
          archive,
          "--data-dir",
          restoredDir,
          "--database-url",
          target.url,
        ])
        expect(restore.stderr).toBe("")
        expect(restore.code).toBe(0)
        expect(
          await onDatabase({ dataDir: restoredDir, url: target.url }, countsOf(Object.keys(manifest.tables))),
        ).toEqual(manifest.tables)
        const restored = await startTestServer({ FIELDREPORT_DATABASE_URL: target.url }, restoredDir)
        try {
          const token = await restored.login(world.reporter.email, personPassword)
          expect((await photoOf(restored, token, reportId, form.photos)).equals(photo)).toBe(true)
        } finally {
          await restored.close()
        }

        // The database is not empty any more, nor is a URL-less restore of this archive possible.
        const again = await fieldreport([
          "restore",
          "--from",
          archive,
          "--data-dir",
          join(temporary("pg-again"), "data"),
          "--database-url",
          target.url,
        ])
        expect(again.code).toBe(1)
        expect(again.stderr).toContain("the PostgreSQL database of --database-url is not empty")
        const withoutUrl = await fieldreport([
          "restore",
          "--from",
          archive,
          "--data-dir",
          join(temporary("pg-nourl"), "data"),
        ])
        expect(withoutUrl.code).toBe(1)
        expect(withoutUrl.stderr).toContain("the archive holds a PostgreSQL database: give --database-url")
      }, 180_000)

      it("says how to back up PostgreSQL when pg_dump is not on the PATH", async () => {
        const dataDir = temporary("pg-no-dump")
        const source = await createPostgresDatabase(process.env.FIELDREPORT_TEST_TEMPLATE)
        const archive = join(dataDir, "fieldreport.tar.gz")
        const bin = join(dataDir, "bin")
        mkdirSync(bin)
        const run = await fieldreport(["backup", "--to", archive], {
          FIELDREPORT_DATA_DIR: dataDir,
          FIELDREPORT_DATABASE_URL: source.url,
          PATH: bin,
        })
        expect(run.code).toBe(1)
        expect(run.stderr).toContain("pg_dump is not on the PATH")
        expect(run.stderr).toContain("pg_dump --format=custom")
        expect(existsSync(archive)).toBe(false)
        expect(readdirSync(dataDir).filter((name) => name.includes("partial"))).toEqual([])
      }, 30_000)
    },
  )
})
