/**
 * The analytics store's contract, on every engine: counts per local calendar unit, hour and
 * weekday at a UTC offset, per state (after a state change, through the kept counts' triggers),
 * per category, reporter and answer, reads, awareness and images, over a range whose start is not
 * a whole quarter hour, so that both the kept counts and the reports are read.
 */
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { AnalyticsStore, type KeyCount, type UnitCount } from "../../../src/store/AnalyticsStore.ts"
import { engines, migratedDatabase } from "../../support/TestDatabase.ts"
import { newChannel, newField, newReport, newUser } from "./Tenancy.ts"

/** Counts by key, for comparing regardless of order. */
const byKey = <K extends string | number>(rows: ReadonlyArray<KeyCount<K>>) =>
  Object.fromEntries(rows.map((row) => [row.key, row.report_count]))

/** Unit counts added up by the local unit `unitOf` names from a unit's first report. */
const perUnit = (rows: ReadonlyArray<UnitCount>, offsetMinutes: number, unitOf: (local: Date) => string) => {
  const totals: Record<string, number> = {}
  for (const row of rows) {
    const unit = unitOf(new Date(Date.parse(row.first_created_at) + offsetMinutes * 60_000))
    totals[unit] = (totals[unit] ?? 0) + row.report_count
  }
  return totals
}
const day = (local: Date) => local.toISOString().slice(0, 10)
const month = (local: Date) => local.toISOString().slice(0, 7)
const monday = (local: Date) => day(new Date(local.getTime() - ((local.getUTCDay() + 6) % 7) * 86_400_000))

const setUp = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const channel = yield* newChannel
  yield* newField(channel, "colour", "DropDown")
  yield* newField(channel, "photo", "Image")
  const ada = yield* newUser("Ada", "Lovelace")
  const charles = yield* newUser("Charles", "Babbage")
  const lateFebruary = yield* newReport(channel, ada, "2025-02-28T23:30:00.000Z", { colour: "red" })
  const saturday = yield* newReport(channel, ada, "2025-03-01T00:10:00.000Z", { colour: "red" })
  yield* newReport(channel, ada, "2025-03-01T23:50:00.000Z", { colour: "blue" })
  yield* newReport(channel, charles, "2025-03-03T12:00:00.000Z", { colour: "red" })
  yield* newReport(channel, charles, "2025-03-10T08:07:00.000Z", { colour: 5 }, { anonymous: true })
  // Outside the range.
  yield* newReport(channel, charles, "2025-04-02T08:00:00.000Z", { colour: "red" })
  yield* sql`UPDATE reports SET report_state_id = ${channel.stateIds[1]} WHERE id = ${saturday}`
  yield* sql`INSERT INTO report_reads (report_id, channel_id, user_id, opened_at) VALUES
    (${saturday}, ${channel.channelId}, ${ada}, '2025-03-02T00:00:00.000Z'),
    (${saturday}, ${channel.channelId}, ${ada}, '2025-03-02T01:00:00.000Z'),
    (${saturday}, ${channel.channelId}, ${charles}, '2025-03-02T02:00:00.000Z'),
    (${lateFebruary}, ${channel.channelId}, ${ada}, '2025-03-02T03:00:00.000Z')`
  yield* sql`INSERT INTO notifications (user_id, report_id, channel_id, read, created_at) VALUES
    (${charles}, ${saturday}, ${channel.channelId}, 1, '2025-03-01T00:11:00.000Z'),
    (${ada}, ${lateFebruary}, ${channel.channelId}, 0, '2025-03-01T00:11:00.000Z')`
  const [photo] = yield* sql<{ id: number }>`INSERT INTO attachments
      (user_id, filename, content_type, byte_size, storage_key, image, used, created_at)
    VALUES (${ada}, 'crack.jpg', 'image/jpeg', 1234, ${crypto.randomUUID()}, 1, 1, '2025-03-01T00:00:00.000Z')
    RETURNING id`
  yield* sql`INSERT INTO report_attachments (attachment_id, report_id, channel_id, field_key)
    VALUES (${photo?.id ?? 0}, ${saturday}, ${channel.channelId}, 'photo')`
  const range = {
    channelId: channel.channelId,
    start: "2025-02-28T23:20:00.000Z",
    end: "2025-04-01T00:00:00.000Z",
  }
  return { channel, ada, charles, saturday, lateFebruary, photoId: photo?.id ?? 0, range }
}).pipe(Effect.orDie)

