/**
 * The upload authorization store's contract, on every engine: authorizations found by their key
 * prefix, used once however many try, and removed once expired.
 */
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { UploadAuthorizationStore } from "../../../src/store/UploadAuthorizationStore.ts"
import { engines, migratedDatabase } from "../../support/TestDatabase.ts"
import { newUser } from "./Tenancy.ts"

const at = (hour: number) => `2025-08-01T${String(hour).padStart(2, "0")}:00:00.000Z`

describe("UploadAuthorizationStore contract", () => {
  for (const engine of engines) {
    layer(UploadAuthorizationStore.layer.pipe(Layer.provideMerge(migratedDatabase(engine))))(engine, (it) => {
      it.effect("finds authorizations by key prefix, uses each once, and removes the expired", () =>
        Effect.gen(function* () {
          const store = yield* UploadAuthorizationStore
          const user = yield* newUser()
          const authorize = (prefix: string, expiresHour: number) =>
            store.insert({
              user_id: user,
              key_prefix: prefix,
              content_type: "image/png",
              expires_at: at(expiresHour),
              created_at: at(expiresHour - 1),
            })
          const early = yield* authorize("uploads/aa/early.upload/", 2)
          const late = yield* authorize("uploads/bb/late.upload/", 5)
          assert.deepStrictEqual(yield* store.findByKeyPrefix("uploads/aa/early.upload/"), {
            id: early.id,
            user_id: user,
            key_prefix: "uploads/aa/early.upload/",
            content_type: "image/png",
            expires_at: at(2),
            used_at: null,
            created_at: at(1),
          })
          assert.strictEqual(yield* store.findByKeyPrefix("uploads/cc/none.upload/"), undefined)

          const attempts = yield* Effect.all([store.use(late.id, at(4)), store.use(late.id, at(4))], {
            concurrency: "unbounded",
          })
          assert.deepStrictEqual([...attempts].sort(), [false, true])
          assert.strictEqual((yield* store.findByKeyPrefix("uploads/bb/late.upload/"))?.used_at, at(4))

          assert.strictEqual(yield* store.removeExpired(at(3)), 1)
          assert.strictEqual(yield* store.findByKeyPrefix("uploads/aa/early.upload/"), undefined)
          assert.notStrictEqual(yield* store.findByKeyPrefix("uploads/bb/late.upload/"), undefined)
        }),
      )
    })
  }
})
