/**
 * `/api/v4/admin/branded_apps/{id}` and its administrators (docs/api.md, Platform administration),
 * for platform administrators signed in as a person (not with an API token):
 *
 * - `GET /api/v4/admin/branded_apps/{id}` → the app with `administrators`.
 * - `POST /api/v4/admin/branded_apps/{id}/administrators` `{user_id}` → `201` with the
 *   administrator, or `200` when they were one already; `404` for an unknown app or user, `422`
 *   naming `user_id` for a bad body or a deactivated user.
 * - `DELETE /api/v4/admin/branded_apps/{id}/administrators/{user_id}` → `204`; `404` when the
 *   user is not one of the app's administrators.
 */

import { href } from "@fieldreport/contract/Api"
import type { appAdministrators } from "@fieldreport/contract/endpoints/AppAdministrators"
import { AppAdministratorCreate } from "@fieldreport/domain/AppAdministrator"
import { decodeInput } from "@fieldreport/domain/Invalid"
import { Effect } from "effect"
import type { AppServices } from "../../AppLayer.ts"
import { adminBrandedAppBody, appAdministratorBody } from "../../presentation/AppAdministratorView.ts"
import { AppAdministrators, mayAdministerApps } from "../../services/AppAdministrators.ts"
import { Authentication } from "../../services/Authentication.ts"
import type { GroupHandlers } from "../EndpointRouter.ts"
import { idParam } from "../Request.ts"
import { json, noContent, type Route } from "../Route.ts"

/** The app administrator routes. */
export const appAdministratorRoutes = (
  route: Route<AppServices>,
): GroupHandlers<typeof appAdministrators> => ({
  getBrandedApp: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const appId = yield* idParam(req, "id")
        return json(adminBrandedAppBody(yield* (yield* AppAdministrators).get(actor, appId)))
      }),
    ),
  ],
  addAppAdministrator: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const appId = yield* idParam(req, "id")
        // Refused before the body is read, so a caller who may not learns nothing from its errors.
        yield* mayAdministerApps(actor)
        // The body is not wrapped in an envelope: errors name `user_id`.
        const input = yield* Effect.fromResult(decodeInput(AppAdministratorCreate, req.body))
        const { administrator, created } = yield* (yield* AppAdministrators).add(actor, appId, input.user_id)
        const body = appAdministratorBody(administrator)
        return created
          ? json(body, 201, { Location: href("removeAppAdministrator", { id: appId, user_id: body.id }) })
          : json(body)
      }),
    ),
  ],
  removeAppAdministrator: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const appId = yield* idParam(req, "id")
        const userId = yield* idParam(req, "user_id")
        yield* (yield* AppAdministrators).remove(actor, appId, userId)
        return noContent
      }),
    ),
  ],
})
