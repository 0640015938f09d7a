/**
 * `/api/v4/session`: log in, read, rotate and revoke a session (docs/api.md, Signing in). Opening
 * and renewing take a password or a refresh token, never an API token (`403`); `DELETE` with an API
 * token revokes that token.
 */

import type { sessions } from "@fieldreport/contract/endpoints/Sessions"
import { SessionCreate, SessionRotation } from "@fieldreport/domain/Session"
import { Effect, Redacted } from "effect"
import type { AppServices } from "../../AppLayer.ts"
import { currentSessionBody, issuedSessionBody } from "../../presentation/SessionView.ts"
import { Authentication, installationOf } from "../../services/Authentication.ts"
import type { GroupHandlers } from "../EndpointRouter.ts"
import { bodyOf, clientAddress } from "../Request.ts"
import { json, type Route } from "../Route.ts"

/** The session routes. */
export const sessionRoutes = (route: Route<AppServices>): GroupHandlers<typeof sessions> => ({
  createSession: [
    route((req) =>
      Effect.gen(function* () {
        const auth = yield* Authentication
        yield* auth.refuseApiToken(req.headers)
        const body = yield* bodyOf(req, "session", SessionCreate)
        const session = yield* auth.login({
          bundleId: body.app_bundle_id,
          email: body.email,
          password: Redacted.value(body.password),
          clientAddress: clientAddress(req),
          installationId: yield* installationOf(req.headers),
        })
        return json(issuedSessionBody(session), 201)
      }),
    ),
  ],
  getSession: [
    route((req) =>
      Effect.gen(function* () {
        const auth = yield* Authentication
        return json(currentSessionBody(yield* auth.authenticate(req.headers)))
      }),
    ),
  ],
  rotateSession: [
    route((req) =>
      Effect.gen(function* () {
        const auth = yield* Authentication
        yield* auth.refuseApiToken(req.headers)
        const body = yield* bodyOf(req, "session", SessionRotation)
        const session = yield* auth.rotate({
          accessToken: Redacted.value(body.access_token),
          refreshToken: Redacted.value(body.refresh_token),
        })
        return json(issuedSessionBody(session))
      }),
    ),
  ],
  deleteSession: [
    route((req) =>
      Effect.gen(function* () {
        const auth = yield* Authentication
        yield* auth.logout(yield* auth.authenticate(req.headers))
        return json({})
      }),
    ),
  ],
})
