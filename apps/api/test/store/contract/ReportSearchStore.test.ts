/**
 * The report search store's contract, on every engine: searches stored, run in the order asked
 * with every criterion on either side, failed, paged as map items and ids, expired; tile groups and
 * counts per box, half-open with the antimeridian as tiles are.
 */
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Fiber, Layer } from "effect"
import { SqlClient } from "effect/sql"
import {
  type Criteria,
  noCriteria,
  ReportSearchStore,
  type Selection,
  type TileGroupRow,
} from "../../../src/store/ReportSearchStore.ts"
import { engines, migratedDatabase } from "../../support/TestDatabase.ts"
import { newChannel, newMember, newReport, newUser } from "./Tenancy.ts"

const none: Criteria = noCriteria

/** A searcher who is staff of no channel, for the searches with no text. */
const reader = { userId: -1, staffChannelIds: [] }

/** Waits for the event loop's next turn. */
const nextTurn = Effect.promise(() => new Promise((resolve) => setImmediate(resolve)))

/**
 * Runs `effect` in a fiber of its own and, until it is done, another query every turn of the event
 * loop (the first after the effect's own first turn); answers how many were answered before it was.
 */
const answeredMeanwhile = (effect: Effect.Effect<void>) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const running = yield* Effect.forkChild(effect)
    let answered = 0
    while (running.pollUnsafe() === undefined) {
      yield* nextTurn
      yield* sql`SELECT 1`.pipe(Effect.orDie)
      if (running.pollUnsafe() === undefined) answered++
    }
    yield* Fiber.join(running)
    return answered
  })

const at = (day: number) => `2025-06-${String(day).padStart(2, "0")}T00:00:00.000Z`

/** A channel with four placed reports (one in a loud state), one without a place, and a searcher. */
const setUp = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const channel = yield* newChannel
  const userId = yield* newUser()
  yield* sql`UPDATE report_states SET appearance = 'loud' WHERE id = ${channel.stateIds[1]}`.pipe(
    Effect.orDie,
  )
  const place = (id: number, longitude: number | null, latitude: number | null) =>
    sql`UPDATE reports SET longitude = ${longitude}, latitude = ${latitude} WHERE id = ${id}`.pipe(
      Effect.orDie,
    )
  const west = yield* newReport(channel, userId, at(1))
  yield* place(west, -180, 10)
  const east = yield* newReport(channel, userId, at(2))
  yield* place(east, 180, 10.5)
  const middle = yield* newReport(channel, userId, at(3), {}, { stateId: channel.stateIds[1] })
  yield* place(middle, 0.5, 0.5)
  const edge = yield* newReport(channel, userId, at(4))
  yield* place(edge, 1, 0.5)
  const nowhere = yield* newReport(channel, userId, at(5))
  const search = {
    user_id: userId,
    branded_app_id: channel.appId,
    team_id: channel.teamId,
    parameters: "{}",
    created_at: at(10),
    expires_at: at(11),
  }
  return { channel, userId, west, east, middle, edge, nowhere, search }
})

