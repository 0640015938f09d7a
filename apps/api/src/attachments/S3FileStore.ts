/**
 * The file store in an S3-compatible bucket (AWS S3, MinIO, Garage, Ceph, …) through the AWS SDK
 * v3: a key is the object `uploads/<key>`, so the bucket may hold other things beside.
 *
 * Files go up streamed from their local file: in one `PutObject` up to the part size, as a
 * multipart upload beyond it (at most two parts in memory at a time). Checksums are sent only
 * where S3 requires them, since not every S3-compatible store takes the SDK's newer ones.
 *
 * Every failure to reach the bucket, and every refusal of it (an unknown key, a missing bucket), is
 * `FileStoreUnavailable`, with the store's error as the cause for the log; only a missing object
 * is an answer (undefined).
 */
import { createReadStream } from "node:fs"
import { stat } from "node:fs/promises"
import { Readable } from "node:stream"
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from "@aws-sdk/client-s3"
import { Upload } from "@aws-sdk/lib-storage"
import { Clock, Effect, Option, Redacted, type Scope } from "effect"
import type {
  FileContent,
  FilePage,
  FileStoreShape,
  PostForm,
  PresignedResponse,
  StoredFile,
} from "./FileStore.ts"
import { FileStoreUnavailable } from "./FileStoreUnavailable.ts"
import * as PostPolicy from "./PostPolicy.ts"
import * as PresignedUrl from "./PresignedUrl.ts"

/** Where the bucket is and how to reach it (the `FIELDREPORT_S3_*` settings). */
export interface S3Options {
  readonly bucket: string
  /** The store's address; AWS's for the region when absent. */
  readonly endpoint: Option.Option<string>
  readonly region: string
  /** With the secret, the bucket user's keys; the SDK's default credentials (environment, instance role) when absent. */
  readonly accessKeyId: Option.Option<string>
  readonly secretAccessKey: Option.Option<Redacted.Redacted<string>>
  /** The bucket in the path (`http://host/bucket/key`) instead of the host name. */
  readonly forcePathStyle: boolean
  /** Whether the store gives presigned addresses of its own (`FileStoreShape.presigner`). */
  readonly presigned: boolean
}

/** The prefix of every object of the store: the bucket may hold other things beside. */
export const prefix = "uploads/"

/** The size of a multipart upload's parts (S3's smallest), and the largest file sent in one request. */
const partSize = 5 * 1024 * 1024
/** Parts of one upload in flight, and so in memory, at a time. */
const partsInFlight = 2
/** S3 deletes at most this many keys a request. */
const deleteBatch = 1000

const statusOf = (error: unknown): number | undefined => {
  if (typeof error !== "object" || error === null || !("$metadata" in error)) return undefined
  const metadata = error.$metadata
  return typeof metadata === "object" && metadata !== null && "httpStatusCode" in metadata
    ? Number(metadata.httpStatusCode)
    : undefined
}

const isMissing = (error: unknown): boolean =>
  statusOf(error) === 404 ||
  (error instanceof Error && (error.name === "NoSuchKey" || error.name === "NotFound"))

/**
 * The SDK client's settings for the options: timeouts so that a store out of reach fails a
 * request within seconds instead of holding it.
 *
 * @example
 * ```ts
 * const client = new S3Client(clientConfig(options))
 * ```
 */
export const clientConfig = (options: S3Options): S3ClientConfig => ({
  region: options.region,
  forcePathStyle: options.forcePathStyle,
  ...Option.match(options.endpoint, { onNone: () => ({}), onSome: (endpoint) => ({ endpoint }) }),
  ...(Option.isSome(options.accessKeyId) && Option.isSome(options.secretAccessKey)
    ? {
        credentials: {
          accessKeyId: options.accessKeyId.value,
          secretAccessKey: Redacted.value(options.secretAccessKey.value),
        },
      }
    : {}),
  requestChecksumCalculation: "WHEN_REQUIRED",
  responseChecksumValidation: "WHEN_REQUIRED",
  requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  // Every failure reaches the store as an error, which the service logs with its context; the
  // SDK would otherwise write its own warnings to the console.
  logger: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
})

/**
 * The store in the bucket of `options`; its client is destroyed when the scope closes.
 *
 * @example
 * ```ts
 * const files = yield* S3FileStore.make({ bucket: "fieldreport", endpoint: Option.some("http://minio:9000"), … })
 * ```
 */
