/**
 * `/api/v4/file_attachments` (docs/api.md, Attachments and files): `POST` takes a
 * `multipart/form-data` body with one `file` part, streamed to the attachment service as it
 * arrives, never buffered whole, or a JSON body naming the key of an authorized upload; `GET
 * …/upload_authorization` hands out the signed form of such an upload, which is posted to the
 * bucket or to `POST …/uploads` here, a form of text fields and then the file.
 */
import type { Readable } from "node:stream"
import { href } from "@fieldreport/contract/Api"
import type { attachments } from "@fieldreport/contract/endpoints/Attachments"
import { InvalidInput, MalformedRequest } from "@fieldreport/domain/Invalid"
import { FileAttachmentKey } from "@fieldreport/domain/UploadAuthorization"
import busboy from "busboy"
import { Effect } from "effect"
import type { Request } from "express"
import type { AppServices } from "../../AppLayer.ts"
import { AppConfig } from "../../Config.ts"
import { UnsupportedMediaType } from "../../Errors.ts"
import { attachmentBody } from "../../presentation/AttachmentView.ts"
import { Attachments } from "../../services/Attachments.ts"
import { Authentication } from "../../services/Authentication.ts"
import { maxFormFieldBytes } from "../BodyParsing.ts"
import type { GroupHandlers } from "../EndpointRouter.ts"
import { baseUrlOf, bodyOf, requestOrigin } from "../Request.ts"
import { json, type Route } from "../Route.ts"

interface FilePart {
  /** The text fields sent before the file, by their names in lower case. */
  readonly fields: ReadonlyMap<string, string>
  readonly filename: string
  readonly content: Readable
}

/**
 * The `file` part of a multipart body, as soon as its headers arrive, with the text fields before
 * it. Other parts are skipped; the parser stops passing file bytes one past `maxBytes`, so the
 * service sees the overflow without the rest being held anywhere.
 */
const filePart = (req: Request, maxBytes: number) =>
  Effect.gen(function* () {
    if (!req.is("multipart/form-data")) {
      return yield* new UnsupportedMediaType({ message: "uploads are multipart/form-data with a file part" })
    }
    const parser = yield* Effect.try({
      try: () =>
        busboy({
          headers: req.headers,
          defParamCharset: "utf8",
          limits: { files: 1, fileSize: maxBytes + 1, fields: 20, parts: 40, fieldSize: maxFormFieldBytes },
        }),
      catch: () => MalformedRequest.at("body", "is not valid multipart/form-data"),
    })
    return yield* Effect.callback<FilePart, MalformedRequest | InvalidInput>((resume) => {
      let file: Readable | undefined
      let textNamedFile = false
      const fields = new Map<string, string>()
      parser.on("file", (name, stream, info) => {
        // A part cut off mid-way is destroyed with an error. The service listens for errors on the
        // part it keeps once it starts writing; until then, and on every part it skips, the
        // stream keeps its error (`errored`) instead of throwing it for want of a listener.
        stream.on("error", () => {})
        if (name !== "file" || file !== undefined) {
          stream.resume()
          return
        }
        file = stream
        resume(Effect.succeed({ fields, filename: info.filename ?? "", content: stream }))
      })
      parser.on("field", (name, value) => {
        if (name === "file") textNamedFile = true
        // As S3 reads a form: fields after the file are not part of it, a repeated one is its last.
        else if (file === undefined) fields.set(name.toLowerCase(), value)
      })
      parser.on("error", (error: Error) => {
        // A form cut off inside the file part fails the form but leaves the part open: end the part
        // with the error, or the service would wait for the rest of it forever.
        if (file !== undefined) file.destroy(error)
        else resume(Effect.fail(MalformedRequest.at("body", "is not valid multipart/form-data")))
      })
      parser.on("close", () => {
        if (file === undefined)
          resume(
            Effect.fail(
              InvalidInput.at("file", textNamedFile ? "must be a file, not a text field" : "is required"),
            ),
          )
      })
      req.pipe(parser)
      return Effect.sync(() => {
        req.unpipe(parser)
        req.resume()
      })
    })
  })

/** The file attachment routes. */
export const attachmentRoutes = (route: Route<AppServices>): GroupHandlers<typeof attachments> => ({
  createFileAttachment: [
    route((req) =>
      Effect.gen(function* () {
        const auth = yield* Authentication
        const actor = yield* auth.authenticate(req.headers)
        const config = yield* AppConfig
        const attachments = yield* Attachments
        const row = req.is("application/json")
          ? yield* attachments.createFromUpload({
              userId: actor.user.id,
              key: (yield* bodyOf(req, "file_attachment", FileAttachmentKey)).key,
            })
          : yield* Effect.flatMap(filePart(req, config.uploadLimitBytes), (part) =>
              attachments.upload({ userId: actor.user.id, filename: part.filename, content: part.content }),
            )
        return json(attachmentBody(row, yield* attachments.urlsOf(row, requestOrigin(req))), 201)
      }),
    ),
  ],
  getUploadAuthorization: [
    route((req) =>
      Effect.gen(function* () {
        const auth = yield* Authentication
        const actor = yield* auth.authenticate(req.headers)
        const contentType = req.query.content_type
        if (typeof contentType !== "string")
          return yield* MalformedRequest.at("content_type", "is required, once")
        const authorization = yield* (yield* Attachments).authorizeUpload({
          userId: actor.user.id,
          contentType,
          uploadUrl: `${yield* baseUrlOf(req)}${href("uploadAuthorizedFile", {})}`,
        })
        return json({ upload_authorization: authorization })
      }),
    ),
  ],
  uploadAuthorizedFile: [
    route((req) =>
      Effect.gen(function* () {
        const config = yield* AppConfig
        const part = yield* filePart(req, config.uploadLimitBytes)
        yield* (yield* Attachments).receiveAuthorizedUpload(part)
        // Stored, with no body, as S3 answers when `success_action_status` is `201`.
        return { status: 201 }
      }),
    ),
  ],
})
