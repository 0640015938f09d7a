/**
 * The tombstone store's contract, on every engine: tombstones written in bulk, listed only to who
 * may read what they name (reports and comments by channel, tasks by team, alert areas by user),
 * of a type, deleted after a time, in the order of deletion, paged; and deleted once old.
 */
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import {
  type DeletedResourceCriteria,
  DeletedResourceStore,
  type NewDeletedResource,
} from "../../../src/store/DeletedResourceStore.ts"
import { engines, migratedDatabase } from "../../support/TestDatabase.ts"

const at = (day: number) => `2025-06-${String(day).padStart(2, "0")}T00:00:00.000Z`

describe("DeletedResourceStore contract", () => {
  for (const engine of engines) {
    layer(DeletedResourceStore.layer.pipe(Layer.provideMerge(migratedDatabase(engine))))(engine, (it) => {
      it.effect("lists the tombstones a user may read, by type and time, in order; deletes old ones", () =>
        Effect.gen(function* () {
          const store = yield* DeletedResourceStore
          const none = { uuid: null, record_id: null, channel_id: null, team_id: null, user_id: null }
          const tombstones: ReadonlyArray<NewDeletedResource> = [
            {
              ...none,
              type: "report",
              uuid: crypto.randomUUID(),
              record_id: 1,
              channel_id: 10,
              deleted_at: at(3),
            },
            {
              ...none,
              type: "report_comment",
              uuid: crypto.randomUUID(),
              record_id: 2,
              channel_id: 10,
              deleted_at: at(2),
            },
            { ...none, type: "report", record_id: 3, channel_id: 11, deleted_at: at(4) },
            { ...none, type: "task", uuid: crypto.randomUUID(), team_id: 5, deleted_at: at(5) },
            { ...none, type: "task", uuid: crypto.randomUUID(), team_id: 6, deleted_at: at(5) },
            { ...none, type: "alert_area", record_id: 7, user_id: 70, deleted_at: at(1) },
            { ...none, type: "alert_area", record_id: 8, user_id: 71, deleted_at: at(6) },
          ]
          yield* store.record(tombstones)
          yield* store.record([])
          const criteria: DeletedResourceCriteria = {
            channelIds: [10],
            teamId: 5,
            userId: 70,
            type: undefined,
            after: undefined,
            offset: 0,
            limit: 10,
          }
          const listed = (changes: Partial<DeletedResourceCriteria>) =>
            Effect.map(store.page({ ...criteria, ...changes }), (page) => [
              page.total,
              page.rows.map((row) => `${row.type}:${row.record_id ?? row.uuid}`),
            ])
          const task = `task:${tombstones[3]?.uuid}`
          assert.deepStrictEqual(yield* listed({}), [
            4,
            ["alert_area:7", "report_comment:2", "report:1", task],
          ])
          assert.deepStrictEqual(yield* listed({ type: "report" }), [1, ["report:1"]])
          assert.deepStrictEqual(yield* listed({ after: at(2) }), [2, ["report:1", task]])
          assert.deepStrictEqual(yield* listed({ offset: 1, limit: 2 }), [
            4,
            ["report_comment:2", "report:1"],
          ])
          assert.deepStrictEqual(yield* listed({ channelIds: [], teamId: undefined }), [1, ["alert_area:7"]])
          const [row] = (yield* store.page({ ...criteria, type: "report" })).rows
          assert.deepStrictEqual(row, {
            id: row?.id ?? 0,
            ...tombstones[0],
          } as typeof row)

          assert.strictEqual(yield* store.deleteOlderThan(at(3)), 2)
          assert.deepStrictEqual(yield* listed({}), [2, ["report:1", task]])
        }),
      )
    })
  }
})
