/**
 * A report's fan-out and the deletion of the report, or of its channel, at the same time, on
 * PostgreSQL, where they run in two transactions at once, the fan-out in the runner its job uses
 * (SQLite runs one writer at a time): whichever locks first goes first, and the other waits for it
 * instead of each waiting for the other.
 */
import { describe, expect, layer } from "@effect/vitest"
import { Deferred, Effect, Fiber, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { ChannelStore } from "../../src/store/ChannelStore.ts"
import { NotificationStore } from "../../src/store/NotificationStore.ts"
import * as Transaction from "../../src/store/sql/Transaction.ts"
import { engines, migratedDatabase } from "../support/TestDatabase.ts"
import { newChannel, newReport, newUser } from "./contract/Tenancy.ts"

const at = (day: number) => `2025-01-${String(day).padStart(2, "0")}T00:00:00.000Z`

/** Long enough for the other transaction to be waiting. */
const pause = "300 millis"

const database = engines.includes("postgres") ? [migratedDatabase("postgres")] : []

describe.skipIf(database.length === 0)(
  "a fan-out and its report's or channel's deletion at once, on PostgreSQL",
  () => {
    for (const postgres of database) {
      layer(Layer.mergeAll(NotificationStore.layer, ChannelStore.layer).pipe(Layer.provideMerge(postgres)), {
        excludeTestServices: true,
      })("postgres", (it) => {
        /** A report of a new channel by a new user, and another user to notify. */
        const filed = Effect.gen(function* () {
          const channel = yield* newChannel
          const reporter = yield* newUser()
          return { reportId: yield* newReport(channel, reporter, at(1)), other: yield* newUser() }
        })

        /**
         * A fan-out about the report to `userId` in the runner its job uses, forked, and answered
         * once it holds its locks; it inserts a pause later.
         */
        const fanOutHoldingLocks = (reportId: number, userId: number) =>
          Effect.gen(function* () {
            const store = yield* NotificationStore
            const inOneWrite = yield* Transaction.singleWriteRunner
            const locked = yield* Deferred.make<void>()
            const fanOut = yield* Effect.forkChild(
              inOneWrite(
                Effect.gen(function* () {
                  const report = yield* store.reportToNotify(reportId)
                  yield* Deferred.succeed(locked, undefined)
                  yield* Effect.sleep(pause)
                  yield* store.insertMany(report!, [userId], at(3))
                }),
              ),
            )
            yield* Deferred.await(locked)
            return fanOut
          })

        /** A deletion, forked in a transaction, and answered once done; it commits a pause later. */
        const deletionHoldingLocks = <E, R>(deletion: Effect.Effect<unknown, E, R>) =>
          Effect.gen(function* () {
            const sql = yield* SqlClient.SqlClient
            const deleted = yield* Deferred.make<void>()
            const fiber = yield* Effect.forkChild(
              sql.withTransaction(
                Effect.gen(function* () {
                  yield* deletion
                  yield* Deferred.succeed(deleted, undefined)
                  yield* Effect.sleep(pause)
                }),
              ),
            )
            yield* Deferred.await(deleted)
            return fiber
          })

        const remaining = (reportId: number) =>
          Effect.gen(function* () {
            const sql = yield* SqlClient.SqlClient
            const [reports] = yield* sql<{ readonly n: number }>`SELECT COUNT(*)::integer AS n FROM reports
            WHERE id = ${reportId}`
            const [notifications] = yield* sql<{ readonly n: number }>`SELECT COUNT(*)::integer AS n
            FROM notifications WHERE report_id = ${reportId}`
            return [reports?.n, notifications?.n]
          }).pipe(Effect.orDie)

        it.effect("a deletion during the fan-out waits for it, then takes its notifications", () =>
          Effect.gen(function* () {
            const sql = yield* SqlClient.SqlClient
            const { reportId, other } = yield* filed
            const fanOut = yield* fanOutHoldingLocks(reportId, other)
            const deletion = yield* Effect.forkChild(
              sql.withTransaction(sql`DELETE FROM reports WHERE id = ${reportId}`),
            )
            yield* Fiber.join(fanOut)
            yield* Fiber.join(deletion)
            expect(yield* remaining(reportId)).toEqual([0, 0])
          }),
        )

        it.effect("a fan-out during the deletion waits for it, then finds no report", () =>
          Effect.gen(function* () {
            const store = yield* NotificationStore
            const sql = yield* SqlClient.SqlClient
            const inOneWrite = yield* Transaction.singleWriteRunner
            const { reportId } = yield* filed
            const deletion = yield* deletionHoldingLocks(sql`DELETE FROM reports WHERE id = ${reportId}`)
            const found = yield* inOneWrite(store.reportToNotify(reportId))
            yield* Fiber.join(deletion)
            expect(found).toBeUndefined()
          }),
        )

        it.effect(
          "a channel's deletion during the fan-out of one of its reports waits for it, however the counts it takes off overlap the fan-out's",
          () =>
            Effect.gen(function* () {
              const channels = yield* ChannelStore
              const channel = yield* newChannel
              // The author of the channel's first report is told about its second: the deletion
              // takes the first report's counts off the author's row before it reaches the second.
              const author = yield* newUser()
              const firstId = yield* newReport(channel, author, at(1))
              const reportId = yield* newReport(channel, yield* newUser(), at(2))
              const fanOut = yield* fanOutHoldingLocks(reportId, author)
              const deletion = yield* Effect.forkChild(channels.delete(channel.channelId))
              yield* Fiber.join(fanOut)
              yield* Fiber.join(deletion)
              expect([...(yield* remaining(firstId)), ...(yield* remaining(reportId))]).toEqual([0, 0, 0, 0])
            }),
        )

        it.effect("a fan-out during its channel's deletion waits for it, then finds no report", () =>
          Effect.gen(function* () {
            const store = yield* NotificationStore
            const channels = yield* ChannelStore
            const inOneWrite = yield* Transaction.singleWriteRunner
            const channel = yield* newChannel
            const reportId = yield* newReport(channel, yield* newUser(), at(1))
            const deletion = yield* deletionHoldingLocks(channels.delete(channel.channelId))
            const found = yield* inOneWrite(store.reportToNotify(reportId))
            yield* Fiber.join(deletion)
            expect(found).toBeUndefined()
          }),
        )
      })
    }
  },
)
