/**
 * Reads a backup archive, twice. `verify` reads it whole without writing anything: every member's
 * SHA-256 and size against the manifest, nothing missing, nothing extra, a format this build
 * reads. `extract` then hands each member to the restore as a stream, taking its SHA-256 again
 * as it passes (the file could have changed in between). Members stream; none is held in memory
 * but the manifest.
 */
import { createHash } from "node:crypto"
import { createReadStream } from "node:fs"
import { Readable, Transform, Writable } from "node:stream"
import { pipeline } from "node:stream/promises"
import { createGunzip } from "node:zlib"
import { Effect } from "effect"
import tar from "tar-stream"
import { BackupFailed } from "./BackupFailed.ts"
import * as BackupManifest from "./BackupManifest.ts"

/** The largest manifest read: one line of a few dozen bytes per file, for millions of files. */
const manifestLimit = 512 * 1024 * 1024

/** A member as read: its name and a stream of its bytes, to be consumed before the next. */
interface Entry {
  readonly name: string
  readonly type: string
  readonly content: Readable
}

const damaged = (path: string) => (cause: unknown) =>
  new BackupFailed({
    message: `${path} cannot be read as a backup archive: ${cause instanceof Error ? cause.message : String(cause)}`,
    cause,
  })

/**
 * Runs `each` on the members of the archive at `path` in order, each member consumed before the
 * next is read.
 */
const forEachEntry = <E>(
  path: string,
  each: (entry: Entry) => Effect.Effect<void, E | BackupFailed>,
): Effect.Effect<void, E | BackupFailed> =>
  Effect.gen(function* () {
    const extract = tar.extract()
    const reading = pipeline(createReadStream(path), createGunzip(), extract)
    reading.catch(() => {})
    const entries = extract[Symbol.asyncIterator]()
    const run = Effect.gen(function* () {
      while (true) {
        const next = yield* Effect.tryPromise({ try: () => entries.next(), catch: damaged(path) })
        if (next.done === true) break
        const entry = next.value
        // tar-stream's entries are streamx streams: read through a Node stream like every other.
        const content = Readable.from(entry, { objectMode: false })
        yield* each({ name: entry.header.name, type: entry.header.type ?? "file", content })
      }
      yield* Effect.tryPromise({ try: () => reading, catch: damaged(path) })
    })
    yield* run.pipe(Effect.onExit(() => Effect.sync(() => extract.destroy())))
  })

/** A stream that passes its bytes on and takes their SHA-256 and count meanwhile. */
const digesting = () => {
  const hash = createHash("sha256")
  let byteSize = 0
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk)
      byteSize += chunk.length
      callback(null, chunk)
    },
  })
  return {
    stream,
    member: (): BackupManifest.Member => ({ sha256: hash.digest("hex"), byte_size: byteSize }),
  }
}

/** A sink that drops what it is given: only the digest of a member is wanted. */
const discarding = () =>
  new Writable({
    write(_chunk, _encoding, callback) {
      callback()
    },
  })

/** Reads a member's bytes to their end and answers their SHA-256 and size. */
const digestOf = (path: string, content: Readable) =>
  Effect.suspend(() => {
    const digest = digesting()
    return Effect.tryPromise({
      try: () => pipeline(content, digest.stream, discarding()),
      catch: damaged(path),
    }).pipe(Effect.map(digest.member))
  })

