/**
 * Who is calling: password logins into sessions, token rotation and revocation, and the
 * resolution of every request's credentials and `X-AppId` / `X-TeamId` headers into an `Actor`.
 * Logins go through the login throttle (`auth/LoginThrottle.ts`); what an API token may reach is
 * decided by one rule (`auth/Credential.ts`), applied here to every authenticated request.
 *
 * The mobile client sends `X-InstallationId` (its installation of the app) with every request:
 * a session records the one it is used from, written when it changes. It is at most
 * `maxInstallationId` visible ASCII characters (`400` otherwise); API tokens have no session, so
 * theirs is not recorded.
 */
import { randomUUID } from "node:crypto"
import type { IncomingHttpHeaders } from "node:http"
import { MalformedRequest } from "@fieldreport/domain/Invalid"
import { Context, Duration, Effect, Layer } from "effect"
import { reachOf, requireReach } from "../auth/Credential.ts"
import { LoginThrottle } from "../auth/LoginThrottle.ts"
import { verifyPassword, wastePasswordCheck } from "../auth/Password.ts"
import { newToken, prefixes, tokenDigest, tokenOfBasicHeader, tokenOfHeader } from "../auth/Token.ts"
import { AppConfig } from "../Config.ts"
import { Forbidden, NotFound, type TooManyRequests, Unauthorized } from "../Errors.ts"
import { type BrandedAppRow, BrandedAppStore } from "../store/BrandedAppStore.ts"
import { MembershipStore } from "../store/MembershipStore.ts"
import { type ApiTokenRow, type SessionRow, SessionStore } from "../store/SessionStore.ts"
import { isoIn, nowIso } from "../store/sql/Clock.ts"
import { type UserRow, UserStore } from "../store/UserStore.ts"
import { traced } from "../Traced.ts"
import { AuditLog } from "./AuditLog.ts"
import { RequestContext } from "./RequestContext.ts"

/** The longest `X-InstallationId` recorded: installation ids and UUIDs are well under it. */
export const maxInstallationId = 128

const installationPattern = new RegExp(`^[\\x21-\\x7e]{1,${maxInstallationId}}$`)

/**
 * The request's `X-InstallationId`, when it sent one (blank is none).
 *
 * @example
 * ```ts
 * const installationId = yield* installationOf(req.headers) // "c9Fh2tq8RkGv0-Wj3mYpLx"
 * ```
 */
export const installationOf = (
  headers: IncomingHttpHeaders,
): Effect.Effect<string | undefined, MalformedRequest> => {
  const value = headers["x-installationid"]
  if (value === undefined || value === "") return Effect.succeed(undefined)
  return typeof value === "string" && installationPattern.test(value)
    ? Effect.succeed(value)
    : Effect.fail(
        MalformedRequest.at(
          "X-InstallationId",
          `must be 1 to ${maxInstallationId} visible ASCII characters, sent once`,
        ),
      )
}

