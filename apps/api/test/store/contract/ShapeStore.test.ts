/**
 * The shape store's contract, on every engine: shapes with their box in the spatial index (an
 * R*Tree on SQLite, a GiST index on PostgreSQL), the search of boxes that meet a box, pages, and
 * shape searches with their expiry.
 */
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Exit, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { type NewShape, ShapeStore } from "../../../src/store/ShapeStore.ts"
import { engines, migratedDatabase } from "../../support/TestDatabase.ts"

const at = "2025-01-01T00:00:00.000Z"

/** An app of its own for each test, as the tests share one database. */
const newApp = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const [app] = yield* sql<{ id: number }>`INSERT INTO branded_apps (bundle_id, name, created_at)
    VALUES (${`app.${Math.random()}`}, 'Shapes', ${at}) RETURNING id`
  return app?.id ?? 0
}).pipe(Effect.orDie)

/** A square of `side` degrees with its south-west corner at the point. */
const square = (appId: number, west: number, south: number, side: number): NewShape => ({
  branded_app_id: appId,
  geom: `POLYGON ((${west} ${south}, ${west + side} ${south}, ${west + side} ${south + side}, ${west} ${south + side}, ${west} ${south}))`,
  metadata: { name: `square at ${west} ${south}` },
  box: { minLongitude: west, minLatitude: south, maxLongitude: west + side, maxLatitude: south + side },
  area: side * side,
  created_at: at,
})

describe("ShapeStore contract", () => {
  for (const engine of engines) {
    layer(ShapeStore.layer.pipe(Layer.provideMerge(migratedDatabase(engine))))(engine, (it) => {
      it.effect("stores a shape and reads it back, pages an app's shapes by id, removes one", () =>
        Effect.gen(function* () {
          const store = yield* ShapeStore
          const appId = yield* newApp
          const first = yield* store.insert(square(appId, 10, 20, 1))
          assert.deepStrictEqual(first, {
            id: first.id,
            branded_app_id: appId,
            geom: "POLYGON ((10 20, 11 20, 11 21, 10 21, 10 20))",
            metadata: { name: "square at 10 20" },
            version: 1,
            created_at: at,
          })
          assert.deepStrictEqual(yield* store.find(first.id), first)
          const second = yield* store.insert(square(appId, 12, 20, 1))
          const third = yield* store.insert(square(appId, 14, 20, 1))
          const page = yield* store.listOfApp(appId, { start: 1, end: 5 })
          assert.deepStrictEqual(
            page.shapes.map((shape) => shape.id),
            [second.id, third.id],
          )
          assert.strictEqual(page.total, 3)
          yield* store.remove(second.id)
          assert.isUndefined(yield* store.find(second.id))
          assert.deepStrictEqual(
            (yield* store.candidates(appId, {
              minLongitude: 9,
              minLatitude: 19,
              maxLongitude: 16,
              maxLatitude: 22,
            })).map((candidate) => candidate.id),
            [first.id, third.id],
          )
          const geometries = yield* store.geometries([third.id, first.id])
          assert.deepStrictEqual(
            [...geometries].sort((a, b) => a.id - b.id).map((row) => row.id),
            [first.id, third.id],
          )
          assert.deepStrictEqual(yield* store.geometries([]), [])
        }),
      )

      it.effect("stores many shapes in order in one transaction: all of them or, when one fails, none", () =>
        Effect.gen(function* () {
          const store = yield* ShapeStore
          const appId = yield* newApp
          const stored = yield* store.insertMany([square(appId, 40, 40, 1), square(appId, 42, 40, 1)])
          assert.deepStrictEqual(
            stored.map((shape) => shape.metadata),
            [{ name: "square at 40 40" }, { name: "square at 42 40" }],
          )
          assert.deepStrictEqual(yield* store.find(stored[1]!.id), stored[1])
          // A shape of an app that does not exist breaks the foreign key after the first was written.
          const failed = yield* Effect.exit(
            store.insertMany([square(appId, 44, 40, 1), square(appId + 1_000_000, 46, 40, 1)]),
          )
          assert.isTrue(Exit.isFailure(failed))
          const page = yield* store.listOfApp(appId, { start: 0, end: 9 })
          assert.deepStrictEqual(
            page.shapes.map((shape) => shape.id),
            stored.map((shape) => shape.id),
          )
          assert.deepStrictEqual(
            (yield* store.candidates(appId, {
              minLongitude: 43.5,
              minLatitude: 39,
              maxLongitude: 47,
              maxLatitude: 42,
            })).length,
            0,
          )
        }),
      )

      it.effect(
        "finds the shapes whose boxes meet a box, edges included, smallest first, of the app only",
        () =>
          Effect.gen(function* () {
            const store = yield* ShapeStore
            const appId = yield* newApp
            const otherApp = yield* newApp
            const big = yield* store.insert(square(appId, 0, 0, 10))
            const small = yield* store.insert(square(appId, 2, 2, 1))
            const touching = yield* store.insert(square(appId, 10, 4, 2))
            yield* store.insert(square(appId, 30, 30, 1))
            yield* store.insert(square(otherApp, 2, 2, 1))
            const point = yield* store.insert({ ...square(appId, 10, 5, 0), geom: "POINT (10 5)" })
            const found = yield* store.candidates(appId, {
              minLongitude: 2.5,
              minLatitude: 2.5,
              maxLongitude: 10,
              maxLatitude: 5,
            })
            assert.deepStrictEqual(
              found.map((candidate) => candidate.id),
              [point.id, small.id, touching.id, big.id],
            )
            assert.deepStrictEqual(found[1]?.box, {
              minLongitude: 2,
              minLatitude: 2,
              maxLongitude: 3,
              maxLatitude: 3,
            })
            const areas = yield* store.candidates(
              appId,
              { minLongitude: 2.5, minLatitude: 2.5, maxLongitude: 10, maxLatitude: 5 },
              { areasOnly: true },
            )
            assert.deepStrictEqual(
              areas.map((candidate) => candidate.id),
              [small.id, touching.id, big.id],
            )
          }),
      )

      it.effect("keeps a search's shapes in its order and deletes the expired searches", () =>
        Effect.gen(function* () {
          const store = yield* ShapeStore
          const appId = yield* newApp
          const a = yield* store.insert(square(appId, 0, 0, 1))
          const b = yield* store.insert(square(appId, 2, 0, 1))
          const search = { branded_app_id: appId, created_at: at, expires_at: "2025-01-02T00:00:00.000Z" }
          const id = yield* store.insertSearch(search, [b.id, a.id])
          assert.deepStrictEqual(yield* store.findSearch(id), { id, ...search })
          const page = yield* store.listOfSearch(id, { start: 0, end: 0 })
          assert.deepStrictEqual(
            page.shapes.map((shape) => shape.id),
            [b.id],
          )
          assert.strictEqual(page.total, 2)
          assert.strictEqual(yield* store.deleteExpiredSearches("2025-01-01T12:00:00.000Z"), 0)
          assert.isAtLeast(yield* store.deleteExpiredSearches("2025-01-02T00:00:00.000Z"), 1)
          assert.isUndefined(yield* store.findSearch(id))
        }),
      )
    })
  }
})
