import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import {
  type NotificationRow,
  NotificationStore,
  type ReportToNotify,
} from "../../src/store/NotificationStore.ts"
import { migrations } from "../../src/store/sql/migrations/index.ts"
import * as SchemaMigrator from "../../src/store/sql/SchemaMigrator.ts"
import { freshDatabase, on } from "../support/FreshDatabase.ts"
import { engines } from "../support/TestDatabase.ts"
import { type Channel, newChannel, newReport, newUser } from "./contract/Tenancy.ts"

/** The migrations before `id`. */
const before = (id: number) => Effect.map(migrations, (all) => all.filter(([key]) => key < id))

const at = (day: number) => `2025-01-${String(day).padStart(2, "0")}T00:00:00.000Z`

/** Every notification, every column, by id. */
const notifications = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  return yield* sql<NotificationRow>`SELECT id, user_id, report_id, channel_id, read, archived_at, created_at, updated_at
    FROM notifications ORDER BY id`
}).pipe(Effect.orDie)

/** Every user's counts. */
const userCounts = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  return yield* sql<{
    readonly user_id: number
    readonly reports: number
    readonly alerts: number
    readonly alerts_opened: number
    readonly alert_sources: number
  }>`SELECT user_id, reports, alerts, alerts_opened, alert_sources FROM user_counts ORDER BY user_id`
}).pipe(Effect.orDie)

/** The notifications' indexes, by name. */
const indexes = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql.onDialectOrElse({
    pg: () =>
      sql<{ readonly name: string }>`SELECT indexname AS name FROM pg_indexes
        WHERE tablename = 'notifications' ORDER BY indexname`,
    orElse: () =>
      sql<{ readonly name: string }>`SELECT name FROM sqlite_schema
        WHERE type = 'index' AND tbl_name = 'notifications' ORDER BY name`,
  })
  return rows.map((row) => row.name)
}).pipe(Effect.orDie)

/** What the fan-out knows of a report. */
const toNotify = (channel: Channel, id: number, reporter: number): ReportToNotify => ({
  id,
  channel_id: channel.channelId,
  user_id: reporter,
  latitude: null,
  longitude: null,
})

/** Notifies users about a report through the store, as the fan-out does. */
const notify = (report: ReportToNotify, userIds: ReadonlyArray<number>, when: string) =>
  Effect.gen(function* () {
    const store = yield* NotificationStore
    yield* store.insertMany(report, userIds, when)
  }).pipe(Effect.provide(NotificationStore.layer))

