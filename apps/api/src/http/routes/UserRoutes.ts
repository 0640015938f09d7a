/**
 * `/api/v4/users/me` (docs/api.md, The current user and app): the current user's own record, read
 * and changed; a new password needs the current one.
 */

import type { users } from "@fieldreport/contract/endpoints/Users"
import { UserUpdate } from "@fieldreport/domain/User"
import { Effect } from "effect"
import type { AppServices } from "../../AppLayer.ts"
import { userRecord } from "../../presentation/UserView.ts"
import { Authentication } from "../../services/Authentication.ts"
import { Users } from "../../services/Users.ts"
import type { GroupHandlers } from "../EndpointRouter.ts"
import { bodyOf, clientAddress, requestOrigin } from "../Request.ts"
import { json, type Route } from "../Route.ts"

/** The users/me routes. */
export const userRoutes = (route: Route<AppServices>): GroupHandlers<typeof users> => ({
  getCurrentUser: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        return json(yield* userRecord(actor.user, requestOrigin(req)))
      }),
    ),
  ],
  updateCurrentUser: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const changes = yield* bodyOf(req, "user", UserUpdate)
        const user = yield* (yield* Users).updateMe(actor, changes, clientAddress(req))
        return json(yield* userRecord(user, requestOrigin(req)))
      }),
    ),
  ],
})
