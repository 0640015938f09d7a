/**
 * `GET /api/v4/files/{id}/{style}?expires=…&signature=…`: the bytes of an attachment (`original`)
 * or of an image's rendition (`thumb`, `medium`), streamed from the file store. The signed address
 * is the credential, so an `<img src>` works without headers, also in pages of other origins that
 * embed the admin elements.
 */

import type { files } from "@fieldreport/contract/endpoints/Files"
import { Clock, Effect } from "effect"
import type { Response } from "express"
import type { AppServices } from "../../AppLayer.ts"
import { contentDisposition, contentTypeHeader } from "../../attachments/ContentDisposition.ts"
import { isStyle } from "../../attachments/StorageKey.ts"
import { NotFound } from "../../Errors.ts"
import { Attachments, type ServedFile } from "../../services/Attachments.ts"
import type { GroupHandlers } from "../EndpointRouter.ts"
import type { Reply, Route } from "../Route.ts"

/**
 * Sends the file itself: the route adapter answers JSON only, so the reply is written here and the
 * adapter, seeing the headers sent, adds nothing.
 */
const sendFile = (res: Response, method: string, file: ServedFile): Effect.Effect<void> =>
  Effect.gen(function* () {
    const now = yield* Clock.currentTimeMillis
    const headers: Record<string, string> = {
      "Content-Type": contentTypeHeader(file.contentType),
      "Content-Length": String(file.byteSize),
      "Content-Disposition": contentDisposition(file.inline ? "inline" : "attachment", file.filename),
      "X-Content-Type-Options": "nosniff",
      // The address is the credential and expires: cache it privately until then, never longer.
      "Cache-Control": `private, max-age=${Math.max(0, Math.floor(file.expires - now / 1000))}`,
      // Helmet's default (same-origin) would hide images from the pages that embed the admin.
      "Cross-Origin-Resource-Policy": "cross-origin",
    }
    yield* Effect.callback<void>((resume) => {
      const { content } = file
      res.status(200)
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
      // Once bytes are on their way, only cutting the connection tells the client that the file
      // is incomplete (the store went away mid-way).
      content.once("error", () => res.destroy())
      res.once("close", () => {
        content.destroy()
        resume(Effect.void)
      })
      if (method === "HEAD") {
        content.destroy()
        res.end()
      } else {
        content.pipe(res)
      }
      return Effect.sync(() => content.destroy())
    })
  })

/** Answered after the file was sent; never written, since the headers are out. */
const sent: Reply = { status: 200 }

/** The file routes. */
export const fileRoutes = (route: Route<AppServices>): GroupHandlers<typeof files> => ({
  getFile: [
    route((req) =>
      Effect.gen(function* () {
        const { id, style } = req.params
        if (
          typeof id !== "string" ||
          typeof style !== "string" ||
          !/^\d{1,15}$/.test(id) ||
          !isStyle(style)
        ) {
          return yield* new NotFound({ resource: "file" })
        }
        const attachments = yield* Attachments
        const file = yield* attachments.serve(
          { id: Number(id), style },
          { expires: req.query.expires, signature: req.query.signature },
        )
        const res = req.res
        if (res === undefined) return yield* Effect.die("the request has no response")
        yield* sendFile(res, req.method, file)
        return sent
      }),
    ),
  ],
})