/** Reads the manifest member's text, refusing one beyond `manifestLimit`. */
const textOf = (path: string, content: Readable) =>
  Effect.tryPromise({
    try: () =>
      new Promise<string>((resolve, reject) => {
        const chunks: Array<Buffer> = []
        let size = 0
        content.on("data", (chunk: Buffer) => {
          size += chunk.length
          if (size > manifestLimit)
            content.destroy(new Error(`${BackupManifest.manifestMember} is too large`))
          else chunks.push(chunk)
        })
        content.once("error", reject)
        content.once("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
      }),
    catch: damaged(path),
  })

/** The manifest from its text: a newer format is named as such, not as a damaged manifest. */
const manifestOf = (path: string, text: string) =>
  Effect.gen(function* () {
    const loose = yield* Effect.try({
      try: () => JSON.parse(text) as unknown,
      catch: () =>
        new BackupFailed({
          message: `${path}: its ${BackupManifest.manifestMember} is not JSON; the archive is damaged`,
        }),
    })
    const version =
      typeof loose === "object" && loose !== null && "format_version" in loose
        ? loose.format_version
        : undefined
    if (typeof version === "number" && version > BackupManifest.formatVersion) {
      return yield* new BackupFailed({
        message: `${path} is in backup format ${version}, newer than this build reads (${BackupManifest.formatVersion}): restore it with the Fieldreport that wrote it or a newer one`,
      })
    }
    return yield* BackupManifest.decode(text).pipe(
      Effect.mapError(
        (error) =>
          new BackupFailed({
            message: `${path}: its ${BackupManifest.manifestMember} is not a Fieldreport backup manifest (${error.message})`,
          }),
      ),
    )
  })

/** What a verified archive holds beside its members: fails on the first difference. */
const compare = (
  path: string,
  manifest: BackupManifest.BackupManifest,
  found: ReadonlyMap<string, BackupManifest.Member>,
) =>
  Effect.gen(function* () {
    const refuse = (message: string) => Effect.fail(new BackupFailed({ message: `${path}: ${message}` }))
    for (const [name, expected] of Object.entries(manifest.members)) {
      const member = found.get(name)
      if (member === undefined)
        return yield* refuse(`${name} is in the manifest but not in the archive; the archive is damaged`)
      if (member.byte_size !== expected.byte_size || member.sha256 !== expected.sha256)
        return yield* refuse(`the checksum of ${name} does not match the manifest; the archive is damaged`)
    }
    for (const name of found.keys())
      if (!(name in manifest.members))
        return yield* refuse(`${name} is in the archive but not in its manifest; the archive is damaged`)
    const database = BackupManifest.databaseMember[manifest.engine]
    if (!(database in manifest.members)) return yield* refuse(`it holds no database (${database})`)
    if (manifest.uploads.included) {
      for (const file of manifest.uploads.files)
        if (!(BackupManifest.memberOfKey(file.key) in manifest.members))
          return yield* refuse(`the upload file ${file.key} is listed but not in the archive`)
    }
    for (const name of Object.keys(manifest.members)) {
      const key = BackupManifest.keyOfMember(name)
      if (name !== database && (key === undefined || !BackupManifest.isKey(key)))
        return yield* refuse(`it holds ${name}, which is neither its database nor an upload file`)
    }
  })

/**
 * Reads the whole archive at `path` and answers its manifest once every member's checksum and
 * size match it; fails naming the first member that does not (or is missing, or is extra), a
 * format newer than this build reads, or an archive that cannot be read. Writes nothing.
 *
 * @example
 * ```ts
 * const manifest = yield* ArchiveReader.verify("/backups/fieldreport.tar.gz")
 * ```
 */
export const verify = (path: string): Effect.Effect<BackupManifest.BackupManifest, BackupFailed> =>
  Effect.gen(function* () {
    const found = new Map<string, BackupManifest.Member>()
    let manifestText: string | undefined
    yield* forEachEntry(path, (entry) =>
      Effect.gen(function* () {
        if (entry.type !== "file") {
          entry.content.resume()
          return yield* new BackupFailed({
            message: `${path}: it holds ${entry.name}, which is not a file; the archive is not a Fieldreport backup`,
          })
        }
        if (
          found.has(entry.name) ||
          (entry.name === BackupManifest.manifestMember && manifestText !== undefined)
        )
          return yield* new BackupFailed({ message: `${path}: it holds ${entry.name} twice` })
        if (entry.name === BackupManifest.manifestMember) manifestText = yield* textOf(path, entry.content)
        else found.set(entry.name, yield* digestOf(path, entry.content))
      }),
    )
    if (manifestText === undefined) {
      return yield* new BackupFailed({
        message: `${path} has no ${BackupManifest.manifestMember}: it is not a Fieldreport backup, or it was cut short`,
      })
    }
    const manifest = yield* manifestOf(path, manifestText)
    yield* compare(path, manifest, found)
    return manifest
  })

/**
 * Hands each member of the verified archive at `path` but the manifest to `each`, which consumes
 * its stream; fails when a member's checksum is not the manifest's any more.
 *
 * @example
 * ```ts
 * yield* ArchiveReader.extract(path, manifest, (name, content) => writeTo(join(dir, name), content))
 * ```
 */
export const extract = <E>(
  path: string,
  manifest: BackupManifest.BackupManifest,
  each: (name: string, content: Readable) => Effect.Effect<void, E>,
): Effect.Effect<void, E | BackupFailed> =>
  forEachEntry<E>(path, (entry) =>
    Effect.gen(function* () {
      if (entry.name === BackupManifest.manifestMember) {
        entry.content.resume()
        return
      }
      const expected = manifest.members[entry.name]
      if (expected === undefined)
        return yield* new BackupFailed({ message: `${path}: ${entry.name} is not in its manifest any more` })
      const digest = digesting()
      const content = entry.content.pipe(digest.stream)
      entry.content.once("error", (error) => content.destroy(error))
      yield* each(entry.name, content)
      const member = digest.member()
      if (member.sha256 !== expected.sha256 || member.byte_size !== expected.byte_size) {
        return yield* new BackupFailed({
          message: `${path}: the checksum of ${entry.name} does not match the manifest any more; was the archive changed during the restore?`,
        })
      }
    }),
  )
