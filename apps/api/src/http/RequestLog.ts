/**
 * A request id for every request and, when the response is finished, one listener that writes a
 * JSON log line and hands the request's duration to the metrics. The client's `X-Request-Id` is
 * taken only when it is a plain token (`saneId`): it is echoed in a header, written to the log and
 * stored with audit events, so nothing else a client sends may reach them that way (line breaks
 * forging log lines, markup, megabytes).
 */
import { randomUUID } from "node:crypto"
import type { Request, RequestHandler, Response } from "express"
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
 * The request id and log middleware; `observe` is given every finished request and its duration.
 *
 * @example
 * ```ts
 * app.use(requestLog(logger, metrics.observe))
 * ```
 */
export const requestLog =
  (logger: Logger, observe: (req: Request, res: Response, seconds: number) => void): RequestHandler =>
  (req, res, next) => {
    const given = req.headers["x-request-id"]
    req.id = typeof given === "string" && saneId.test(given) ? given : randomUUID()
    res.setHeader("X-Request-Id", req.id)
    const started = performance.now()
    res.on("finish", () => {
      const ms = performance.now() - started
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
      observe(req, res, ms / 1000)
    })
    next()
  }
