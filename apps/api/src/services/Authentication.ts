/**
 * Who is calling: password logins into sessions, token rotation and revocation, login throttling,
 * and the resolution of every request's credentials and `X-AppId` / `X-TeamId` headers into an
 * `Actor`.
 */
import { randomUUID } from "node:crypto"
import type { IncomingHttpHeaders } from "node:http"
import { MalformedRequest } from "@fieldreport/domain/Invalid"
import { Context, Duration, Effect, Layer } from "effect"
import { verifyPassword, wastePasswordCheck } from "../auth/Password.ts"
import { newToken, prefixes, tokenDigest, tokenOfHeader } from "../auth/Token.ts"
import { AppConfig } from "../Config.ts"
import { Forbidden, NotFound, TooManyRequests, Unauthorized } from "../Errors.ts"
import { type BrandedAppRow, BrandedAppStore } from "../store/BrandedAppStore.ts"
import { isoIn, nowIso } from "../store/Clock.ts"
import { MembershipStore } from "../store/MembershipStore.ts"
import { type SessionRow, SessionStore } from "../store/SessionStore.ts"
import { type UserRow, UserStore } from "../store/UserStore.ts"

/** The caller of a request: a user, in a branded app, acting in a team (when they have one). */
export interface Actor {
  readonly user: UserRow
  readonly app: BrandedAppRow
  /** The current team: `X-TeamId`, or the user's preferred team in the app. */
  readonly teamId: number | undefined
  /** The login session, absent for API tokens. */
  readonly session: SessionRow | undefined
}

/** A new or rotated session with its tokens in clear, shown to the client once. */
export interface IssuedSession {
  readonly session: SessionRow
  readonly accessToken: string
  readonly refreshToken: string
  readonly user: UserRow
  readonly app: BrandedAppRow
  readonly preferredTeamId: number | null
}

const throttleWindow = Duration.minutes(15)
const addressAttemptsFactor = 5

export class Authentication extends Context.Service<
  Authentication,
  {
    readonly login: (input: {
      readonly bundleId: string
      readonly email: string
      readonly password: string
      readonly clientAddress: string
    }) => Effect.Effect<IssuedSession, Unauthorized | TooManyRequests | NotFound>
    readonly authenticate: (
      headers: IncomingHttpHeaders,
    ) => Effect.Effect<Actor, Unauthorized | Forbidden | NotFound | MalformedRequest>
    readonly rotate: (tokens: {
      readonly accessToken: string
      readonly refreshToken: string
    }) => Effect.Effect<IssuedSession, Unauthorized>
    readonly logout: (actor: Actor) => Effect.Effect<void>
    readonly preferredTeamId: (userId: number, appId: number) => Effect.Effect<number | null>
  }
