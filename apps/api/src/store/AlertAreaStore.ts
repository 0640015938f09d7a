/**
 * Alert areas of users (api-decisions §7), each with its bounding box in the `alert_areas_box`
 * R*Tree. Every write changes the row and its box together; callers run it in a transaction so the
 * two never disagree.
 *
 * The box only narrows candidates: whether an area really contains a location is decided by the
 * domain's exact geometry (`AlertArea.containing`).
 */
import type { AlertAreaInput } from "@fieldreport/domain/AlertArea"
import type { Position } from "@fieldreport/domain/Position"
import { Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"

/** An alert area as stored. */
export interface AlertAreaRow {
  readonly id: number
  readonly user_id: number
  readonly shape_type: "circle" | "poly"
  readonly radius: number | null
  readonly area: string
  readonly latitude: number
  readonly longitude: number
}

/** An area whose box holds a location: what the exact containment test reads. */
export interface AlertAreaCandidate {
  readonly id: number
  readonly user_id: number
  readonly area: string
  readonly radius: number | null
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
    /** Inserts the area and its box. */
    readonly insert: (userId: number, input: AlertAreaInput, createdAt: string) => Effect.Effect<AlertAreaRow>
    /** Replaces the area and its box. */
    readonly update: (id: number, input: AlertAreaInput) => Effect.Effect<void>
    /** Deletes the area and its box. */
    readonly delete: (id: number) => Effect.Effect<void>
    /**
     * The areas whose box holds the position, of the users with `alert` on for the channel: the
     * candidates of the exact test, found through the R*Tree.
     */
    readonly candidatesAt: (
      channelId: number,
      position: Position,
    ) => Effect.Effect<ReadonlyArray<AlertAreaCandidate>>
  }
>()("api/store/AlertAreaStore") {
  static readonly layer = Layer.effect(
    AlertAreaStore,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const columns = sql.literal("id, user_id, shape_type, radius, area, latitude, longitude")
      const fieldsOf = (input: AlertAreaInput) => ({
        shape_type: input.shape_type,
        radius: input.radius,
        area: input.area,
        latitude: input.latitude,
        longitude: input.longitude,
      })
      const boxOf = (input: AlertAreaInput) => ({
        min_longitude: input.bbox.minLongitude,
        max_longitude: input.bbox.maxLongitude,
        min_latitude: input.bbox.minLatitude,
        max_latitude: input.bbox.maxLatitude,
      })

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
              ...fieldsOf(input),
              created_at: createdAt,
            })} RETURNING ${columns}`
            if (row === undefined) return yield* Effect.die("an inserted alert area was not returned")
            yield* sql`INSERT INTO alert_areas_box ${sql.insert({ id: row.id, ...boxOf(input) })}`
            return row
          }).pipe(Effect.orDie),
        update: (id, input) =>
          Effect.gen(function* () {
            yield* sql`UPDATE alert_areas SET ${sql.update(fieldsOf(input))} WHERE id = ${id}`
            yield* sql`UPDATE alert_areas_box SET ${sql.update(boxOf(input))} WHERE id = ${id}`
          }).pipe(Effect.orDie),
        delete: (id) =>
          Effect.gen(function* () {
            yield* sql`DELETE FROM alert_areas_box WHERE id = ${id}`
            yield* sql`DELETE FROM alert_areas WHERE id = ${id}`
          }).pipe(Effect.orDie),
        // CROSS JOIN makes SQLite start from the R*Tree (it keeps the order of such joins): left
        // to itself it may walk every area of the channel's alerted users and probe the tree by
        // id. PostgreSQL reads CROSS JOIN as an inner join and plans it from its statistics.
        candidatesAt: (channelId, [longitude, latitude]) =>
          sql<AlertAreaCandidate>`SELECT a.id, a.user_id, a.area, a.radius
            FROM alert_areas_box b
            CROSS JOIN alert_areas a
            CROSS JOIN channel_selections s
            WHERE b.min_longitude <= ${longitude} AND b.max_longitude >= ${longitude}
              AND b.min_latitude <= ${latitude} AND b.max_latitude >= ${latitude}
              AND a.id = b.id
              AND s.channel_id = ${channelId} AND s.user_id = a.user_id AND s.alert = 1`.pipe(Effect.orDie),
      })
    }),
  )
}
