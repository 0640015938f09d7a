/**
 * Signed, expiring file addresses (docs/api.md, Attachments and files):
 * `<scope>/<name>?expires=<unix seconds>&signature=<mac>`, the MAC a SHA-512/256 over a server
 * secret, the scope and the expiry. A scope is one file's path (`/api/v4/files/15`) and its names
 * the file's renditions, so the addresses of a file's original, thumbnail and medium image share
 * one signature: whoever may see one of them may see the report and with it all three. The address
 * itself is the credential, so an `<img src>` works without headers, and it stops working at its
 * expiry.
 *
 * SHA-512/256 is SHA-512 cut to 256 bits, so unlike SHA-256 it gives away no state to extend a
 * message with: the secret as a prefix is a sound MAC, at one hash per file where HMAC takes two
 * per address and an object each (`docs/benchmarks.md`).
 *
 * Time is read through `Clock`, so tests move it with `TestClock`.
 */
import { hash, timingSafeEqual } from "node:crypto"
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

// Neither the secret (base64url) nor a scope holds a line break, so the three parts never run together.
const mac = (secret: string, scope: string, expires: number): string =>
  hash("sha512-256", `${secret}\n${scope}\n${expires}`, "base64url")

/**
 * Signs a scope for `lifetimeSeconds` from now (at least; see the rounding above).
 *
 * @example
 * ```ts
 * const { expires, signature } = yield* sign(secret, "/api/v4/files/15", 3600)
 * ```
 */
export const sign = (secret: string, scope: string, lifetimeSeconds: number): Effect.Effect<Signature> =>
  Effect.map(Clock.currentTimeMillis, (now) => {
    const expires = expiryOf(now, lifetimeSeconds)
    return { expires, signature: mac(secret, scope, expires) }
  })

const expiryOf = (nowMillis: number, lifetimeSeconds: number): number =>
  Math.ceil((nowMillis / 1000 + lifetimeSeconds) / expiryGranularitySeconds) * expiryGranularitySeconds

/**
 * A function signing scopes as of one reading of the clock, for lists of thousands of files: each
 * scope costs one MAC, and gives the absolute addresses of its names.
 *
 * @example
 * ```ts
 * const addressesOf = yield* signer(secret, "https://reports.example.com", 3600)
 * const thumbs = ids.map((id) => addressesOf(`/api/v4/files/${id}`)("thumb"))
 * ```
 */
export const signer = (
  secret: string,
  origin: string,
  lifetimeSeconds: number,
): Effect.Effect<(scope: string) => (name: string) => string> =>
  Effect.map(Clock.currentTimeMillis, (now) => {
    const expires = expiryOf(now, lifetimeSeconds)
    return (scope) => {
      const query = `?expires=${expires}&signature=${mac(secret, scope, expires)}`
      return (name) => `${origin}${scope}/${name}${query}`
    }
  })

/**
 * Checks the `expires` and `signature` query parameters presented with an address of a scope. A
 * wrong or missing signature is `invalid` whatever the expiry; a right one past its expiry is `expired`.
 *
 * @example
 * ```ts
 * const verdict = yield* verify(secret, "/api/v4/files/15", { expires: "1795000000", signature: "…" })
 * ```
 */
export const verify = (
  secret: string,
  scope: string,
  presented: { readonly expires: unknown; readonly signature: unknown },
): Effect.Effect<Verdict> =>
  Effect.map(Clock.currentTimeMillis, (now): Verdict => {
    const { expires, signature } = presented
    if (typeof expires !== "string" || !/^\d{1,12}$/.test(expires) || typeof signature !== "string") {
      return "invalid"
    }
    const expected = Buffer.from(mac(secret, scope, Number(expires)))
    const given = Buffer.from(signature)
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid"
    return Number(expires) * 1000 <= now ? "expired" : "valid"
  })