>()("api/services/Authentication") {
  static readonly layer = Layer.effect(
    Authentication,
    Effect.gen(function* () {
      const config = yield* AppConfig
      const users = yield* UserStore
      const sessions = yield* SessionStore
      const apps = yield* BrandedAppStore
      const memberships = yield* MembershipStore

      const tokenPair = Effect.gen(function* () {
        const accessToken = newToken("access")
        const refreshToken = newToken("refresh")
        return {
          accessToken,
          refreshToken,
          pair: {
            access_token_hash: tokenDigest(accessToken),
            refresh_token_hash: tokenDigest(refreshToken),
            access_expires_at: yield* isoIn(Duration.toMillis(config.accessTokenTtl)),
            refresh_expires_at: yield* isoIn(Duration.toMillis(config.refreshTokenTtl)),
          },
        }
      })

      const preferredTeamId = (userId: number, appId: number) =>
        Effect.map(
          memberships.teamsOf(userId, appId),
          (teams) => teams.find((t) => t.agreed_to_join === 1)?.team_id ?? null,
        )

      const appOf = (bundleId: string) =>
        Effect.flatMap(apps.findByBundleId(bundleId), (app) =>
          app === undefined ? Effect.fail(new NotFound({ resource: "branded app" })) : Effect.succeed(app),
        )

      const login = Effect.fn("Authentication.login")(function* (input: {
        readonly bundleId: string
        readonly email: string
        readonly password: string
        readonly clientAddress: string
      }) {
        const emailKey = `email:${input.email.trim().toLowerCase()}`
        const addressKey = `address:${input.clientAddress}`
        const keys = [emailKey, addressKey]
        const since = yield* isoIn(-Duration.toMillis(throttleWindow))
        // One address may serve many people (an office behind NAT), so it gets more attempts.
        if (
          (yield* sessions.loginFailuresSince([emailKey], since)) >= config.loginAttempts ||
          (yield* sessions.loginFailuresSince([addressKey], since)) >=
            config.loginAttempts * addressAttemptsFactor
        ) {
          return yield* new TooManyRequests({ retryAfterSeconds: Duration.toSeconds(throttleWindow) })
        }
        const app = yield* appOf(input.bundleId)
        const user = yield* users.findByEmail(input.email)
        const valid =
          user?.password_hash === undefined || user.password_hash === null
            ? yield* Effect.as(wastePasswordCheck(input.password), false)
            : yield* verifyPassword(input.password, user.password_hash)
        if (user === undefined || !valid || user.deactivated === 1) {
          yield* sessions.recordLoginFailure(keys)
          return yield* new Unauthorized({ message: "wrong e-mail or password" })
        }
        // Only the e-mail's count: a client address's failures stand, or someone trying one password
        // on many e-mail addresses could wipe their count by logging in to an account of their own.
        yield* sessions.clearLoginFailures([emailKey])
        const { accessToken, refreshToken, pair } = yield* tokenPair
        const session = yield* sessions.insert({
          user_id: user.id,
          branded_app_id: app.id,
          client_uuid: randomUUID(),
          tokens: pair,
        })
        return {
          session,
          accessToken,
          refreshToken,
          user,
          app,
          preferredTeamId: yield* preferredTeamId(user.id, app.id),
        }
      })

      const unauthorized = (message: string) => Effect.fail(new Unauthorized({ message }))

      const credentials = Effect.fn("Authentication.credentials")(function* (headers: IncomingHttpHeaders) {
        const header = headers.authorization
        if (header === undefined) return yield* unauthorized("credentials are required")
        const token = tokenOfHeader(header)
        if (token === undefined) return yield* unauthorized("the Authorization header is malformed")
        const now = yield* nowIso
        if (token.startsWith(prefixes.api)) {
          const apiToken = yield* sessions.findApiTokenByDigest(tokenDigest(token))
          if (apiToken === undefined || apiToken.revoked_at !== null)
            return yield* unauthorized("the token is not valid")
          return { user: yield* users.findById(apiToken.user_id), session: undefined, sessionApp: undefined }
        }
        // Read on every request, never cached: a revocation by any process holds from the next request.
        const signedIn = yield* sessions.findSignedIn(tokenDigest(token))
        if (signedIn === undefined || signedIn.session.revoked_at !== null)
          return yield* unauthorized("the token is not valid")
        if (signedIn.session.access_expires_at <= now) return yield* unauthorized("the token has expired")
        return { user: signedIn.user, session: signedIn.session, sessionApp: signedIn.app }
      })

      const authenticate = Effect.fn("Authentication.authenticate")(function* (headers: IncomingHttpHeaders) {
        const { user, session, sessionApp } = yield* credentials(headers)
        if (user === undefined || user.deactivated === 1)
          return yield* unauthorized("the user is deactivated")
        const bundleId = headers["x-appid"]
        const app =
          typeof bundleId === "string" && bundleId !== ""
            ? yield* appOf(bundleId)
            : session === undefined
              ? yield* appOf(config.bootstrapApp)
              : sessionApp === undefined
                ? yield* new NotFound({ resource: "branded app" })
                : sessionApp
        const teamHeader = headers["x-teamid"]
        const teams = yield* memberships.teamsOf(user.id, app.id)
        let teamId: number | undefined
        if (typeof teamHeader === "string" && teamHeader !== "") {
          if (!/^\d+$/.test(teamHeader)) {
            return yield* MalformedRequest.at("X-TeamId", "must be a team id")
          }
          teamId = Number(teamHeader)
          if (!teams.some((t) => t.team_id === teamId && t.agreed_to_join === 1)) {
            return yield* new Forbidden({ message: "you are not a member of that team" })
          }
        } else {
          teamId = teams.find((t) => t.agreed_to_join === 1)?.team_id
        }
        yield* users.touch(user)
        return { user, app, teamId, session }
      })

      const rotate = Effect.fn("Authentication.rotate")(function* (tokens: {
        readonly accessToken: string
        readonly refreshToken: string
      }) {
        const session = yield* sessions.findByRefreshDigest(tokenDigest(tokens.refreshToken))
        const now = yield* nowIso
        if (
          session === undefined ||
          session.revoked_at !== null ||
          session.refresh_expires_at <= now ||
          (yield* sessions.findByAccessDigest(tokenDigest(tokens.accessToken)))?.id !== session.id
        ) {
          return yield* unauthorized("the token pair is not valid")
        }
        const user = yield* users.findById(session.user_id)
        const app = yield* apps.findById(session.branded_app_id)
        if (user === undefined || app === undefined || user.deactivated === 1) {
          return yield* unauthorized("the token pair is not valid")
        }
        const { accessToken, refreshToken, pair } = yield* tokenPair
        yield* sessions.replaceTokens(session.id, pair)
        return {
          session: {
            ...session,
            access_expires_at: pair.access_expires_at,
            refresh_expires_at: pair.refresh_expires_at,
          },
          accessToken,
          refreshToken,
          user,
          app,
          preferredTeamId: yield* preferredTeamId(user.id, app.id),
        }
      })

      return Authentication.of({
        login,
        authenticate,
        rotate,
        logout: (actor) => (actor.session === undefined ? Effect.void : sessions.revoke(actor.session.id)),
        preferredTeamId,
      })
    }),
  )
}
