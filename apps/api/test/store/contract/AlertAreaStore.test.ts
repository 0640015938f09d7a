/**
 * The alert area store's contract, on every engine: areas with their rings (polygons), listed
 * oldest first, replaced and deleted, each write seen by the in-memory index that matches them.
 */

import { assert, describe, layer } from "@effect/vitest"
import type { AlertAreaInput } from "@fieldreport/domain/AlertArea"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { AlertAreaIndex } from "../../../src/store/AlertAreaIndex.ts"
import { AlertAreaStore } from "../../../src/store/AlertAreaStore.ts"
import { engines, migratedDatabase } from "../../support/TestDatabase.ts"
import { newUser } from "./Tenancy.ts"

const circle: AlertAreaInput = {
  shape_type: "circle",
  radius: 500,
  area: "POINT (174.78 -41.29)",
  latitude: -41.29,
  longitude: 174.78,
  bbox: { minLongitude: 174.77, minLatitude: -41.3, maxLongitude: 174.79, maxLatitude: -41.28 },
}

const square: AlertAreaInput = {
  shape_type: "poly",
  radius: null,
  area: "POLYGON ((174 -42, 175 -42, 175 -41, 174 -41, 174 -42))",
  latitude: -41.5,
  longitude: 174.5,
  bbox: { minLongitude: 174, minLatitude: -42, maxLongitude: 175, maxLatitude: -41 },
}

describe("AlertAreaStore contract", () => {
  for (const engine of engines) {
    layer(
      Layer.mergeAll(AlertAreaStore.layer, AlertAreaIndex.layer).pipe(
        Layer.provideMerge(migratedDatabase(engine)),
      ),
    )(engine, (it) => {
      it.effect("stores areas with rings, lists, replaces and deletes them, and the index follows", () =>
        Effect.gen(function* () {
          const store = yield* AlertAreaStore
          const index = yield* AlertAreaIndex
          const sql = yield* SqlClient.SqlClient
          const userId = yield* newUser()
          const stored = (id: number) =>
            sql<{ rings: string | null }>`SELECT rings FROM alert_areas WHERE id = ${id}`.pipe(Effect.orDie)
          /** The ids of the areas the index finds containing the position. */
          const matching = (position: readonly [number, number]) =>
            Effect.map(index.containing(position), (areas) => areas.map((area) => area.id))
          const near = yield* store.insert(userId, circle, "2025-01-01T00:00:00.000Z")
          assert.deepStrictEqual(near, {
            id: near.id,
            user_id: userId,
            name: null,
            shape_type: "circle",
            radius: 500,
            area: "POINT (174.78 -41.29)",
            latitude: -41.29,
            longitude: 174.78,
          })
          assert.isNull((yield* stored(near.id))[0]?.rings)
          assert.deepStrictEqual(yield* matching([174.78, -41.29]), [near.id])
          const wide = yield* store.insert(userId, square, "2025-01-02T00:00:00.000Z")
          assert.deepStrictEqual(JSON.parse((yield* stored(wide.id))[0]?.rings ?? "null"), [
            [
              [174, -42],
              [175, -42],
              [175, -41],
              [174, -41],
              [174, -42],
            ],
          ])
          assert.deepStrictEqual(
            (yield* store.listOfUser(userId)).map((row) => row.id),
            [near.id, wide.id],
          )
          // Inside the square, far outside the circle: only the square holds it until the circle is replaced.
          assert.deepStrictEqual(yield* matching([174.1, -41.9]), [wide.id])
          yield* store.update(near.id, square)
          assert.strictEqual((yield* store.find(near.id))?.shape_type, "poly")
          assert.isNotNull((yield* stored(near.id))[0]?.rings)
          assert.deepStrictEqual(
            [...(yield* matching([174.1, -41.9]))].sort((a, b) => a - b),
            [near.id, wide.id],
          )
          yield* store.delete(near.id)
          assert.isUndefined(yield* store.find(near.id))
          assert.deepStrictEqual(yield* stored(near.id), [])
          assert.deepStrictEqual(yield* matching([174.1, -41.9]), [wide.id])
        }),
      )

      it.effect("warmed up while a match starts, holds every area once and follows later writes", () =>
        Effect.gen(function* () {
          const store = yield* AlertAreaStore
          const userId = yield* newUser()
          const kept = yield* store.insert(userId, square, "2025-01-03T00:00:00.000Z")
          // A new index, as a process has at start: the warm-up and a match share one first load.
          const [, first] = yield* Effect.gen(function* () {
            const index = yield* AlertAreaIndex
            const both = yield* Effect.all([index.warm, index.containing([174.2, -41.8])], {
              concurrency: "unbounded",
            })
            const later = yield* store.insert(userId, square, "2025-01-04T00:00:00.000Z")
            yield* index.warm
            const ids = (yield* index.containing([174.2, -41.8])).map((area) => area.id)
            assert.strictEqual(ids.filter((id) => id === kept.id).length, 1)
            assert.strictEqual(ids.filter((id) => id === later.id).length, 1)
            return both
          }).pipe(Effect.provide(AlertAreaIndex.layer))
          assert.strictEqual(first.filter((area) => area.id === kept.id).length, 1)
        }),
      )
    })
  }
})
