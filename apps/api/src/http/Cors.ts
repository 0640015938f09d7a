/**
 * Cross-origin use of the API by admin elements embedded in other sites' pages: only the origins
 * named in `FIELDREPORT_CORS_ORIGINS` are allowed. A page may send `If-Match` and read `ETag`, so
 * that one that edits a report or a task it read earlier is told when it changed since.
 */
import type { RequestHandler } from "express"

const allowedHeaders = "Authorization, Content-Type, Range, If-Match, X-AppId, X-TeamId"
const exposedHeaders = "Content-Range, Accept-Ranges, ETag, Location, Retry-After, X-Ignored-Fields"
const allowedMethods = "GET, POST, PUT, PATCH, DELETE, OPTIONS"

/**
 * CORS middleware for a list of origins (`*` allows any).
 *
 * @example
 * ```ts
 * app.use(cors(["https://intranet.example.com"]))
 * ```
 */
export const cors =
  (origins: ReadonlyArray<string>): RequestHandler =>
  (req, res, next) => {
    const origin = req.headers.origin
    const allowed = origin !== undefined && (origins.includes(origin) || origins.includes("*"))
    if (allowed) {
      res.setHeader("Access-Control-Allow-Origin", origin)
      res.setHeader("Vary", "Origin")
      res.setHeader("Access-Control-Expose-Headers", exposedHeaders)
    }
    if (req.method === "OPTIONS" && req.headers["access-control-request-method"] !== undefined) {
      if (allowed) {
        res.setHeader("Access-Control-Allow-Methods", allowedMethods)
        res.setHeader("Access-Control-Allow-Headers", allowedHeaders)
        res.setHeader("Access-Control-Max-Age", "600")
      }
      res.status(204).end()
      return
    }
    next()
  }
