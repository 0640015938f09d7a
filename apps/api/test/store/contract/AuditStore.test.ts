/**
 * The audit store's contract, on every engine: events are appended and listed newest first by
 * every filter, a page at a time, counted alike; the clean-up deletes only events older than its
 * instant, however many; and the table refuses to rewrite an event.
 */
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Exit, Layer } from "effect"
import { SqlClient } from "effect/sql"
import {
  type AuditEventFilter,
  AuditStore,
  everyEvent,
  type NewAuditEvent,
} from "../../../src/store/AuditStore.ts"
import { engines, migratedDatabase } from "../../support/TestDatabase.ts"

/** An app id of its own per test: events name apps by number only, so any number will do. */
let nextApp = 1_000
const freshApp = () => nextApp++

const event = (overrides: Partial<NewAuditEvent>): NewAuditEvent => ({
  occurred_at: "2026-03-01T10:00:00.000Z",
  kind: "channel.deleted",
  actor_user_id: 7,
  branded_app_id: null,
  team_id: null,
  target_type: "channel",
  target_id: "31",
  outcome: "success",
  client_address: "203.0.113.9",
  request_id: "request-1",
  detail: null,
  ...overrides,
})

describe("AuditStore contract", () => {
  for (const engine of engines) {
    layer(AuditStore.layer.pipe(Layer.provideMerge(migratedDatabase(engine))))(engine, (it) => {
      it.effect("appends an event and gives it back as stored", () =>
        Effect.gen(function* () {
          const store = yield* AuditStore
          const appId = freshApp()
          const written = event({ branded_app_id: appId, team_id: 4, detail: '{"name":"Roads"}' })
          const row = yield* store.insert(written)
          assert.deepStrictEqual(row, { id: row.id, ...written })
          assert.deepStrictEqual(yield* store.list({ ...everyEvent, appId }, 0, 10), [row])
        }),
      )

      it.effect(
        "lists newest first by app, teams, actor, kinds and time, a page at a time, and counts alike",
        () =>
          Effect.gen(function* () {
            const store = yield* AuditStore
            const appId = freshApp()
            const at = (minute: number) => `2026-03-01T10:${String(minute).padStart(2, "0")}:00.000Z`
            const rows = [
              yield* store.insert(event({ branded_app_id: appId, team_id: 1, occurred_at: at(1) })),
              yield* store.insert(
                event({ branded_app_id: appId, team_id: 2, occurred_at: at(2), kind: "team.deleted" }),
              ),
              yield* store.insert(
                event({ branded_app_id: appId, team_id: 3, occurred_at: at(3), actor_user_id: 8 }),
              ),
              yield* store.insert(
                event({
                  branded_app_id: appId,
                  occurred_at: at(4),
                  kind: "login.failed",
                  actor_user_id: null,
                }),
              ),
              // Same instant as the one before: the later id comes first.
              yield* store.insert(event({ branded_app_id: appId, team_id: 1, occurred_at: at(4) })),
            ]
            yield* store.insert(event({ branded_app_id: freshApp(), team_id: 1, occurred_at: at(5) }))
            const ids = (filter: Partial<AuditEventFilter>, offset = 0, limit = 10) =>
              store
                .list({ ...everyEvent, appId, ...filter }, offset, limit)
                .pipe(Effect.map((found) => found.map((row) => rows.findIndex((one) => one.id === row.id))))
            const count = (filter: Partial<AuditEventFilter>) =>
              store.count({ ...everyEvent, appId, ...filter })

            assert.deepStrictEqual(yield* ids({}), [4, 3, 2, 1, 0])
            assert.strictEqual(yield* count({}), 5)
            assert.deepStrictEqual(yield* ids({}, 1, 2), [3, 2])
            assert.deepStrictEqual(yield* ids({}, 5, 2), [])
            assert.deepStrictEqual(yield* ids({ teamIds: [1, 3] }), [4, 2, 0])
            assert.strictEqual(yield* count({ teamIds: [1, 3] }), 3)
            assert.deepStrictEqual(yield* ids({ teamIds: [] }), [])
            assert.strictEqual(yield* count({ teamIds: [] }), 0)
            assert.deepStrictEqual(yield* ids({ actorUserId: 8 }), [2])
            assert.deepStrictEqual(yield* ids({ kinds: ["team.deleted", "login.failed"] }), [3, 1])
            assert.deepStrictEqual(yield* ids({ kinds: [] }), [])
            assert.deepStrictEqual(yield* ids({ since: at(2), until: at(4) }), [2, 1])
            assert.strictEqual(yield* count({ since: at(2), until: at(4) }), 2)
            assert.deepStrictEqual(
              yield* ids({ teamIds: [1], kinds: ["channel.deleted"], since: at(2) }),
              [4],
            )
            assert.strictEqual(yield* count({ appId: undefined, teamIds: [1], since: at(1) }), 3)
          }),
      )

      it.effect(
        "deletes the events older than an instant, in as many writes as it takes, and keeps the rest",
        () =>
          Effect.gen(function* () {
            const store = yield* AuditStore
            const sql = yield* SqlClient.SqlClient
            const appId = freshApp()
            // More old events than one delete statement removes, written in one statement.
            yield* sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5003)
            INSERT INTO audit_events (occurred_at, kind, branded_app_id, outcome)
            SELECT '1999-12-31T23:59:59.999Z', 'login.failed', ${appId}, 'failure' FROM n`.pipe(Effect.orDie)
            const kept = yield* store.insert(
              event({ branded_app_id: appId, occurred_at: "2000-01-01T00:00:00.000Z" }),
            )
            assert.strictEqual(yield* store.count({ ...everyEvent, appId }), 5004)
            assert.strictEqual(yield* store.deleteOlderThan("2000-01-01T00:00:00.000Z"), 5003)
            assert.deepStrictEqual(yield* store.list({ ...everyEvent, appId }, 0, 10), [kept])
            assert.strictEqual(yield* store.deleteOlderThan("2000-01-01T00:00:00.000Z"), 0)
          }),
      )

      it.effect("refuses to change an event once written", () =>
        Effect.gen(function* () {
          const store = yield* AuditStore
          const sql = yield* SqlClient.SqlClient
          const appId = freshApp()
          const row = yield* store.insert(event({ branded_app_id: appId }))
          const changed = yield* sql`UPDATE audit_events SET outcome = 'failure' WHERE id = ${row.id}`.pipe(
            Effect.exit,
          )
          assert.isTrue(Exit.isFailure(changed))
          assert.deepStrictEqual(yield* store.list({ ...everyEvent, appId }, 0, 10), [row])
        }),
      )
    })
  }
})
