/**
 * The shape a report lies in: the one a write names, which must be a shape of the actor's app,
 * else the smallest shape of the app that contains the report's location, its boundary included.
 * A report filed with an address only lies in none.
 */
import { InvalidInput } from "@fieldreport/domain/Invalid"
import type { Location } from "@fieldreport/domain/Report"
import { Effect } from "effect"
import { ReportStore } from "../store/ReportStore.ts"
import type { Actor } from "./Authentication.ts"
import { Shapes } from "./Shapes.ts"

/**
 * Makes the shape look-ups, on the report store and the shapes service.
 *
 * @example
 * ```ts
 * const shape = yield* ReportShape.make
 * const shapeId = draft.shape_id !== undefined ? yield* shape.given(actor, draft.shape_id) : yield* shape.at(actor, location)
 * ```
 */
export const make = Effect.gen(function* () {
  const reports = yield* ReportStore
  const shapes = yield* Shapes

  /** The shape a write names, when it is a shape of the actor's app. */
  const given = (actor: Actor, shapeId: number) =>
    Effect.flatMap(reports.isShapeOfApp(shapeId, actor.app.id), (found) =>
      found
        ? Effect.succeed(shapeId)
        : Effect.fail(InvalidInput.at("report.shape_id", "is not a shape of this channel's app")),
    )

  /** The smallest shape of the app that contains the location, its boundary included; null for none. */
  const at = (actor: Actor, { latitude, longitude }: Location) =>
    Effect.map(shapes.smallestContaining(actor.app.id, [longitude, latitude]), (id) => id ?? null)

  return { given, at }
})