describe("migration 0036, the notifications' indexes", () => {
  for (const engine of engines) {
    describe(engine, () => {
      it.effect("keeps every notification, its id, values and counts, and the rules", () =>
        Effect.gen(function* () {
          const client = yield* freshDatabase(engine)
          yield* on(client, SchemaMigrator.apply(before(36)))
          const written = yield* on(
            client,
            Effect.gen(function* () {
              const sql = yield* SqlClient.SqlClient
              const channel = yield* newChannel
              const reporter = yield* newUser()
              const [a, b, c] = [yield* newUser(), yield* newUser(), yield* newUser()]
              const first = toNotify(channel, yield* newReport(channel, reporter, at(1)), reporter)
              const second = toNotify(channel, yield* newReport(channel, reporter, at(2)), reporter)
              yield* notify(first, [a, b, c], at(1))
              yield* notify(second, [a], at(2))
              yield* notify(second, [b], at(2))
              yield* sql`UPDATE notifications SET read = 1, updated_at = ${at(3)}
                WHERE user_id = ${a} AND report_id = ${first.id}`
              yield* sql`UPDATE notifications SET archived_at = ${at(4)}, updated_at = ${at(4)}
                WHERE user_id = ${b} AND report_id = ${first.id}`
              // The newest notification, b's about the second report, goes: its id is never given again.
              const [newest] = yield* sql<{ readonly id: number }>`SELECT MAX(id) AS id FROM notifications`
              yield* sql`DELETE FROM notifications WHERE id = ${newest!.id}`
              return { a, b, c, first, second, deleted: newest!.id }
            }).pipe(Effect.orDie),
          )
          const kept = yield* on(client, notifications)
          const counts = yield* on(client, userCounts)
          expect(kept).toHaveLength(4)
          expect(counts).toHaveLength(4)

          expect(yield* on(client, SchemaMigrator.apply(before(37)))).toEqual([[36, "notification_indexes"]])
          expect(yield* on(client, notifications)).toEqual(kept)
          expect(yield* on(client, userCounts)).toEqual(counts)
          expect(yield* on(client, indexes)).toEqual(
            engine === "sqlite"
              ? ["notifications_report_user_channel", "notifications_user", "notifications_user_updated"]
              : [
                  "notifications_id",
                  "notifications_pkey",
                  "notifications_report_user_channel",
                  "notifications_user",
                  "notifications_user_updated",
                ],
          )

          yield* on(
            client,
            Effect.gen(function* () {
              const sql = yield* SqlClient.SqlClient
              const { a, b, c, first, second, deleted } = written
              // A new notification, with a new id, counted.
              yield* notify(second, [b], at(5))
              const [added] = yield* sql<{ readonly id: number }>`SELECT id FROM notifications
                WHERE user_id = ${b} AND report_id = ${second.id}`
              expect(added!.id).toBeGreaterThan(deleted)
              // The fan-out's insert skips who has one.
              yield* notify(second, [a, b], at(6))
              expect(yield* notifications).toHaveLength(5)
              const alertsOf = (user: number) =>
                Effect.map(userCounts, (rows) => rows.find((row) => row.user_id === user)?.alerts)
              expect(yield* alertsOf(b)).toBe(2)
              // A second notification about a report is refused.
              const refused = yield* Effect.flip(
                sql`INSERT INTO notifications (user_id, report_id, channel_id, read, created_at, updated_at)
                  VALUES (${a}, ${first.id}, ${first.channel_id}, 0, ${at(7)}, ${at(7)})`,
              )
              expect(refused.reason._tag).toBe("UniqueViolation")
              expect(yield* notifications).toHaveLength(5)
              // A report's deletion takes its notifications, and their counts.
              yield* sql`DELETE FROM reports WHERE id = ${first.id}`
              expect((yield* notifications).map((row) => row.report_id)).toEqual([second.id, second.id])
              expect(yield* alertsOf(c)).toBe(0)
              expect(yield* alertsOf(a)).toBe(1)
            }).pipe(Effect.orDie),
          )
        }),
      )
    })
  }
})

/** A user's notifications changed after `after`, through the store, as a syncing client pages them. */
const changedAfter = (userId: number, teamId: number, after: string) =>
  Effect.gen(function* () {
    const store = yield* NotificationStore
    const page = yield* store.page({
      userId,
      teamId,
      archived: undefined,
      updatedAfter: after,
      order: [],
      offset: 0,
      limit: 100,
    })
    return page.rows.map((row) => row.id)
  }).pipe(Effect.provide(NotificationStore.layer))

/** The statements' plans, as the engine tells them, one line each. */
const planOf = (statement: string) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return yield* sql.onDialectOrElse({
      // The tables are tiny: without this PostgreSQL would read them whole.
      pg: () =>
        sql.withTransaction(
          Effect.gen(function* () {
            yield* sql`SET LOCAL enable_seqscan = off`
            const rows = yield* sql.unsafe<{ readonly "QUERY PLAN": string }>(`EXPLAIN ${statement}`)
            return rows.map((row) => row["QUERY PLAN"].trim()).join("; ")
          }),
        ),
      orElse: () =>
        Effect.map(sql.unsafe<{ readonly detail: string }>(`EXPLAIN QUERY PLAN ${statement}`), (rows) =>
          rows.map((row) => row.detail).join("; "),
        ),
    })
  }).pipe(Effect.orDie)

const newestFirst = `SELECT id FROM notifications WHERE user_id = 1 ORDER BY created_at DESC, id DESC LIMIT 5`
const changedSince = `SELECT id FROM notifications n WHERE n.user_id = 1
  AND (n.created_at > '2025-01-01' OR (n.updated_at > n.created_at AND n.updated_at > '2025-01-01'))`

