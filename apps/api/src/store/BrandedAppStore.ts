/**
 * Branded apps, keyed by their bundle id.
 */
import { Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { nowIso } from "./Clock.ts"

export interface BrandedAppRow {
  readonly id: number
  readonly bundle_id: string
  readonly name: string
}

export class BrandedAppStore extends Context.Service<
  BrandedAppStore,
  {
    readonly findByBundleId: (bundleId: string) => Effect.Effect<BrandedAppRow | undefined>
    readonly findById: (id: number) => Effect.Effect<BrandedAppRow | undefined>
    readonly insert: (app: { bundle_id: string; name: string }) => Effect.Effect<BrandedAppRow>
    readonly list: Effect.Effect<ReadonlyArray<BrandedAppRow>>
  }
>()("api/store/BrandedAppStore") {
  static readonly layer = Layer.effect(
    BrandedAppStore,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const columns = sql`id, bundle_id, name`
      return BrandedAppStore.of({
        findByBundleId: (bundleId) =>
          sql<BrandedAppRow>`SELECT ${columns} FROM branded_apps WHERE bundle_id = ${bundleId}`.pipe(
            Effect.map((rows) => rows[0]),
            Effect.orDie,
          ),
        findById: (id) =>
          sql<BrandedAppRow>`SELECT ${columns} FROM branded_apps WHERE id = ${id}`.pipe(
            Effect.map((rows) => rows[0]),
            Effect.orDie,
          ),
        insert: (app) =>
          Effect.gen(function* () {
            const created_at = yield* nowIso
            const rows =
              yield* sql<BrandedAppRow>`INSERT INTO branded_apps ${sql.insert({ ...app, created_at })}
              RETURNING ${columns}`
            return rows[0]!
          }).pipe(Effect.orDie),
        list: sql<BrandedAppRow>`SELECT ${columns} FROM branded_apps ORDER BY id`.pipe(Effect.orDie),
      })
    }),
  )
}
