/**
 * The current user's channel selections (docs/api.md, Channel selections): which channels they
 * view, follow and get alerts from. The list holds only stored selections of channels the user may
 * still read in the current app; an update on a channel they cannot read is `404`, as if it did not
 * exist, and the domain's `ChannelSelection.apply` decides whether the result is stored or deleted.
 */
import * as ChannelSelection from "@fieldreport/domain/ChannelSelection"
import { channelRolesAllow } from "@fieldreport/domain/Roles"
import { Context, Effect, Layer } from "effect"
import { NotFound } from "../Errors.ts"
import { ChannelSelectionStore, type StoredSelectionRow } from "../store/ChannelSelectionStore.ts"
import * as Transaction from "../store/sql/Transaction.ts"
import { traced } from "../Traced.ts"
import { Access } from "./Access.ts"
import type { Actor } from "./Authentication.ts"

/**
 * The channel selections service.
 *
 * @example
 * ```ts
 * const selections = yield* ChannelSelections
 * yield* selections.update(actor, 7, { channel_selection: { follow: true } })
 * ```
 */
export class ChannelSelections extends Context.Service<
  ChannelSelections,
  {
    /** The stored selections of channels the user may still read (`presentation/ChannelSelectionView.ts` renders them). */
    readonly list: (actor: Actor) => Effect.Effect<ReadonlyArray<StoredSelectionRow>>
    readonly update: (
      actor: Actor,
      channelId: number,
      update: ChannelSelection.ChannelSelectionUpdate,
    ) => Effect.Effect<void, NotFound>
  }
>()("api/services/ChannelSelections") {
  static readonly layer = Layer.effect(
    ChannelSelections,
    Effect.gen(function* () {
      const inTransaction = yield* Transaction.runner
      const access = yield* Access
      const store = yield* ChannelSelectionStore

      const list = traced("ChannelSelections.list")(function* (actor: Actor) {
        const rows = yield* store.listOf(actor.user.id, actor.app.id)
        // A selection outlives a membership that ended; it shows again if the user comes back.
        return rows.filter(
          (row) =>
            row.agreed_to_join === 1 &&
            row.team_role !== null &&
            channelRolesAllow(
              { channelRole: row.channel_role ?? undefined, teamRole: row.team_role },
              "read",
            ),
        )
      })

      const update = traced("ChannelSelections.update")(function* (
        actor: Actor,
        channelId: number,
        changes: ChannelSelection.ChannelSelectionUpdate,
      ) {
        // A channel the user may not read is not theirs to select: it does not exist for them.
        yield* access
          .channelFor(actor, channelId, "read")
          .pipe(Effect.catchTag("Forbidden", () => Effect.fail(new NotFound({ resource: "channel" }))))
        yield* inTransaction(
          Effect.gen(function* () {
            const current = (yield* store.find(actor.user.id, channelId)) ?? ChannelSelection.none(channelId)
            const write = ChannelSelection.apply(current, changes)
            if (write._tag === "Save") yield* store.save(actor.user.id, write.selection)
            else yield* store.delete(actor.user.id, write.channelId)
          }),
        )
      })

      return ChannelSelections.of({ list, update })
    }),
  )
}
