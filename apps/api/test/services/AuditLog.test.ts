/**
 * The audit log service: it stamps each event with the clock's time and the current request's
 * address and id (nulls outside a request), and a failed write never reaches the caller.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { SqlError } from "effect/sql"
import { TestClock } from "effect/testing"
import { type AuditEventInput, AuditLog } from "../../src/services/AuditLog.ts"
import { RequestContext } from "../../src/services/RequestContext.ts"
import { AuditStore, type NewAuditEvent } from "../../src/store/AuditStore.ts"

const deletion: AuditEventInput = {
  kind: "channel.deleted",
  actorUserId: 12,
  appId: 1,
  teamId: 4,
  targetType: "channel",
  targetId: "31",
  outcome: "success",
  detail: { name: "Roads", reports: 3 },
}

/** A store that keeps what it is given in `written`, or fails every insert. */
const storeOf = (written: Array<NewAuditEvent>, fails = false) =>
  Layer.succeed(
    AuditStore,
    AuditStore.of({
      insert: (event) =>
        fails
          ? Effect.fail(
              new SqlError.SqlError({
                reason: new SqlError.UnknownError({ cause: new Error("disk full"), message: "disk full" }),
              }),
            )
          : Effect.sync(() => {
              written.push(event)
              return { id: written.length, ...event }
            }),
      list: () => Effect.succeed([]),
      count: () => Effect.succeed(0),
      deleteOlderThan: () => Effect.succeed(0),
    }),
  )

describe("AuditLog", () => {
  it.effect("records the event with the time, the request's client address and the request id", () => {
    const written: Array<NewAuditEvent> = []
    return Effect.gen(function* () {
      yield* TestClock.setTime(Date.parse("2026-05-04T03:02:01.000Z"))
      const audit = yield* AuditLog
      yield* audit
        .record(deletion)
        .pipe(Effect.provideService(RequestContext, { clientAddress: "203.0.113.9", requestId: "req-1" }))
      assert.deepStrictEqual(written, [
        {
          occurred_at: "2026-05-04T03:02:01.000Z",
          kind: "channel.deleted",
          actor_user_id: 12,
          branded_app_id: 1,
          team_id: 4,
          target_type: "channel",
          target_id: "31",
          outcome: "success",
          client_address: "203.0.113.9",
          request_id: "req-1",
          detail: '{"name":"Roads","reports":3}',
        },
      ])
    }).pipe(Effect.provide(AuditLog.layer.pipe(Layer.provide(storeOf(written)))))
  })

  it.effect("records no address or request id outside a request, and no detail when none is given", () => {
    const written: Array<NewAuditEvent> = []
    return Effect.gen(function* () {
      const audit = yield* AuditLog
      const { detail: _, ...withoutDetail } = deletion
      yield* audit.record(withoutDetail)
      assert.deepStrictEqual(
        written.map((row) => [row.client_address, row.request_id, row.detail]),
        [[null, null, null]],
      )
    }).pipe(Effect.provide(AuditLog.layer.pipe(Layer.provide(storeOf(written)))))
  })

  it.effect("succeeds for its caller when the write fails", () =>
    Effect.gen(function* () {
      const audit = yield* AuditLog
      const exit = yield* Effect.exit(audit.record(deletion))
      assert.strictEqual(exit._tag, "Success")
    }).pipe(Effect.provide(AuditLog.layer.pipe(Layer.provide(storeOf([], true))))),
  )
})
