/**
 * `GET /api/v4/branded_app` (docs/api.md, The current user and app): the current branded app, named
 * by `X-AppId` or else the app of the session.
 */
import type { BrandedApp } from "@fieldreport/domain/BrandedApp"
import { Effect } from "effect"
import { Router } from "express"
import type { AppServices } from "../../AppLayer.ts"
import { Authentication } from "../../services/Authentication.ts"
import type { BrandedAppRow } from "../../store/BrandedAppStore.ts"
import { json, type Route } from "../Route.ts"

/**
 * The branded app resource.
 *
 * @example
 * ```ts
 * brandedAppBody(app) // { id: 1, bundle_id: "com.fieldreport.app", name: "Fieldreport" }
 * ```
 */
export const brandedAppBody = (app: BrandedAppRow): BrandedApp => ({
  id: app.id,
  bundle_id: app.bundle_id,
  name: app.name,
})

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
