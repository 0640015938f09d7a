/**
 * File attachments (api-decisions §5): uploads stored on the local disk under
 * `<dataDir>/uploads/` by a random key, typed by their bytes, with `thumb` (150 px) and `medium`
 * (600 px) renditions of images made by a background job, served at signed, expiring addresses,
 * and removed when no report (nor picture, nor logo) uses them within 24 hours.
 *
 * Reports name attachments by id: the report use cases ask `contentTypesOf` for the form rules,
 * then `markUsed` and `release` as answers start and stop naming them, in their transaction.
 */
import { randomBytes } from "node:crypto"
import { createWriteStream } from "node:fs"
import { mkdir, open, rename, rm, stat } from "node:fs/promises"
import { dirname, join } from "node:path"
import type { Readable } from "node:stream"
import type { Attachment, StyleUrl } from "@fieldreport/domain/Attachment"
import { InvalidInput, MalformedRequest } from "@fieldreport/domain/Invalid"
import { Clock, Context, Duration, Effect, Layer, Option, Schema } from "effect"
import sharp from "sharp"
import { type ByteSource, contentTypes, isImage, sniff } from "../attachments/ContentSniffer.ts"
import * as SignedUrl from "../attachments/SignedUrl.ts"
import { AppConfig } from "../Config.ts"
import { Forbidden, NotFound, PayloadTooLarge, UnsupportedMediaType } from "../Errors.ts"
import { JobRunner, jobKind, type RunningJob } from "../jobs/JobRunner.ts"
import { type AttachmentRow, AttachmentStore } from "../store/AttachmentStore.ts"
import * as Transaction from "../store/Transaction.ts"

/** The sizes of an image's renditions: each fits in a square of this many pixels. */
const renditions = { thumb: 150, medium: 600 } as const

/** What a file address may name: the upload itself or one of its renditions. */
export type Style = "original" | keyof typeof renditions

/** Whether a path segment names a style. */
export const isStyle = (value: string): value is Style => value === "original" || value in renditions

/** An upload arriving: the client's filename and the bytes, streamed. */
export interface Upload {
  readonly userId: number
  readonly filename: string
  readonly content: Readable
}

/** A file ready to be sent for a signed address. */
export interface ServedFile {
  readonly path: string
  readonly byteSize: number
  readonly contentType: string
  /** The name offered to the browser. */
  readonly filename: string
  /** Images are shown in the page; other files are downloaded. */
  readonly inline: boolean
  /** Unix seconds at which the address expires: how long it may be cached. */
  readonly expires: number
}

/** Who may name attachments in a report's answers: see `contentTypesOf`. */
export interface UsableBy {
  readonly userId: number
  /** The report being updated, whose attachments stay usable; absent on create. */
  readonly reportId?: number
}

/** Renditions of an image, made in the background after its upload. */
export const RenditionsJob = jobKind("attachment.renditions", Schema.Struct({ attachment_id: Schema.Int }))

/** Removes attachments nothing uses; recurs every hour. */
export const CleanupJob = jobKind("attachment.cleanup", Schema.Struct({}))

/** How long an upload may wait for a report to use it. */
const unusedRetention = Duration.hours(24)
const cleanupInterval = Duration.hours(1)
const cleanupBatch = 200
const urlSecretSetting = "attachment_url_secret"

/** Those of `ids` missing from `found`. */
const notIn = (ids: ReadonlyArray<number>, found: ReadonlyArray<number>): ReadonlyArray<number> => {
  const present = new Set(found)
  return ids.filter((id) => !present.has(id))
}

/** The path a file's addresses are signed under: one signature for all its renditions. */
const fileScope = (id: number): string => `/api/v4/files/${id}`

/** Renditions of jpeg stay jpeg; of png and gif (the first frame) are png. */
const renditionTypeOf = (contentType: string): string =>
  contentType === contentTypes.jpeg ? contentTypes.jpeg : contentTypes.png

