/**
 * Alert areas of users (docs/api.md, Alert areas). The notification fan-out matches against them in
 * memory (`AlertAreaIndex`), which follows every write through migration 0012's change numbers and
 * computes each area's box itself.
 *
 * A polygon's rings are also kept as JSON (`rings`, migration 0011): the in-memory index reads
 * every area when it loads, and reading rings from JSON costs a small part of reading the WKT. The
 * store writes both from the same input, so they never disagree.
 */
import type { AlertAreaInput } from "@fieldreport/domain/AlertArea"
import * as Wkt from "@fieldreport/domain/Wkt"
import { Context, Effect, Layer, Result } from "effect"
import { SqlClient } from "effect/sql"

/** An alert area as stored. */
export interface AlertAreaRow {
  readonly id: number
  readonly user_id: number
  readonly name: string | null
  readonly shape_type: "circle" | "poly"
  readonly radius: number | null
  readonly area: string
  readonly latitude: number
  readonly longitude: number
}

/**
 * The rings of a polygon's canonical WKT as JSON (`[[[0,0],[1,0],[1,1],[0,0]]]`), null for a
 * circle. The input was validated, so its WKT reads.
 *
 * @example
 * ```ts
 * const rings = yield* ringsOf({ shape_type: "poly", area: "POLYGON ((0 0, 1 0, 1 1, 0 0))" })
 * ```
 */
export const ringsOf = (input: Pick<AlertAreaInput, "shape_type" | "area">): Effect.Effect<string | null> => {
  if (input.shape_type === "circle") return Effect.succeed(null)
  const geometry = Wkt.parse(input.area, "area")
  return Result.isSuccess(geometry) && geometry.success.type === "Polygon"
    ? Effect.succeed(JSON.stringify(geometry.success.coordinates))
    : Effect.die(`a stored alert area is not a polygon: ${input.area}`)
}

/**
 * The alert area store.
 *
 * @example
 * ```ts
 * const areas = yield* AlertAreaStore
 * const mine = yield* areas.listOfUser(actor.user.id)
 * ```
 */
export class AlertAreaStore extends Context.Service<
  AlertAreaStore,
  {
    /** The user's areas, oldest first. */
    readonly listOfUser: (userId: number) => Effect.Effect<ReadonlyArray<AlertAreaRow>>
    readonly find: (id: number) => Effect.Effect<AlertAreaRow | undefined>
    /** Inserts the area. */
    readonly insert: (userId: number, input: AlertAreaInput, createdAt: string) => Effect.Effect<AlertAreaRow>
    /** Replaces the area; its name only when the input has one (null included). */
    readonly update: (id: number, input: AlertAreaInput) => Effect.Effect<void>
    /** Deletes the area. */
    readonly delete: (id: number) => Effect.Effect<void>
  }
>()("api/store/AlertAreaStore") {
  static readonly layer = Layer.effect(
    AlertAreaStore,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const columns = sql.literal("id, user_id, name, shape_type, radius, area, latitude, longitude")
      const fieldsOf = (input: AlertAreaInput) =>
        Effect.map(ringsOf(input), (rings) => ({
          ...(input.name === undefined ? {} : { name: input.name }),
          shape_type: input.shape_type,
          radius: input.radius,
          area: input.area,
          latitude: input.latitude,
          longitude: input.longitude,
          rings,
        }))

      return AlertAreaStore.of({
        listOfUser: (userId) =>
          sql<AlertAreaRow>`SELECT ${columns} FROM alert_areas WHERE user_id = ${userId} ORDER BY id`.pipe(
            Effect.orDie,
          ),
        find: (id) =>
          sql<AlertAreaRow>`SELECT ${columns} FROM alert_areas WHERE id = ${id}`.pipe(
            Effect.map((rows) => rows[0]),
            Effect.orDie,
          ),
        insert: (userId, input, createdAt) =>
          Effect.gen(function* () {
            const [row] = yield* sql<AlertAreaRow>`INSERT INTO alert_areas ${sql.insert({
              user_id: userId,
              ...(yield* fieldsOf(input)),
              created_at: createdAt,
            })} RETURNING ${columns}`
            if (row === undefined) return yield* Effect.die("an inserted alert area was not returned")
            return row
          }).pipe(Effect.orDie),
        update: (id, input) =>
          Effect.gen(function* () {
            yield* sql`UPDATE alert_areas SET ${sql.update(yield* fieldsOf(input))} WHERE id = ${id}`
          }).pipe(Effect.orDie),
        delete: (id) => sql`DELETE FROM alert_areas WHERE id = ${id}`.pipe(Effect.asVoid, Effect.orDie),
      })
    }),
  )
}
