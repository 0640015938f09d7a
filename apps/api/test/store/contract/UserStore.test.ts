/**
 * The user store's contract, on every engine: users stored with a normalised e-mail address,
 * found, updated (booleans as 0/1), listed, paged, counted, and touched at most once a minute.
 */
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { TestClock } from "effect/testing"
import { UserStore } from "../../../src/store/UserStore.ts"
import { engines, migratedDatabase } from "../../support/TestDatabase.ts"

describe("UserStore contract", () => {
  for (const engine of engines) {
    layer(UserStore.layer.pipe(Layer.provideMerge(migratedDatabase(engine))))(engine, (it) => {
      it.effect("stores, finds, updates, lists, pages, counts and touches users", () =>
        Effect.gen(function* () {
          const store = yield* UserStore
          const sql = yield* SqlClient.SqlClient
          const before = yield* store.count
          const email = `${crypto.randomUUID()}@Example.com`
          const user = yield* store.insert({
            email: ` ${email} `,
            first_name: "Ada",
            last_name: "Lovelace",
            password_hash: "hash",
            admin: true,
          })
          assert.deepStrictEqual(user, {
            id: user.id,
            email: email.toLowerCase(),
            first_name: "Ada",
            last_name: "Lovelace",
            password_hash: "hash",
            admin: 1,
            deactivated: 0,
            image_attachment_id: null,
            app_version: "",
            bluetooth_enabled: 0,
            location_enabled: 0,
            push_notification_enabled: 0,
            last_active_at: null,
            created_at: "1970-01-01T00:00:00.000Z",
            email_verified: 1,
          })
          assert.deepStrictEqual(yield* store.findByEmail(email.toUpperCase()), user)
          assert.deepStrictEqual(yield* store.findById(user.id), user)
          yield* store.update(user.id, {
            admin: false,
            location_enabled: true,
            app_version: "4.1",
          })
          yield* store.update(user.id, {})
          const updated = yield* store.findById(user.id)
          assert.deepStrictEqual(
            [updated?.admin, updated?.location_enabled, updated?.app_version, updated?.first_name],
            [0, 1, "4.1", "Ada"],
          )
          const second = yield* store.insert({
            email: `${crypto.randomUUID()}@example.com`,
            first_name: "B",
            last_name: "B",
            password_hash: null,
            admin: false,
            email_verified: false,
          })
          assert.strictEqual(second.email_verified, 0)
          yield* store.update(second.id, { email_verified: true })
          assert.strictEqual((yield* store.findById(second.id))?.email_verified, 1)
          assert.strictEqual(yield* store.count, before + 2)
          const all = yield* store.list
          assert.deepStrictEqual(
            all.slice(-2).map((row) => row.id),
            [user.id, second.id],
          )
          assert.deepStrictEqual(
            (yield* store.page(before, 1)).map((row) => row.id),
            [user.id],
          )

          // On the real clock, which the PostgreSQL pool's own timers read as well.
          yield* TestClock.withLive(
            Effect.gen(function* () {
              yield* store.touch({ id: user.id, last_active_at: null })
              const touched = (yield* store.findById(user.id))?.last_active_at ?? null
              assert.isNotNull(touched)
              // Read earlier as never active, but touched by another request since: left alone.
              yield* store.touch({ id: user.id, last_active_at: null })
              assert.strictEqual((yield* store.findById(user.id))?.last_active_at, touched)
              const longAgo = new Date(Date.now() - 120_000).toISOString()
              yield* sql`UPDATE users SET last_active_at = ${longAgo} WHERE id = ${user.id}`.pipe(
                Effect.orDie,
              )
              yield* store.touch({ id: user.id, last_active_at: longAgo })
              assert.isTrue(((yield* store.findById(user.id))?.last_active_at ?? "") > longAgo)
            }),
          )
        }),
      )
    })
  }
})
