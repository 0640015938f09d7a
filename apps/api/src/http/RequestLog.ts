/**
 * A request id for every request (the client's `X-Request-Id` when sane) and one JSON log line
 * when the response is finished.
 */
import { randomUUID } from "node:crypto"
import type { RequestHandler } from "express"
import type { Logger } from "pino"

const saneId = /^[A-Za-z0-9._-]{1,128}$/

/**
 * The request id and log middleware.
 *
 * @example
 * ```ts
 * app.use(requestLog(logger))
 * ```
 */
export const requestLog =
  (logger: Logger): RequestHandler =>
  (req, res, next) => {
    const given = req.headers["x-request-id"]
    req.id = typeof given === "string" && saneId.test(given) ? given : randomUUID()
    res.setHeader("X-Request-Id", req.id)
    const started = process.hrtime.bigint()
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6
      logger.info(
        {
          requestId: req.id,
          method: req.method,
          path: req.path,
          status: res.statusCode,
          ms: Math.round(ms * 10) / 10,
        },
        "request",
      )
    })
    next()
  }