describe("AnalyticsStore contract", () => {
  for (const engine of engines) {
    layer(AnalyticsStore.layer.pipe(Layer.provideMerge(migratedDatabase(engine))))(engine, (it) => {
      it.effect(
        "counts per local day, week and month, hour and weekday, an hour east of UTC and at UTC",
        () =>
          Effect.gen(function* () {
            const store = yield* AnalyticsStore
            const { range } = yield* setUp
            const east = { ...range, offsetMinutes: 60 }
            assert.deepStrictEqual(perUnit(yield* store.countsPerUnit(east, "day"), 60, day), {
              "2025-03-01": 2,
              "2025-03-02": 1,
              "2025-03-03": 1,
              "2025-03-10": 1,
            })
            assert.deepStrictEqual(perUnit(yield* store.countsPerUnit(east, "week"), 60, monday), {
              "2025-02-24": 3,
              "2025-03-03": 1,
              "2025-03-10": 1,
            })
            assert.deepStrictEqual(perUnit(yield* store.countsPerUnit(east, "month"), 60, month), {
              "2025-03": 5,
            })
            assert.deepStrictEqual(
              perUnit(yield* store.countsPerUnit(east, "year"), 60, (d) => d.toISOString().slice(0, 4)),
              {
                "2025": 5,
              },
            )
            assert.deepStrictEqual(
              perUnit(yield* store.countsPerUnit(east, "hour"), 60, (d) => d.toISOString().slice(0, 13)),
              {
                "2025-03-01T00": 1,
                "2025-03-01T01": 1,
                "2025-03-02T00": 1,
                "2025-03-03T13": 1,
                "2025-03-10T09": 1,
              },
            )
            const utc = { ...range, offsetMinutes: 0 }
            assert.deepStrictEqual(perUnit(yield* store.countsPerUnit(utc, "month"), 0, month), {
              "2025-02": 1,
              "2025-03": 4,
            })
            assert.deepStrictEqual(byKey(yield* store.countsPerHour(east)), { 0: 2, 1: 1, 9: 1, 13: 1 })
            assert.deepStrictEqual(byKey(yield* store.countsPerWeekDay(east)), { 0: 1, 1: 2, 6: 2 })
            assert.deepStrictEqual(byKey(yield* store.countsPerWeekDay(utc)), { 1: 2, 5: 1, 6: 2 })
          }),
      )

      it.effect("counts per state, category, reporter (not anonymous ones) and single-choice answer", () =>
        Effect.gen(function* () {
          const store = yield* AnalyticsStore
          const { channel, ada, charles, range } = yield* setUp
          assert.deepStrictEqual(byKey(yield* store.countsPerState(range)), {
            [channel.stateIds[0]]: 4,
            [channel.stateIds[1]]: 1,
          })
          assert.deepStrictEqual(byKey(yield* store.countsPerCategory(range)), { [channel.categoryId]: 5 })
          assert.deepStrictEqual(byKey(yield* store.countsPerUser(range)), { [ada]: 3, [charles]: 1 })
          assert.deepStrictEqual(byKey(yield* store.countsPerAnswer(range, "colour")), { red: 3, blue: 1 })
          assert.deepStrictEqual(yield* store.countsPerAnswer(range, "missing"), [])
        }),
      )

      it.effect("counts reads, tells who was alerted and by whose reports, lists the images", () =>
        Effect.gen(function* () {
          const store = yield* AnalyticsStore
          const { ada, charles, saturday, photoId, range } = yield* setUp
          assert.deepStrictEqual(yield* store.reads(range), {
            total_reads: 4,
            unique_reads: 3,
            report_readers: 2,
            reports_seen: 2,
          })
          assert.deepStrictEqual(yield* store.awareness(range), [
            {
              user_id: charles,
              first_name: "Charles",
              last_name: "Babbage",
              total_alerts: 1,
              alert_source_reports: 0,
              unique_alerts: 1,
              alerts_opened: 1,
            },
            {
              user_id: ada,
              first_name: "Ada",
              last_name: "Lovelace",
              total_alerts: 1,
              alert_source_reports: 1,
              unique_alerts: 1,
              alerts_opened: 0,
            },
          ])
          assert.deepStrictEqual(yield* store.images(range), [
            { id: photoId, created_at: "2025-03-01T00:00:00.000Z", report_id: saturday },
          ])
        }),
      )
    })
  }
})
