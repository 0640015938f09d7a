/**
 * The session resource on the wire (docs/api.md, Signing in): a session just issued, with its
 * tokens, and the current one, without them.
 */
import type { Actor, IssuedSession } from "../services/Authentication.ts"

/** What every session body holds: the app, the client and the profile. */
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

/**
 * A session just opened or renewed, with its access and refresh tokens.
 *
 * @example
 * ```ts
 * issuedSessionBody(issued) // { session: { access_token: "…", refresh_token: "…", token_expire_at: "…", app_bundle_id: "com.fieldreport.app", … } }
 * ```
 */
export const issuedSessionBody = (issued: IssuedSession) => ({
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

/**
 * The caller's current session, without its tokens; `token_expire_at` is null for an API token.
 *
 * @example
 * ```ts
 * currentSessionBody(actor) // { session: { token_expire_at: "…", app_bundle_id: "com.fieldreport.app", branded_app_id: 1, … } }
 * ```
 */
export const currentSessionBody = (actor: Actor) => ({
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
