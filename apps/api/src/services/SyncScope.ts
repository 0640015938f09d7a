/**
 * Whose reports a field app syncs, decided once per request (docs/api.md, Field apps and offline
 * sync): the channels of the current team the user reads, those of them they selected to view,
 * and the sync window, `FIELDREPORT_SYNC_DAYS` back from now. The stores turn it into SQL
 * (`SyncableReports`).
 */
import { Duration, Effect } from "effect"
import { AppConfig } from "../Config.ts"
import { ChannelSelectionStore } from "../store/ChannelSelectionStore.ts"
import type { SyncScope } from "../store/SyncableReports.ts"
import { isoIn } from "../store/sql/Clock.ts"
import { Access } from "./Access.ts"
import type { Actor } from "./Authentication.ts"

/**
 * Makes the reader of an actor's sync scope, on the access rules, the channel selections and the
 * configured window.
 *
 * @example
 * ```ts
 * const scopeOf = yield* SyncScope.make
 * const scope = yield* scopeOf(actor)
 * ```
 */
export const make = Effect.gen(function* () {
  const config = yield* AppConfig
  const access = yield* Access
  const selections = yield* ChannelSelectionStore

  return Effect.fnUntraced(function* (actor: Actor) {
    const readable = yield* access.readableChannels(actor)
    const channelIds = readable.map((found) => found.channel.id)
    const viewedChannelIds =
      channelIds.length === 0
        ? []
        : (yield* selections.listOf(actor.user.id, actor.app.id))
            .filter((selection) => selection.view === 1 && channelIds.includes(selection.id))
            .map((selection) => selection.id)
    return {
      channelIds,
      viewedChannelIds,
      userId: actor.user.id,
      since: yield* isoIn(-Duration.toMillis(Duration.days(config.syncDays))),
    } satisfies SyncScope
  })
})
