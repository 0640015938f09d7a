/**
 * Bearer secrets: access, refresh and API tokens. Each has 256 random bits and a readable prefix;
 * only its SHA-256 digest is stored.
 */
import { createHash, randomBytes } from "node:crypto"

/** The kinds of token and their prefixes. */
export const prefixes = { access: "fra_", refresh: "frr_", api: "frt_" } as const

export type TokenKind = keyof typeof prefixes

/**
 * A new token of a kind.
 *
 * @example
 * ```ts
 * newToken("access") // "fra_3q2…"
 * ```
 */
export const newToken = (kind: TokenKind): string =>
  `${prefixes[kind]}${randomBytes(32).toString("base64url")}`

/**
 * The digest stored for a token.
 *
 * @example
 * ```ts
 * tokenDigest("fra_3q2…") // "5f2c…" (64 hex characters)
 * ```
 */
export const tokenDigest = (token: string): string => createHash("sha256").update(token).digest("hex")

/**
 * The token of an `Authorization` header: `Token token=<t>` (quoted or not, the legacy clients'
 * form) or `Bearer <t>`; undefined when the header has neither form.
 *
 * @example
 * ```ts
 * tokenOfHeader('Token token="fra_abc"') // "fra_abc"
 * ```
 */
export const tokenOfHeader = (header: string): string | undefined => {
  const legacy = /^Token\s+token="?([^",\s]+)"?/i.exec(header)
  if (legacy !== null) return legacy[1]
  const bearer = /^Bearer\s+(\S+)$/i.exec(header)
  return bearer?.[1]
}
