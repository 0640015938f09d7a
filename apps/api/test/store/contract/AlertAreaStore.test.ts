/**
 * The alert area store's contract, on every engine: areas with their rings (polygons) and their box
 * in the spatial index, listed oldest first, replaced and deleted with the box.
 */

import { assert, describe, layer } from "@effect/vitest"
import type { AlertAreaInput } from "@fieldreport/domain/AlertArea"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
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
    layer(AlertAreaStore.layer.pipe(Layer.provideMerge(migratedDatabase(engine))))(engine, (it) => {
      it.effect("stores areas with rings and boxes, lists, replaces and deletes them", () =>
        Effect.gen(function* () {
          const store = yield* AlertAreaStore
          const sql = yield* SqlClient.SqlClient
          const userId = yield* newUser()
          const stored = (id: number) =>
            sql<{ rings: string | null; min_longitude: number; max_latitude: number }>`SELECT a.rings,
                b.min_longitude, b.max_latitude
              FROM alert_areas a JOIN alert_areas_box b ON b.id = a.id WHERE a.id = ${id}`.pipe(Effect.orDie)
          const near = yield* store.insert(userId, circle, "2025-01-01T00:00:00.000Z")
          assert.deepStrictEqual(near, {
            id: near.id,
            user_id: userId,
            shape_type: "circle",
            radius: 500,
            area: "POINT (174.78 -41.29)",
            latitude: -41.29,
            longitude: 174.78,
          })
          // SQLite's R*Tree keeps boxes in 32-bit floats, rounded outwards: never smaller than given.
          const [box] = yield* stored(near.id)
          assert.isNull(box?.rings)
          assert.isAtMost(box?.min_longitude ?? Number.NaN, 174.77)
          assert.closeTo(box?.min_longitude ?? Number.NaN, 174.77, 1e-4)
          assert.isAtLeast(box?.max_latitude ?? Number.NaN, -41.28)
          assert.closeTo(box?.max_latitude ?? Number.NaN, -41.28, 1e-4)
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
          yield* store.update(near.id, square)
          assert.deepStrictEqual(
            [(yield* store.find(near.id))?.shape_type, (yield* stored(near.id))[0]?.min_longitude],
            ["poly", 174],
          )
          yield* store.delete(near.id)
          assert.isUndefined(yield* store.find(near.id))
          assert.deepStrictEqual(yield* stored(near.id), [])
          const [left] = yield* sql<{
            n: number
          }>`SELECT COUNT(*) AS n FROM alert_areas_box WHERE id = ${near.id}`.pipe(Effect.orDie)
          assert.strictEqual(left?.n, 0)
        }),
      )
    })
  }
})
