/**
 * A request id for every request and one JSON log line when the response is finished. The
 * client's `X-Request-Id` is taken only when it is a plain token (`saneId`): it is echoed in a
 * header, written to the log and stored with audit events, so nothing else a client sends may
 * reach them that way (line breaks forging log lines, markup, megabytes).
 */
import { randomUUID } from "node:crypto"
import type { RequestHandler } from "express"
import type { Logger } from "pino"

/**
 * A request id the service takes from a client: 1 to 64 letters, digits, `.`, `_` and `-` (UUIDs,
 * ULIDs and the ids proxies make all fit); otherwise the service makes its own, a UUID.
 *
 * @example
 * ```ts
 * saneId.test("3ffeef7c-0f73-4e82-b39e-5a55cce0daef") // true
 * ```
 */
export const saneId = /^[A-Za-z0-9._-]{1,64}$/

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