/** The caller of a request: a user, in a branded app, acting in a team (when they have one). */
export interface Actor {
  readonly user: UserRow
  readonly app: BrandedAppRow
  /** The current team: `X-TeamId`, or the user's preferred team in the app. */
  readonly teamId: number | undefined
  /** The login session, absent for API tokens. */
  readonly session: SessionRow | undefined
  /** The API token the request came with; absent for sessions and for the server's own work. */
  readonly apiToken?: ApiTokenRow | undefined
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

export class Authentication extends Context.Service<
  Authentication,
  {
    readonly login: (input: {
      readonly bundleId: string
      readonly email: string
      readonly password: string
      readonly clientAddress: string
      /** The app installation logging in (`X-InstallationId`), when it said. */
      readonly installationId?: string | undefined
    }) => Effect.Effect<IssuedSession, Unauthorized | TooManyRequests | NotFound>
    /**
     * The caller of a request, from its headers; `403` when the request reaches further than their
     * credential allows (`auth/Credential.ts`: an API token on the account or the administration,
     * a read-only token on anything but reading). With `basic`, HTTP Basic is read too, its password
     * taken as the token: only the OGC routes ask for it, for GIS tools that offer nothing else.
     */
    readonly authenticate: (
      headers: IncomingHttpHeaders,
      options?: { readonly basic?: boolean },
    ) => Effect.Effect<Actor, Unauthorized | Forbidden | NotFound | MalformedRequest>
    /**
     * `403` when the request carries an API token: for the endpoints that open or renew sessions,
     * which take a password or a refresh token and never a token in place of one.
     */
    readonly refuseApiToken: (headers: IncomingHttpHeaders) => Effect.Effect<void, Forbidden>
    readonly rotate: (tokens: {
      readonly accessToken: string
      readonly refreshToken: string
    }) => Effect.Effect<IssuedSession, Unauthorized>
    /** Ends the credential the actor came with, at once: their session, or their API token. */
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
      const throttle = yield* LoginThrottle
      const audit = yield* AuditLog

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

      const login = traced("Authentication.login")(function* (input: {
        readonly bundleId: string
        readonly email: string
        readonly password: string
        readonly clientAddress: string
        readonly installationId?: string | undefined
      }) {
        const app = yield* appOf(input.bundleId)
        const user = yield* users.findByEmail(input.email)
        const hash = user?.password_hash ?? null
        // A deactivated user's right password is a failure like any other, and counted as one.
        const check =
          hash === null
            ? Effect.as(wastePasswordCheck(input.password), false)
            : Effect.map(verifyPassword(input.password, hash), (valid) => valid && user?.deactivated !== 1)
        const valid = yield* throttle.attempt(
          { email: input.email, clientAddress: input.clientAddress, userId: user?.id },
          check,
        )
        if (user === undefined || !valid) {
          yield* audit.record({
            kind: "login.failed",
            actorUserId: user?.id ?? null,
            appId: app.id,
            teamId: null,
            targetType: user === undefined ? null : "user",
            targetId: user === undefined ? null : String(user.id),
            outcome: "failure",
          })
          return yield* new Unauthorized({ message: "wrong e-mail or password" })
        }
        const { accessToken, refreshToken, pair } = yield* tokenPair
        const session = yield* sessions.insert({
          user_id: user.id,
          branded_app_id: app.id,
          client_uuid: randomUUID(),
          client_address: input.clientAddress,
          ...(input.installationId === undefined ? {} : { installation_id: input.installationId }),
          tokens: pair,
        })
        yield* audit.record({
          kind: "login.succeeded",
          actorUserId: user.id,
          appId: app.id,
          teamId: null,
          targetType: "session",
          targetId: String(session.id),
          outcome: "success",
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

      const credentials = traced("Authentication.credentials")(function* (
        headers: IncomingHttpHeaders,
        basic: boolean,
      ) {
        const header = headers.authorization
        if (header === undefined) return yield* unauthorized("credentials are required")
        const token = tokenOfHeader(header) ?? (basic ? tokenOfBasicHeader(header) : undefined)
        if (token === undefined) return yield* unauthorized("the Authorization header is malformed")
        const now = yield* nowIso
        if (token.startsWith(prefixes.api)) {
          const apiToken = yield* sessions.findApiTokenByDigest(tokenDigest(token))
          if (apiToken === undefined || apiToken.revoked_at !== null)
            return yield* unauthorized("the token is not valid")
          return {
            user: yield* users.findById(apiToken.user_id),
            session: undefined,
            sessionApp: undefined,
            sessionTeamId: null,
            apiToken,
          }
        }
        // Read on every request, never cached: a revocation by any process holds from the next request.
        const signedIn = yield* sessions.findSignedIn(tokenDigest(token))
        if (signedIn === undefined || signedIn.session.revoked_at !== null)
          return yield* unauthorized("the token is not valid")
        if (signedIn.session.access_expires_at <= now) return yield* unauthorized("the token has expired")
        return {
          user: signedIn.user,
          session: signedIn.session,
          sessionApp: signedIn.app,
          sessionTeamId: signedIn.preferredTeamId,
          apiToken: undefined,
        }
      })

      /** What the request being served reaches; outside a request, as far as anything can. */
      const requestReach = Effect.gen(function* () {
        const { method, path } = yield* RequestContext
        return method === undefined || path === undefined ? "account" : reachOf({ method, path })
      })

      const authenticate = traced("Authentication.authenticate")(function* (
        headers: IncomingHttpHeaders,
        options: { readonly basic?: boolean } = {},
      ) {
        const { user, session, sessionApp, sessionTeamId, apiToken } = yield* credentials(
          headers,
          options.basic === true,
        )
        if (user === undefined || user.deactivated === 1)
          return yield* unauthorized("the user is deactivated")
        const installationId = yield* installationOf(headers)
        // Before anything else is read: a token refused learns nothing about apps or teams. Only API
        // tokens are ever refused, so a session's request is not matched to its endpoint.
        if (apiToken !== undefined) yield* requireReach({ apiToken }, yield* requestReach)
        const bundleId = headers["x-appid"]
        const asked = typeof bundleId === "string" && bundleId !== "" ? bundleId : undefined
        // The session's app, unless the request names another: read with the session already.
        const app =
          asked !== undefined && asked !== sessionApp?.bundle_id
            ? yield* appOf(asked)
            : session === undefined
              ? yield* appOf(config.bootstrapApp)
              : sessionApp === undefined
                ? yield* new NotFound({ resource: "branded app" })
                : sessionApp
        const teamHeader = headers["x-teamid"]
        let teamId: number | undefined
        if (typeof teamHeader === "string" && teamHeader !== "") {
          if (!/^\d+$/.test(teamHeader)) {
            return yield* MalformedRequest.at("X-TeamId", "must be a team id")
          }
          teamId = Number(teamHeader)
          const teams = yield* memberships.teamsOf(user.id, app.id)
          if (!teams.some((t) => t.team_id === teamId && t.agreed_to_join === 1)) {
            return yield* new Forbidden({ message: "you are not a member of that team" })
          }
        } else if (app === sessionApp) {
          teamId = sessionTeamId ?? undefined
        } else {
          teamId = (yield* preferredTeamId(user.id, app.id)) ?? undefined
        }
        yield* users.touch(user)
        if (
          session !== undefined &&
          installationId !== undefined &&
          installationId !== session.installation_id
        )
          yield* sessions.recordInstallation(session.id, installationId)
        return { user, app, teamId, session, apiToken }
      })

      const refuseApiToken = traced("Authentication.refuseApiToken")(function* (
        headers: IncomingHttpHeaders,
      ) {
        const token = headers.authorization === undefined ? undefined : tokenOfHeader(headers.authorization)
        if (token?.startsWith(prefixes.api)) yield* requireReach({ apiToken: { scope: "write" } }, "account")
      })

      const logout = traced("Authentication.logout")(function* (actor: Actor) {
        const { session, apiToken } = actor
        if (apiToken !== undefined) {
          yield* sessions.revokeApiToken(apiToken.user_id, apiToken.id)
          yield* audit.record({
            kind: "api_token.revoked",
            actorUserId: actor.user.id,
            appId: actor.app.id,
            teamId: null,
            targetType: "api_token",
            targetId: String(apiToken.id),
            outcome: "success",
            detail: { by: "itself" },
          })
        } else if (session !== undefined) {
          yield* sessions.revoke(session.id)
          yield* audit.record({
            kind: "session.revoked",
            actorUserId: actor.user.id,
            appId: actor.app.id,
            teamId: null,
            targetType: "session",
            targetId: String(session.id),
            outcome: "success",
          })
        }
      })

      const rotate = traced("Authentication.rotate")(function* (tokens: {
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

      return Authentication.of({ login, authenticate, refuseApiToken, rotate, logout, preferredTeamId })
    }),
  ).pipe(Layer.provide(LoginThrottle.layer))
}
