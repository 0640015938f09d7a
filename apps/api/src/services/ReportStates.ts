/**
 * The report states of channels (docs/api.md, Report states): read by the channel's readers,
 * created and changed by its admins. A channel has exactly one initial state, so making a state
 * initial takes that from the one before; `next_state_ids` may only name states of the same
 * channel.
 */
import { InvalidInput } from "@fieldreport/domain/Invalid"
import * as ReportState from "@fieldreport/domain/ReportState"
import type { ReportStateCreate, ReportStateUpdate } from "@fieldreport/domain/ReportStateRecord"
import { Context, Effect, Layer } from "effect"
import { type Forbidden, NotFound } from "../Errors.ts"
import { ChannelStore } from "../store/ChannelStore.ts"
import { type ReportStateRow, ReportStateStore } from "../store/ReportStateStore.ts"
import * as Transaction from "../store/sql/Transaction.ts"
import { Access } from "./Access.ts"
import type { Actor } from "./Authentication.ts"

/**
 * The report states service.
 *
 * @example
 * ```ts
 * const states = yield* ReportStates
 * const list = yield* states.list(actor, channelId)
 * ```
 */
export class ReportStates extends Context.Service<
  ReportStates,
  {
    /** The states of one channel, or of every channel the actor is a member of. */
    readonly list: (
      actor: Actor,
      channelId: number | undefined,
    ) => Effect.Effect<ReadonlyArray<ReportStateRow>, NotFound | Forbidden>
    readonly get: (actor: Actor, id: number) => Effect.Effect<ReportStateRow, NotFound | Forbidden>
    readonly create: (
      actor: Actor,
      input: ReportStateCreate,
    ) => Effect.Effect<ReportStateRow, InvalidInput | Forbidden>
    readonly update: (
      actor: Actor,
      id: number,
      changes: ReportStateUpdate,
    ) => Effect.Effect<ReportStateRow, NotFound | Forbidden | InvalidInput>
  }
>()("api/services/ReportStates") {
  static readonly layer = Layer.effect(
    ReportStates,
    Effect.gen(function* () {
      const inTransaction = yield* Transaction.runner
      const access = yield* Access
      const channels = yield* ChannelStore
      const states = yield* ReportStateStore

      const checkNextStates = Effect.fn("ReportStates.checkNextStates")(function* (
        channelId: number,
        next: ReadonlyArray<number> | null | undefined,
      ) {
        if (next === null || next === undefined || next.length === 0) return
        const ofChannel = (yield* states.listOfChannels([channelId])).map((state) => state.id)
        yield* Effect.fromResult(ReportState.checkNextStateIds(next, ofChannel))
      })

      const list = Effect.fn("ReportStates.list")(function* (actor: Actor, channelId: number | undefined) {
        if (channelId !== undefined) {
          yield* access.channelFor(actor, channelId, "read")
          return yield* states.listOfChannels([channelId])
        }
        const member = yield* channels.listOfMember(actor.user.id, actor.app.id, undefined)
        return yield* states.listOfChannels(member.map((channel) => channel.id))
      })

      const find = Effect.fn("ReportStates.find")(function* (
        actor: Actor,
        id: number,
        need: "read" | "administer",
      ) {
        const state = yield* states.find(id)
        if (state === undefined) return yield* new NotFound({ resource: "report state" })
        yield* access
          .channelFor(actor, state.channel_id, need)
          .pipe(Effect.catchTag("NotFound", () => Effect.fail(new NotFound({ resource: "report state" }))))
        return state
      })

      const create = Effect.fn("ReportStates.create")(function* (actor: Actor, input: ReportStateCreate) {
        yield* access
          .channelFor(actor, input.channel_id, "administer")
          .pipe(
            Effect.catchTag("NotFound", () =>
              Effect.fail(InvalidInput.at("report_state.channel_id", "is not a channel you can see")),
            ),
          )
        return yield* inTransaction(
          Effect.gen(function* () {
            yield* checkNextStates(input.channel_id, input.next_state_ids)
            if (input.initial) yield* states.clearInitial(input.channel_id)
            return yield* states.insert({
              channel_id: input.channel_id,
              name: input.name,
              position: input.position ?? (yield* states.nextPosition(input.channel_id)),
              initial: input.initial,
              appearance: input.appearance,
              next_state_ids: input.next_state_ids,
            })
          }),
        )
      })

      const update = Effect.fn("ReportStates.update")(function* (
        actor: Actor,
        id: number,
        changes: ReportStateUpdate,
      ) {
        const state = yield* find(actor, id, "administer")
        yield* Effect.fromResult(ReportState.checkInitialChange(state.initial === 1, changes.initial))
        return yield* inTransaction(
          Effect.gen(function* () {
            yield* checkNextStates(state.channel_id, changes.next_state_ids)
            if (changes.initial === true) yield* states.clearInitial(state.channel_id)
            return yield* states.update(id, changes)
          }),
        )
      })

      return ReportStates.of({ list, get: (actor, id) => find(actor, id, "read"), create, update })
    }),
  )
}
