/**
 * The file store in a local directory (`<dataDir>/uploads`): a key is a path under it. Files are
 * moved into place by a rename, so a reader never sees half of one.
 */
import { randomBytes } from "node:crypto"
import type { Dirent } from "node:fs"
import { copyFile, mkdir, open, readdir, rename, rm, stat } from "node:fs/promises"
import { dirname, join, resolve, sep } from "node:path"
import { Effect, Option } from "effect"
import type { FileContent, FilePage, FileStoreShape, StoredFile } from "./FileStore.ts"
import { FileStoreUnavailable } from "./FileStoreUnavailable.ts"

const codeOf = (error: unknown): unknown =>
  typeof error === "object" && error !== null && "code" in error ? error.code : undefined

const unavailable = (message: string) => (cause: unknown) => new FileStoreUnavailable({ message, cause })

/** An operation whose missing file answers undefined instead of failing. */
const unlessMissing = <A>(run: () => Promise<A>, message: string) =>
  Effect.tryPromise({ try: run, catch: (cause) => cause }).pipe(
    Effect.catch((cause) =>
      codeOf(cause) === "ENOENT" ? Effect.succeed(undefined) : Effect.fail(unavailable(message)(cause)),
    ),
  )

/**
 * The store in `directory`, created as files arrive.
 *
 * @example
 * ```ts
 * const files = LocalFileStore.make("/var/lib/fieldreport/uploads")
 * yield* files.put("3f/3f9c0a…", "/var/lib/fieldreport/incoming/8d1e…", "image/png")
 * ```
 */
export const make = (directory: string): FileStoreShape => {
  const root = resolve(directory)
  // Keys come from the service's own records, never from a client; this keeps a mistake inside the root.
  const pathOf = (key: string) =>
    Effect.sync(() => {
      const path = resolve(root, key)
      if (!path.startsWith(root + sep)) throw new Error(`not a key of the file store: ${key}`)
      return path
    })

  const put = (key: string, file: string) =>
    Effect.gen(function* () {
      const target = yield* pathOf(key)
      const failed = unavailable(`could not store ${key} in ${root}`)
      yield* Effect.tryPromise({ try: () => mkdir(dirname(target), { recursive: true }), catch: failed })
      yield* Effect.tryPromise({ try: () => rename(file, target), catch: (cause) => cause }).pipe(
        Effect.catch((cause) => {
          if (codeOf(cause) !== "EXDEV") return Effect.fail(failed(cause))
          // The scratch file is on another file system: copied beside the target, then renamed.
          const aside = `${target}.${randomBytes(8).toString("hex")}.partial`
          return Effect.tryPromise({
            try: () => copyFile(file, aside).then(() => rename(aside, target)),
            catch: failed,
          }).pipe(Effect.onError(() => Effect.promise(() => rm(aside, { force: true }))))
        }),
      )
    })

  const openFile = (key: string) =>
    Effect.gen(function* () {
      const path = yield* pathOf(key)
      const handle = yield* unlessMissing(() => open(path, "r"), `could not read ${key} in ${root}`)
      if (handle === undefined) return undefined
      const stats = yield* Effect.tryPromise({
        try: () => handle.stat(),
        catch: unavailable(`could not read ${key} in ${root}`),
      }).pipe(Effect.onError(() => Effect.promise(() => handle.close())))
      // The stream closes the handle when it ends or is destroyed.
      return { byteSize: stats.size, content: handle.createReadStream() } satisfies FileContent
    }).pipe(Effect.uninterruptible)

  const size = (key: string) =>
    Effect.flatMap(pathOf(key), (path) =>
      Effect.map(
        unlessMissing(() => stat(path), `could not read ${key} in ${root}`),
        (stats) => stats?.size,
      ),
    )

  const remove = (keys: ReadonlyArray<string>) =>
    Effect.forEach(
      keys,
      (key) =>
        Effect.flatMap(pathOf(key), (path) =>
          Effect.tryPromise({
            try: () => rm(path, { force: true }),
            catch: unavailable(`could not remove ${key} from ${root}`),
          }),
        ),
      { discard: true },
    )

  const entriesOf = (path: string) =>
    Effect.map(
      unlessMissing(() => readdir(path, { withFileTypes: true }), `could not list ${root}`),
      (entries): ReadonlyArray<Dirent> => entries ?? [],
    )

  // A page is one subdirectory (keys are `<2 characters>/<name>`), its name the cursor.
  const list = (cursor: string | undefined) =>
    Effect.gen(function* () {
      const directories = (yield* entriesOf(root))
        .filter((entry) => entry.isDirectory() && !entry.name.startsWith("."))
        .map((entry) => entry.name)
        .sort()
      const index = cursor === undefined ? 0 : directories.findIndex((name) => name > cursor)
      const current = index === -1 ? undefined : directories[index]
      if (current === undefined) return { files: [], next: undefined } satisfies FilePage
      const names = (yield* entriesOf(join(root, current)))
        .filter((entry) => entry.isFile())
        .map((entry) => entry.name)
        .sort()
      const files = yield* Effect.forEach(
        names,
        (name) =>
          Effect.map(
            unlessMissing(() => stat(join(root, current, name)), `could not list ${root}`),
            (stats): ReadonlyArray<StoredFile> =>
              stats === undefined
                ? []
                : [{ key: `${current}/${name}`, byteSize: stats.size, modifiedAt: stats.mtimeMs }],
          ),
        { concurrency: 16 },
      )
      return {
        files: files.flat(),
        next: index + 1 < directories.length ? current : undefined,
      } satisfies FilePage
    })

  return {
    location: root,
    put,
    open: openFile,
    size,
    remove,
    list,
    presigner: Option.none(),
    postForm: Option.none(),
  }
}
