/**
 * A personal API token of a user, for integrations (api-decisions §2): it does not expire until
 * revoked, and its secret is shown once, in the response that creates it.
 */
import { Schema } from "effect"
import { Id, Name } from "./internal/wire.ts"
import { Timestamp } from "./Timestamp.ts"

/**
 * A token as listed: without its secret.
 *
 * @example
 * ```ts
 * const token: ApiToken = { id: 3, name: "Gauge importer", created_at: DateTime.makeUnsafe(0) }
 * ```
 */
export const ApiToken = Schema.Struct({
  id: Id,
  name: Schema.String,
  created_at: Timestamp,
})
export type ApiToken = typeof ApiToken.Type

/**
 * A token just created, with its secret `token`, shown this once.
 *
 * @example
 * ```ts
 * const created: CreatedApiToken = { id: 3, name: "Gauge importer", token: "frt_…", created_at: DateTime.makeUnsafe(0) }
 * ```
 */
export const CreatedApiToken = Schema.Struct({
  ...ApiToken.fields,
  token: Schema.String,
})
export type CreatedApiToken = typeof CreatedApiToken.Type

/**
 * The body of `POST /api/v4/admin/users/{id}/api_tokens` (under `api_token`).
 *
 * @example
 * ```ts
 * decodeInput(ApiTokenCreate, { name: "Gauge importer" }, "api_token")
 * ```
 */
export const ApiTokenCreate = Schema.Struct({
  name: Name,
})
export type ApiTokenCreate = typeof ApiTokenCreate.Type