const extensionOf: Readonly<Record<string, string>> = {
  [contentTypes.jpeg]: "jpg",
  [contentTypes.png]: "png",
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
     * renditions job. Nothing stays on disk when it fails.
     */
    readonly upload: (
      upload: Upload,
    ) => Effect.Effect<
      AttachmentRow,
      PayloadTooLarge | UnsupportedMediaType | InvalidInput | MalformedRequest
    >
    readonly find: (id: number) => Effect.Effect<AttachmentRow, NotFound>
    /** The attachments of `ids` that exist, by id. */
    readonly findMany: (ids: ReadonlyArray<number>) => Effect.Effect<ReadonlyArray<AttachmentRow>>
    /**
     * Signed addresses of an attachment and of its renditions (none for other files), absolute
     * on the configured public URL, else on `requestOrigin` (`https://host`).
     */
    readonly urlsOf: (
      attachment: AttachmentRow,
      requestOrigin: string,
    ) => Effect.Effect<{ readonly original_url: string; readonly style_url: StyleUrl }>
    /**
     * A function giving the signed addresses of an image's two renditions only, on the same origin
     * as `urlsOf`, all signed as of one instant: for lists of thousands of images that show the
     * renditions (`reports_images`), where signing the original too would cost a third more, and
     * an effect per address more than the signatures.
     */
    readonly renditionSigner: (
      requestOrigin: string,
    ) => Effect.Effect<
      (image: { readonly id: number }) => { readonly thumb: string; readonly medium: string }
    >
    /** The attachment record of the API: `{id, original_url, filename, content_type, byte_size, style_url}`. */
    readonly recordOf: (attachment: AttachmentRow, requestOrigin: string) => Effect.Effect<Attachment>
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
    /** Removes the attachments (rows and files) nothing has used for 24 hours; answers how many. */
    readonly cleanup: Effect.Effect<number>
    /**
     * The file a signed address names: `403` for a wrong or expired signature, `404` for an
     * unknown attachment. A rendition not made yet is answered with the original.
     */
    readonly serve: (
      request: { readonly id: number; readonly style: Style },
      presented: { readonly expires: unknown; readonly signature: unknown },
    ) => Effect.Effect<ServedFile, Forbidden | NotFound>
  }
