/**
 * The job store's contract, on every engine: insertion with unique keys, claiming (expired leases
 * first, then the longest due), leases and the ends of a claim. Every test uses kinds of its own,
 * as they share one database.
 */
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { type Claim, JobStore } from "../../../src/store/JobStore.ts"
import { engines, migratedDatabase } from "../../support/TestDatabase.ts"

const t = (minute: number) => new Date(Date.UTC(2025, 0, 1, 0, minute)).toISOString()

const job = (kind: string, runAt: string, uniqueKey: string | null = null) => ({
  kind,
  payload: JSON.stringify({ kind }),
  run_at: runAt,
  unique_key: uniqueKey,
  created_at: t(0),
})

describe("JobStore contract", () => {
  for (const engine of engines) {
    layer(JobStore.layer.pipe(Layer.provideMerge(migratedDatabase(engine))))(engine, (it) => {
      it.effect("inserts a pending job and finds it", () =>
        Effect.gen(function* () {
          const store = yield* JobStore
          const id = yield* store.insert(job("find", t(1)))
          assert.isNumber(id)
          const found = yield* store.find(id ?? 0)
          assert.deepStrictEqual(found, {
            id: id ?? 0,
            kind: "find",
            payload: '{"kind":"find"}',
            status: "pending",
            attempts: 0,
            run_at: t(1),
            lease_until: null,
            last_error: null,
            unique_key: null,
            finished_at: null,
          })
          assert.isUndefined(yield* store.find(-1))
        }),
      )

      it.effect(
        "adds nothing for a unique key a pending or running job holds, and again once it is done",
        () =>
          Effect.gen(function* () {
            const store = yield* JobStore
            const first = yield* store.insert(job("unique", t(1), "once"))
            assert.isUndefined(yield* store.insert(job("unique", t(2), "once")))
            const claimed = yield* store.claim(["unique"], t(5), t(6))
            assert.strictEqual(claimed?.id, first)
            assert.isUndefined(yield* store.insert(job("unique", t(2), "once")))
            yield* store.complete({ id: first ?? 0, attempts: 1 }, t(7))
            assert.isNumber(yield* store.insert(job("unique", t(8), "once")))
          }),
      )

      it.effect("claims the longest due job of the kinds asked, once, and only when due", () =>
        Effect.gen(function* () {
          const store = yield* JobStore
          const later = yield* store.insert(job("due", t(3)))
          const earlier = yield* store.insert(job("due", t(2)))
          yield* store.insert(job("other", t(1)))
          assert.isFalse(yield* store.hasClaimable(["due"], t(1)))
          assert.isUndefined(yield* store.claim(["due"], t(1), t(10)))
          assert.isTrue(yield* store.hasClaimable(["due"], t(3)))
          const first = yield* store.claim(["due"], t(3), t(10))
          assert.deepStrictEqual(first, {
            id: earlier ?? 0,
            kind: "due",
            payload: '{"kind":"due"}',
            attempts: 1,
          })
          assert.strictEqual((yield* store.claim(["due"], t(3), t(10)))?.id, later)
          assert.isUndefined(yield* store.claim(["due"], t(3), t(10)))
          assert.isFalse(yield* store.hasClaimable([], t(3)))
          assert.isUndefined(yield* store.claim([], t(3), t(10)))
          const running = yield* store.find(earlier ?? 0)
          assert.strictEqual(running?.status, "running")
          assert.strictEqual(running?.lease_until, t(10))
        }),
      )

      it.effect(
        "claims a job again once its lease expired, before any due job, and renews only the current claim",
        () =>
          Effect.gen(function* () {
            const store = yield* JobStore
            const id = (yield* store.insert(job("lease", t(1)))) ?? 0
            const stale: Claim = { id, attempts: 1 }
            assert.strictEqual((yield* store.claim(["lease"], t(1), t(5)))?.attempts, 1)
            yield* store.insert(job("lease", t(2)))
            assert.isTrue(yield* store.renew(stale, t(6)))
            assert.isTrue(yield* store.hasClaimable(["lease"], t(7)))
            const again = yield* store.claim(["lease"], t(7), t(20))
            assert.deepStrictEqual(again, { id, kind: "lease", payload: '{"kind":"lease"}', attempts: 2 })
            assert.isFalse(yield* store.renew(stale, t(30)))
            // The dead worker's end of the claim changes nothing.
            yield* store.complete(stale, t(8))
            assert.strictEqual((yield* store.find(id))?.status, "running")
          }),
      )

      it.effect("retries, fails, completes and releases a claim", () =>
        Effect.gen(function* () {
          const store = yield* JobStore
          const id = (yield* store.insert(job("ends", t(1)))) ?? 0
          yield* store.claim(["ends"], t(1), t(5))
          yield* store.retry({ id, attempts: 1 }, t(9), "boom")
          const retried = yield* store.find(id)
          assert.deepStrictEqual(
            [retried?.status, retried?.run_at, retried?.last_error, retried?.lease_until],
            ["pending", t(9), "boom", null],
          )
          yield* store.claim(["ends"], t(9), t(12))
          yield* store.release({ id, attempts: 2 })
          const released = yield* store.find(id)
          assert.deepStrictEqual([released?.status, released?.attempts], ["pending", 1])
          yield* store.claim(["ends"], t(9), t(12))
          yield* store.fail({ id, attempts: 2 }, t(11), "gave up")
          const failed = yield* store.find(id)
          assert.deepStrictEqual(
            [failed?.status, failed?.finished_at, failed?.last_error],
            ["failed", t(11), "gave up"],
          )
          const other = (yield* store.insert(job("ends", t(1)))) ?? 0
          yield* store.claim(["ends"], t(1), t(5))
          yield* store.complete({ id: other, attempts: 1 }, t(4))
          const done = yield* store.find(other)
          assert.deepStrictEqual([done?.status, done?.finished_at, done?.lease_until], ["done", t(4), null])
        }),
      )
    })
  }
})
