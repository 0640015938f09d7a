/**
 * A personal API token of a user, for integrations (docs/api.md, API tokens and their scopes): it
 * does not expire until revoked, and its secret is shown once, in the response that creates it. Its
 * scope says what it may do: `read` only reads (`GET`), `write` changes data too. No token ever
 * acts on the account (password, e-mail, tokens) or calls the platform administration; those are
 * for people.
 */
import { Effect, Schema } from "effect"
import { Id, Name, oneOf } from "./internal/wire.ts"
import { Timestamp } from "./Timestamp.ts"

/**
 * What a token may do: `read` (only `GET`, `HEAD` and `OPTIONS`) or `write` (change data too).
 *
 * @example
 * ```ts
 * Schema.decodeUnknownSync(ApiTokenScope)("read") // "read"
 * ```
 */
export const ApiTokenScope = oneOf(["read", "write"])
export type ApiTokenScope = typeof ApiTokenScope.Type

/**
 * A token as listed: without its secret.
 *
 * @example
 * ```ts
 * const token: ApiToken = { id: 3, name: "Gauge importer", scope: "read", created_at: DateTime.makeUnsafe(0) }
 * ```
 */
export const ApiToken = Schema.Struct({
  id: Id,
  name: Schema.String,
  scope: ApiTokenScope,
  created_at: Timestamp,
})
export type ApiToken = typeof ApiToken.Type

/**
 * A token just created, with its secret `token`, shown this once.
 *
 * @example
 * ```ts
 * const created: CreatedApiToken = { id: 3, name: "Gauge importer", scope: "write", token: "frt_…", created_at: DateTime.makeUnsafe(0) }
 * ```
 */
export const CreatedApiToken = Schema.Struct({
  ...ApiToken.fields,
  token: Schema.String,
})
export type CreatedApiToken = typeof CreatedApiToken.Type

/**
 * The body of `POST /api/v4/admin/users/{id}/api_tokens` (under `api_token`); `scope` defaults to
 * `write`.
 *
 * @example
 * ```ts
 * decodeInput(ApiTokenCreate, { name: "Gauge importer", scope: "read" }, "api_token")
 * ```
 */
export const ApiTokenCreate = Schema.Struct({
  name: Name,
  scope: ApiTokenScope.pipe(Schema.withDecodingDefaultKey(Effect.succeed("write" as const))),
})
export type ApiTokenCreate = typeof ApiTokenCreate.Type