describe("ReportSearchStore contract", () => {
  for (const engine of engines) {
    layer(ReportSearchStore.layer.pipe(Layer.provideMerge(migratedDatabase(engine))))(engine, (it) => {
      it.effect("stores, runs in order, pages, fails and expires searches", () =>
        Effect.gen(function* () {
          const store = yield* ReportSearchStore
          const { channel, userId, west, east, middle, edge, nowhere, search } = yield* setUp
          const all: Selection = { channelIds: [channel.channelId], filter: none, exclude: none, reader }
          const id = yield* store.insert(search)
          yield* store.setJob(id, 77)
          assert.deepStrictEqual(yield* store.find(id), {
            id,
            ...search,
            status: "pending",
            error: null,
            result_count: null,
            job_id: 77,
          })
          yield* store.run(id, all, [])
          const found = yield* store.find(id)
          assert.deepStrictEqual([found?.status, found?.result_count], ["done", 5])
          const everything = { start: 0, end: 9 }
          assert.deepStrictEqual(yield* store.reportIds(id, everything, [channel.channelId]), [
            nowhere,
            edge,
            middle,
            east,
            west,
          ])
          assert.deepStrictEqual(yield* store.reportIds(id, { start: 1, end: 2 }, [channel.channelId]), [
            edge,
            middle,
          ])
          assert.deepStrictEqual(yield* store.reportIds(id, everything, [-1]), [])
          const items = yield* store.mapItems(id, { start: 2, end: 2 }, [channel.channelId])
          assert.deepStrictEqual(items, [
            {
              id: middle,
              version: 1,
              channel_id: channel.channelId,
              appearance: "loud",
              latitude: 0.5,
              longitude: 0.5,
              pin_color: "#ff0000",
              pin_appearance: "pin",
            },
          ])
          // A search runs once: a second run leaves it alone.
          yield* store.run(id, { ...all, filter: { ...none, reportIds: [west] } }, [])
          assert.strictEqual((yield* store.find(id))?.result_count, 5)
          yield* store.fail(id, "too late")
          assert.strictEqual((yield* store.find(id))?.status, "done")

          const ordered = yield* store.insert(search)
          yield* store.run(
            ordered,
            {
              channelIds: [channel.channelId],
              filter: { ...none, updatedAfter: at(1), updatedBefore: at(5) },
              exclude: { ...none, appearance: "loud" },
              reader,
            },
            [{ field: "updated_at", direction: "asc" }],
          )
          assert.deepStrictEqual(yield* store.reportIds(ordered, everything, [channel.channelId]), [
            east,
            edge,
          ])
          const within = yield* store.insert(search)
          yield* store.run(
            within,
            { ...all, filter: { ...none, reportSearchId: ordered, reportIds: [edge, west] } },
            [],
          )
          assert.deepStrictEqual(yield* store.reportIds(within, everything, [channel.channelId]), [edge])

          const failing = yield* store.insert(search)
          yield* store.fail(failing, "bad filter")
          const failed = yield* store.find(failing)
          assert.deepStrictEqual([failed?.status, failed?.error], ["failed", "bad filter"])

          assert.isAtLeast(yield* store.deleteExpired(at(11)), 4)
          assert.isUndefined(yield* store.find(id))
          assert.deepStrictEqual(yield* store.teamChannelIds(channel.teamId), [channel.channelId])
          yield* newMember(channel, userId)
          assert.deepStrictEqual(yield* store.viewedChannelIds(userId), [channel.channelId])
        }),
      )

      // SQLite's own way (a worker thread reads, a search's results are written in parts);
      // PostgreSQL's pool leaves connections to other queries while one statement runs, and its
      // triggers make filing thousands of reports take seconds.
      it.effect.skipIf(engine !== "sqlite")(
        "reads a large search and a map's groups apart, leaving the database to other queries meanwhile",
        () =>
          Effect.gen(function* () {
            const sql = yield* SqlClient.SqlClient
            const store = yield* ReportSearchStore
            const { channel, userId, search } = yield* setUp
            const many = 12_000
            // More results than one write holds (10,000), all filed at one time (so ordered by id),
            // 100 to a cell of 0.01°.
            yield* sql`INSERT INTO reports (channel_id, user_id, is_anonymous, title, category_id,
              report_state_id, answers, created_at, updated_at, longitude, latitude)
            WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${many - 1})
            SELECT ${channel.channelId}, ${userId}, 0, 'Report', ${channel.categoryId},
              ${channel.stateIds[0]}, '{}', ${at(20)}, ${at(20)},
              170.005 + (i / 100) * 0.01, -40.005 FROM n`.pipe(Effect.orDie)
            const ids = (yield* sql<{ readonly id: number }>`SELECT id FROM reports
            WHERE channel_id = ${channel.channelId} AND updated_at = ${at(20)} ORDER BY id DESC`.pipe(
              Effect.orDie,
            )).map((row) => row.id)
            const all: Selection = { channelIds: [channel.channelId], filter: none, exclude: none, reader }

            const id = yield* store.insert(search)
            assert.isAbove(yield* answeredMeanwhile(store.run(id, all, [])), 0)
            const found = yield* store.find(id)
            assert.deepStrictEqual([found?.status, found?.result_count], ["done", many + 5])
            // Across the writes' boundaries, every position holds the next report.
            const around = (position: number) =>
              store.reportIds(id, { start: position - 2, end: position + 1 }, [channel.channelId])
            assert.deepStrictEqual(yield* around(10_000), ids.slice(9_998, 10_002))
            assert.deepStrictEqual(
              yield* store.reportIds(id, { start: 0, end: many - 1 }, [channel.channelId]),
              ids,
            )

            const area = { minLongitude: 170, minLatitude: -41, maxLongitude: 172, maxLatitude: -40 }
            let groups: ReadonlyArray<TileGroupRow> = []
            const grouping = Effect.map(store.tileGroups(all, area, 0.01), (found) => {
              groups = found
            })
            assert.isAbove(yield* answeredMeanwhile(grouping), 0)
            assert.deepStrictEqual(
              [groups.length, groups.reduce((sum, group) => sum + Number(group.report_count), 0)],
              [many / 100, many],
            )
          }),
      )

      it.effect("groups a map area's reports per grid cell, and counts them per half-open box", () =>
        Effect.gen(function* () {
          const store = yield* ReportSearchStore
          const { channel } = yield* setUp
          const all: Selection = { channelIds: [channel.channelId], filter: none, exclude: none, reader }
          const world = { minLongitude: -180, minLatitude: -90, maxLongitude: 180, maxLatitude: 90 }
          const groups = yield* store.tileGroups(all, world, 1)
          assert.deepStrictEqual(
            [...groups].sort((a, b) => a.column_index - b.column_index || a.row_index - b.row_index),
            [
              {
                column_index: -180,
                row_index: 10,
                report_count: 1,
                min_longitude: -180,
                max_longitude: -180,
                min_latitude: 10,
                max_latitude: 10,
              },
              {
                column_index: 0,
                row_index: 0,
                report_count: 1,
                min_longitude: 0.5,
                max_longitude: 0.5,
                min_latitude: 0.5,
                max_latitude: 0.5,
              },
              {
                column_index: 1,
                row_index: 0,
                report_count: 1,
                min_longitude: 1,
                max_longitude: 1,
                min_latitude: 0.5,
                max_latitude: 0.5,
              },
              {
                column_index: 180,
                row_index: 10,
                report_count: 1,
                min_longitude: 180,
                max_longitude: 180,
                min_latitude: 10.5,
                max_latitude: 10.5,
              },
            ],
          )
          const counts = yield* store.countIn(all, [
            { minLongitude: 0, minLatitude: 0, maxLongitude: 1, maxLatitude: 1 },
            { minLongitude: 0, minLatitude: 0, maxLongitude: 2, maxLatitude: 1 },
            { minLongitude: -180, minLatitude: 0, maxLongitude: -170, maxLatitude: 20 },
            world,
          ])
          assert.deepStrictEqual(counts, [1, 2, 2, 4])
          assert.deepStrictEqual(yield* store.countIn(all, []), [])
        }),
      )
    })
  }
})
