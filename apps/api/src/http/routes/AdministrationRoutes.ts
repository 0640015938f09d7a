/**
 * `/api/v4/admin/…` (docs/api.md, Platform administration): platform administrators create, change
 * and list branded apps, create, list and update users, and issue, list and revoke users' API
 * tokens. Anyone else is `403`, and so is every API token (administration is for people); a caller
 * without credentials `401`.
 */

import { href } from "@fieldreport/contract/Api"
import type { administration } from "@fieldreport/contract/endpoints/Administration"
import { ApiTokenCreate, type CreatedApiToken } from "@fieldreport/domain/ApiToken"
import { BrandedAppCreate, BrandedAppUpdate } from "@fieldreport/domain/BrandedApp"
import * as Range from "@fieldreport/domain/RangePage"
import { AdminUserCreate, AdminUserUpdate } from "@fieldreport/domain/User"
import { Effect } from "effect"
import type { Request } from "express"
import type { AppServices } from "../../AppLayer.ts"
import { adminUserBody, apiTokenBody } from "../../presentation/AdministrationView.ts"
import { adminBrandedAppBody } from "../../presentation/AppAdministratorView.ts"
import { brandedAppBody } from "../../presentation/BrandedAppView.ts"
import { Administration } from "../../services/Administration.ts"
import { AppAdministrators } from "../../services/AppAdministrators.ts"
import { Authentication } from "../../services/Authentication.ts"
import type { GroupHandlers } from "../EndpointRouter.ts"
import { bodyOf, idParam } from "../Request.ts"
import { json, noContent, type Route } from "../Route.ts"

/** The caller, when a platform administrator: `401` without credentials, `403` for anyone else. */
const administrator = (req: Request) =>
  Effect.gen(function* () {
    const actor = yield* (yield* Authentication).authenticate(req.headers)
    return yield* (yield* Administration).authorize(actor)
  })

/** The platform administration routes. */
export const administrationRoutes = (route: Route<AppServices>): GroupHandlers<typeof administration> => ({
  createBrandedApp: [
    route((req) =>
      Effect.gen(function* () {
        const caller = yield* administrator(req)
        const input = yield* bodyOf(req, "branded_app", BrandedAppCreate)
        const app = yield* (yield* Administration).createBrandedApp(caller, input)
        return json(brandedAppBody(app), 201, { Location: href("getBrandedApp", { id: app.id }) })
      }),
    ),
  ],
  updateBrandedApp: [
    route((req) =>
      Effect.gen(function* () {
        const caller = yield* administrator(req)
        const id = yield* idParam(req, "id")
        const changes = yield* bodyOf(req, "branded_app", BrandedAppUpdate)
        return json(adminBrandedAppBody(yield* (yield* Administration).updateBrandedApp(caller, id, changes)))
      }),
    ),
  ],
  listBrandedApps: [
    route((req) =>
      Effect.gen(function* () {
        const caller = yield* administrator(req)
        // Each with its administrators (AppAdministratorRoutes).
        const apps = yield* (yield* AppAdministrators).list(caller)
        return json(apps.map(adminBrandedAppBody))
      }),
    ),
  ],
  createUser: [
    route((req) =>
      Effect.gen(function* () {
        const caller = yield* administrator(req)
        const input = yield* bodyOf(req, "user", AdminUserCreate)
        const user = yield* (yield* Administration).createUser(caller, input)
        // A new user is never deactivated, so the creation answer does not say so.
        const { deactivated: _, ...created } = adminUserBody(user)
        return json(created, 201, { Location: href("updateUser", { id: user.id }) })
      }),
    ),
  ],
  listUsers: [
    route((req) =>
      Effect.gen(function* () {
        const caller = yield* administrator(req)
        const page = yield* Effect.fromResult(Range.parse(req.get("range")))
        const { users, total } = yield* (yield* Administration).listUsers(caller, page)
        return json(users.map(adminUserBody), 200, Range.headers("users", page, users.length, total))
      }),
    ),
  ],
  updateUser: [
    route((req) =>
      Effect.gen(function* () {
        const caller = yield* administrator(req)
        const id = yield* idParam(req, "id")
        const changes = yield* bodyOf(req, "user", AdminUserUpdate)
        return json(adminUserBody(yield* (yield* Administration).updateUser(caller, id, changes)))
      }),
    ),
  ],
  createApiToken: [
    route((req) =>
      Effect.gen(function* () {
        const caller = yield* administrator(req)
        const userId = yield* idParam(req, "id")
        const input = yield* bodyOf(req, "api_token", ApiTokenCreate)
        const { row, token } = yield* (yield* Administration).createApiToken(caller, userId, input)
        const created: typeof CreatedApiToken.Encoded = { ...apiTokenBody(row), token }
        return json(created, 201, { Location: href("deleteApiToken", { id: userId, token_id: row.id }) })
      }),
    ),
  ],
  listApiTokens: [
    route((req) =>
      Effect.gen(function* () {
        const caller = yield* administrator(req)
        const userId = yield* idParam(req, "id")
        const tokens = yield* (yield* Administration).listApiTokens(caller, userId)
        return json(tokens.map(apiTokenBody))
      }),
    ),
  ],
  deleteApiToken: [
    route((req) =>
      Effect.gen(function* () {
        const caller = yield* administrator(req)
        const userId = yield* idParam(req, "id")
        const tokenId = yield* idParam(req, "token_id")
        yield* (yield* Administration).revokeApiToken(caller, userId, tokenId)
        return noContent
      }),
    ),
  ],
})
