/**
 * The session store's contract, on every engine: sessions found by their token digests, token
 * rotation and revocation, the addresses sessions were opened from and the app installations they
 * are used from, API tokens with their scopes, and the login failures kept per key.
 */
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { TestClock } from "effect/testing"
import type { BrandedAppRow } from "../../../src/store/BrandedAppStore.ts"
import { SessionStore, type TokenPair } from "../../../src/store/SessionStore.ts"
import type { UserRow } from "../../../src/store/UserStore.ts"
import { engines, migratedDatabase } from "../../support/TestDatabase.ts"
import { newChannel, newUser } from "./Tenancy.ts"

const tokens = (): TokenPair => ({
  access_token_hash: crypto.randomUUID(),
  refresh_token_hash: crypto.randomUUID(),
  access_expires_at: "2030-01-01T00:00:00.000Z",
  refresh_expires_at: "2030-02-01T00:00:00.000Z",
})

describe("SessionStore contract", () => {
  for (const engine of engines) {
    layer(SessionStore.layer.pipe(Layer.provideMerge(migratedDatabase(engine))))(engine, (it) => {
      it.effect("finds sessions by their digests, rotates their tokens and revokes them", () =>
        Effect.gen(function* () {
          const store = yield* SessionStore
          const { appId } = yield* newChannel
          const userId = yield* newUser()
          const first = tokens()
          const session = yield* store.insert({
            user_id: userId,
            branded_app_id: appId,
            client_uuid: "device",
            client_address: "203.0.113.5",
            tokens: first,
          })
          assert.deepStrictEqual(session, {
            id: session.id,
            user_id: userId,
            branded_app_id: appId,
            client_uuid: "device",
            access_expires_at: first.access_expires_at,
            refresh_expires_at: first.refresh_expires_at,
            revoked_at: null,
            installation_id: null,
          })
          assert.deepStrictEqual(yield* store.findByAccessDigest(first.access_token_hash), session)
          assert.deepStrictEqual(yield* store.findByRefreshDigest(first.refresh_token_hash), session)
          const second = tokens()
          yield* store.replaceTokens(session.id, second)
          assert.isUndefined(yield* store.findByAccessDigest(first.access_token_hash))
          assert.strictEqual((yield* store.findByRefreshDigest(second.refresh_token_hash))?.id, session.id)
          const other = yield* store.insert({
            user_id: userId,
            branded_app_id: appId,
            client_uuid: "other",
            client_address: null,
            installation_id: "c9Fh2tq8RkGv0-Wj3mYpLx",
            tokens: tokens(),
          })
          assert.strictEqual(other.installation_id, "c9Fh2tq8RkGv0-Wj3mYpLx")
          // The installation the session is used from now.
          yield* store.recordInstallation(session.id, "3ffeef7c-0f73-4e82-b39e-5a55cce0daef")
          assert.strictEqual(
            (yield* store.findByRefreshDigest(second.refresh_token_hash))?.installation_id,
            "3ffeef7c-0f73-4e82-b39e-5a55cce0daef",
          )
          const kept = yield* store.insert({
            user_id: userId,
            branded_app_id: appId,
            client_uuid: "kept",
            client_address: "198.51.100.9",
            tokens: tokens(),
          })
          yield* store.revoke(session.id)
          assert.isString((yield* store.findByAccessDigest(second.access_token_hash))?.revoked_at)
          yield* store.revokeAllOf(userId, kept.id)
          const sql = yield* SqlClient.SqlClient
          const open = yield* sql<{
            id: number
          }>`SELECT id FROM sessions WHERE user_id = ${userId} AND revoked_at IS NULL`.pipe(Effect.orDie)
          assert.deepStrictEqual(
            open.map((row) => row.id),
            [kept.id],
          )
          assert.notStrictEqual(other.id, kept.id)
        }),
      )

      it.effect(
        "finds a session with its user, branded app and preferred team, as the tables hold them, in one read",
        () =>
          Effect.gen(function* () {
            const store = yield* SessionStore
            const sql = yield* SqlClient.SqlClient
            const { appId, teamId } = yield* newChannel
            const userId = yield* newUser()
            const pair = tokens()
            const session = yield* store.insert({
              user_id: userId,
              branded_app_id: appId,
              client_uuid: "device",
              client_address: "203.0.113.5",
              tokens: pair,
            })
            const [user] = yield* sql<UserRow>`SELECT * FROM users WHERE id = ${userId}`.pipe(Effect.orDie)
            const [app] =
              yield* sql<BrandedAppRow>`SELECT id, bundle_id, name, self_sign_up FROM branded_apps WHERE id = ${appId}`.pipe(
                Effect.orDie,
              )
            assert.deepStrictEqual(yield* store.findSignedIn(pair.access_token_hash), {
              session,
              user,
              app,
              preferredTeamId: null,
            })
            assert.isUndefined(yield* store.findSignedIn(pair.refresh_token_hash))

            // The first team of the session's app the user agreed to join: not a team they were only
            // invited to, nor one of another app.
            const joins = (team: number, agreed: number) =>
              sql`INSERT INTO team_users (team_id, user_id, agreed_to_join, created_at)
              VALUES (${team}, ${userId}, ${agreed}, '2025-01-01T00:00:00.000Z')`.pipe(Effect.orDie)
            const elsewhere = yield* newChannel
            yield* joins(elsewhere.teamId, 1)
            yield* joins(teamId, 0)
            const later = yield* sql<{ id: number }>`INSERT INTO teams (branded_app_id, name, created_at)
            VALUES (${appId}, 'Later', '2025-01-01T00:00:00.000Z') RETURNING id`.pipe(Effect.orDie)
            yield* joins(later[0]!.id, 1)
            assert.strictEqual(
              (yield* store.findSignedIn(pair.access_token_hash))?.preferredTeamId,
              later[0]!.id,
            )
            yield* sql`UPDATE team_users SET agreed_to_join = 1 WHERE team_id = ${teamId}`.pipe(Effect.orDie)
            assert.strictEqual((yield* store.findSignedIn(pair.access_token_hash))?.preferredTeamId, teamId)
            yield* store.revoke(session.id)
            assert.isString((yield* store.findSignedIn(pair.access_token_hash))?.session.revoked_at)
          }),
      )

      it.effect("keeps API tokens per user with their scopes, and revokes only the owner's", () =>
        Effect.gen(function* () {
          const store = yield* SessionStore
          const [owner, stranger] = [yield* newUser(), yield* newUser()]
          const hash = crypto.randomUUID()
          const token = yield* store.insertApiToken({
            user_id: owner,
            name: "export",
            scope: "read",
            token_hash: hash,
          })
          assert.deepStrictEqual(
            [token.user_id, token.name, token.scope, token.revoked_at],
            [owner, "export", "read", null],
          )
          assert.deepStrictEqual(yield* store.findApiTokenByDigest(hash), token)
          const later = yield* store.insertApiToken({
            user_id: owner,
            name: "backup",
            scope: "write",
            token_hash: crypto.randomUUID(),
          })
          assert.deepStrictEqual(
            (yield* store.listApiTokens(owner)).map((row) => [row.id, row.scope]),
            [
              [token.id, "read"],
              [later.id, "write"],
            ],
          )
          assert.isFalse(yield* store.revokeApiToken(stranger, token.id))
          assert.isTrue(yield* store.revokeApiToken(owner, token.id))
          assert.isFalse(yield* store.revokeApiToken(owner, token.id))
          assert.isString((yield* store.findApiTokenByDigest(hash))?.revoked_at)
        }),
      )

      it.effect("refuses a scope other than read or write", () =>
        Effect.gen(function* () {
          const sql = yield* SqlClient.SqlClient
          const owner = yield* newUser()
          const inserted = yield* sql`INSERT INTO api_tokens (user_id, name, token_hash, scope, created_at)
            VALUES (${owner}, 'admin', ${crypto.randomUUID()}, 'admin', '2030-01-01T00:00:00.000Z')`.pipe(
            Effect.result,
          )
          assert.strictEqual(inserted._tag, "Failure")
        }),
      )

      it.effect(
        "knows where a user signed in from lately, and forgets it when all sessions are revoked",
        () =>
          Effect.gen(function* () {
            const store = yield* SessionStore
            const { appId } = yield* newChannel
            const [userId, stranger] = [yield* newUser(), yield* newUser()]
            // The test clock stands at 1970-01-01T00:00:00.000Z.
            const opened = (client_address: string | null) =>
              store.insert({
                user_id: userId,
                branded_app_id: appId,
                client_uuid: "d",
                client_address,
                tokens: tokens(),
              })
            const session = yield* opened("203.0.113.5")
            yield* opened(null)
            const longAgo = "1969-12-01T00:00:00.000Z"
            assert.isTrue(yield* store.signedInFrom(userId, "203.0.113.5", longAgo))
            assert.isFalse(yield* store.signedInFrom(userId, "203.0.113.6", longAgo))
            assert.isFalse(yield* store.signedInFrom(stranger, "203.0.113.5", longAgo))
            assert.isFalse(yield* store.signedInFrom(userId, "203.0.113.5", "1970-01-01T00:00:00.001Z"))
            // Signing out is still signing in from there.
            yield* store.revoke(session.id)
            assert.isTrue(yield* store.signedInFrom(userId, "203.0.113.5", longAgo))
            // Revoking them all (a new password, a deactivation) forgets them: they may have been someone else's.
            const kept = yield* opened("198.51.100.9")
            yield* store.revokeAllOf(userId, kept.id)
            assert.isFalse(yield* store.signedInFrom(userId, "203.0.113.5", longAgo))
            assert.isTrue(yield* store.signedInFrom(userId, "198.51.100.9", longAgo))
          }),
      )

      it.effect("keeps login failures per key, answers the latest since an instant, and forgets them", () =>
        Effect.gen(function* () {
          const store = yield* SessionStore
          // The test clock starts at 1970-01-01T00:00:00.000Z.
          const email = `email:${crypto.randomUUID()}`
          const address = `address:${crypto.randomUUID()}`
          const [first, firstAtAddress] = yield* store.recordLoginFailure([email, address])
          yield* TestClock.adjust("1 second")
          const [second] = yield* store.recordLoginFailure([email])
          yield* TestClock.adjust("1 second")
          const [third] = yield* store.recordLoginFailure([email])
          const since = "1969-12-31T00:00:00.000Z"
          assert.deepStrictEqual(yield* store.recentLoginFailures(email, since, 10), [
            { id: third!, failed_at: "1970-01-01T00:00:02.000Z" },
            { id: second!, failed_at: "1970-01-01T00:00:01.000Z" },
            { id: first!, failed_at: "1970-01-01T00:00:00.000Z" },
          ])
          assert.deepStrictEqual(
            (yield* store.recentLoginFailures(email, since, 2)).map((row) => row.id),
            [third, second],
          )
          assert.deepStrictEqual(yield* store.recentLoginFailures(address, since, 10), [
            { id: firstAtAddress!, failed_at: "1970-01-01T00:00:00.000Z" },
          ])
          assert.deepStrictEqual(
            (yield* store.recentLoginFailures(email, "1970-01-01T00:00:01.000Z", 10)).map((row) => row.id),
            [third, second],
          )
          // Failures recorded at one instant come newest first by the order they were recorded.
          const [fourth] = yield* store.recordLoginFailure([email])
          assert.deepStrictEqual(
            (yield* store.recentLoginFailures(email, since, 2)).map((row) => row.id),
            [fourth, third],
          )
          yield* store.forgetLoginFailures([third!, fourth!])
          assert.deepStrictEqual(
            (yield* store.recentLoginFailures(email, since, 10)).map((row) => row.id),
            [second, first],
          )
          yield* store.clearLoginFailures([email])
          assert.deepStrictEqual(yield* store.recentLoginFailures(email, since, 10), [])
          assert.strictEqual((yield* store.recentLoginFailures(address, since, 10)).length, 1)
        }),
      )
    })
  }
})
