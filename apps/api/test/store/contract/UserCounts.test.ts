/**
 * The counts kept per user and channel (migration 0013: `user_counts`, `channel_counts`) on every
 * engine: after reports, reads and notifications are written (several rows a statement, as the
 * fan-out writes them), after updates that move a report to another reporter or make it anonymous,
 * after a notification is opened, and after deletes, including a report's deletion cascading to its
 * reads and notifications, they equal a recount from those tables. And the analytics that read them
 * answer the same whether they read the kept totals (a range holding most reports) or the reports
 * (a range holding few).
 */
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { AnalyticsStore } from "../../../src/store/AnalyticsStore.ts"
import { engines, migratedDatabase } from "../../support/TestDatabase.ts"
import { type Channel, newChannel, newReport, newUser } from "./Tenancy.ts"

const countColumns = ["reports", "opens", "reports_read", "alerts", "alerts_opened", "alert_sources"] as const
type Counts = Record<"user_id" | (typeof countColumns)[number], number>

const numbers = (rows: ReadonlyArray<Record<string, unknown>>) =>
  rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)])))

/** The kept counts of the channel's users, those not all 0, and its reports seen. */
const kept = (channel: Channel) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const users = yield* sql<Counts>`SELECT user_id, ${sql.literal(countColumns.join(", "))} FROM user_counts
      WHERE channel_id = ${channel.channelId}
        AND (${sql.literal(countColumns.map((column) => `${column} <> 0`).join(" OR "))})
      ORDER BY user_id`
    const [seen] = yield* sql<{ reports_seen: number }>`SELECT reports_seen FROM channel_counts
      WHERE channel_id = ${channel.channelId}`
    return { users: numbers(users), seen: Number(seen?.reports_seen ?? 0) }
  }).pipe(Effect.orDie)

/** The same counted from the reports, reads and notifications. */
const recounted = (channel: Channel) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const users = yield* sql<Counts>`SELECT user_id, SUM(reports) AS reports, SUM(opens) AS opens,
        SUM(reports_read) AS reports_read, SUM(alerts) AS alerts, SUM(alerts_opened) AS alerts_opened,
        SUM(alert_sources) AS alert_sources
      FROM (
        SELECT user_id, COUNT(*) AS reports, 0 AS opens, 0 AS reports_read, 0 AS alerts,
          0 AS alerts_opened, 0 AS alert_sources
        FROM reports WHERE channel_id = ${channel.channelId} AND is_anonymous = 0 GROUP BY user_id
        UNION ALL
        SELECT user_id, 0, COUNT(*), COUNT(DISTINCT report_id), 0, 0, 0
        FROM report_reads WHERE channel_id = ${channel.channelId} GROUP BY user_id
        UNION ALL
        SELECT user_id, 0, 0, 0, COUNT(*), SUM(read), 0
        FROM notifications WHERE channel_id = ${channel.channelId} GROUP BY user_id
        UNION ALL
        SELECT r.user_id, 0, 0, 0, 0, 0, COUNT(*) FROM reports r
        WHERE r.channel_id = ${channel.channelId} AND r.is_anonymous = 0
          AND EXISTS (SELECT 1 FROM notifications n WHERE n.report_id = r.id AND n.user_id <> r.user_id)
        GROUP BY r.user_id
      ) counted
      GROUP BY user_id ORDER BY user_id`
    const [seen] = yield* sql<{ reports_seen: number }>`SELECT COUNT(DISTINCT report_id) AS reports_seen
      FROM report_reads WHERE channel_id = ${channel.channelId}`
    return { users: numbers(users), seen: Number(seen?.reports_seen ?? 0) }
  }).pipe(Effect.orDie)

const assertKeptAsRecounted = (channel: Channel, after: string) =>
  Effect.gen(function* () {
    const recount = yield* recounted(channel)
    assert.deepStrictEqual(yield* kept(channel), recount, `after ${after}`)
    return recount
  })

const at = (day: number) => `2025-03-${String(day).padStart(2, "0")}T12:00:00.000Z`

/** Three users, four reports (one anonymous), reads and notifications, written a statement each. */
const setUp = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const channel = yield* newChannel
  const [ada, ben, cleo] = [yield* newUser("Ada"), yield* newUser("Ben"), yield* newUser("Cleo")]
  const first = yield* newReport(channel, ada, at(1))
  const second = yield* newReport(channel, ada, at(2))
  const third = yield* newReport(channel, ben, at(3))
  const hidden = yield* newReport(channel, ben, at(4), {}, { anonymous: true })
  const read = (report: number, user: number, day: number) =>
    sql`(${report}, ${channel.channelId}, ${user}, ${at(day)})`
  yield* sql`INSERT INTO report_reads (report_id, channel_id, user_id, opened_at) VALUES
    ${sql.csv([read(first, ben, 5), read(first, ben, 6), read(first, cleo, 5), read(second, ben, 7), read(hidden, ada, 8)])}`
  const notice = (report: number, user: number, opened: 0 | 1) =>
    sql`(${user}, ${report}, ${channel.channelId}, ${opened}, ${at(5)})`
  // Ada's first report alerted herself and two others; Ben's third only himself.
  yield* sql`INSERT INTO notifications (user_id, report_id, channel_id, read, created_at) VALUES
    ${sql.csv([notice(first, ada, 0), notice(first, ben, 1), notice(first, cleo, 0), notice(third, ben, 0), notice(hidden, cleo, 1)])}`
  return { channel, ada, ben, cleo, first, second, third, hidden }
}).pipe(Effect.orDie)

