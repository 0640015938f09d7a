/**
 * Users and API tokens as platform administrators see them (docs/api.md, Platform administration).
 */
import type { ApiToken } from "@fieldreport/domain/ApiToken"
import type { AdminUser } from "@fieldreport/domain/User"
import type { ApiTokenRow } from "../store/SessionStore.ts"
import type { UserRow } from "../store/UserStore.ts"

/**
 * A user as platform administrators see them.
 *
 * @example
 * ```ts
 * adminUserBody(user) // { id: 14, email: "ana@example.com", first_name: "Ana", last_name: "Lee", admin: false, deactivated: false }
 * ```
 */
export const adminUserBody = (user: UserRow): AdminUser => ({
  id: user.id,
  email: user.email,
  first_name: user.first_name,
  last_name: user.last_name,
  admin: user.admin === 1,
  deactivated: user.deactivated === 1,
})

/**
 * An API token as listed, without its secret.
 *
 * @example
 * ```ts
 * apiTokenBody(row) // { id: 3, name: "Gauge importer", scope: "read", created_at: "2026-03-01T09:30:00.000Z" }
 * ```
 */
export const apiTokenBody = (token: ApiTokenRow): typeof ApiToken.Encoded => ({
  id: token.id,
  name: token.name,
  scope: token.scope,
  created_at: token.created_at,
})
