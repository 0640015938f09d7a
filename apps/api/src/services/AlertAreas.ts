/**
 * The current user's alert areas (docs/api.md, Alert areas): circles and polygons they are alerted
 * about new reports in. Each user sees and changes only their own; an area of anyone else is `404`,
 * as if it did not exist.
 *
 * The domain validates a body (`AlertArea.fromBody`) and gives the canonical WKT and the box the
 * spatial index keeps; the row and its box are written in one transaction.
 *
 * A detail docs/api.md does not spell out: an update is a whole new area, as a create is (`area`
 * required, `radius` absent read as null), following the legacy dialect's example; an area is the
 * user's, whichever branded app or team they are acting in. The name, this service's own, is the
 * exception: an update without `name` keeps it, so a client of the dialect, which knows no names,
 * does not erase one the user gave. A deleted area leaves a tombstone its owner's devices list
 * (`DeletedResources`).
 */
import * as AlertArea from "@fieldreport/domain/AlertArea"
import type { InvalidInput } from "@fieldreport/domain/Invalid"
import { Context, Effect, Layer } from "effect"
import { NotFound } from "../Errors.ts"
import { type AlertAreaRow, AlertAreaStore } from "../store/AlertAreaStore.ts"
import { DeletedResourceStore } from "../store/DeletedResourceStore.ts"
import { nowIso } from "../store/sql/Clock.ts"
import * as Transaction from "../store/sql/Transaction.ts"
import { traced } from "../Traced.ts"
import type { Actor } from "./Authentication.ts"

/**
 * The alert areas service.
 *
 * @example
 * ```ts
 * const alertAreas = yield* AlertAreas
 * const area = yield* alertAreas.create(actor, { alert_area: { area: "POINT (174.77 -41.28)", radius: 500 } })
 * ```
 */
export class AlertAreas extends Context.Service<
  AlertAreas,
  {
    /** The actor's areas, oldest first. */
    readonly list: (actor: Actor) => Effect.Effect<ReadonlyArray<AlertAreaRow>>
    readonly get: (actor: Actor, id: number) => Effect.Effect<AlertAreaRow, NotFound>
    /** Creates an area from a request body (`{alert_area: {name, area, radius}}`). */
    readonly create: (actor: Actor, body: unknown) => Effect.Effect<AlertAreaRow, InvalidInput>
    /** Replaces an area with the one a request body describes. */
    readonly update: (actor: Actor, id: number, body: unknown) => Effect.Effect<void, NotFound | InvalidInput>
    readonly remove: (actor: Actor, id: number) => Effect.Effect<void, NotFound>
  }
>()("api/services/AlertAreas") {
  static readonly layer = Layer.effect(
    AlertAreas,
    Effect.gen(function* () {
      const inTransaction = yield* Transaction.runner
      const areas = yield* AlertAreaStore
      const tombstones = yield* DeletedResourceStore

      const own = traced("AlertAreas.own")(function* (actor: Actor, id: number) {
        const area = yield* areas.find(id)
        if (area === undefined || area.user_id !== actor.user.id)
          return yield* new NotFound({ resource: "alert area" })
        return area
      })

      const list = traced("AlertAreas.list")(function* (actor: Actor) {
        return yield* areas.listOfUser(actor.user.id)
      })

      const create = traced("AlertAreas.create")(function* (actor: Actor, body: unknown) {
        const input = yield* Effect.fromResult(AlertArea.fromBody(body))
        const now = yield* nowIso
        return yield* inTransaction(areas.insert(actor.user.id, input, now))
      })

      const update = traced("AlertAreas.update")(function* (actor: Actor, id: number, body: unknown) {
        const area = yield* own(actor, id)
        const input = yield* Effect.fromResult(AlertArea.fromBody(body))
        yield* inTransaction(areas.update(area.id, input))
      })

      const remove = traced("AlertAreas.remove")(function* (actor: Actor, id: number) {
        const area = yield* own(actor, id)
        const tombstone = {
          type: "alert_area",
          uuid: null,
          record_id: area.id,
          channel_id: null,
          team_id: null,
          user_id: area.user_id,
          deleted_at: yield* nowIso,
        } as const
        yield* inTransaction(Effect.andThen(areas.delete(area.id), tombstones.record([tombstone])))
      })

      return AlertAreas.of({ list, get: own, create, update, remove })
    }),
  )
}