describe("counts kept per user and channel", () => {
  for (const engine of engines) {
    layer(AnalyticsStore.layer.pipe(Layer.provideMerge(migratedDatabase(engine))))(engine, (it) => {
      it.effect("are kept as reports, reads and notifications are written, changed and deleted", () =>
        Effect.gen(function* () {
          const sql = yield* SqlClient.SqlClient
          const { channel, ada, ben, cleo, first, second, third } = yield* setUp
          const written = yield* assertKeptAsRecounted(channel, "writing")
          assert.deepStrictEqual(
            written.users.map((row) => [row.user_id, row.reports, row.alert_sources]),
            [
              [ada, 2, 1],
              [ben, 1, 0],
              [cleo, 0, 0],
            ],
          )
          assert.strictEqual(written.seen, 3)

          // Another reporter: Ada's report that alerted others is Cleo's now; then anonymous.
          yield* sql`UPDATE reports SET user_id = ${cleo} WHERE id = ${first}`
          yield* assertKeptAsRecounted(channel, "changing a report's reporter")
          yield* sql`UPDATE reports SET is_anonymous = 1 WHERE id = ${first}`
          yield* assertKeptAsRecounted(channel, "making a report anonymous")
          yield* sql`UPDATE reports SET is_anonymous = 0, user_id = ${ada} WHERE id = ${first}`
          yield* sql`UPDATE notifications SET read = 1 WHERE report_id = ${first} AND user_id = ${cleo}`
          yield* assertKeptAsRecounted(channel, "opening a notification")

          // Ben's only notification about his own report goes to Cleo instead: it alerts someone now.
          yield* sql`DELETE FROM notifications WHERE report_id = ${third}`
          yield* sql`INSERT INTO notifications (user_id, report_id, channel_id, read, created_at)
            VALUES (${cleo}, ${third}, ${channel.channelId}, 0, ${at(9)})`
          yield* assertKeptAsRecounted(channel, "replacing a notification")
          yield* sql`DELETE FROM notifications WHERE report_id = ${first} AND user_id <> ${ada}`
          yield* assertKeptAsRecounted(
            channel,
            "deleting the notifications that made a report an alert source",
          )

          yield* sql`DELETE FROM report_reads WHERE report_id = ${first} AND user_id = ${ben}`
          yield* assertKeptAsRecounted(channel, "deleting a reader's reads")
          yield* sql`DELETE FROM reports WHERE id IN (${second}, ${third})`
          const deleted = yield* assertKeptAsRecounted(
            channel,
            "deleting reports with their reads and notifications",
          )
          assert.strictEqual(deleted.seen, 2)
        }),
      )

      it.effect("give per-user analytics equal to counting the reports of the range", () =>
        Effect.gen(function* () {
          const store = yield* AnalyticsStore
          const { channel, ada, ben, cleo } = yield* setUp
          // All four reports (the kept totals, nothing outside), three (less one outside), one.
          const whole = { channelId: channel.channelId, start: at(1), end: at(31) }
          const most = { ...whole, start: at(2) }
          const few = { ...whole, start: at(3), end: at(4) }
          const perUser = (range: typeof whole) =>
            Effect.map(store.countsPerUser(range), (rows) =>
              Object.fromEntries(rows.map((row) => [row.key, row.report_count])),
            )
          assert.deepStrictEqual(yield* perUser(whole), { [ada]: 2, [ben]: 1 })
          assert.deepStrictEqual(yield* perUser(most), { [ada]: 1, [ben]: 1 })
          assert.deepStrictEqual(yield* perUser(few), { [ben]: 1 })
          assert.deepStrictEqual(yield* store.reads(whole), {
            total_reads: 5,
            unique_reads: 4,
            report_readers: 3,
            reports_seen: 3,
          })
          assert.deepStrictEqual(yield* store.reads(most), {
            total_reads: 2,
            unique_reads: 2,
            report_readers: 2,
            reports_seen: 2,
          })
          const awareness = (range: typeof whole) =>
            Effect.map(store.awareness(range), (rows) =>
              rows.map((row) => [row.user_id, row.total_alerts, row.alert_source_reports, row.alerts_opened]),
            )
          assert.deepStrictEqual(yield* awareness(whole), [
            [ada, 1, 1, 0],
            [ben, 2, 0, 1],
            [cleo, 2, 0, 1],
          ])
          assert.deepStrictEqual(yield* awareness(most), [
            [ben, 1, 0, 0],
            [cleo, 1, 0, 1],
          ])
          assert.deepStrictEqual(yield* awareness(few), [[ben, 1, 0, 0]])
        }),
      )
    })
  }
})
