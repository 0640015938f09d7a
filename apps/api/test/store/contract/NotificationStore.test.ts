/**
 * The notification store's contract, on every engine: one notification per user and report however
 * often the fan-out runs, the audience of a report, a user's pages in a team in every order (nulls
 * of `archived_at` first going up, last going down, then newest first by the time they were made),
 * those made, read or archived after a time in the order they changed, reading, archiving and
 * deleting.
 */
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { type NotificationQuery, NotificationStore } from "../../../src/store/NotificationStore.ts"
import { engines, migratedDatabase } from "../../support/TestDatabase.ts"
import { newChannel, newMember, newReport, newUser } from "./Tenancy.ts"

const at = (day: number) => `2025-01-${String(day).padStart(2, "0")}T00:00:00.000Z`

/** The first ten of a user's notifications in a team, newest first, or as they changed after `updatedAfter`. */
const firstPage = (userId: number, teamId: number, updatedAfter?: string): NotificationQuery => ({
  userId,
  teamId,
  archived: undefined,
  updatedAfter,
  order: [],
  offset: 0,
  limit: 10,
})

describe("NotificationStore contract", () => {
  for (const engine of engines) {
    layer(NotificationStore.layer.pipe(Layer.provideMerge(migratedDatabase(engine))))(engine, (it) => {
      it.effect("notifies each user once and tells who was notified", () =>
        Effect.gen(function* () {
          const store = yield* NotificationStore
          const channel = yield* newChannel
          const reporter = yield* newUser()
          const reportId = yield* newReport(channel, reporter, at(1))
          const report = yield* store.reportToNotify(reportId)
          assert.deepStrictEqual(report, {
            id: reportId,
            channel_id: channel.channelId,
            user_id: reporter,
            latitude: null,
            longitude: null,
          })
          const [a, b] = [yield* newUser(), yield* newUser()]
          yield* store.insertMany(report!, [a], at(2))
          yield* store.insertMany(report!, [a, b], at(3))
          assert.deepStrictEqual([...(yield* store.notifiedAbout(reportId))].sort(), [a, b].sort())
          assert.isUndefined(yield* store.reportToNotify(-1))
        }),
      )

      it.effect("notifies nobody about a report deleted since it was read", () =>
        Effect.gen(function* () {
          const store = yield* NotificationStore
          const sql = yield* SqlClient.SqlClient
          const channel = yield* newChannel
          const reporter = yield* newUser()
          const reportId = yield* newReport(channel, reporter, at(1))
          const report = yield* store.reportToNotify(reportId)
          yield* sql`DELETE FROM reports WHERE id = ${reportId}`.pipe(Effect.orDie)
          yield* store.insertMany(report!, [yield* newUser()], at(2))
          assert.deepStrictEqual(yield* store.notifiedAbout(reportId), [])
        }),
      )

      it.effect(
        "reads the audience: followers, and those alerted who want alerts, who joined and are active",
        () =>
          Effect.gen(function* () {
            const store = yield* NotificationStore
            const sql = yield* SqlClient.SqlClient
            const channel = yield* newChannel
            const follower = yield* newUser()
            const alertable = yield* newUser()
            const notAlerted = yield* newUser()
            const invited = yield* newUser()
            const deactivated = yield* newUser()
            yield* newMember(channel, follower, { follow: true })
            yield* newMember(channel, alertable, { alert: true })
            yield* newMember(channel, notAlerted, { alert: true })
            yield* newMember(channel, invited, { follow: true, agreed: false })
            yield* newMember(channel, deactivated, { follow: true })
            yield* sql`UPDATE users SET deactivated = 1 WHERE id = ${deactivated}`.pipe(Effect.orDie)
            const audience = yield* store.audienceOf(channel.channelId, [alertable, invited])
            assert.deepStrictEqual(
              [...audience].sort((x, y) => x.user_id - y.user_id),
              [
                { user_id: follower, follow: true, alert: false },
                { user_id: alertable, follow: false, alert: true },
              ],
            )
            assert.deepStrictEqual(
              (yield* store.audienceOf(channel.channelId, [])).map((member) => member.user_id),
              [follower],
            )
          }),
      )

      it.effect("pages a user's notifications of a team in the order asked, then newest first", () =>
        Effect.gen(function* () {
          const store = yield* NotificationStore
          const channel = yield* newChannel
          const other = yield* newChannel
          const user = yield* newUser()
          const ids: Array<number> = []
          for (const day of [1, 2, 3]) {
            const reportId = yield* newReport(channel, user, at(day))
            yield* store.insertMany(
              { id: reportId, channel_id: channel.channelId, user_id: user, latitude: null, longitude: null },
              [user],
              at(day),
            )
          }
          const elsewhere = yield* newReport(other, user, at(4))
          yield* store.insertMany(
            { id: elsewhere, channel_id: other.channelId, user_id: user, latitude: null, longitude: null },
            [user],
            at(4),
          )
          const query = firstPage(user, channel.teamId)
          const all = yield* store.page(query)
          assert.strictEqual(all.total, 3)
          for (const row of all.rows) ids.push(row.id)
          const [newest, middle, oldest] = ids as [number, number, number]
          assert.isAbove(newest, middle)
          const changed = (after: string) =>
            store
              .page({ ...query, updatedAfter: after })
              .pipe(Effect.map((page) => [page.total, page.rows.map((row) => [row.id, row.updated_at])]))
          // Made after the time and never changed.
          assert.deepStrictEqual(yield* changed(at(1)), [
            2,
            [
              [middle, at(2)],
              [newest, at(3)],
            ],
          ])
          yield* store.setArchivedAt(middle, at(9), at(9))
          yield* store.setArchivedAt(oldest, at(8), at(8))
          yield* store.markRead(newest, at(10))
          // A read already read keeps the time it was read.
          yield* store.markRead(newest, at(11))
          const order = (field: "archived_at" | "read", direction: "asc" | "desc") =>
            store
              .page({ ...query, order: [{ field, direction }] })
              .pipe(Effect.map((page) => page.rows.map((row) => row.id)))
          assert.deepStrictEqual(yield* order("archived_at", "asc"), [newest, oldest, middle])
          assert.deepStrictEqual(yield* order("archived_at", "desc"), [middle, oldest, newest])
          assert.deepStrictEqual(yield* order("read", "desc"), [newest, middle, oldest])
          assert.deepStrictEqual(yield* changed(at(3)), [
            3,
            [
              [oldest, at(8)],
              [middle, at(9)],
              [newest, at(10)],
            ],
          ])
          assert.deepStrictEqual(yield* changed(at(9)), [1, [[newest, at(10)]]])
          const archived = yield* store.page({ ...query, archived: true, limit: 1, offset: 1 })
          assert.deepStrictEqual([archived.total, archived.rows.map((row) => row.id)], [2, [oldest]])
          const found = yield* store.find(newest, user, channel.teamId)
          assert.deepStrictEqual([found?.read, found?.archived_at], [1, null])
          assert.isUndefined(yield* store.find(newest, user, other.teamId))
          yield* store.setArchivedAt(middle, null, at(12))
          assert.strictEqual((yield* store.find(middle, user, channel.teamId))?.archived_at, null)
          // Taken out of the archive is a change too.
          assert.deepStrictEqual(yield* changed(at(11)), [1, [[middle, at(12)]]])
          yield* store.delete(middle)
          assert.isUndefined(yield* store.find(middle, user, channel.teamId))
        }),
      )

      it.effect("lists newest first by the time a notification was made, whatever the order of its id", () =>
        Effect.gen(function* () {
          const store = yield* NotificationStore
          const channel = yield* newChannel
          const user = yield* newUser()
          const notifyAt = (day: number) =>
            Effect.gen(function* () {
              const id = yield* newReport(channel, user, at(day))
              yield* store.insertMany(
                { id, channel_id: channel.channelId, user_id: user, latitude: null, longitude: null },
                [user],
                at(day),
              )
            })
          // Two fan-outs finishing out of order: the later insert was made earlier.
          yield* notifyAt(5)
          yield* notifyAt(4)
          const page = yield* store.page(firstPage(user, channel.teamId))
          assert.deepStrictEqual(
            page.rows.map((row) => row.created_at),
            [at(5), at(4)],
          )
          assert.isBelow(page.rows[0]!.id, page.rows[1]!.id)
        }),
      )

      it.effect("dates a notification written without updated_at by the time it was made", () =>
        Effect.gen(function* () {
          const store = yield* NotificationStore
          const sql = yield* SqlClient.SqlClient
          const channel = yield* newChannel
          const user = yield* newUser()
          const reportId = yield* newReport(channel, user, at(1))
          // As the seeder writes them in bulk: without the time of the last change.
          yield* sql`INSERT INTO notifications (user_id, report_id, channel_id, read, created_at)
            VALUES (${user}, ${reportId}, ${channel.channelId}, 0, ${at(2)})`.pipe(Effect.orDie)
          const page = yield* store.page(firstPage(user, channel.teamId, at(1)))
          assert.deepStrictEqual(
            page.rows.map((row) => row.updated_at),
            [at(2)],
          )
        }),
      )
    })
  }
})
