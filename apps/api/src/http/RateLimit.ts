/**
 * Request rate limits per client address and per token, each counted in a fixed window of a minute
 * from the client's first request: past either limit a client gets `429` with `Retry-After` and a
 * problem body. Every counted answer carries the IETF draft-7 headers of the limit that counted it
 * last, the token's when there is one: `RateLimit-Policy: 1200;w=60` and
 * `RateLimit: limit=1200, remaining=1187, reset=42` (seconds until the window ends).
 *
 * The counts are kept in this process's memory, a token's under a digest of the `Authorization`
 * header only. Once a minute, when a request comes, the windows that have ended are dropped.
 */
import { hash } from "node:crypto"
import type { RequestHandler } from "express"
import { TooManyRequests } from "../Errors.ts"
import { fromFailure } from "./Problem.ts"
import { sendProblem } from "./Route.ts"

const windowMs = 60_000

/** A client's requests in its window, and when the window ends (ms since the epoch). */
interface ClientWindow {
  count: number
  readonly endsAt: number
}

/** One limit and the windows of the clients it counts, by key. */
interface Counter {
  readonly limit: number
  /** The `RateLimit-Policy` header of the limit. */
  readonly policy: string
  /** Counts a request of the client of `key` at `now`, and answers its window. */
  readonly count: (key: string, now: number) => ClientWindow
}

const counter = (limit: number): Counter => {
  const windows = new Map<string, ClientWindow>()
  let sweepsAt = 0
  return {
    limit,
    policy: `${limit};w=${windowMs / 1000}`,
    count: (key, now) => {
      if (now >= sweepsAt) {
        for (const [client, window] of windows) if (window.endsAt <= now) windows.delete(client)
        sweepsAt = now + windowMs
      }
      let window = windows.get(key)
      if (window === undefined || window.endsAt <= now) {
        window = { count: 0, endsAt: now + windowMs }
        windows.set(key, window)
      }
      window.count++
      return window
    },
  }
}

/**
 * The rate limits middleware, with both limits per minute. A request is counted under its address
 * first; one within that limit and with an `Authorization` header is counted under its token too.
 *
 * @example
 * ```ts
 * app.use(rateLimits({ perToken: 1200, perAddress: 2400 }))
 * ```
 */
export const rateLimits = (limits: {
  readonly perToken: number
  readonly perAddress: number
}): RequestHandler => {
  const perAddress = counter(limits.perAddress)
  const perToken = counter(limits.perToken)
  return (req, res, next) => {
    const now = Date.now()
    let counted = perAddress
    let window = perAddress.count(req.ip ?? "unknown", now)
    const authorization = req.headers.authorization
    if (window.count <= perAddress.limit && authorization !== undefined) {
      counted = perToken
      window = perToken.count(hash("sha256", authorization, "base64url"), now)
    }
    const reset = Math.ceil((window.endsAt - now) / 1000)
    const remaining = Math.max(counted.limit - window.count, 0)
    res.setHeader("RateLimit-Policy", counted.policy)
    res.setHeader("RateLimit", `limit=${counted.limit}, remaining=${remaining}, reset=${reset}`)
    if (window.count <= counted.limit) return next()
    sendProblem(res, fromFailure(new TooManyRequests({ retryAfterSeconds: reset })))
  }
}
