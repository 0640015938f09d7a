/**
 * `GET /api/v4/branded_app` (docs/api.md, The current user and app): the current branded app, named
 * by `X-AppId` or else the app of the session.
 */
import { Effect } from "effect"
import { Router } from "express"
import type { AppServices } from "../../AppLayer.ts"
import { brandedAppBody } from "../../presentation/BrandedAppView.ts"
import { Authentication } from "../../services/Authentication.ts"
import { json, type Route } from "../Route.ts"

/** The branded app route. */
export const brandedAppRoutes = (route: Route<AppServices>): Router => {
  const router = Router()
  router.get(
    "/api/v4/branded_app",
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        return json(brandedAppBody(actor.app))
      }),
    ),
  )
  return router
}
