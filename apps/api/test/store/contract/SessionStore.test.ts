/**
 * The session store's contract, on every engine: sessions found by their token digests, token
 * rotation and revocation, API tokens, and the login failures counted per key.
 */
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
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
            tokens: tokens(),
          })
          const kept = yield* store.insert({
            user_id: userId,
            branded_app_id: appId,
            client_uuid: "kept",
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

      it.effect("finds a session with its user and branded app, as the tables hold them, in one read", () =>
        Effect.gen(function* () {
          const store = yield* SessionStore
          const sql = yield* SqlClient.SqlClient
          const { appId } = yield* newChannel
          const userId = yield* newUser()
          const pair = tokens()
          const session = yield* store.insert({
            user_id: userId,
            branded_app_id: appId,
            client_uuid: "device",
            tokens: pair,
          })
          const [user] = yield* sql<UserRow>`SELECT * FROM users WHERE id = ${userId}`.pipe(Effect.orDie)
          const [app] =
            yield* sql<BrandedAppRow>`SELECT id, bundle_id, name FROM branded_apps WHERE id = ${appId}`.pipe(
              Effect.orDie,
            )
          assert.deepStrictEqual(yield* store.findSignedIn(pair.access_token_hash), { session, user, app })
          assert.isUndefined(yield* store.findSignedIn(pair.refresh_token_hash))
          yield* store.revoke(session.id)
          assert.isString((yield* store.findSignedIn(pair.access_token_hash))?.session.revoked_at)
        }),
      )

      it.effect("keeps API tokens per user, and revokes only the owner's", () =>
        Effect.gen(function* () {
          const store = yield* SessionStore
          const [owner, stranger] = [yield* newUser(), yield* newUser()]
          const hash = crypto.randomUUID()
          const token = yield* store.insertApiToken({ user_id: owner, name: "export", token_hash: hash })
          assert.deepStrictEqual([token.user_id, token.name, token.revoked_at], [owner, "export", null])
          assert.deepStrictEqual(yield* store.findApiTokenByDigest(hash), token)
          const later = yield* store.insertApiToken({
            user_id: owner,
            name: "backup",
            token_hash: crypto.randomUUID(),
          })
          assert.deepStrictEqual(
            (yield* store.listApiTokens(owner)).map((row) => row.id).sort((a, b) => a - b),
            [token.id, later.id],
          )
          assert.isFalse(yield* store.revokeApiToken(stranger, token.id))
          assert.isTrue(yield* store.revokeApiToken(owner, token.id))
          assert.isFalse(yield* store.revokeApiToken(owner, token.id))
          assert.isString((yield* store.findApiTokenByDigest(hash))?.revoked_at)
        }),
      )

      it.effect("counts login failures per key since an instant, and clears them", () =>
        Effect.gen(function* () {
          const store = yield* SessionStore
          // The test clock stands at 1970-01-01T00:00:00.000Z.
          const email = `email:${crypto.randomUUID()}`
          const address = `address:${crypto.randomUUID()}`
          yield* store.recordLoginFailure([email, address])
          yield* store.recordLoginFailure([email])
          assert.strictEqual(yield* store.loginFailuresSince([email], "1969-12-31T00:00:00.000Z"), 2)
          assert.strictEqual(yield* store.loginFailuresSince([address], "1969-12-31T00:00:00.000Z"), 1)
          assert.strictEqual(yield* store.loginFailuresSince([email], "1970-01-02T00:00:00.000Z"), 0)
          yield* store.clearLoginFailures([email, address])
          assert.strictEqual(yield* store.loginFailuresSince([email, address], "1969-12-31T00:00:00.000Z"), 0)
        }),
      )
    })
  }
})
