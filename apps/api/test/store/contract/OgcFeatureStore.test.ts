/**
 * The OGC feature store's contract, on every engine: the ids of a page are the reports the filter
 * selects after the cursor, in id order, whichever of its two ways reads them (walking the primary
 * key, or the filter's index and a sort); counts; a channel's extent; shapes by box and time.
 */
import { assert, describe, layer } from "@effect/vitest"
import type { BoundingBox } from "@fieldreport/domain/BoundingBox"
import * as OgcBbox from "@fieldreport/domain/OgcBbox"
import * as OgcDatetime from "@fieldreport/domain/OgcDatetime"
import { Effect, Layer, Result } from "effect"
import { SqlClient } from "effect/sql"
import { OgcFeatureStore, type ReportFilter } from "../../../src/store/OgcFeatureStore.ts"
import { engines, migratedDatabase } from "../../support/TestDatabase.ts"
import { newChannel, newReport, newUser } from "./Tenancy.ts"

/** Where and when each report lies: a grid over the antimeridian and Wellington, one a day. */
const placed = Array.from({ length: 40 }, (_, index) => ({
  position:
    index % 10 === 9
      ? null
      : index < 20
        ? ([[179, 179.5, 180, -180, -179.5][index % 5] ?? 0, -17 + (index % 4) / 2] as const)
        : ([(17_470 + index) / 100, (-41_300 + index * 5) / 1000] as const),
  createdAt: `2026-05-${String(Math.min(index + 1, 31)).padStart(2, "0")}T0${index % 10}:00:00.000Z`,
  closed: index % 3 === 0,
}))

const setUp = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const channel = yield* newChannel
  const userId = yield* newUser()
  const ids: Array<number> = []
  for (const report of placed) {
    const id = yield* newReport(
      channel,
      userId,
      report.createdAt,
      {},
      {
        stateId: report.closed ? channel.stateIds[1] : channel.stateIds[0],
      },
    )
    if (report.position !== null)
      yield* sql`UPDATE reports SET longitude = ${report.position[0]}, latitude = ${report.position[1]}
        WHERE id = ${id}`.pipe(Effect.orDie)
    ids.push(id)
  }
  return { channel, ids }
})

const boxes = (text: string): ReadonlyArray<BoundingBox> =>
  OgcBbox.searched(Result.getOrThrow(OgcBbox.parse(text)))

const filters: ReadonlyArray<readonly [string, Omit<ReportFilter, "channelId">]> = [
  ["nothing", { boxes: undefined, datetime: undefined, reportStateIds: undefined, categoryIds: undefined }],
  [
    "a box over the antimeridian",
    {
      boxes: boxes("179.5,-17,-179.5,-16"),
      datetime: undefined,
      reportStateIds: undefined,
      categoryIds: undefined,
    },
  ],
  [
    "a box ending there",
    {
      boxes: boxes("179,-17.5,180,-15"),
      datetime: undefined,
      reportStateIds: undefined,
      categoryIds: undefined,
    },
  ],
  [
    "a box of Wellington",
    {
      boxes: boxes("174.9,-41.2,175,-41"),
      datetime: undefined,
      reportStateIds: undefined,
      categoryIds: undefined,
    },
  ],
  [
    "an interval",
    {
      boxes: undefined,
      datetime: Result.getOrThrow(OgcDatetime.parse("2026-05-10/2026-05-20T03:00:00Z")),
      reportStateIds: undefined,
      categoryIds: undefined,
    },
  ],
  [
    "an instant",
    {
      boxes: undefined,
      datetime: Result.getOrThrow(OgcDatetime.parse("2026-05-07T06:00:00Z")),
      reportStateIds: undefined,
      categoryIds: undefined,
    },
  ],
  [
    "a state and a box",
    { boxes: boxes("-180,-90,180,90"), datetime: undefined, reportStateIds: [], categoryIds: undefined },
  ],
]

