/**
 * Login sessions (access and refresh token digests, the client address each was opened from, and
 * the installation of the app it is used from), personal API tokens with their scopes, and failed
 * logins.
 */

import type { ApiTokenScope } from "@fieldreport/domain/ApiToken"
import { Array as Arr, Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import type { BrandedAppRow } from "./BrandedAppStore.ts"
import { nowIso } from "./sql/Clock.ts"
import type { UserRow } from "./UserStore.ts"

export interface SessionRow {
  readonly id: number
  readonly user_id: number
  readonly branded_app_id: number
  readonly client_uuid: string
  readonly access_expires_at: string
  readonly refresh_expires_at: string
  readonly revoked_at: string | null
  /** The `X-InstallationId` the session was last used with; null until one is sent. */
  readonly installation_id: string | null
}

/**
 * A session with its user and branded app as they are now, and the team the user acts in there by
 * default, read together because every request with an access token needs them all. The user or the
 * app is `undefined` when its row is gone.
 *
 * @example
 * ```ts
 * const found = yield* sessions.findSignedIn(tokenDigest(token))
 * if (found?.user?.deactivated === 1) return yield* unauthorized("the user is deactivated")
 * ```
 */
export interface SignedIn {
  readonly session: SessionRow
  readonly user: UserRow | undefined
  readonly app: BrandedAppRow | undefined
  /** The user's first team (by id) in the session's app that they agreed to join; null without one. */
  readonly preferredTeamId: number | null
}

export interface ApiTokenRow {
  readonly id: number
  readonly user_id: number
  readonly name: string
  /** `read`: the token may only read; `write`: it may change data too. */
  readonly scope: ApiTokenScope
  readonly created_at: string
  readonly revoked_at: string | null
}

/** A failed login under one throttling key. */
export interface LoginFailureRow {
  readonly id: number
  readonly failed_at: string
}

export interface TokenPair {
  readonly access_token_hash: string
  readonly refresh_token_hash: string
  readonly access_expires_at: string
  readonly refresh_expires_at: string
}

const sessionColumns =
  "id, user_id, branded_app_id, client_uuid, access_expires_at, refresh_expires_at, revoked_at, installation_id"

// Every column of `users` (what `UserStore` reads with `*`) and of `BrandedAppRow`, in table order.
const userColumns = [
  "id",
  "email",
  "first_name",
  "last_name",
  "password_hash",
  "admin",
  "deactivated",
  "image_attachment_id",
  "app_version",
  "bluetooth_enabled",
  "location_enabled",
  "push_notification_enabled",
  "last_active_at",
  "created_at",
  "email_verified",
]
const appColumns = ["id", "bundle_id", "name", "self_sign_up"]

/** One table's part of the `findSignedIn` row: each column under its own prefix, so none collide. */
const prefixed = (prefix: string, columns: ReadonlyArray<string>) =>
  columns.map((column) => ({ column, alias: `${prefix}_${column}` }))
const signedInParts = {
  session: prefixed("s", sessionColumns.split(", ")),
  user: prefixed("u", userColumns),
  app: prefixed("a", appColumns),
}

/** The user's preferred team in the session's app, as `MembershipStore.teamsOf` orders the teams. */
const preferredTeam = `(SELECT tu.team_id FROM team_users tu JOIN teams t ON t.id = tu.team_id
  WHERE tu.user_id = s.user_id AND t.branded_app_id = s.branded_app_id AND tu.agreed_to_join = 1
  ORDER BY tu.team_id LIMIT 1) AS preferred_team_id`

/** The select list of `findSignedIn`. */
const signedInColumns = [
  ...signedInParts.session.map(({ column, alias }) => `s.${column} AS ${alias}`),
  ...signedInParts.user.map(({ column, alias }) => `u.${column} AS ${alias}`),
  ...signedInParts.app.map(({ column, alias }) => `a.${column} AS ${alias}`),
  preferredTeam,
].join(", ")

/** One part of the row, unprefixed, in select order; `undefined` for a row a LEFT JOIN missed. */
const partOf = <A>(
  row: Record<string, unknown>,
  part: ReadonlyArray<{ readonly column: string; readonly alias: string }>,
): A | undefined => {
  // Every part starts with its `id` column.
  if (row[part[0]!.alias] === null) return undefined
  const values: Record<string, unknown> = {}
  for (const { column, alias } of part) values[column] = row[alias]
  return values as A
}

export class SessionStore extends Context.Service<
  SessionStore,
  {
    readonly insert: (session: {
      user_id: number
      branded_app_id: number
      client_uuid: string
      /** Where the login came from; null when unknown. */
      client_address: string | null
      /** The app installation the login came from (`X-InstallationId`), when it said. */
      installation_id?: string
      tokens: TokenPair
    }) => Effect.Effect<SessionRow>
    readonly findByAccessDigest: (digest: string) => Effect.Effect<SessionRow | undefined>
    /** The session of an access token's digest with its user and branded app, in one statement. */
    readonly findSignedIn: (digest: string) => Effect.Effect<SignedIn | undefined>
    readonly findByRefreshDigest: (digest: string) => Effect.Effect<SessionRow | undefined>
    readonly replaceTokens: (id: number, tokens: TokenPair) => Effect.Effect<void>
    /** Records the app installation the session is used from. */
    readonly recordInstallation: (id: number, installationId: string) => Effect.Effect<void>
    readonly revoke: (id: number) => Effect.Effect<void>
    /**
     * Revokes every session of a user, except the one `keep` names, and forgets the addresses the
     * revoked ones were opened from: this follows a new password or a deactivation, and the
     * sessions may have been opened by someone who knew the old password.
     */
    readonly revokeAllOf: (userId: number, keep?: number) => Effect.Effect<void>
    /** Whether the user opened a session from the client address at or after `since`. */
    readonly signedInFrom: (userId: number, clientAddress: string, since: string) => Effect.Effect<boolean>
    /** Whether the user ever opened a session in the branded app (revoked or expired ones count). */
    readonly signedInTo: (userId: number, appId: number) => Effect.Effect<boolean>
    readonly insertApiToken: (token: {
      user_id: number
      name: string
      scope: ApiTokenScope
      token_hash: string
    }) => Effect.Effect<ApiTokenRow>
    readonly findApiTokenByDigest: (digest: string) => Effect.Effect<ApiTokenRow | undefined>
    readonly listApiTokens: (userId: number) => Effect.Effect<ReadonlyArray<ApiTokenRow>>
    readonly revokeApiToken: (userId: number, id: number) => Effect.Effect<boolean>
    /** Records a failed login now under each key; answers the rows' ids, in the keys' order. */
    readonly recordLoginFailure: (keys: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<number>>
    /** A key's failures at or after `since`, newest first, at most `limit` of them. */
    readonly recentLoginFailures: (
      key: string,
      since: string,
      limit: number,
    ) => Effect.Effect<ReadonlyArray<LoginFailureRow>>
    /** Deletes failures by id. */
    readonly forgetLoginFailures: (ids: ReadonlyArray<number>) => Effect.Effect<void>
    /** Deletes every failure under the keys. */
    readonly clearLoginFailures: (keys: ReadonlyArray<string>) => Effect.Effect<void>
  }
>()("api/store/SessionStore") {
  static readonly layer = Layer.effect(
    SessionStore,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const columns = sql.unsafe(sessionColumns)
      const first = <A>(rows: ReadonlyArray<A>) => rows[0]
      const apiTokenColumns = sql`id, user_id, name, scope, created_at, revoked_at`
      return SessionStore.of({
        insert: ({ tokens, ...session }) =>
          Effect.gen(function* () {
            const created_at = yield* nowIso
            const rows =
              yield* sql<SessionRow>`INSERT INTO sessions ${sql.insert({ ...session, ...tokens, created_at })}
              RETURNING ${columns}`
            return rows[0]!
          }).pipe(Effect.orDie),
        findByAccessDigest: (digest) =>
          sql<SessionRow>`SELECT ${columns} FROM sessions WHERE access_token_hash = ${digest}`.pipe(
            Effect.map(first),
            Effect.orDie,
          ),
        findSignedIn: (digest) =>
          sql<Record<string, unknown>>`SELECT ${sql.unsafe(signedInColumns)} FROM sessions s
            LEFT JOIN users u ON u.id = s.user_id
            LEFT JOIN branded_apps a ON a.id = s.branded_app_id
            WHERE s.access_token_hash = ${digest}`.pipe(
            Effect.map((rows) => {
              const row = rows[0]
              if (row === undefined) return undefined
              return {
                session: partOf<SessionRow>(row, signedInParts.session)!,
                user: partOf<UserRow>(row, signedInParts.user),
                app: partOf<BrandedAppRow>(row, signedInParts.app),
                preferredTeamId: row.preferred_team_id === null ? null : Number(row.preferred_team_id),
              }
            }),
            Effect.orDie,
          ),
        findByRefreshDigest: (digest) =>
          sql<SessionRow>`SELECT ${columns} FROM sessions WHERE refresh_token_hash = ${digest}`.pipe(
            Effect.map(first),
            Effect.orDie,
          ),
        replaceTokens: (id, tokens) =>
          sql`UPDATE sessions SET ${sql.update({ ...tokens })} WHERE id = ${id}`.pipe(
            Effect.asVoid,
            Effect.orDie,
          ),
        recordInstallation: (id, installationId) =>
          sql`UPDATE sessions SET installation_id = ${installationId} WHERE id = ${id}`.pipe(
            Effect.asVoid,
            Effect.orDie,
          ),
        revoke: (id) =>
          Effect.flatMap(nowIso, (now) => sql`UPDATE sessions SET revoked_at = ${now} WHERE id = ${id}`).pipe(
            Effect.asVoid,
            Effect.orDie,
          ),
        revokeAllOf: (userId, keep) =>
          Effect.flatMap(
            nowIso,
            (now) =>
              sql`UPDATE sessions SET revoked_at = COALESCE(revoked_at, ${now}), client_address = NULL
                WHERE user_id = ${userId}${keep === undefined ? sql`` : sql` AND id <> ${keep}`}`,
          ).pipe(Effect.asVoid, Effect.orDie),
        signedInFrom: (userId, clientAddress, since) =>
          sql<{ id: number }>`SELECT id FROM sessions
            WHERE user_id = ${userId} AND client_address = ${clientAddress} AND created_at >= ${since}
            LIMIT 1`.pipe(
            Effect.map((rows) => rows.length > 0),
            Effect.orDie,
          ),
        signedInTo: (userId, appId) =>
          sql<{ id: number }>`SELECT id FROM sessions WHERE user_id = ${userId} AND branded_app_id = ${appId}
            LIMIT 1`.pipe(
            Effect.map((rows) => rows.length > 0),
            Effect.orDie,
          ),
        insertApiToken: (token) =>
          Effect.gen(function* () {
            const created_at = yield* nowIso
            const rows =
              yield* sql<ApiTokenRow>`INSERT INTO api_tokens ${sql.insert({ ...token, created_at })}
              RETURNING ${apiTokenColumns}`
            return rows[0]!
          }).pipe(Effect.orDie),
        findApiTokenByDigest: (digest) =>
          sql<ApiTokenRow>`SELECT ${apiTokenColumns} FROM api_tokens WHERE token_hash = ${digest}`.pipe(
            Effect.map(first),
            Effect.orDie,
          ),
        listApiTokens: (userId) =>
          sql<ApiTokenRow>`SELECT ${apiTokenColumns} FROM api_tokens
            WHERE user_id = ${userId} AND revoked_at IS NULL ORDER BY id`.pipe(Effect.orDie),
        revokeApiToken: (userId, id) =>
          Effect.gen(function* () {
            const now = yield* nowIso
            const rows = yield* sql<{ id: number }>`UPDATE api_tokens SET revoked_at = ${now}
              WHERE id = ${id} AND user_id = ${userId} AND revoked_at IS NULL RETURNING id`
            return rows.length > 0
          }).pipe(Effect.orDie),
        recordLoginFailure: (keys) =>
          Effect.gen(function* () {
            const failed_at = yield* nowIso
            const rows = keys.map((throttle_key) => ({ throttle_key, failed_at }))
            if (!Arr.isArrayNonEmpty(rows)) return []
            const inserted = yield* sql<{
              id: number
              throttle_key: string
            }>`INSERT INTO login_failures ${sql.insert(rows)} RETURNING id, throttle_key`
            return keys.map((key) => inserted.find((row) => row.throttle_key === key)!.id)
          }).pipe(Effect.orDie),
        recentLoginFailures: (key, since, limit) =>
          sql<LoginFailureRow>`SELECT id, failed_at FROM login_failures
            WHERE throttle_key = ${key} AND failed_at >= ${since}
            ORDER BY failed_at DESC, id DESC LIMIT ${limit}`.pipe(Effect.orDie),
        forgetLoginFailures: (ids) =>
          ids.length === 0
            ? Effect.void
            : sql`DELETE FROM login_failures WHERE ${sql.in("id", ids)}`.pipe(Effect.asVoid, Effect.orDie),
        clearLoginFailures: (keys) =>
          keys.length === 0
            ? Effect.void
            : sql`DELETE FROM login_failures WHERE ${sql.in("throttle_key", keys)}`.pipe(
                Effect.asVoid,
                Effect.orDie,
              ),
      })
    }),
  )
}