describe("migration 0037, the indexes of a fan-out", () => {
  for (const engine of engines) {
    describe(engine, () => {
      it.effect(
        "keeps every notification, and a sync still finds each one made or changed after a time",
        () =>
          Effect.gen(function* () {
            const client = yield* freshDatabase(engine)
            yield* on(client, SchemaMigrator.apply(before(37)))
            const written = yield* on(
              client,
              Effect.gen(function* () {
                const sql = yield* SqlClient.SqlClient
                const channel = yield* newChannel
                const reporter = yield* newUser()
                const user = yield* newUser()
                for (const day of [1, 2, 3, 4, 5]) {
                  const report = toNotify(channel, yield* newReport(channel, reporter, at(day)), reporter)
                  yield* notify(report, [user], at(day))
                }
                const ids = (yield* notifications).map((row) => row.id)
                const [madeFirst, second, third, fourth] = ids as [number, number, number, number]
                // Read later, archived later, archived and taken out again, read the instant it was made.
                yield* sql`UPDATE notifications SET read = 1, updated_at = ${at(6)} WHERE id = ${madeFirst}`
                yield* sql`UPDATE notifications SET archived_at = ${at(7)}, updated_at = ${at(7)} WHERE id = ${second}`
                yield* sql`UPDATE notifications SET archived_at = NULL, updated_at = ${at(8)} WHERE id = ${third}`
                yield* sql`UPDATE notifications SET read = 1 WHERE id = ${fourth}`
                return { user, teamId: channel.teamId }
              }).pipe(Effect.orDie),
            )
            const kept = yield* on(client, notifications)

            expect(yield* on(client, SchemaMigrator.apply(migrations))).toEqual([[37, "fan_out_indexes"]])
            expect(yield* on(client, notifications)).toEqual(kept)
            expect(yield* on(client, indexes)).toEqual(
              engine === "sqlite"
                ? [
                    "notifications_report_user_channel",
                    "notifications_user_changed",
                    "notifications_user_created",
                  ]
                : [
                    "notifications_id",
                    "notifications_pkey",
                    "notifications_report_user_channel",
                    "notifications_user_changed",
                    "notifications_user_created",
                  ],
            )
            // The same notifications as `updated_at > after`, in the order they changed, for every time.
            for (const day of [0, 1, 2, 3, 4, 5, 6, 7, 8]) {
              const expected = kept
                .filter((row) => row.updated_at > at(day))
                .sort((x, y) => x.updated_at.localeCompare(y.updated_at) || x.id - y.id)
                .map((row) => row.id)
              expect(yield* on(client, changedAfter(written.user, written.teamId, at(day)))).toEqual(expected)
            }

            const plans = yield* on(
              client,
              Effect.all({ newest: planOf(newestFirst), changed: planOf(changedSince) }),
            )
            // Newest first in the order of the index, no sort; a sync through both indexes on SQLite,
            // through the user's first on PostgreSQL, which finds that cheaper for five rows.
            expect(plans.newest).toContain("notifications_user_created")
            expect(plans.newest).not.toMatch(/TEMP B-TREE|Sort/)
            expect(plans.changed).toContain("notifications_user_created")
            if (engine === "sqlite") expect(plans.changed).toContain("notifications_user_changed")
          }),
      )
    })
  }

  it.effect(
    "on SQLite, finds notifications by report, by user and report, and a channel's followers with an index",
    () =>
      Effect.gen(function* () {
        const client = yield* freshDatabase("sqlite")
        yield* on(client, SchemaMigrator.apply(migrations))
        const plans = yield* on(
          client,
          Effect.all({
            byReport: planOf("SELECT user_id FROM notifications WHERE report_id = 1"),
            byUserAndReport: planOf(
              "SELECT 1 FROM notifications WHERE user_id = 1 AND report_id = 1 AND read = 0",
            ),
            followers: planOf("SELECT user_id FROM channel_selections WHERE channel_id = 1 AND follow = 1"),
          }),
        )
        expect(plans).toEqual({
          byReport:
            "SEARCH notifications USING COVERING INDEX notifications_report_user_channel (report_id=?)",
          byUserAndReport:
            "SEARCH notifications USING INDEX notifications_report_user_channel (report_id=? AND user_id=?)",
          followers:
            "SEARCH channel_selections USING COVERING INDEX channel_selections_followers (channel_id=?)",
        })
      }),
  )
})
