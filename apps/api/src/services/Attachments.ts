/**
 * File attachments (docs/api.md, Attachments and files): uploads kept in the file store (a local
 * directory, or an S3-compatible bucket: `attachments/FileStore.ts`) under a random storage key,
 * typed by their bytes, with `thumb` (150 px) and `medium` (600 px) renditions of images made by a
 * background job, served at signed, expiring addresses (the API's, or with
 * `FIELDREPORT_S3_PRESIGNED` the bucket's own), and removed when no report (nor picture, nor logo)
 * uses them within 24 hours.
 *
 * An upload is received into a file of `<dataDir>/incoming` (typing it reads its end too), then
 * put in the store, and only then recorded: a row always has its file. A file whose row never
 * came (the process died between the two) is an orphan, swept a day later; a store that is down
 * or refuses is `503` with `Retry-After`, and nothing is recorded.
 *
 * Reports name attachments by id: the report use cases ask `contentTypesOf` for the form rules,
 * then `markUsed` and `release` as answers start and stop naming them, in their transaction.
 *
 * Uploads the mobile way go around the API's one-request upload: `authorizeUpload` hands a user a
 * signed form (`attachments/PostPolicy.ts`) for posting one file under a fresh key prefix
 * (`attachments/UploadKey.ts`) straight to the bucket, or, with uploads on local disk, to the API's
 * upload endpoint (`receiveAuthorizedUpload`, which checks the form as S3 would); `createFromUpload`
 * then makes an attachment of the posted file once, through the same sniffing and checks as an
 * upload. A posted file nothing claims is removed by the sweep of files without an attachment.
 */

import { randomBytes } from "node:crypto"
import { createWriteStream } from "node:fs"
import { mkdir, open, readdir, rm, stat } from "node:fs/promises"
import { join } from "node:path"
import type { Readable } from "node:stream"
import { pipeline } from "node:stream/promises"
import { href } from "@fieldreport/contract/Api"
import type { StyleUrl } from "@fieldreport/domain/Attachment"
import { InvalidInput, MalformedRequest } from "@fieldreport/domain/Invalid"
import type { UploadAuthorization } from "@fieldreport/domain/UploadAuthorization"
import { Clock, Context, Duration, Effect, Layer, Option, Schedule } from "effect"
import sharp from "sharp"
import { contentDisposition, contentTypeHeader } from "../attachments/ContentDisposition.ts"
import { type ByteSource, contentTypes, isImage, sniff } from "../attachments/ContentSniffer.ts"
import { FileStore, type Presigner } from "../attachments/FileStore.ts"
import type { FileStoreUnavailable } from "../attachments/FileStoreUnavailable.ts"
import * as PostPolicy from "../attachments/PostPolicy.ts"
import * as PresignedUrl from "../attachments/PresignedUrl.ts"
import * as SignedUrl from "../attachments/SignedUrl.ts"
import * as StorageKey from "../attachments/StorageKey.ts"
import * as UploadKey from "../attachments/UploadKey.ts"
import { AppConfig } from "../Config.ts"
import {
  Conflict,
  Forbidden,
  NotFound,
  PayloadTooLarge,
  Unavailable,
  UnsupportedMediaType,
} from "../Errors.ts"
import * as JobKinds from "../jobs/JobKinds.ts"
import { JobRunner } from "../jobs/JobRunner.ts"
import { type AttachmentRow, AttachmentStore } from "../store/AttachmentStore.ts"
import * as Transaction from "../store/sql/Transaction.ts"
import { UploadAuthorizationStore } from "../store/UploadAuthorizationStore.ts"
import { traced } from "../Traced.ts"

/** The sizes of an image's renditions: each fits in a square of this many pixels. */
const renditions: Readonly<Record<Exclude<StorageKey.Style, "original">, number>> = {
  thumb: 150,
  medium: 600,
}

/** An upload arriving: the client's filename and the bytes, streamed. */
export interface Upload {
  readonly userId: number
  readonly filename: string
  readonly content: Readable
}

/** A file ready to be sent for a signed address: its bytes, opened, which the sender consumes or destroys. */
export interface ServedFile {
  readonly content: Readable
  readonly byteSize: number
  readonly contentType: string
  /** The name offered to the browser. */
  readonly filename: string
  /** Images are shown in the page; other files are downloaded. */
  readonly inline: boolean
  /** Unix seconds at which the address expires: how long it may be cached. */
  readonly expires: number
}

/** The addresses of an attachment's files. */
export interface FileUrls {
  readonly original_url: string
  readonly style_url: StyleUrl
  /**
   * The API's signed address of the original without its origin, whichever serves the files:
   * for `account_logo`, which clients resolve against the API.
   */
  readonly original_path: string
}

