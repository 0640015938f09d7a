/**
 * `POST /api/v4/file_attachments` (docs/api.md, Attachments and files): a `multipart/form-data`
 * body with one `file` part, streamed to the attachment service as it arrives, never buffered
 * whole.
 */
import type { Readable } from "node:stream"
import type { attachments } from "@fieldreport/contract/endpoints/Attachments"
import { InvalidInput, MalformedRequest } from "@fieldreport/domain/Invalid"
import busboy from "busboy"
import { Effect } from "effect"
import type { Request } from "express"
import type { AppServices } from "../../AppLayer.ts"
import { AppConfig } from "../../Config.ts"
import { UnsupportedMediaType } from "../../Errors.ts"
import { attachmentBody } from "../../presentation/AttachmentView.ts"
import { Attachments } from "../../services/Attachments.ts"
import { Authentication } from "../../services/Authentication.ts"
import type { GroupHandlers } from "../EndpointRouter.ts"
import { requestOrigin } from "../Request.ts"
import { json, type Route } from "../Route.ts"

interface FilePart {
  readonly filename: string
  readonly content: Readable
}

/**
 * The `file` part of a multipart body, as soon as its headers arrive. Other parts are skipped;
 * the parser stops passing file bytes one past `maxBytes`, so the service sees the overflow
 * without the rest being held anywhere.
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
          limits: { files: 1, fileSize: maxBytes + 1, fields: 20, parts: 40, fieldSize: 64 * 1024 },
        }),
      catch: () => MalformedRequest.at("body", "is not valid multipart/form-data"),
    })
    return yield* Effect.callback<FilePart, MalformedRequest | InvalidInput>((resume) => {
      let file: Readable | undefined
      let textNamedFile = false
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
        resume(Effect.succeed({ filename: info.filename ?? "", content: stream }))
      })
      parser.on("field", (name) => {
        if (name === "file") textNamedFile = true
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
        const part = yield* filePart(req, config.uploadLimitBytes)
        const row = yield* attachments.upload({
          userId: actor.user.id,
          filename: part.filename,
          content: part.content,
        })
        return json(attachmentBody(row, yield* attachments.urlsOf(row, requestOrigin(req))), 201)
      }),
    ),
  ],
})