export const make = (options: S3Options): Effect.Effect<FileStoreShape, never, Scope.Scope> =>
  Effect.gen(function* () {
    const client = yield* Effect.acquireRelease(
      Effect.sync(() => new S3Client(clientConfig(options))),
      (client) => Effect.sync(() => client.destroy()),
    )
    const Bucket = options.bucket
    const location = `s3://${Bucket}/${prefix}${Option.match(options.endpoint, {
      onNone: () => ` (AWS ${options.region})`,
      onSome: (endpoint) => ` at ${endpoint}`,
    })}`
    const failed = (message: string) => (cause: unknown) =>
      new FileStoreUnavailable({ message: `${message} (${location})`, cause })

    const put = (key: string, file: string, contentType: string) =>
      Effect.gen(function* () {
        const failure = failed(`could not store ${key}`)
        const { size } = yield* Effect.tryPromise({ try: () => stat(file), catch: failure })
        const body = createReadStream(file)
        const params = { Bucket, Key: `${prefix}${key}`, Body: body, ContentType: contentType }
        yield* Effect.tryPromise({
          try: (signal) => {
            if (size <= partSize)
              return client.send(new PutObjectCommand({ ...params, ContentLength: size }), {
                abortSignal: signal,
              })
            // An interrupted multipart upload is aborted, so the bucket keeps none of its parts.
            const upload = new Upload({ client, params, partSize, queueSize: partsInFlight })
            signal.addEventListener("abort", () => void upload.abort(), { once: true })
            return upload.done()
          },
          catch: failure,
        }).pipe(Effect.ensuring(Effect.sync(() => body.destroy())))
      })

    const open = (key: string) =>
      Effect.tryPromise({
        try: (signal) =>
          client.send(new GetObjectCommand({ Bucket, Key: `${prefix}${key}` }), { abortSignal: signal }),
        catch: (cause) => cause,
      }).pipe(
        Effect.map((response): FileContent | undefined =>
          response.Body instanceof Readable
            ? { byteSize: response.ContentLength ?? 0, content: response.Body }
            : undefined,
        ),
        Effect.catch((cause) =>
          isMissing(cause) ? Effect.succeed(undefined) : Effect.fail(failed(`could not read ${key}`)(cause)),
        ),
      )

    const size = (key: string) =>
      Effect.tryPromise({
        try: (signal) =>
          client.send(new HeadObjectCommand({ Bucket, Key: `${prefix}${key}` }), { abortSignal: signal }),
        catch: (cause) => cause,
      }).pipe(
        Effect.map((response) => response.ContentLength),
        Effect.catch((cause) =>
          isMissing(cause) ? Effect.succeed(undefined) : Effect.fail(failed(`could not read ${key}`)(cause)),
        ),
      )

    const remove = (keys: ReadonlyArray<string>) =>
      Effect.forEach(
        Array.from({ length: Math.ceil(keys.length / deleteBatch) }, (_, index) =>
          keys.slice(index * deleteBatch, (index + 1) * deleteBatch),
        ),
        (batch) =>
          Effect.tryPromise({
            try: (signal) =>
              client.send(
                new DeleteObjectsCommand({
                  Bucket,
                  Delete: { Objects: batch.map((key) => ({ Key: `${prefix}${key}` })), Quiet: true },
                }),
                { abortSignal: signal },
              ),
            catch: failed(`could not remove ${batch.length} files`),
          }).pipe(
            Effect.flatMap((response) => {
              const refused = response.Errors ?? []
              return refused.length === 0
                ? Effect.void
                : Effect.fail(
                    failed(`could not remove ${refused.length} of ${batch.length} files`)(
                      refused.map((error) => `${error.Key}: ${error.Code} ${error.Message}`).join("; "),
                    ),
                  )
            }),
          ),
        { discard: true },
      )

    const list = (cursor: string | undefined) =>
      Effect.tryPromise({
        try: (signal) =>
          client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: cursor }), {
            abortSignal: signal,
          }),
        catch: failed("could not list the files"),
      }).pipe(
        Effect.map(
          (response): FilePage => ({
            files: (response.Contents ?? []).flatMap(
              (object): ReadonlyArray<StoredFile> =>
                object.Key === undefined
                  ? []
                  : [
                      {
                        key: object.Key.slice(prefix.length),
                        byteSize: object.Size ?? 0,
                        modifiedAt: object.LastModified?.getTime() ?? 0,
                      },
                    ],
            ),
            next: response.IsTruncated === true ? response.NextContinuationToken : undefined,
          }),
        ),
      )

    // The SDK's own resolution of the bucket's address (path or host style, AWS's or the endpoint).
    const bucketUrl = client.config.endpointProvider({
      Bucket,
      Region: options.region,
      ForcePathStyle: options.forcePathStyle,
      ...Option.match(options.endpoint, { onNone: () => ({}), onSome: (Endpoint) => ({ Endpoint }) }),
    }).url
    const presigner = (lifetimeSeconds: number) =>
      Effect.gen(function* () {
        const credentials = yield* Effect.tryPromise({
          try: () => client.config.credentials(),
          catch: failed("could not find credentials to sign addresses with"),
        })
        const sign = PresignedUrl.signer({
          credentials,
          region: options.region,
          bucketUrl,
          nowMillis: yield* Clock.currentTimeMillis,
          lifetimeSeconds,
        })
        return (key: string, response: PresignedResponse) =>
          sign(`${prefix}${key}`, {
            "response-cache-control": response.cacheControl,
            "response-content-disposition": response.contentDisposition,
            "response-content-type": response.contentType,
          })
      })

    const postForm = (policy: PostPolicy.Policy) =>
      Effect.gen(function* () {
        const credentials = yield* Effect.tryPromise({
          try: () => client.config.credentials(),
          catch: failed("could not find credentials to sign upload forms with"),
        })
        const fields = PostPolicy.sign(policy, {
          credentials,
          region: options.region,
          bucket: Bucket,
          nowMillis: yield* Clock.currentTimeMillis,
        })
        return { url: bucketUrl.href, fields } satisfies PostForm
      })

    return {
      location,
      put,
      open,
      size,
      remove,
      list,
      presigner: options.presigned ? Option.some(presigner) : Option.none(),
      postForm: Option.some(postForm),
    } satisfies FileStoreShape
  })
