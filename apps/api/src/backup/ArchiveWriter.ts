/**
 * Writes a backup archive: a gzip-compressed tar whose members stream in one after the other, each
 * one's SHA-256 taken as it passes, so no member is ever held whole in memory. The archive is
 * written beside its target under a temporary name, readable by its owner only (it holds password
 * hashes and token digests), flushed to the disk, and renamed into place by `finish`; a backup
 * that fails or is interrupted leaves no archive behind.
 */
import { createHash, randomBytes } from "node:crypto"
import { createReadStream, createWriteStream } from "node:fs"
import { rename, rm, stat } from "node:fs/promises"
import { type Readable, Transform } from "node:stream"
import { pipeline } from "node:stream/promises"
import { createGzip } from "node:zlib"
import { Effect, type Scope } from "effect"
import tar from "tar-stream"
import { BackupFailed } from "./BackupFailed.ts"
import type { Member } from "./BackupManifest.ts"

/** An archive being written. */
export interface ArchiveWriter {
  /** Adds the local file at `path` as the member `name`. */
  readonly addFile: (name: string, path: string) => Effect.Effect<Member, BackupFailed>
  /** Adds `byteSize` bytes read from `content` as the member `name`; `content` is consumed. */
  readonly addStream: (
    name: string,
    byteSize: number,
    content: Readable,
  ) => Effect.Effect<Member, BackupFailed>
  /** Adds `text` as the last member `name`, completes the archive and puts it in place. */
  readonly finish: (name: string, text: string) => Effect.Effect<void, BackupFailed>
}

/**
 * Owner only: an archive holds password hashes and token digests.
 *
 * @example
 * ```ts
 * writeFile(scratch, "", { flag: "wx", mode: ArchiveWriter.fileMode })
 * ```
 */
export const fileMode = 0o600

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
  return { stream, member: (): Member => ({ sha256: hash.digest("hex"), byte_size: byteSize }) }
}

/**
 * Starts the archive `target`, whose members are dated `modifiedAt` (Unix milliseconds); the
 * scope removes the unfinished file when `finish` did not complete.
 *
 * @example
 * ```ts
 * const archive = yield* ArchiveWriter.make("/backups/fieldreport.tar.gz", yield* Clock.currentTimeMillis)
 * const member = yield* archive.addFile("fieldreport.db", copy)
 * yield* archive.finish("manifest.json", BackupManifest.encode(manifest))
 * ```
 */
export const make = (
  target: string,
  modifiedAt: number,
): Effect.Effect<ArchiveWriter, BackupFailed, Scope.Scope> =>
  Effect.gen(function* () {
    const partial = `${target}.${randomBytes(6).toString("hex")}.partial`
    const failed = (message: string) => (cause: unknown) => new BackupFailed({ message, cause })
    const mtime = new Date(modifiedAt)
    let finished = false

    const pack = tar.pack()
    const file = createWriteStream(partial, { flags: "wx", mode: fileMode, flush: true })
    // Started now and consumed as members are added; its end is awaited by `finish`.
    const written = pipeline(pack, createGzip(), file)
    written.catch(() => {})
    yield* Effect.addFinalizer(() =>
      finished
        ? Effect.void
        : Effect.promise(() => {
            pack.destroy()
            file.destroy()
            return written.catch(() => {}).then(() => rm(partial, { force: true }))
          }),
    )

    const addStream = (name: string, byteSize: number, content: Readable) =>
      Effect.suspend(() => {
        const digest = digesting()
        return Effect.tryPromise({
          try: () =>
            pipeline(
              content,
              digest.stream,
              pack.entry({ name, size: byteSize, mode: fileMode, mtime, type: "file" }),
            ),
          catch: failed(`could not add ${name} to ${target}`),
        }).pipe(Effect.map(digest.member))
      })

    const addFile = (name: string, path: string) =>
      Effect.gen(function* () {
        const stats = yield* Effect.tryPromise({
          try: () => stat(path),
          catch: failed(`could not read ${path}`),
        })
        return yield* addStream(name, stats.size, createReadStream(path))
      })

    const finish = (name: string, text: string) =>
      Effect.tryPromise({
        try: () => {
          pack.entry({ name, mode: fileMode, mtime, type: "file" }, text)
          pack.finalize()
          return written.then(() => rename(partial, target))
        },
        catch: failed(`could not write ${target}`),
      }).pipe(
        Effect.tap(() =>
          Effect.sync(() => {
            finished = true
          }),
        ),
      )

    return { addFile, addStream, finish } satisfies ArchiveWriter
  })
