/**
 * `GET /api/v4/files/{id}/{style}?expires=…&signature=…`: the bytes of an attachment (`original`)
 * or of an image's rendition (`thumb`, `medium`). The signed address is the credential, so an
 * `<img src>` works without headers, also in pages of other origins that embed the admin elements.
 */
import { createReadStream } from "node:fs"
import { Clock, Effect } from "effect"
import { type Response, Router } from "express"
import type { AppServices } from "../../AppLayer.ts"
import { NotFound } from "../../Errors.ts"
import { Attachments, isStyle, type ServedFile } from "../../services/Attachments.ts"
import type { Reply, Route } from "../Route.ts"

/**
 * A `Content-Disposition` value: `inline` or `attachment`, with an ASCII fallback name and the
 * exact name in RFC 5987 form, so no client sees a quote, a path or a control character.
 *
 * @example
 * ```ts
 * contentDisposition("attachment", "ölkarte \"neu\".pdf")
 * // attachment; filename="_lkarte _neu_.pdf"; filename*=UTF-8''%C3%B6lkarte%20%22neu%22.pdf
 * ```
 */
const contentDisposition = (kind: "inline" | "attachment", filename: string): string => {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\/%]/g, "_")
  const exact = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${exact}`
}

const textTypes: ReadonlySet<string> = new Set(["text/plain", "text/csv"])

/**
 * Sends the file itself: the route adapter answers JSON only, so the reply is written here and the
 * adapter, seeing the headers sent, adds nothing.
 */
const sendFile = (res: Response, method: string, file: ServedFile): Effect.Effect<void, NotFound> =>
  Effect.gen(function* () {
    const now = yield* Clock.currentTimeMillis
    const headers: Record<string, string> = {
      "Content-Type": textTypes.has(file.contentType)
        ? `${file.contentType}; charset=utf-8`
        : file.contentType,
      "Content-Length": String(file.byteSize),
      "Content-Disposition": contentDisposition(file.inline ? "inline" : "attachment", file.filename),
      "X-Content-Type-Options": "nosniff",
      // The address is the credential and expires: cache it privately until then, never longer.
      "Cache-Control": `private, max-age=${Math.max(0, Math.floor(file.expires - now / 1000))}`,
      // Helmet's default (same-origin) would hide images from the pages that embed the admin.
      "Cross-Origin-Resource-Policy": "cross-origin",
    }
    yield* Effect.callback<void, NotFound>((resume) => {
      const stream = createReadStream(file.path)
      stream.once("open", () => {
        res.status(200)
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
        if (method === "HEAD") {
          stream.destroy()
          res.end()
        } else {
          stream.pipe(res)
        }
      })
      stream.once("error", () => {
        // Removed between the lookup and the read; once bytes are on their way, only cutting the
        // connection tells the client the file is incomplete.
        if (!res.headersSent) return resume(Effect.fail(new NotFound({ resource: "file" })))
        res.destroy()
        resume(Effect.void)
      })
      res.once("close", () => {
        stream.destroy()
        resume(Effect.void)
      })
      return Effect.sync(() => stream.destroy())
    })
  })

/** Answered after the file was sent; never written, since the headers are out. */
const sent: Reply = { status: 200 }

/** The file routes. */
export const fileRoutes = (route: Route<AppServices>): Router => {
  const router = Router()
  router.get(
    "/api/v4/files/:id/:style",
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
  )
  return router
}
