/**
 * Files sent from behind signed, expiring addresses (attachments, export files): streamed from the
 * file store with the headers such an address needs. The address is the credential, so the answer
 * is cached privately until it expires, never longer, and other origins may use it.
 */
import { Clock, Effect } from "effect"
import type { Response } from "express"
import { contentDisposition, contentTypeHeader } from "../attachments/ContentDisposition.ts"
import type { ServedFile } from "../services/Attachments.ts"
import type { Reply } from "./Route.ts"

/**
 * Sends the file itself: the route adapter answers JSON only, so the reply is written here and the
 * adapter, seeing the headers sent, adds nothing.
 *
 * @example
 * ```ts
 * yield* sendFile(res, req.method, yield* attachments.serve(request, presented))
 * return sent
 * ```
 */
export const sendFile = (res: Response, method: string, file: ServedFile): Effect.Effect<void> =>
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
export const sent: Reply = { status: 200 }