/**
 * A form posted to the API's upload endpoint: its text fields before the file, by their names in
 * lower case, and the file.
 */
export interface PostedForm {
  readonly fields: ReadonlyMap<string, string>
  readonly filename: string
  readonly content: Readable
}

/** Who may name attachments in a report's answers: see `contentTypesOf`. */
export interface UsableBy {
  readonly userId: number
  /** The report being updated, whose attachments stay usable; absent on create. */
  readonly reportId?: number
}

/** How long an upload may wait for a report to use it. */
const unusedRetention = Duration.hours(24)
const cleanupInterval = Duration.hours(1)
const cleanupBatch = 200
/**
 * How old a file without a row must be before the sweep removes it: far longer than an upload
 * takes between putting its file and recording it, so a file is never taken from under an upload.
 */
const orphanGrace = Duration.hours(24)
const orphanSweepInterval = Duration.hours(24)
/** Attachments looked up at a time, by id or by storage key. */
const lookupBatch = 1000
/** How long a client is asked to wait when the file store is down. */
const storeRetryAfterSeconds = 30
const urlSecretSetting = "attachment_url_secret"
/** How long the form of an upload authorization works. */
const authorizationLifetime = Duration.hours(1)
/**
 * How long after its form stops working an attachment may still be made of an upload: one begun
 * in time may take that long to arrive.
 */
const authorizationGrace = Duration.hours(1)
/**
 * How long making an attachment of a key waits for its file: mobile clients send the request
 * while the file is still on its way.
 */
const arrivalWait = Duration.seconds(10)
const arrivalPoll = Duration.millis(250)
/**
 * Who signs the forms posted to the API's own upload endpoint: a secret of the server, named as
 * S3 credentials are, so the form is the one S3 takes.
 */
const policySecretSetting = "upload_policy_secret"
const localAccessKeyId = "fieldreport"
const localRegion = "local"
/**
 * The answer to a key of no upload authorization of the caller's: the same for another user's key
 * as for none, so nobody learns of others' keys.
 */
const notYourKey = () =>
  InvalidInput.at("file_attachment.key", "is not the key of an upload authorization of yours")
const usedKey = (field: string) =>
  new Conflict({ message: `${field}: an attachment has already been made of it` })

/** Those of `ids` missing from `found`. */
const notIn = (ids: ReadonlyArray<number>, found: ReadonlyArray<number>): ReadonlyArray<number> => {
  const present = new Set(found)
  return ids.filter((id) => !present.has(id))
}

/**
 * The path a file's addresses are signed under, the file endpoint's path up to the style: one
 * signature for all its renditions.
 */
const fileScope = (id: number): string => href("getFile", { id, style: "" }).replace(/\/$/, "")

/** Renditions of jpeg stay jpeg; of png and gif (the first frame) are png. */
const renditionTypeOf = (contentType: string): string =>
  contentType === contentTypes.jpeg ? contentTypes.jpeg : contentTypes.png

const extensionOf: Readonly<Record<string, string>> = {
  [contentTypes.jpeg]: "jpg",
  [contentTypes.png]: "png",
}

/** The style a request for `style` is answered with: a rendition not made yet is answered with the original. */
const styleServed = (attachment: AttachmentRow, style: StorageKey.Style): StorageKey.Style =>
  style !== "original" && attachment.image === 1 && attachment.renditions_ready === 1 ? style : "original"

/** How a file of an attachment is sent: its type, the name offered, and whether it is shown in the page. */
const servedAs = (attachment: AttachmentRow, style: StorageKey.Style) => {
  if (style === "original") {
    return {
      contentType: attachment.content_type,
      filename: attachment.filename,
      inline: attachment.image === 1,
    }
  }
  const contentType = renditionTypeOf(attachment.content_type)
  const stem = attachment.filename.replace(/\.[^.]*$/, "")
  return { contentType, filename: `${stem}-${style}.${extensionOf[contentType] ?? "png"}`, inline: true }
}

/**
 * The client's filename made safe to store and show: its last path segment (clients on Windows
 * send whole paths), without control characters, at most 255 characters, keeping its extension.
 */
const cleanFilename = (name: string): string => {
  const last = name.split(/[\\/]/).pop() ?? ""
  const cleaned = last
    .normalize("NFC")
    .replace(/\p{Cc}/gu, "")
    .trim()
  if (cleaned === "" || cleaned === "." || cleaned === "..") return "file"
  const characters = Array.from(cleaned)
  if (characters.length <= 255) return cleaned
  const dot = cleaned.lastIndexOf(".")
  const extension = dot > 0 ? Array.from(cleaned.slice(dot)).slice(0, 16).join("") : ""
  return characters.slice(0, 255 - extension.length).join("") + extension
}

