/**
 * `GET /api/v4/branded_app` (docs/api.md, The current user and app): the current branded app, named
 * by `X-AppId` or else the app of the session, and whether the caller administers it.
 */

import type { brandedApps } from "@fieldreport/contract/endpoints/BrandedApps"
import { Effect } from "effect"
import type { AppServices } from "../../AppLayer.ts"
import { brandedAppBody } from "../../presentation/BrandedAppView.ts"
import { Access } from "../../services/Access.ts"
import { Authentication } from "../../services/Authentication.ts"
import type { GroupHandlers } from "../EndpointRouter.ts"
import { json, type Route } from "../Route.ts"

/** The branded app route. */
export const brandedAppRoutes = (route: Route<AppServices>): GroupHandlers<typeof brandedApps> => ({
  getCurrentBrandedApp: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const administers = yield* (yield* Access).isAppAdministrator(actor)
        return json({ ...brandedAppBody(actor.app), is_administrator: administers })
      }),
    ),
  ],
})
