/**
 * Where the bytes of uploads and their renditions live (docs/api.md, Attachments and files): a
 * local directory (`<dataDir>/uploads`, the default) or, with `FIELDREPORT_S3_BUCKET`, an
 * S3-compatible bucket under the `uploads/` prefix, which is how several API processes on several
 * machines share them.
 *
 * Every place that writes, reads or deletes upload files goes through this service. Files are
 * named by keys relative to the store's root (`3f/3f9c…`, `3f/3f9c….thumb`, see `StorageKey`);
 * the same key names the same file in either store, so `fieldreport copy-files --to-s3` copies a
 * directory into a bucket without renaming anything.
 *
 * Nothing is held whole in memory: files go in from a finished local file (the upload is first
 * received into one, since typing it reads its end too) and come out as a stream.
 */
import { mkdir } from "node:fs/promises"
import { join } from "node:path"
import type { Readable } from "node:stream"
import { Context, Effect, Layer, Option } from "effect"
import { AppConfig, type AppConfigShape } from "../Config.ts"
import type { FileStoreUnavailable } from "./FileStoreUnavailable.ts"
import * as LocalFileStore from "./LocalFileStore.ts"
import type * as PostPolicy from "./PostPolicy.ts"
import * as S3FileStore from "./S3FileStore.ts"

/** A file as the store lists it. */
export interface StoredFile {
  readonly key: string
  readonly byteSize: number
  /** When it was last written, in Unix milliseconds by the store's clock. */
  readonly modifiedAt: number
}

/** A file being read: its size and its bytes, which the reader consumes or destroys. */
export interface FileContent {
  readonly byteSize: number
  readonly content: Readable
}

/** One page of a listing: `next` continues it, absent on the last page. */
export interface FilePage {
  readonly files: ReadonlyArray<StoredFile>
  readonly next: string | undefined
}

/** The headers a presigned address makes the store answer with. */
export interface PresignedResponse {
  readonly contentType: string
  readonly contentDisposition: string
  readonly cacheControl: string
}

/** Where to post the form of an authorized upload, and its fields. */
export interface PostForm {
  readonly url: string
  readonly fields: Readonly<Record<string, string>>
}

/**
 * Signs addresses of the store itself, all as of one reading of the clock and one resolution of
 * the credentials, so a list of thousands of files costs one MAC per address.
 */
export type Presigner = (key: string, response: PresignedResponse) => string

export interface FileStoreShape {
  /** Where the files are, for logs and the operator's messages: a directory or a bucket's address. */
  readonly location: string
  /**
   * Stores the finished local file `file` under `key`, replacing any file of that key. The local
   * directory store moves `file` into place; the bucket store copies it: either way the caller
   * removes what is left of `file` afterwards. A reader sees the whole file or none of it.
   */
  readonly put: (key: string, file: string, contentType: string) => Effect.Effect<void, FileStoreUnavailable>
  /** The file of `key` to stream, or undefined when there is none. */
  readonly open: (key: string) => Effect.Effect<FileContent | undefined, FileStoreUnavailable>
  /** The size of the file of `key`, or undefined when there is none. */
  readonly size: (key: string) => Effect.Effect<number | undefined, FileStoreUnavailable>
  /** Removes the files of `keys`; a key without a file is no error. */
  readonly remove: (keys: ReadonlyArray<string>) => Effect.Effect<void, FileStoreUnavailable>
  /** A page of the stored files, from the start or from a page's `next`. */
  readonly list: (cursor: string | undefined) => Effect.Effect<FilePage, FileStoreUnavailable>
  /**
   * With `FIELDREPORT_S3_PRESIGNED=true`, makes signers of the bucket's own addresses, valid for
   * at least `lifetimeSeconds`; none otherwise (files are served by the API).
   */
  readonly presigner: Option.Option<
    (lifetimeSeconds: number) => Effect.Effect<Presigner, FileStoreUnavailable>
  >
  /**
   * With a bucket, signs the form of an upload posted straight to it (an S3 presigned POST, see
   * `PostPolicy`); none for the local directory, whose authorized uploads are posted to the API.
   */
  readonly postForm: Option.Option<
    (policy: PostPolicy.Policy) => Effect.Effect<PostForm, FileStoreUnavailable>
  >
}

/** The local directory of uploads under a data directory. */
export const localDirectoryOf = (dataDir: string): string => join(dataDir, "uploads")

/** The store the configuration names. */
const storeOf = (config: AppConfigShape): Layer.Layer<FileStore> =>
  Option.match(config.s3Bucket, {
    onNone: () => {
      const directory = localDirectoryOf(config.dataDir)
      // Made at the start, so a data directory the service cannot write to fails it then, not
      // the first upload.
      return Layer.effect(
        FileStore,
        Effect.as(
          Effect.orDie(Effect.tryPromise(() => mkdir(directory, { recursive: true }))),
          FileStore.of(LocalFileStore.make(directory)),
        ),
      )
    },
    onSome: (bucket) =>
      Layer.effect(
        FileStore,
        Effect.map(
          S3FileStore.make({
            bucket,
            endpoint: config.s3Endpoint,
            region: config.s3Region,
            accessKeyId: config.s3AccessKeyId,
            secretAccessKey: config.s3SecretAccessKey,
            forcePathStyle: config.s3ForcePathStyle,
            presigned: config.s3Presigned,
          }),
          FileStore.of,
        ),
      ),
  })

/**
 * The file store of uploads.
 *
 * @example
 * ```ts
 * const files = yield* FileStore
 * const opened = yield* files.open("3f/3f9c0a…")
 * ```
 */
export class FileStore extends Context.Service<FileStore, FileStoreShape>()("api/attachments/FileStore") {
  /** The local directory, or the bucket when `FIELDREPORT_S3_BUCKET` is set. */
  static readonly layer = Layer.unwrap(
    Effect.gen(function* () {
      const config = yield* AppConfig
      if (config.s3Presigned && Option.isNone(config.s3Bucket))
        yield* Effect.logWarning("FIELDREPORT_S3_PRESIGNED has no effect without FIELDREPORT_S3_BUCKET")
      return storeOf(config)
    }),
  )
}
