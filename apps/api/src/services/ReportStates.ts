/**
 * The report states of channels (docs/api.md, Report states): read by the channel's readers,
 * created, changed and deleted by its admins. A channel has exactly one initial state, so making a
 * state initial takes that from the one before; `next_state_ids` may only name states of the same
 * channel.
 *
 * A state is deleted only while nothing needs it: not the initial state (reports start there), not
 * one reports are in, and not one a report's state history names (the history keeps its states).
 * The channel's other states stop naming it as a next state. Each use case takes the channel a
 * client named in the path (`/channels/{channel_id}/report_states/{id}`), when it named one: a
 * state of another channel is then `404`.
 */
import { InvalidInput } from "@fieldreport/domain/Invalid"
import * as ReportState from "@fieldreport/domain/ReportState"
import type {
  ChannelReportStateCreate,
  ReportStateCreate,
  ReportStateUpdate,
} from "@fieldreport/domain/ReportStateRecord"
import { Context, Effect, Layer } from "effect"
import { Conflict, type Forbidden, NotFound } from "../Errors.ts"
import { ChannelStore } from "../store/ChannelStore.ts"
import { type ReportStateRow, ReportStateStore } from "../store/ReportStateStore.ts"
import * as Transaction from "../store/sql/Transaction.ts"
import { traced } from "../Traced.ts"
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
    /** A new state of the channel `channel_id` names; a channel the actor cannot see is `422`. */
    readonly create: (
      actor: Actor,
      input: ReportStateCreate,
    ) => Effect.Effect<ReportStateRow, InvalidInput | Forbidden>
    /** A new state of the channel a path names; a channel the actor cannot see is `404`. */
    readonly createInChannel: (
      actor: Actor,
      channelId: number,
      input: ChannelReportStateCreate,
    ) => Effect.Effect<ReportStateRow, InvalidInput | Forbidden | NotFound>
    readonly update: (
      actor: Actor,
      id: number,
      changes: ReportStateUpdate,
      channelId?: number,
    ) => Effect.Effect<ReportStateRow, NotFound | Forbidden | InvalidInput>
    /** Deletes a state nothing needs; `409` for one that something does. */
    readonly remove: (
      actor: Actor,
      id: number,
      channelId?: number,
    ) => Effect.Effect<void, NotFound | Forbidden | Conflict>
  }
>()("api/services/ReportStates") {
  static readonly layer = Layer.effect(
    ReportStates,
    Effect.gen(function* () {
      const inTransaction = yield* Transaction.runner
      const access = yield* Access
      const channels = yield* ChannelStore
      const states = yield* ReportStateStore

      const checkNextStates = traced("ReportStates.checkNextStates")(function* (
        channelId: number,
        next: ReadonlyArray<number> | null | undefined,
      ) {
        if (next === null || next === undefined || next.length === 0) return
        const ofChannel = (yield* states.listOfChannels([channelId])).map((state) => state.id)
        yield* Effect.fromResult(ReportState.checkNextStateIds(next, ofChannel))
      })

      const list = traced("ReportStates.list")(function* (actor: Actor, channelId: number | undefined) {
        if (channelId !== undefined) {
          yield* access.channelFor(actor, channelId, "read")
          return yield* states.listOfChannels([channelId])
        }
        const member = yield* channels.listOfMember(actor.user.id, actor.app.id, undefined)
        return yield* states.listOfChannels(member.map((channel) => channel.id))
      })

      const find = traced("ReportStates.find")(function* (
        actor: Actor,
        id: number,
        need: "read" | "administer",
        channelId?: number,
      ) {
        const state = yield* states.find(id)
        if (state === undefined || (channelId !== undefined && state.channel_id !== channelId))
          return yield* new NotFound({ resource: "report state" })
        yield* access
          .channelFor(actor, state.channel_id, need)
          .pipe(Effect.catchTag("NotFound", () => Effect.fail(new NotFound({ resource: "report state" }))))
        return state
      })

      /** Stores a new state of a channel the actor administers. */
      const insert = (channelId: number, input: ChannelReportStateCreate) =>
        inTransaction(
          Effect.gen(function* () {
            yield* checkNextStates(channelId, input.next_state_ids)
            if (input.initial) yield* states.clearInitial(channelId)
            return yield* states.insert({
              channel_id: channelId,
              name: input.name,
              position: input.position ?? (yield* states.nextPosition(channelId)),
              initial: input.initial,
              appearance: input.appearance,
              next_state_ids: input.next_state_ids,
            })
          }),
        )

      const create = traced("ReportStates.create")(function* (actor: Actor, input: ReportStateCreate) {
        yield* access
          .channelFor(actor, input.channel_id, "administer")
          .pipe(
            Effect.catchTag("NotFound", () =>
              Effect.fail(InvalidInput.at("report_state.channel_id", "is not a channel you can see")),
            ),
          )
        return yield* insert(input.channel_id, input)
      })

      const createInChannel = traced("ReportStates.createInChannel")(function* (
        actor: Actor,
        channelId: number,
        input: ChannelReportStateCreate,
      ) {
        yield* access.channelFor(actor, channelId, "administer")
        return yield* insert(channelId, input)
      })

      const update = traced("ReportStates.update")(function* (
        actor: Actor,
        id: number,
        changes: ReportStateUpdate,
        channelId?: number,
      ) {
        const state = yield* find(actor, id, "administer", channelId)
        yield* Effect.fromResult(ReportState.checkInitialChange(state.initial === 1, changes.initial))
        return yield* inTransaction(
          Effect.gen(function* () {
            yield* checkNextStates(state.channel_id, changes.next_state_ids)
            if (changes.initial === true) yield* states.clearInitial(state.channel_id)
            return yield* states.update(id, changes)
          }),
        )
      })

      const remove = traced("ReportStates.remove")(function* (actor: Actor, id: number, channelId?: number) {
        const state = yield* find(actor, id, "administer", channelId)
        if (state.initial === 1)
          return yield* new Conflict({
            message: "the initial state cannot be deleted: make another state initial first",
          })
        yield* inTransaction(
          Effect.gen(function* () {
            const usage = yield* states.usage(state)
            if (usage.reports) return yield* new Conflict({ message: "reports are in this state" })
            if (usage.history)
              return yield* new Conflict({ message: "the state history of reports names this state" })
            for (const other of yield* states.listOfChannels([state.channel_id])) {
              const next = other.next_state_ids
              if (next?.includes(id) === true)
                yield* states.update(other.id, { next_state_ids: next.filter((each) => each !== id) })
            }
            yield* states.remove(state)
          }),
        )
      })

      return ReportStates.of({
        list,
        get: (actor, id) => find(actor, id, "read"),
        create,
        createInChannel,
        update,
        remove,
      })
    }),
  )
}