>()("api/services/Attachments") {
  static readonly layer = Layer.effect(
    Attachments,
    Effect.gen(function* () {
      const config = yield* AppConfig
      const store = yield* AttachmentStore
      const jobs = yield* JobRunner
      const inTransaction = yield* Transaction.runner
      const uploads = join(config.dataDir, "uploads")
      const secret = yield* store.setting(urlSecretSetting, randomBytes(32).toString("base64url"))

      const pathOf = (key: string, style: Style = "original") =>
        join(uploads, style === "original" ? key : `${key}.${style}`)
      // A file that cannot be removed is wasted space, not a reason to fail the request or job.
      const removeFiles = (key: string) =>
        Effect.forEach(
          ["original", "thumb", "medium"] as const,
          (style) =>
            Effect.tryPromise(() => rm(pathOf(key, style), { force: true })).pipe(
              Effect.catch((error) =>
                Effect.logWarning(`could not remove an attachment file of ${key}`, error),
              ),
            ),
          { discard: true },
        )

      /** Streams the content to `path`, counting: past the limit it stops writing and fails. */
      const write = (content: Readable, path: string) =>
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
            if (size > config.uploadLimitBytes) {
              settle(
                Effect.fail(
                  new PayloadTooLarge({ message: `file: is larger than ${config.uploadLimitBytes} bytes` }),
                ),
              )
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

      /** Reads the stored file through a handle, for the sniffer. */
      const sniffStored = (path: string, size: number, filename: string) =>
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

      const upload = Effect.fn("Attachments.upload")(function* ({ userId, filename, content }: Upload) {
        const key = randomBytes(16).toString("hex")
        const storageKey = `${key.slice(0, 2)}/${key}`
        const path = pathOf(storageKey)
        return yield* Effect.gen(function* () {
          yield* Effect.promise(() => mkdir(dirname(path), { recursive: true }))
          const size = yield* write(content, path)
          if (size === 0) return yield* InvalidInput.at("file", "is empty")
          const cleanName = cleanFilename(filename)
          const contentType = yield* sniffStored(path, size, cleanName)
          if (contentType === undefined) {
            return yield* new UnsupportedMediaType({
              message: "file: is not an image (png, jpeg, gif), PDF, text, office or iWork document",
            })
          }
          const image = isImage(contentType)
          if (image) {
            // The magic number alone does not make an image that renditions can be made of.
            yield* Effect.tryPromise({
              try: () => sharp(path).metadata(),
              catch: () => InvalidInput.at("file", "is not a readable image"),
            })
          }
          const created_at = new Date(yield* Clock.currentTimeMillis).toISOString()
          return yield* inTransaction(
            Effect.gen(function* () {
              const row = yield* store.insert({
                user_id: userId,
                filename: cleanName,
                content_type: contentType,
                byte_size: size,
                storage_key: storageKey,
                image,
                created_at,
              })
              if (image) yield* jobs.enqueue(RenditionsJob, { attachment_id: row.id })
              return row
            }),
          )
        }).pipe(Effect.onError(() => removeFiles(storageKey)))
      })

      const find = (id: number) =>
        Effect.flatMap(store.find(id), (row) =>
          row === undefined ? Effect.fail(new NotFound({ resource: "attachment" })) : Effect.succeed(row),
        )

      /** Signs addresses on the public URL, else on the request's origin. */
      const signerOn = (requestOrigin: string) =>
        SignedUrl.signer(
          secret,
          Option.getOrElse(config.publicUrl, () => requestOrigin),
          config.urlLifetimeSeconds,
        )
      /** The addresses of a file's renditions, all under one signature. */
      const fileUrls = (
        addressesOf: (scope: string) => (name: string) => string,
        attachment: { readonly id: number },
      ) => addressesOf(fileScope(attachment.id))
      const renditionSigner = (requestOrigin: string) =>
        Effect.map(signerOn(requestOrigin), (addressesOf) => (image: { readonly id: number }) => {
          const urlOf = fileUrls(addressesOf, image)
          return { thumb: urlOf("thumb"), medium: urlOf("medium") }
        })
      const urlsOf = (attachment: AttachmentRow, requestOrigin: string) =>
        Effect.map(signerOn(requestOrigin), (addressesOf) => {
          const urlOf = fileUrls(addressesOf, attachment)
          const original_url = urlOf("original")
          if (attachment.image !== 1) return { original_url, style_url: {} }
          return { original_url, style_url: { thumb: urlOf("thumb"), medium: urlOf("medium") } }
        })

      const makeRenditions = Effect.fn("Attachments.makeRenditions")(function* (id: number, job: RunningJob) {
        const attachment = yield* store.find(id)
        // Removed meanwhile, or not an image: nothing to make.
        if (attachment === undefined || attachment.image !== 1) return
        const type = renditionTypeOf(attachment.content_type)
        for (const [style, size] of Object.entries(renditions) as ReadonlyArray<
          [keyof typeof renditions, number]
        >) {
          const target = pathOf(attachment.storage_key, style)
          // Written aside and renamed, so a reader never gets half a file; the aside is the
          // attempt's own, so two attempts at once (a lease that expired under a slow one) never
          // write into one file.
          const partialOf = (attempt: number) => `${target}.${job.id}-${attempt}.partial`
          const partial = partialOf(job.attempt)
          // Those of earlier attempts were left by a worker that died, or belong to one whose lease
          // expired and whose result no longer counts (its rename then fails).
          for (let earlier = 1; earlier < job.attempt; earlier++)
            yield* Effect.promise(() => rm(partialOf(earlier), { force: true }))
          yield* Effect.tryPromise(() =>
            sharp(pathOf(attachment.storage_key))
              .rotate()
              .resize({ width: size, height: size, fit: "inside", withoutEnlargement: true })
              .toFormat(type === contentTypes.jpeg ? "jpeg" : "png")
              .toFile(partial)
              .then(() => rename(partial, target)),
          ).pipe(Effect.onError(() => Effect.promise(() => rm(partial, { force: true }))))
        }
        yield* store.markRenditionsReady(id)
      })

      const cleanup = Effect.gen(function* () {
        const now = yield* Clock.currentTimeMillis
        const before = new Date(now - Duration.toMillis(unusedRetention)).toISOString()
        let removed = 0
        for (;;) {
          const batch = yield* store.removeUnused(before, cleanupBatch)
          // The rows are gone first: a file without a row is only wasted space, never a broken link.
          yield* Effect.forEach(batch, (attachment) => removeFiles(attachment.storage_key), { discard: true })
          removed += batch.length
          if (batch.length < cleanupBatch) break
        }
        if (removed > 0) yield* Effect.logInfo(`removed ${removed} unused attachments`)
        return removed
      }).pipe(Effect.withSpan("Attachments.cleanup"))

      const serve = Effect.fn("Attachments.serve")(function* (
        request: { readonly id: number; readonly style: Style },
        presented: { readonly expires: unknown; readonly signature: unknown },
      ) {
        const verdict = yield* SignedUrl.verify(secret, fileScope(request.id), presented)
        if (verdict === "expired") return yield* new Forbidden({ message: "the file address has expired" })
        if (verdict === "invalid")
          return yield* new Forbidden({ message: "the file address is not validly signed" })
        const attachment = yield* find(request.id)
        const rendition =
          request.style !== "original" && attachment.image === 1 && attachment.renditions_ready === 1
        const style = rendition ? request.style : "original"
        const path = pathOf(attachment.storage_key, style)
        const stats = yield* Effect.tryPromise({
          try: () => stat(path),
          catch: () => new NotFound({ resource: "file" }),
        })
        const contentType = rendition ? renditionTypeOf(attachment.content_type) : attachment.content_type
        const stem = attachment.filename.replace(/\.[^.]*$/, "")
        return {
          path,
          byteSize: stats.size,
          contentType,
          filename: rendition ? `${stem}-${style}.${extensionOf[contentType] ?? "png"}` : attachment.filename,
          inline: attachment.image === 1,
          expires: Number(presented.expires),
        } satisfies ServedFile
      })

      yield* jobs.register(RenditionsJob, ({ attachment_id }, job) => makeRenditions(attachment_id, job))
      yield* jobs.register(CleanupJob, () => cleanup)
      yield* jobs.schedule(CleanupJob, {}, cleanupInterval)

      return Attachments.of({
        upload,
        find,
        findMany: store.findMany,
        urlsOf,
        renditionSigner,
        recordOf: (attachment, requestOrigin) =>
          Effect.map(urlsOf(attachment, requestOrigin), (urls) => ({
            id: attachment.id,
            original_url: urls.original_url,
            filename: attachment.filename,
            content_type: attachment.content_type,
            byte_size: attachment.byte_size,
            style_url: urls.style_url,
          })),
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
        serve,
      })
    }),
  )
}
