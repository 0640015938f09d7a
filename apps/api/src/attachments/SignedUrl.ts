/**
 * Signed, expiring file addresses (api-decisions §5): `<path>?expires=<unix seconds>&signature=<mac>`,
 * the MAC an HMAC-SHA256 over the path and the expiry under a server secret. The address itself is
 * the credential, so an `<img src>` works without headers, and it stops working at its expiry.
 *
 * Time is read through `Clock`, so tests move it with `TestClock`.
 */
import { createHmac, timingSafeEqual } from "node:crypto"
import { Clock, Effect } from "effect"

/** The query parameters that make a path a signed address. */
export interface Signature {
  /** Unix time in seconds after which the address no longer works. */
  readonly expires: number
  readonly signature: string
}

/** What a presented address is worth. */
export type Verdict = "valid" | "expired" | "invalid"

/**
 * Expiries are rounded up to the minute, so the addresses of one file made within the same minute
 * are identical and a browser's cache serves them.
 */
const expiryGranularitySeconds = 60

const mac = (secret: string, path: string, expires: number): string =>
  createHmac("sha256", secret).update(`${path}\n${expires}`).digest("base64url")

/**
 * Signs a path for `lifetimeSeconds` from now (at least; see the rounding above).
 *
 * @example
 * ```ts
 * const { expires, signature } = yield* sign(secret, "/api/v4/files/15/thumb", 3600)
 * ```
 */
export const sign = (secret: string, path: string, lifetimeSeconds: number): Effect.Effect<Signature> =>
  Effect.map(Clock.currentTimeMillis, (now) => {
    const expires = expiryOf(now, lifetimeSeconds)
    return { expires, signature: mac(secret, path, expires) }
  })

const expiryOf = (nowMillis: number, lifetimeSeconds: number): number =>
  Math.ceil((nowMillis / 1000 + lifetimeSeconds) / expiryGranularitySeconds) * expiryGranularitySeconds

/**
 * A function signing absolute addresses of paths, all as of one reading of the clock: for lists of
 * thousands of addresses, which then cost their MACs and nothing else.
 *
 * @example
 * ```ts
 * const addressOf = yield* signer(secret, "https://reports.example.com", 3600)
 * const thumbs = ids.map((id) => addressOf(`/api/v4/files/${id}/thumb`))
 * ```
 */
export const signer = (
  secret: string,
  origin: string,
  lifetimeSeconds: number,
): Effect.Effect<(path: string) => string> =>
  Effect.map(Clock.currentTimeMillis, (now) => {
    const expires = expiryOf(now, lifetimeSeconds)
    return (path) => `${origin}${path}?expires=${expires}&signature=${mac(secret, path, expires)}`
  })

/**
 * The absolute signed address of a path.
 *
 * @example
 * ```ts
 * const url = yield* signedUrl(secret, "https://reports.example.com", "/api/v4/files/15/original", 3600)
 * // "https://reports.example.com/api/v4/files/15/original?expires=1795000000&signature=…"
 * ```
 */
export const signedUrl = (
  secret: string,
  origin: string,
  path: string,
  lifetimeSeconds: number,
): Effect.Effect<string> =>
  Effect.map(signer(secret, origin, lifetimeSeconds), (addressOf) => addressOf(path))

/**
 * Checks the `expires` and `signature` query parameters presented with a path. A wrong or missing
 * signature is `invalid` whatever the expiry; a right one past its expiry is `expired`.
 *
 * @example
 * ```ts
 * const verdict = yield* verify(secret, "/api/v4/files/15/thumb", { expires: "1795000000", signature: "…" })
 * ```
 */
export const verify = (
  secret: string,
  path: string,
  presented: { readonly expires: unknown; readonly signature: unknown },
): Effect.Effect<Verdict> =>
  Effect.map(Clock.currentTimeMillis, (now): Verdict => {
    const { expires, signature } = presented
    if (typeof expires !== "string" || !/^\d{1,12}$/.test(expires) || typeof signature !== "string") {
      return "invalid"
    }
    const expected = Buffer.from(mac(secret, path, Number(expires)))
    const given = Buffer.from(signature)
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid"
    return Number(expires) * 1000 <= now ? "expired" : "valid"
  })
