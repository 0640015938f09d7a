/**
 * Copying a local upload directory into another file store (a bucket) under the same keys, as
 * `fieldreport copy-files --to-s3` does when a service moves its uploads to object storage: the
 * attachments' records name files by key, so they need no change.
 *
 * A file the target already has at the same size is left as it is, so a copy that stopped half
 * way (or ran while the API still wrote to the directory) is finished by running it again. Each
 * copied file's size is read back from the target. The target's content type is
 * `application/octet-stream`: the API and presigned addresses answer with the type of the
 * attachment's record, never the object's.
 */
import { stat } from "node:fs/promises"
import { join } from "node:path"
import { Effect } from "effect"
import type { FileStoreShape, StoredFile } from "./FileStore.ts"
import type { FileStoreUnavailable } from "./FileStoreUnavailable.ts"
import * as LocalFileStore from "./LocalFileStore.ts"

/** What a copy did, file by file. */
export interface CopyReport {
  /** Files copied, their size read back equal. */
  readonly copied: number
  /** Files the target had already, at the same size. */
  readonly present: number
  /** Files listed that were gone when their turn came (removed by the clean-up meanwhile). */
  readonly gone: number
  /** Keys of the files whose size in the target, read back, was not the directory's. */
  readonly mismatched: ReadonlyArray<string>
}

/** Files copied at a time. */
const concurrency = 8

/**
 * Copies every file of `directory` into `target` under its key. Fails at the first file the
 * target does not take, or when it cannot be reached: running it again continues from there.
 * `target` must copy (a bucket): the local directory store moves files instead.
 *
 * @example
 * ```ts
 * const report = yield* CopyFiles.copyDirectory("./data/uploads", bucket, (done) => Console.error(`${done} files`))
 * ```
 */
export const copyDirectory = (
  directory: string,
  target: FileStoreShape,
  progress: (filesDone: number) => Effect.Effect<void> = () => Effect.void,
): Effect.Effect<CopyReport, FileStoreUnavailable> =>
  Effect.gen(function* () {
    const source = LocalFileStore.make(directory)
    const counts = { copied: 0, present: 0, gone: 0 }
    const mismatched: Array<string> = []

    const copyOne = (file: StoredFile) =>
      Effect.gen(function* () {
        const path = join(directory, file.key)
        const local = yield* Effect.tryPromise(() => stat(path)).pipe(Effect.option)
        if (local._tag === "None") {
          counts.gone++
          return
        }
        const size = local.value.size
        if ((yield* target.size(file.key)) === size) {
          counts.present++
          return
        }
        yield* target.put(file.key, path, "application/octet-stream")
        if ((yield* target.size(file.key)) === size) counts.copied++
        else mismatched.push(file.key)
      })

    let cursor: string | undefined
    let done = 0
    do {
      const page = yield* source.list(cursor)
      yield* Effect.forEach(page.files, copyOne, { concurrency, discard: true })
      done += page.files.length
      if (page.files.length > 0) yield* progress(done)
      cursor = page.next
    } while (cursor !== undefined)
    return { ...counts, mismatched } satisfies CopyReport
  })