export class Attachments extends Context.Service<
  Attachments,
  {
    /**
     * Stores an upload: at most the configured limit (`413` past it), typed by its bytes (`415`
     * for a type the service does not take), an image checked readable (`422`), and for images a
     * renditions job. The file is put in the store before the row is written; a store that is
     * down or refuses is `Unavailable` (`503` with `Retry-After`). Nothing is left when it fails.
     */
    readonly upload: (
      upload: Upload,
    ) => Effect.Effect<
      AttachmentRow,
      PayloadTooLarge | UnsupportedMediaType | InvalidInput | MalformedRequest | Unavailable
    >
    /**
     * An upload authorization for one file of `contentType` (a type uploads take: `422` naming
     * `content_type` otherwise), handed to `userId`: a form to post straight to the bucket when
     * uploads are kept in one, else to the API's upload endpoint at `uploadUrl`.
     */
    readonly authorizeUpload: (request: {
      readonly userId: number
      readonly contentType: string
      readonly uploadUrl: string
    }) => Effect.Effect<UploadAuthorization, InvalidInput | Unavailable>
    /**
     * Receives a form posted to the API's upload endpoint: its signed policy must allow it (`403`
     * otherwise), its key be of an authorization no attachment was made of and nothing posted
     * under yet (`409`), its file no larger than the policy allows (`413`). The file is kept until
     * an attachment is made of its key.
     */
    readonly receiveAuthorizedUpload: (
      form: PostedForm,
    ) => Effect.Effect<
      void,
      Forbidden | Conflict | PayloadTooLarge | InvalidInput | MalformedRequest | Unavailable
    >
    /**
     * Makes an attachment of the file posted under `key`, once: the key must be of an upload
     * authorization of `userId`'s (`422` otherwise, and when it expired over an hour ago or nothing
     * was posted under it), not yet made an attachment (`409`); the file is then checked as an
     * upload is. A file still arriving is waited for a few seconds.
     */
    readonly createFromUpload: (request: {
      readonly userId: number
      readonly key: string
    }) => Effect.Effect<
      AttachmentRow,
      Conflict | PayloadTooLarge | UnsupportedMediaType | InvalidInput | MalformedRequest | Unavailable
    >
    readonly find: (id: number) => Effect.Effect<AttachmentRow, NotFound>
    /** The attachments of `ids` that exist, by id. */
    readonly findMany: (ids: ReadonlyArray<number>) => Effect.Effect<ReadonlyArray<AttachmentRow>>
    /**
     * Signed addresses of an attachment and of its renditions (none for other files): the API's,
     * absolute on the configured public URL, else on `requestOrigin` (`https://host`); or with
     * `FIELDREPORT_S3_PRESIGNED=true` the bucket's own, presigned.
     */
    readonly urlsOf: (attachment: AttachmentRow, requestOrigin: string) => Effect.Effect<FileUrls>
    /**
     * A function giving the signed addresses of the two renditions of `images`, on the same origin
     * as `urlsOf`, all signed as of one instant: for lists of thousands of images that show the
     * renditions (`reports_images`), where signing the original too would cost a third more, and
     * an effect per address more than the signatures.
     */
    readonly renditionSigner: (
      requestOrigin: string,
      images: ReadonlyArray<{ readonly id: number }>,
    ) => Effect.Effect<
      (image: { readonly id: number }) => { readonly thumb: string; readonly medium: string }
    >
    /**
     * The content type of each of `ids` that exists, for the form rules; an id missing from the
     * answer is an attachment that does not exist, or with `usableBy`, one that the report may
     * not use: only the user's own uploads that nothing uses yet, and the report's own.
     */
    readonly contentTypesOf: (
      ids: ReadonlyArray<number>,
      usableBy?: UsableBy,
    ) => Effect.Effect<ReadonlyMap<number, string>>
    /**
     * Marks attachments used, so the clean-up keeps them; answers the ids that no longer exist
     * (empty when all were marked), which the caller refuses with `422`. Joins the caller's transaction.
     */
    readonly markUsed: (ids: ReadonlyArray<number>) => Effect.Effect<ReadonlyArray<number>>
    /**
     * Marks attachments used that nothing uses yet, for a report's answers; answers the ids it could
     * not (gone, or taken by another report meanwhile), which the caller refuses with `422`. Joins
     * the caller's transaction.
     */
    readonly claim: (ids: ReadonlyArray<number>) => Effect.Effect<ReadonlyArray<number>>
    /** Marks attachments no longer used: they are removed 24 hours from now unless used again. */
    readonly release: (ids: ReadonlyArray<number>) => Effect.Effect<void>
    /**
     * Removes the attachments nothing has used for 24 hours, rows first, then their files and
     * renditions (a file the store could not remove then is left to the sweep); answers how many.
     */
    readonly cleanup: Effect.Effect<number>
    /**
     * Removes the store's files older than 24 hours that no attachment has (a file put by an
     * upload whose process died before recording it, one the clean-up could not remove, a copy
     * that never finished), and files of `<dataDir>/incoming` as old; answers how many.
     */
    readonly sweepOrphans: Effect.Effect<number, FileStoreUnavailable>
    /**
     * The file a signed address names: `403` for a wrong or expired signature, `404` for an
     * unknown attachment, `503` when the store is down. A rendition not made yet is answered
     * with the original.
     */
    readonly serve: (
      request: { readonly id: number; readonly style: StorageKey.Style },
      presented: { readonly expires: unknown; readonly signature: unknown },
    ) => Effect.Effect<ServedFile, Forbidden | NotFound | Unavailable>
  }
