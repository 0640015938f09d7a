/**
 * The current user's notifications (docs/api.md, Notifications), scoped to the current branded app
 * and team: a notification counts only when its report's channel is in the actor's current team
 * (which is always a team of the current app). Anything else, another user's notification included,
 * is `404`.
 *
 * Opening a notification marks it read (opening its report does too, in `Reports.get`). Only
 * `archived` may be changed: true archives it now, false unarchives it.
 *
 * Details docs/api.md does not spell out: archiving a notification already archived keeps the time
 * it was first archived, so a repeated request changes nothing; a list with `updated_after` holds
 * the notifications made, read or archived after it, in that order unless `orderby` says another.
 */
import type { Clause } from "@fieldreport/domain/OrderBy"
import type { RangePage } from "@fieldreport/domain/RangePage"
import * as Range from "@fieldreport/domain/RangePage"
import { Context, Effect, Layer } from "effect"
import { NotFound } from "../Errors.ts"
import {
  type NotificationOrderField,
  type NotificationPage,
  type NotificationRow,
  NotificationStore,
} from "../store/NotificationStore.ts"
import { nowIso } from "../store/sql/Clock.ts"
import { traced } from "../Traced.ts"
import type { Actor } from "./Authentication.ts"

/** What a client asks of the list: `archived`, `updated_after`, `orderby` and the `Range` page. */
export interface NotificationListQuery {
  readonly archived: boolean | undefined
  readonly updatedAfter: string | undefined
  readonly order: ReadonlyArray<Clause<NotificationOrderField>>
  readonly page: RangePage
}

const noPage: NotificationPage = { rows: [], total: 0 }

/**
 * The notifications service.
 *
 * @example
 * ```ts
 * const notifications = yield* Notifications
 * const opened = yield* notifications.open(actor, 9) // read from now on
 * ```
 */
export class Notifications extends Context.Service<
  Notifications,
  {
    /** The actor's notification, marked read: the user has opened it. */
    readonly open: (actor: Actor, id: number) => Effect.Effect<NotificationRow, NotFound>
    readonly list: (actor: Actor, query: NotificationListQuery) => Effect.Effect<NotificationPage>
    readonly setArchived: (actor: Actor, id: number, archived: boolean) => Effect.Effect<void, NotFound>
    readonly remove: (actor: Actor, id: number) => Effect.Effect<void, NotFound>
  }
>()("api/services/Notifications") {
  static readonly layer = Layer.effect(
    Notifications,
    Effect.gen(function* () {
      const notifications = yield* NotificationStore

      const own = traced("Notifications.own")(function* (actor: Actor, id: number) {
        const found =
          actor.teamId === undefined ? undefined : yield* notifications.find(id, actor.user.id, actor.teamId)
        if (found === undefined) return yield* new NotFound({ resource: "notification" })
        return found
      })

      const open = traced("Notifications.open")(function* (actor: Actor, id: number) {
        const notification = yield* own(actor, id)
        if (notification.read === 1) return notification
        const now = yield* nowIso
        yield* notifications.markRead(notification.id, now)
        return { ...notification, read: 1, updated_at: now }
      })

      const list = traced("Notifications.list")(function* (actor: Actor, query: NotificationListQuery) {
        if (actor.teamId === undefined) return noPage
        return yield* notifications.page({
          userId: actor.user.id,
          teamId: actor.teamId,
          archived: query.archived,
          updatedAfter: query.updatedAfter,
          order: query.order,
          offset: query.page.start,
          limit: Range.size(query.page),
        })
      })

      const setArchived = traced("Notifications.setArchived")(function* (
        actor: Actor,
        id: number,
        archived: boolean,
      ) {
        const notification = yield* own(actor, id)
        if (archived === (notification.archived_at !== null)) return
        const now = yield* nowIso
        yield* notifications.setArchivedAt(notification.id, archived ? now : null, now)
      })

      const remove = traced("Notifications.remove")(function* (actor: Actor, id: number) {
        const notification = yield* own(actor, id)
        yield* notifications.delete(notification.id)
      })

      return Notifications.of({ open, list, setArchived, remove })
    }),
  )
}
