/**
 * `/api/v4/session`: log in, read, rotate and revoke a session (docs/api.md, Signing in). Opening
 * and renewing take a password or a refresh token, never an API token (`403`); `DELETE` with an API
 * token revokes that token.
 */
import { SessionCreate, SessionRotation } from "@fieldreport/domain/Session"
import { Effect, Redacted } from "effect"
import { Router } from "express"
import type { AppServices } from "../../AppLayer.ts"
import { type Actor, Authentication, type IssuedSession } from "../../services/Authentication.ts"
import { bodyOf, clientAddress } from "../Request.ts"
import { json, type Route } from "../Route.ts"

const sessionBody = (session: {
  readonly appBundleId: string
  readonly appId: number
  readonly clientUuid: string
  readonly userId: number
  readonly preferredTeamId: number | null
}) => ({
  app_bundle_id: session.appBundleId,
  branded_app_id: session.appId,
  client_uuid: session.clientUuid,
  profile: { user_id: session.userId, preferred_team_id: session.preferredTeamId },
})

const issued = (issued: IssuedSession) => ({
  session: {
    access_token: issued.accessToken,
    refresh_token: issued.refreshToken,
    token_expire_at: issued.session.access_expires_at,
    ...sessionBody({
      appBundleId: issued.app.bundle_id,
      appId: issued.app.id,
      clientUuid: issued.session.client_uuid,
      userId: issued.user.id,
      preferredTeamId: issued.preferredTeamId,
    }),
  },
})

const current = (actor: Actor) => ({
  session: {
    token_expire_at: actor.session?.access_expires_at ?? null,
    ...sessionBody({
      appBundleId: actor.app.bundle_id,
      appId: actor.app.id,
      clientUuid: actor.session?.client_uuid ?? "",
      userId: actor.user.id,
      preferredTeamId: actor.teamId ?? null,
    }),
  },
})

/** The session routes. */
export const sessionRoutes = (route: Route<AppServices>): Router => {
  const router = Router()
  router.post(
    "/api/v4/session",
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
        })
        return json(issued(session), 201)
      }),
    ),
  )
  router.get(
    "/api/v4/session",
    route((req) =>
      Effect.gen(function* () {
        const auth = yield* Authentication
        return json(current(yield* auth.authenticate(req.headers)))
      }),
    ),
  )
  router.patch(
    "/api/v4/session",
    route((req) =>
      Effect.gen(function* () {
        const auth = yield* Authentication
        yield* auth.refuseApiToken(req.headers)
        const body = yield* bodyOf(req, "session", SessionRotation)
        const session = yield* auth.rotate({
          accessToken: Redacted.value(body.access_token),
          refreshToken: Redacted.value(body.refresh_token),
        })
        return json(issued(session))
      }),
    ),
  )
  router.delete(
    "/api/v4/session",
    route((req) =>
      Effect.gen(function* () {
        const auth = yield* Authentication
        yield* auth.logout(yield* auth.authenticate(req.headers))
        return json({})
      }),
    ),
  )
  return router
}
