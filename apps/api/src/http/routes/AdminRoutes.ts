/**
 * `/api/v4/admin/…` (docs/api.md, Platform administration): platform administrators create and list
 * branded apps and users, update users, and issue, list and revoke users' API tokens. Anyone else
 * is `403`, and so is every API token (administration is for people); a caller without credentials
 * `401`.
 */
import { type ApiToken, ApiTokenCreate, type CreatedApiToken } from "@fieldreport/domain/ApiToken"
import { BrandedAppCreate } from "@fieldreport/domain/BrandedApp"
import * as Range from "@fieldreport/domain/RangePage"
import { type AdminUser, AdminUserCreate, AdminUserUpdate } from "@fieldreport/domain/User"
import { Effect } from "effect"
import { type Request, Router } from "express"
import type { AppServices } from "../../AppLayer.ts"
import { Administration } from "../../services/Administration.ts"
import { AppAdministrators } from "../../services/AppAdministrators.ts"
import { Authentication } from "../../services/Authentication.ts"
import type { ApiTokenRow } from "../../store/SessionStore.ts"
import type { UserRow } from "../../store/UserStore.ts"
import { bodyOf, idParam } from "../Request.ts"
import { json, noContent, type Route } from "../Route.ts"
import { adminBrandedAppBody } from "./AppAdministratorRoutes.ts"
import { brandedAppBody } from "./BrandedAppRoutes.ts"

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

/** The caller, when a platform administrator: `401` without credentials, `403` for anyone else. */
const administrator = (req: Request) =>
  Effect.gen(function* () {
    const actor = yield* (yield* Authentication).authenticate(req.headers)
    return yield* (yield* Administration).authorize(actor)
  })

/** The platform administration routes. */
export const adminRoutes = (route: Route<AppServices>): Router => {
  const router = Router()
  router.post(
    "/api/v4/admin/branded_apps",
    route((req) =>
      Effect.gen(function* () {
        const caller = yield* administrator(req)
        const input = yield* bodyOf(req, "branded_app", BrandedAppCreate)
        const app = yield* (yield* Administration).createBrandedApp(caller, input)
        return json(brandedAppBody(app), 201, { Location: `/api/v4/admin/branded_apps/${app.id}` })
      }),
    ),
  )
  router.get(
    "/api/v4/admin/branded_apps",
    route((req) =>
      Effect.gen(function* () {
        const caller = yield* administrator(req)
        // Each with its administrators (AppAdministratorRoutes).
        const apps = yield* (yield* AppAdministrators).list(caller)
        return json(apps.map(adminBrandedAppBody))
      }),
    ),
  )
  router.post(
    "/api/v4/admin/users",
    route((req) =>
      Effect.gen(function* () {
        const caller = yield* administrator(req)
        const input = yield* bodyOf(req, "user", AdminUserCreate)
        const user = yield* (yield* Administration).createUser(caller, input)
        // A new user is never deactivated, so the creation answer does not say so.
        const { deactivated: _, ...created } = adminUserBody(user)
        return json(created, 201, { Location: `/api/v4/admin/users/${user.id}` })
      }),
    ),
  )
  router.get(
    "/api/v4/admin/users",
    route((req) =>
      Effect.gen(function* () {
        const caller = yield* administrator(req)
        const page = yield* Effect.fromResult(Range.parse(req.get("range")))
        const { users, total } = yield* (yield* Administration).listUsers(caller, page)
        return json(users.map(adminUserBody), 200, Range.headers("users", page, users.length, total))
      }),
    ),
  )
  router.patch(
    "/api/v4/admin/users/:id",
    route((req) =>
      Effect.gen(function* () {
        const caller = yield* administrator(req)
        const id = yield* idParam(req, "id")
        const changes = yield* bodyOf(req, "user", AdminUserUpdate)
        return json(adminUserBody(yield* (yield* Administration).updateUser(caller, id, changes)))
      }),
    ),
  )
  router.post(
    "/api/v4/admin/users/:id/api_tokens",
    route((req) =>
      Effect.gen(function* () {
        const caller = yield* administrator(req)
        const userId = yield* idParam(req, "id")
        const input = yield* bodyOf(req, "api_token", ApiTokenCreate)
        const { row, token } = yield* (yield* Administration).createApiToken(caller, userId, input)
        const created: typeof CreatedApiToken.Encoded = { ...apiTokenBody(row), token }
        return json(created, 201, { Location: `/api/v4/admin/users/${userId}/api_tokens/${row.id}` })
      }),
    ),
  )
  router.get(
    "/api/v4/admin/users/:id/api_tokens",
    route((req) =>
      Effect.gen(function* () {
        const caller = yield* administrator(req)
        const userId = yield* idParam(req, "id")
        const tokens = yield* (yield* Administration).listApiTokens(caller, userId)
        return json(tokens.map(apiTokenBody))
      }),
    ),
  )
  router.delete(
    "/api/v4/admin/users/:id/api_tokens/:token_id",
    route((req) =>
      Effect.gen(function* () {
        const caller = yield* administrator(req)
        const userId = yield* idParam(req, "id")
        const tokenId = yield* idParam(req, "token_id")
        yield* (yield* Administration).revokeApiToken(caller, userId, tokenId)
        return noContent
      }),
    ),
  )
  return router
}