describe("OgcFeatureStore contract", () => {
  for (const engine of engines) {
    layer(OgcFeatureStore.layer.pipe(Layer.provideMerge(migratedDatabase(engine))))(engine, (it) => {
      it.effect(
        "reads a page's ids either way alike: the filter's reports after the cursor, in id order",
        () =>
          Effect.gen(function* () {
            const store = yield* OgcFeatureStore
            const { channel, ids } = yield* setUp
            for (const [name, criteria] of filters) {
              const filter: ReportFilter = {
                ...criteria,
                channelId: channel.channelId,
                reportStateIds:
                  criteria.reportStateIds === undefined ? undefined : [channel.stateIds[1] ?? 0],
              }
              const expected = ids.filter((_, index) => {
                const report = placed[index]
                if (report === undefined) return false
                const inBox =
                  filter.boxes === undefined ||
                  (report.position !== null &&
                    filter.boxes.some((box) => OgcBbox.contains([box], report.position ?? [0, 0])))
                const inTime =
                  filter.datetime === undefined || OgcDatetime.contains(filter.datetime, report.createdAt)
                const inState = filter.reportStateIds === undefined || report.closed
                return inBox && inTime && inState
              })
              assert.strictEqual(yield* store.countReports(filter), expected.length, name)
              for (const matched of [0, Number.MAX_SAFE_INTEGER]) {
                assert.deepStrictEqual(
                  yield* store.reportIds(filter, undefined, 100, matched),
                  expected,
                  name,
                )
                if (expected.length < 3) continue
                assert.deepStrictEqual(
                  yield* store.reportIds(filter, expected[1], 2, matched),
                  expected.slice(2, 4),
                  `${name}, after the second`,
                )
              }
            }
            const rows = yield* store.reports([ids[3] ?? 0, ids[1] ?? 0, -1])
            assert.deepStrictEqual(
              rows.map((row) => row.id),
              [ids[1], ids[3]],
            )
            assert.strictEqual((yield* store.report(channel.channelId, ids[0] ?? 0))?.id, ids[0])
            assert.strictEqual(yield* store.report(channel.channelId + 1000, ids[0] ?? 0), undefined)
          }),
      )

      it.effect("gives a channel's extent: longitudes and times exact, latitudes to their 0.01° row", () =>
        Effect.gen(function* () {
          const store = yield* OgcFeatureStore
          const { channel } = yield* setUp
          const empty = yield* newChannel
          const extents = yield* store.reportExtents([channel.channelId, empty.channelId])
          const extent = extents.get(channel.channelId)
          assert.strictEqual(extent?.box?.minLongitude, -180)
          assert.strictEqual(extent?.box?.maxLongitude, 180)
          assert.strictEqual(extent?.box?.minLatitude, -41.2)
          assert.strictEqual(extent?.box?.maxLatitude, -15.49)
          assert.deepStrictEqual(
            [extent?.first, extent?.last],
            ["2026-05-01T00:00:00.000Z", "2026-05-31T09:00:00.000Z"],
          )
          assert.deepStrictEqual(extents.get(empty.channelId), {
            box: undefined,
            first: undefined,
            last: undefined,
          })
        }),
      )

      it.effect("reads shapes by box and time, in id order", () =>
        Effect.gen(function* () {
          const sql = yield* SqlClient.SqlClient
          const store = yield* OgcFeatureStore
          const { appId } = yield* newChannel
          const shape = (west: number, createdAt: string) =>
            sql<{ id: number }>`INSERT INTO shapes ${sql.insert({
              branded_app_id: appId,
              geom: `POLYGON ((${west} 0, ${west + 1} 0, ${west + 1} 1, ${west} 1, ${west} 0))`,
              metadata: "{}",
              min_longitude: west,
              min_latitude: 0,
              max_longitude: west + 1,
              max_latitude: 1,
              area: 1,
              created_at: createdAt,
            })} RETURNING id`.pipe(
              Effect.map((rows) => rows[0]?.id ?? 0),
              Effect.orDie,
            )
          const a = yield* shape(10, "2026-01-01T00:00:00.000Z")
          const b = yield* shape(11, "2026-02-01T00:00:00.000Z")
          const c = yield* shape(20, "2026-03-01T00:00:00.000Z")
          const all = { appId, boxes: undefined, datetime: undefined }
          assert.deepStrictEqual(yield* store.shapeIds(all, undefined, 10), [a, b, c])
          assert.deepStrictEqual(yield* store.shapeIds(all, a, 1), [b])
          const touching = { ...all, boxes: boxes("11,1,12,2") }
          assert.deepStrictEqual(yield* store.shapeIds(touching, undefined, 10), [a, b])
          assert.strictEqual(yield* store.countShapes(touching), 2)
          const february = { ...all, datetime: Result.getOrThrow(OgcDatetime.parse("2026-02-01")) }
          assert.deepStrictEqual(yield* store.shapeIds(february, undefined, 10), [b])
          const extent = yield* store.shapesExtent(appId)
          assert.deepStrictEqual(extent.box, {
            minLongitude: 10,
            minLatitude: 0,
            maxLongitude: 21,
            maxLatitude: 1,
          })
          assert.strictEqual((yield* store.shape(appId, c))?.id, c)
          assert.strictEqual(yield* store.shape(appId + 1000, c), undefined)
        }),
      )
    })
  }
})
