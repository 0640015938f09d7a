/**
 * The failure of a file store that is down or refuses (an object store out of reach, a bucket
 * that denies access, a full disk): the request that needed it is answered `503` with
 * `Retry-After`, and a job that needed it is retried.
 */
import { Schema } from "effect"

/**
 * A file store could not do what was asked; `cause` is the store's own error, for the log.
 *
 * @example
 * ```ts
 * Effect.tryPromise({ try: () => send(command), catch: (cause) => new FileStoreUnavailable({ message: "could not store ab/…", cause }) })
 * ```
 */
export class FileStoreUnavailable extends Schema.TaggedError<FileStoreUnavailable>()("FileStoreUnavailable", {
  message: Schema.String,
  cause: Schema.Defect(),
}) {}
