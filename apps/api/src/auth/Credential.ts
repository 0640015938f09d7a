/**
 * What a caller may reach with the credential they came with: the one rule for API tokens.
 *
 * People sign in with a password and get a session; their roles decide the rest. API tokens are
 * for integrations and act on data only: a `read` token reads (`GET`, `HEAD`, `OPTIONS`), a `write`
 * token changes data too, and no token ever acts on the account or the platform (changing a
 * password or e-mail address, opening, renewing or issuing credentials, the administration: the
 * endpoints the contract marks `reach: "account"`). A token that leaks therefore cannot be turned
 * into a password, a session or another token, nor outlive its revocation. Ending the credential
 * in hand (`deleteSession`) is open to every token: it never grants anything.
 */
import * as Api from "@fieldreport/contract/Api"
import type { Endpoint } from "@fieldreport/contract/Endpoint"
import type { ApiTokenScope } from "@fieldreport/domain/ApiToken"
import { Effect } from "effect"
import { Forbidden } from "../Errors.ts"

/**
 * What an operation reaches: data it reads, data it changes, or the account and the platform.
 *
 * @example
 * ```ts
 * const reach: Reach = "account"
 * ```
 */
export type Reach = "read" | "write" | "account"

const reading = new Set(["GET", "HEAD", "OPTIONS"])

/** The path as the router matches it: decoded, lower case (routes match regardless of case). */
const normalised = (path: string): string => {
  try {
    return decodeURIComponent(path).toLowerCase()
  } catch {
    return path.toLowerCase()
  }
}

/**
 * What a request reaches, from its method and the endpoint its path matches. Operations whose
 * reach depends on the body (a password in `updateCurrentUser`) say so themselves with
 * `requireReach`.
 *
 * @example
 * ```ts
 * reachOf({ method: "GET", path: "/api/v4/reports" }) // "read"
 * reachOf({ method: "GET", path: "/api/v4/admin/users" }) // "account"
 * ```
 */
export const reachOf = (request: { readonly method: string; readonly path: string }): Reach => {
  const endpoint: Endpoint | undefined = Api.match(request.method, normalised(request.path))
  return endpoint?.reach ?? (reading.has(request.method.toUpperCase()) ? "read" : "write")
}

/**
 * Why the caller may not reach that far, or `undefined` when they may. Only API tokens are ever
 * refused here; people (sessions) and the server's own work are not.
 *
 * @example
 * ```ts
 * refusal({ scope: "read" }, "write") // "this API token is read-only: it may only GET"
 * refusal(undefined, "account") // undefined
 * ```
 */
export const refusal = (
  apiToken: { readonly scope: ApiTokenScope } | undefined,
  reach: Reach,
): string | undefined => {
  if (apiToken === undefined || reach === "read") return undefined
  if (reach === "account")
    return "API tokens may not change passwords or e-mail addresses, open sessions, issue or revoke tokens, or administer the platform; sign in with a password"
  return apiToken.scope === "read" ? "this API token is read-only: it may only GET" : undefined
}

/**
 * Fails with `403` when the caller's credential does not reach that far.
 *
 * @example
 * ```ts
 * if (changes.password !== undefined) yield* requireReach(actor, "account")
 * ```
 */
export const requireReach = (
  caller: { readonly apiToken?: { readonly scope: ApiTokenScope } | undefined },
  reach: Reach,
): Effect.Effect<void, Forbidden> => {
  const message = refusal(caller.apiToken, reach)
  return message === undefined ? Effect.void : Effect.fail(new Forbidden({ message }))
}