>()("api/services/Attachments") {
  static readonly layer = Layer.effect(
    Attachments,
    Effect.gen(function* () {
      const config = yield* AppConfig
      const store = yield* AttachmentStore
      const authorizations = yield* UploadAuthorizationStore
      const files = yield* FileStore
      const jobs = yield* JobRunner
      const inTransaction = yield* Transaction.runner
      const incoming = join(config.dataDir, "incoming")
      const secret = yield* store.setting(urlSecretSetting, randomBytes(32).toString("base64url"))
      const policySecret = yield* store.setting(policySecretSetting, randomBytes(32).toString("base64url"))
      /** Who signs and checks the forms of the API's upload endpoint, as of `nowMillis`. */
      const signLocally = (nowMillis: number): PostPolicy.Signer => ({
        credentials: { accessKeyId: localAccessKeyId, secretAccessKey: policySecret },
        region: localRegion,
        nowMillis,
      })
      /** Where the store keeps posted files: as posted in a bucket, one per prefix in a directory. */
      const postedStore = Option.isSome(files.postForm) ? "bucket" : "directory"

      /** A new file of `incoming`, removed by `discard` when done with. */
      const scratchFile = Effect.map(
        Effect.promise(() => mkdir(incoming, { recursive: true })),
        () => join(incoming, randomBytes(16).toString("hex")),
      )
      const discard = (path: string) =>
        Effect.tryPromise(() => rm(path, { force: true })).pipe(
          Effect.catch((error) => Effect.logWarning(`could not remove ${path}`, error)),
        )

      /** The store being down is the service's `503`; what the store said goes to the log. */
      const storeDown = (error: FileStoreUnavailable) =>
        Effect.andThen(
          Effect.logError(error.message, error.cause),
          Effect.fail(
            new Unavailable({
              message: "the file store is unavailable; try again later",
              retryAfterSeconds: storeRetryAfterSeconds,
            }),
          ),
        )

      // A file that cannot be removed is wasted space, not a reason to fail the request or job:
      // the sweep takes it later.
      const removeFiles = (storageKeys: ReadonlyArray<string>) =>
        storageKeys.length === 0
          ? Effect.void
          : files
              .remove(storageKeys.flatMap(StorageKey.filesOf))
              .pipe(
                Effect.catch((error) =>
                  Effect.logWarning(`could not remove the files of ${storageKeys.length} attachments`, error),
                ),
              )

      /** Streams the content to `path`, counting: past `limit` bytes it stops writing and fails. */
      const write = (content: Readable, path: string, limit = config.uploadLimitBytes) =>
        Effect.callback<number, PayloadTooLarge | MalformedRequest>((resume) => {
          const out = createWriteStream(path, { flags: "wx" })
          let size = 0
          let settled = false
          const settle = (outcome: Effect.Effect<number, PayloadTooLarge | MalformedRequest>) => {
            if (settled) return
            settled = true
            // Keep consuming what is left, so the multipart parser reaches the end of the request.
            content.unpipe(out)
            content.resume()
            out.destroy()
            resume(outcome)
          }
          content.on("data", (chunk: Buffer) => {
            size += chunk.length
            if (size > limit) {
              settle(Effect.fail(new PayloadTooLarge({ message: `file: is larger than ${limit} bytes` })))
            }
          })
          content.once("error", () =>
            settle(Effect.fail(MalformedRequest.at("file", "the upload did not complete"))),
          )
          out.once("error", (error) => settle(Effect.die(error)))
          // `close` after `finish`: every byte is written and the descriptor released.
          out.once("close", () => {
            if (settled || !out.writableFinished) return
            settled = true
            resume(Effect.succeed(size))
          })
          // A part that failed before writing began (a form cut off) has no error left to emit.
          if (content.errored !== null) {
            settle(Effect.fail(MalformedRequest.at("file", "the upload did not complete")))
            return
          }
          content.pipe(out)
          return Effect.sync(() => settle(Effect.interrupt))
        })

      /** Reads the received file through a handle, for the sniffer. */
      const sniffReceived = (path: string, size: number, filename: string) =>
        Effect.acquireUseRelease(
          Effect.promise(() => open(path, "r")),
          (handle) => {
            const source: ByteSource = {
              size,
              read: (offset, length) =>
                Effect.promise(() =>
                  handle
                    .read(Buffer.alloc(length), 0, length, offset)
                    .then(({ buffer, bytesRead }) => buffer.subarray(0, bytesRead)),
                ),
            }
            return sniff(source, filename)
          },
          (handle) => Effect.promise(() => handle.close()),
        )

      /**
       * Receives, types, checks and stores a file and records its attachment; `claim` runs in the
       * transaction that records it, and its failure leaves nothing behind.
       */
      const keep = <E>({ userId, filename, content }: Upload, claim: Effect.Effect<void, E>) =>
        Effect.flatMap(scratchFile, (received) =>
          Effect.gen(function* () {
            const size = yield* write(content, received)
            if (size === 0) return yield* InvalidInput.at("file", "is empty")
            const cleanName = cleanFilename(filename)
            const contentType = yield* sniffReceived(received, size, cleanName)
            if (contentType === undefined) {
              return yield* new UnsupportedMediaType({
                message: "file: is not an image (png, jpeg, gif), PDF, text, office or iWork document",
              })
            }
            const image = isImage(contentType)
            if (image) {
              // The magic number alone does not make an image that renditions can be made of.
              yield* Effect.tryPromise({
                try: () => sharp(received).metadata(),
                catch: () => InvalidInput.at("file", "is not a readable image"),
              })
            }
            const storageKey = StorageKey.make()
            // The file first, then the row: a row never names a file the store does not have.
            yield* files.put(storageKey, received, contentType).pipe(Effect.catch(storeDown))
            const created_at = new Date(yield* Clock.currentTimeMillis).toISOString()
            return yield* inTransaction(
              Effect.gen(function* () {
                yield* claim
                const row = yield* store.insert({
                  user_id: userId,
                  filename: cleanName,
                  content_type: contentType,
                  byte_size: size,
                  storage_key: storageKey,
                  image,
                  created_at,
                })
                if (image) yield* jobs.enqueue(JobKinds.AttachmentRenditions, { attachment_id: row.id })
                return row
              }),
            ).pipe(Effect.onError(() => removeFiles([storageKey])))
          }).pipe(Effect.ensuring(discard(received))),
        )

      const upload = traced("Attachments.upload")(function* (arriving: Upload) {
        return yield* keep(arriving, Effect.void)
      })

      const authorizeUpload = traced("Attachments.authorizeUpload")(function* (request: {
        readonly userId: number
        readonly contentType: string
        readonly uploadUrl: string
      }) {
        const contentType = request.contentType.trim().toLowerCase()
        const taken: ReadonlyArray<string> = Object.values(contentTypes)
        if (!taken.includes(contentType))
          return yield* InvalidInput.at("content_type", `is not a type uploads take: ${taken.join(", ")}`)
        const now = yield* Clock.currentTimeMillis
        const policy: PostPolicy.Policy = {
          keyPrefix: UploadKey.makePrefix(),
          contentType,
          maxBytes: config.uploadLimitBytes,
          expiresMillis: now + Duration.toMillis(authorizationLifetime),
        }
        yield* authorizations.insert({
          user_id: request.userId,
          key_prefix: policy.keyPrefix,
          content_type: contentType,
          expires_at: new Date(policy.expiresMillis).toISOString(),
          created_at: new Date(now).toISOString(),
        })
        const form = Option.isSome(files.postForm)
          ? yield* files.postForm.value(policy).pipe(Effect.catch(storeDown))
          : { url: request.uploadUrl, fields: PostPolicy.sign(policy, signLocally(now)) }
        return {
          url: form.url,
          key_prefix: policy.keyPrefix,
          key: `${policy.keyPrefix}${UploadKey.filenamePlaceholder}`,
          fields: form.fields,
        } satisfies UploadAuthorization
      })

      const receiveAuthorizedUpload = traced("Attachments.receiveAuthorizedUpload")(function* (
        form: PostedForm,
      ) {
        const verdict = PostPolicy.check(form.fields, signLocally(yield* Clock.currentTimeMillis))
        if (verdict._tag === "refused") return yield* new Forbidden({ message: verdict.reason })
        const key = UploadKey.parse(verdict.key.replaceAll(UploadKey.filenamePlaceholder, form.filename))
        if (key === undefined) return yield* InvalidInput.at("key", "names no file after its prefix")
        const authorization = yield* authorizations.findByKeyPrefix(key.prefix)
        if (authorization === undefined)
          return yield* new Forbidden({ message: "the upload authorization is no longer kept" })
        if (authorization.used_at !== null) return yield* usedKey("key")
        const posted = UploadKey.fileOf(key, postedStore)
        if ((yield* files.size(posted).pipe(Effect.catch(storeDown))) !== undefined)
          return yield* new Conflict({ message: "key: a file has already been posted under it" })
        const received = yield* scratchFile
        yield* Effect.gen(function* () {
          const size = yield* write(
            form.content,
            received,
            Math.min(verdict.maxBytes, config.uploadLimitBytes),
          )
          if (size < Math.max(verdict.minBytes, 1)) return yield* InvalidInput.at("file", "is empty")
          yield* files.put(posted, received, authorization.content_type).pipe(Effect.catch(storeDown))
        }).pipe(Effect.ensuring(discard(received)))
      })

      /** The size of a posted file once it is there, waiting a little for one on its way. */
      const arrived = (posted: string) =>
        files.size(posted).pipe(
          Effect.catch(storeDown),
          Effect.repeat({
            schedule: Schedule.spaced(arrivalPoll),
            until: (size) => size !== undefined,
          }),
          Effect.timeoutOption(arrivalWait),
          Effect.map(Option.flatMap(Option.fromNullishOr)),
        )

      const createFromUpload = traced("Attachments.createFromUpload")(function* (request: {
        readonly userId: number
        readonly key: string
      }) {
        const key = UploadKey.parse(request.key)
        if (key === undefined) return yield* notYourKey()
        const authorization = yield* authorizations.findByKeyPrefix(key.prefix)
        if (authorization === undefined || authorization.user_id !== request.userId)
          return yield* notYourKey()
        if (authorization.used_at !== null) return yield* usedKey("file_attachment.key")
        const deadline = Date.parse(authorization.expires_at) + Duration.toMillis(authorizationGrace)
        if ((yield* Clock.currentTimeMillis) >= deadline)
          return yield* InvalidInput.at("file_attachment.key", "its upload authorization has expired")
        const posted = UploadKey.fileOf(key, postedStore)
        if (Option.isNone(yield* arrived(posted)))
          return yield* InvalidInput.at("file_attachment.key", "nothing has been posted under it")
        const opened = yield* files.open(posted).pipe(Effect.catch(storeDown))
        if (opened === undefined)
          return yield* InvalidInput.at("file_attachment.key", "nothing has been posted under it")
        const claim = Effect.flatMap(Clock.currentTimeMillis, (now) =>
          Effect.flatMap(authorizations.use(authorization.id, new Date(now).toISOString()), (used) =>
            used ? Effect.void : Effect.fail(usedKey("file_attachment.key")),
          ),
        )
        const row = yield* keep(
          { userId: request.userId, filename: key.filename, content: opened.content },
          claim,
        ).pipe(Effect.onExit(() => Effect.sync(() => opened.content.destroy())))
        // Made an attachment of: the posted file is not needed any more (the sweep takes it if it stays).
        yield* files
          .remove([posted])
          .pipe(Effect.catch((error) => Effect.logWarning(`could not remove ${posted}`, error)))
        return row
      })

      const find = (id: number) =>
        Effect.flatMap(store.find(id), (row) =>
          row === undefined ? Effect.fail(new NotFound({ resource: "attachment" })) : Effect.succeed(row),
        )

      /** Signs the API's addresses on the public URL, else on the request's origin. */
      const signerOn = (requestOrigin: string) =>
        SignedUrl.signer(
          secret,
          Option.getOrElse(config.publicUrl, () => requestOrigin),
          config.urlLifetimeSeconds,
        )
      /** The API's addresses of a file's renditions, all under one signature. */
      const fileUrls = (
        addressesOf: (scope: string) => (name: string) => string,
        attachment: { readonly id: number },
      ) => addressesOf(fileScope(attachment.id))

      /** Presigners of the bucket's own addresses, when files are served from there. */
      const presigner: Option.Option<Effect.Effect<Presigner>> = Option.map(files.presigner, (make) =>
        // No credentials to sign with is a misconfiguration, not a passing outage: a defect, logged.
        Effect.orDie(make(config.urlLifetimeSeconds)),
      )
      /** The bucket's presigned address of one style of an attachment, served as the API would. */
      const presignedUrl = (presign: Presigner, attachment: AttachmentRow, style: StorageKey.Style) => {
        const served = styleServed(attachment, style)
        const { contentType, filename, inline } = servedAs(attachment, served)
        return presign(StorageKey.fileOf(attachment.storage_key, served), {
          contentType: contentTypeHeader(contentType),
          contentDisposition: contentDisposition(inline ? "inline" : "attachment", filename),
          cacheControl: `private, max-age=${Math.min(config.urlLifetimeSeconds, PresignedUrl.maxLifetimeSeconds)}`,
        })
      }

      const urlsOf = (attachment: AttachmentRow, requestOrigin: string) =>
        Effect.gen(function* () {
          const apiUrlOf = fileUrls(yield* signerOn(requestOrigin), attachment)
          const apiOriginal = new URL(apiUrlOf("original"))
          const original_path = `${apiOriginal.pathname}${apiOriginal.search}`
          const presign = Option.isSome(presigner) ? yield* presigner.value : undefined
          const urlOf =
            presign === undefined
              ? apiUrlOf
              : (style: StorageKey.Style) => presignedUrl(presign, attachment, style)
          const original_url = urlOf("original")
          if (attachment.image !== 1) return { original_url, style_url: {}, original_path } satisfies FileUrls
          return {
            original_url,
            style_url: { thumb: urlOf("thumb"), medium: urlOf("medium") },
            original_path,
          } satisfies FileUrls
        })

      const renditionSigner = (requestOrigin: string, images: ReadonlyArray<{ readonly id: number }>) =>
        Effect.gen(function* () {
          const addressesOf = yield* signerOn(requestOrigin)
          const apiUrls = (image: { readonly id: number }) => {
            const urlOf = fileUrls(addressesOf, image)
            return { thumb: urlOf("thumb"), medium: urlOf("medium") }
          }
          if (Option.isNone(presigner)) return apiUrls
          const presign = yield* presigner.value
          const rows = new Map<number, AttachmentRow>()
          for (let start = 0; start < images.length; start += lookupBatch) {
            const ids = images.slice(start, start + lookupBatch).map((image) => image.id)
            for (const row of yield* store.findMany(ids)) rows.set(row.id, row)
          }
          return (image: { readonly id: number }) => {
            const row = rows.get(image.id)
            // Removed since the list was read: the API's address answers 404 as the bucket's would.
            if (row === undefined) return apiUrls(image)
            return {
              thumb: presignedUrl(presign, row, "thumb"),
              medium: presignedUrl(presign, row, "medium"),
            }
          }
        })

      const makeRenditions = traced("Attachments.makeRenditions")(function* (id: number) {
        const attachment = yield* store.find(id)
        // Removed meanwhile, or not an image: nothing to make.
        if (attachment === undefined || attachment.image !== 1) return
        const type = renditionTypeOf(attachment.content_type)
        // The original is read from the store once, into a local file both renditions are made from.
        const original = yield* scratchFile
        yield* Effect.gen(function* () {
          const opened = yield* files.open(attachment.storage_key)
          // Removed meanwhile by the clean-up, after the row was read.
          if (opened === undefined) return
          yield* Effect.tryPromise(() => pipeline(opened.content, createWriteStream(original)))
          for (const [style, size] of Object.entries(renditions) as ReadonlyArray<
            [keyof typeof renditions, number]
          >) {
            // Made aside and put whole, so a reader never gets half a file; the aside is this
            // attempt's own, so two attempts at once (a lease that expired under a slow one) never
            // write into one file.
            const rendition = yield* scratchFile
            yield* Effect.tryPromise(() =>
              sharp(original)
                .rotate()
                .resize({ width: size, height: size, fit: "inside", withoutEnlargement: true })
                .toFormat(type === contentTypes.jpeg ? "jpeg" : "png")
                .toFile(rendition),
            ).pipe(
              Effect.andThen(files.put(StorageKey.fileOf(attachment.storage_key, style), rendition, type)),
              Effect.ensuring(discard(rendition)),
            )
          }
          yield* store.markRenditionsReady(id)
        }).pipe(Effect.ensuring(discard(original)))
      })

      const cleanup = Effect.gen(function* () {
        const now = yield* Clock.currentTimeMillis
        const before = new Date(now - Duration.toMillis(unusedRetention)).toISOString()
        let removed = 0
        for (;;) {
          const batch = yield* store.removeUnused(before, cleanupBatch)
          // The rows are gone first: a file without a row is only wasted space, never a broken link.
          yield* removeFiles(batch.map((attachment) => attachment.storage_key))
          removed += batch.length
          if (batch.length < cleanupBatch) break
        }
        if (removed > 0) yield* Effect.logInfo(`removed ${removed} unused attachments`)
        yield* authorizations.removeExpired(
          new Date(now - Duration.toMillis(authorizationGrace)).toISOString(),
        )
        return removed
      }).pipe(Effect.withSpan("Attachments.cleanup"))

      /** Files of `incoming` older than `before` (Unix milliseconds): left by a process that died. */
      const sweepIncoming = (before: number) =>
        Effect.gen(function* () {
          const names = yield* Effect.tryPromise(() => readdir(incoming)).pipe(
            Effect.catch(() => Effect.succeed([] as ReadonlyArray<string>)),
          )
          let removed = 0
          for (const name of names) {
            const path = join(incoming, name)
            const stats = yield* Effect.tryPromise(() => stat(path)).pipe(Effect.option)
            if (Option.isNone(stats) || !stats.value.isFile() || stats.value.mtimeMs >= before) continue
            yield* discard(path)
            removed++
          }
          return removed
        })

      const sweepOrphans = Effect.gen(function* () {
        const before = (yield* Clock.currentTimeMillis) - Duration.toMillis(orphanGrace)
        let removed = 0
        let cursor: string | undefined
        do {
          const page = yield* files.list(cursor)
          const old = page.files.flatMap((file) => {
            const parsed = file.modifiedAt < before ? StorageKey.parse(file.key) : undefined
            return parsed === undefined ? [] : [{ key: file.key, ...parsed }]
          })
          const named = [
            ...new Set(old.flatMap((file) => (file.style === undefined ? [] : [file.storageKey]))),
          ]
          const recorded = new Set<string>()
          for (let start = 0; start < named.length; start += lookupBatch) {
            for (const key of yield* store.existingStorageKeys(named.slice(start, start + lookupBatch)))
              recorded.add(key)
          }
          const orphans = old
            .filter((file) => file.style === undefined || !recorded.has(file.storageKey))
            .map((file) => file.key)
          if (orphans.length > 0) yield* files.remove(orphans)
          removed += orphans.length
          cursor = page.next
        } while (cursor !== undefined)
        removed += yield* sweepIncoming(before)
        if (removed > 0) yield* Effect.logInfo(`removed ${removed} files no attachment has`)
        return removed
      }).pipe(Effect.withSpan("Attachments.sweepOrphans"))

      const serve = traced("Attachments.serve")(function* (
        request: { readonly id: number; readonly style: StorageKey.Style },
        presented: { readonly expires: unknown; readonly signature: unknown },
      ) {
        const verdict = yield* SignedUrl.verify(secret, fileScope(request.id), presented)
        if (verdict === "expired") return yield* new Forbidden({ message: "the file address has expired" })
        if (verdict === "invalid")
          return yield* new Forbidden({ message: "the file address is not validly signed" })
        const attachment = yield* find(request.id)
        const style = styleServed(attachment, request.style)
        const opened = yield* files
          .open(StorageKey.fileOf(attachment.storage_key, style))
          .pipe(Effect.catch(storeDown))
        if (opened === undefined) return yield* new NotFound({ resource: "file" })
        return {
          content: opened.content,
          byteSize: opened.byteSize,
          ...servedAs(attachment, style),
          expires: Number(presented.expires),
        } satisfies ServedFile
      })

      yield* jobs.register(JobKinds.AttachmentRenditions, ({ attachment_id }) =>
        makeRenditions(attachment_id),
      )
      yield* jobs.register(JobKinds.AttachmentCleanup, () => cleanup)
      yield* jobs.schedule(JobKinds.AttachmentCleanup, {}, cleanupInterval)
      yield* jobs.register(JobKinds.AttachmentOrphanSweep, () => sweepOrphans)
      yield* jobs.schedule(JobKinds.AttachmentOrphanSweep, {}, orphanSweepInterval)

      return Attachments.of({
        upload,
        authorizeUpload,
        receiveAuthorizedUpload,
        createFromUpload,
        find,
        findMany: store.findMany,
        urlsOf,
        renditionSigner,
        contentTypesOf: (ids, usableBy) =>
          Effect.map(
            store.contentTypes(
              ids,
              usableBy === undefined ? undefined : { userId: usableBy.userId, reportId: usableBy.reportId },
            ),
            (rows) => new Map(rows.map((row) => [row.id, row.content_type])),
          ),
        markUsed: (ids) => Effect.map(store.markUsed(ids), (marked) => notIn(ids, marked)),
        claim: (ids) => Effect.map(store.claim(ids), (claimed) => notIn(ids, claimed)),
        release: (ids) =>
          Effect.flatMap(Clock.currentTimeMillis, (now) => store.release(ids, new Date(now).toISOString())),
        cleanup,
        sweepOrphans,
        serve,
      })
    }),
  )
}
