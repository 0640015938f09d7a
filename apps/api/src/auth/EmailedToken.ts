/**
 * The tokens the service sends by e-mail (a password reset's, an address verification's, an
 * invitation's), made, linked and checked one way: each is a new token of its kind (`Token.ts`),
 * stored only as its digest, that works until its expiry and only once, and reaches its holder as a
 * link to a page of the admin UI.
 */
import { Duration, Effect } from "effect"
import { isoIn } from "../store/sql/Clock.ts"
import { newToken, type TokenKind, tokenDigest } from "./Token.ts"

/**
 * A new token of a kind, the digest to store for it, and when it expires.
 *
 * @example
 * ```ts
 * const { token, digest, expires_at } = yield* issueToken("passwordReset", Duration.hours(1))
 * ```
 */
export const issueToken = (kind: TokenKind, lifetime: Duration.Duration) =>
  Effect.map(isoIn(Duration.toMillis(lifetime)), (expires_at) => {
    const token = newToken(kind)
    return { token, digest: tokenDigest(token), expires_at }
  })

/**
 * Whether a stored token still works at `now`: not used, not expired.
 *
 * @example
 * ```ts
 * isUsable({ used_at: null, expires_at: "2030-01-02T00:00:00.000Z" }, "2030-01-01T00:00:00.000Z") // true
 * ```
 */
export const isUsable = (
  token: { readonly used_at: string | null; readonly expires_at: string },
  now: string,
): boolean => token.used_at === null && token.expires_at > now

/**
 * The link to the admin UI's page for a token: `<base>/admin/#/<page>?token=<token>`.
 *
 * @example
 * ```ts
 * adminLink("https://reports.example.com", "reset-password", "frp_…")
 * // "https://reports.example.com/admin/#/reset-password?token=frp_…"
 * ```
 */
export const adminLink = (baseUrl: string, page: string, token: string): string =>
  `${baseUrl}/admin/#/${page}?token=${token}`
