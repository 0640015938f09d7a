/**
 * What a backup archive holds, as its last member `manifest.json` says: which Fieldreport wrote
 * it and when, the engine and schema of its database, the rows of every table, the upload files
 * (on object storage their keys, the bytes only with `--include-objects`), and the SHA-256 of
 * every other member, which `fieldreport restore` checks before it writes anything.
 *
 * Members: the database (`fieldreport.db`, the embedded database; `fieldreport.pgdump`, a
 * `pg_dump` of PostgreSQL in its custom format), `uploads/<key>` for each upload file whose bytes
 * are in the archive, and `manifest.json`.
 */
import { Schema } from "effect"

/**
 * The format this build writes and the newest it reads.
 *
 * @example
 * ```ts
 * if (manifest.format_version > BackupManifest.formatVersion) // written by a newer Fieldreport
 * ```
 */
export const formatVersion = 1

/**
 * The name of the manifest member, last in the archive.
 *
 * @example
 * ```ts
 * yield* archive.finish(BackupManifest.manifestMember, BackupManifest.encode(manifest))
 * ```
 */
export const manifestMember = "manifest.json"

/**
 * The member of the database, by engine.
 *
 * @example
 * ```ts
 * BackupManifest.databaseMember[manifest.engine] // "fieldreport.db"
 * ```
 */
export const databaseMember = { sqlite: "fieldreport.db", postgres: "fieldreport.pgdump" } as const

/** The folder of the upload files in the archive. */
const uploadsFolder = "uploads/"

const Sha256 = Schema.String.check(
  Schema.makeFilter((value) => /^[0-9a-f]{64}$/.test(value) || "must be 64 lower-case hex digits"),
)

const ByteSize = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))

/** A migration as its file names it, `0027_sqlite_340_schema`. */
const MigrationName = Schema.String.check(
  Schema.makeFilter((value) => /^\d{4,}_\w+$/.test(value) || "must be a migration name such as 0001_initial"),
)

/**
 * Whether `key` can name an upload file: parts of letters, digits, `.`, `_` and `-` joined by
 * `/`, none of them `.` or `..`, so a key from an archive never reaches outside the store.
 *
 * @example
 * ```ts
 * isKey("3f/3f9c0a1e5b7d4c2a9e8f6b1d0c3a5e7f.thumb") // true
 * isKey("../etc/passwd") // false
 * ```
 */
export const isKey = (key: string): boolean =>
  key.length <= 1024 &&
  key.split("/").every((part) => /^[A-Za-z0-9._-]+$/.test(part) && part !== "." && part !== "..")

const Key = Schema.String.check(
  Schema.makeFilter((value) => isKey(value) || "must be a file key such as 3f/3f9c…"),
)

/**
 * The archive member of an upload file's key.
 *
 * @example
 * ```ts
 * memberOfKey("3f/3f9c…") // "uploads/3f/3f9c…"
 * ```
 */
export const memberOfKey = (key: string): string => `${uploadsFolder}${key}`

/**
 * The key of an upload member, or undefined when `member` is not one.
 *
 * @example
 * ```ts
 * keyOfMember("uploads/3f/3f9c…") // "3f/3f9c…"
 * keyOfMember("fieldreport.db") // undefined
 * ```
 */
export const keyOfMember = (member: string): string | undefined =>
  member.startsWith(uploadsFolder) ? member.slice(uploadsFolder.length) : undefined

/**
 * A member's checksum and size.
 *
 * @example
 * ```ts
 * const member: Member = { sha256: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08", byte_size: 4 }
 * ```
 */
export const Member = Schema.Struct({ sha256: Sha256, byte_size: ByteSize })
export type Member = typeof Member.Type

/**
 * An upload file as the manifest lists it.
 *
 * @example
 * ```ts
 * const file: UploadFile = { key: "3f/3f9c0a1e5b7d4c2a9e8f6b1d0c3a5e7f.thumb", byte_size: 5120 }
 * ```
 */
export const UploadFile = Schema.Struct({ key: Key, byte_size: ByteSize })
export type UploadFile = typeof UploadFile.Type

/**
 * The manifest.
 *
 * @example
 * ```ts
 * const manifest: BackupManifest = {
 *   format: "fieldreport-backup", format_version: 1, created_at: "2026-11-22T04:30:00.000Z",
 *   fieldreport_version: "1.0.0", engine: "sqlite",
 *   schema: { newest: "0027_sqlite_340_schema", migrations: ["0001_initial", …] },
 *   tables: { reports: 12, users: 3 },
 *   uploads: { store: "local", location: "/data/uploads", included: true, files: [{ key: "3f/3f9c…", byte_size: 5120 }] },
 *   members: { "fieldreport.db": { sha256: "…", byte_size: 409600 }, "uploads/3f/3f9c…": { sha256: "…", byte_size: 5120 } },
 * }
 * ```
 */
export const BackupManifest = Schema.Struct({
  format: Schema.Literal("fieldreport-backup"),
  format_version: Schema.Int.check(Schema.isGreaterThanOrEqualTo(1)),
  created_at: Schema.String,
  /** The release that wrote the archive. */
  fieldreport_version: Schema.String,
  engine: Schema.Literals(["sqlite", "postgres"]),
  /** The migrations the database records: its schema version is the newest of them. */
  schema: Schema.Struct({
    newest: Schema.NullOr(MigrationName),
    migrations: Schema.Array(MigrationName),
  }),
  /** The rows of every table of the database, as of the copy in the archive. */
  tables: Schema.Record(Schema.String, ByteSize),
  uploads: Schema.Struct({
    store: Schema.Literals(["local", "s3"]),
    /** Where the files were: a directory, or `s3://bucket/uploads/ at …`. */
    location: Schema.String,
    /** Whether the files' bytes are members (`uploads/<key>`); on object storage only with `--include-objects`. */
    included: Schema.Boolean,
    files: Schema.Array(UploadFile),
  }),
  /** Every member but the manifest, by name. */
  members: Schema.Record(Schema.String, Member),
})
export type BackupManifest = typeof BackupManifest.Type

/**
 * The manifest from the text of `manifest.json`.
 *
 * @example
 * ```ts
 * const manifest = yield* BackupManifest.decode(text)
 * ```
 */
export const decode = Schema.decodeUnknownEffect(Schema.fromJsonString(BackupManifest))

/**
 * The text of `manifest.json`.
 *
 * @example
 * ```ts
 * pack.entry({ name: manifestMember }, BackupManifest.encode(manifest))
 * ```
 */
export const encode = (manifest: BackupManifest): string => `${JSON.stringify(manifest, null, 2)}\n`
