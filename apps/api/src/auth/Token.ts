/**
 * Bearer secrets: access, refresh and API tokens, and the tokens of password-reset,
 * address-verification and invitation e-mails. Each has 256 random bits and a readable prefix; only its SHA-256
 * digest is stored.
 */
import { hash, randomBytes } from "node:crypto"

/** The kinds of token and their prefixes. */
export const prefixes = {
  access: "fra_",
  refresh: "frr_",
  api: "frt_",
  passwordReset: "frp_",
  emailVerification: "frv_",
  teamInvitation: "fri_",
} as const

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
export const tokenDigest = (token: string): string => hash("sha256", token, "hex")

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

/**
 * The password of an HTTP Basic `Authorization` header (`Basic base64(user:password)`), whatever
 * the user name: GIS tools (QGIS, GDAL) offer Basic and nothing else, so the OGC routes read a
 * token as its password. Undefined when the header is not Basic, is not base64 of a user name and
 * a password joined by `:`, or has an empty password. Only the routes that ask for it read it.
 *
 * @example
 * ```ts
 * tokenOfBasicHeader(`Basic ${btoa("qgis:frt_abc")}`) // "frt_abc"
 * ```
 */
export const tokenOfBasicHeader = (header: string): string | undefined => {
  const basic = /^Basic\s+([A-Za-z0-9+/]+={0,2})\s*$/i.exec(header)
  if (basic === null) return undefined
  const decoded = Buffer.from(basic[1] ?? "", "base64").toString("utf8")
  const colon = decoded.indexOf(":")
  const password = colon === -1 ? "" : decoded.slice(colon + 1)
  return password === "" ? undefined : password
}
