/**
 * Request rate limits per token and per client address: past the limit a client gets `429` with
 * `Retry-After` and a problem body.
 */
import { hash } from "node:crypto"
import type { Request, RequestHandler } from "express"
import { rateLimit } from "express-rate-limit"
import { TooManyRequests } from "../Errors.ts"
import { fromFailure } from "./Problem.ts"
import { sendProblem } from "./Route.ts"

const windowMs = 60_000

const limiter = (limit: number, key: (req: Request) => string | undefined): RequestHandler =>
  rateLimit({
    windowMs,
    limit,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    skip: (req) => key(req) === undefined,
    keyGenerator: (req) => key(req) ?? "",
    handler: (req, res) => {
      const resetTime = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime
      const seconds =
        resetTime === undefined ? windowMs / 1000 : Math.max(1, (resetTime.getTime() - Date.now()) / 1000)
      sendProblem(res, fromFailure(new TooManyRequests({ retryAfterSeconds: seconds })))
    },
  })

// Only a digest of the credentials is kept in the limiter's memory.
const tokenKey = (req: Request): string | undefined => {
  const header = req.headers.authorization
  return header === undefined ? undefined : hash("sha256", header, "base64url")
}

/**
 * The two limiters, per minute.
 *
 * @example
 * ```ts
 * app.use(rateLimits({ perToken: 1200, perAddress: 2400 }))
 * ```
 */
export const rateLimits = (limits: {
  readonly perToken: number
  readonly perAddress: number
}): ReadonlyArray<RequestHandler> => [
  limiter(limits.perAddress, (req) => req.ip ?? "unknown"),
  limiter(limits.perToken, tokenKey),
]
