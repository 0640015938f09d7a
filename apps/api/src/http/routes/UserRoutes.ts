/**
 * `/api/v4/users/me` (docs/api.md, The current user and app): the current user's own record, read
 * and changed; a new password needs the current one.
 */
import { UserUpdate } from "@fieldreport/domain/User"
import { Effect } from "effect"
import { Router } from "express"
import type { AppServices } from "../../AppLayer.ts"
import { userRecord } from "../../presentation/UserView.ts"
import { Authentication } from "../../services/Authentication.ts"
import { Users } from "../../services/Users.ts"
import { bodyOf, clientAddress, requestOrigin } from "../Request.ts"
import { json, type Route } from "../Route.ts"

/** The users/me routes. */
export const userRoutes = (route: Route<AppServices>): Router => {
  const router = Router()
  router.get(
    "/api/v4/users/me",
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        return json(yield* userRecord(actor.user, requestOrigin(req)))
      }),
    ),
  )
  router.patch(
    "/api/v4/users/me",
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const changes = yield* bodyOf(req, "user", UserUpdate)
        const user = yield* (yield* Users).updateMe(actor, changes, clientAddress(req))
        return json(yield* userRecord(user, requestOrigin(req)))
      }),
    ),
  )
  return router
}
