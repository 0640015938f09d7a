/**
 * How a write moves a report between its channel's states (the domain's `ReportState`): a new
 * report starts in the channel's initial state; an update, or an upsert that finds the report,
 * moves it as `ReportState.onUpdate` allows; and each move is recorded with both states' names as
 * they are at the time, so the report's history reads the same after a state is renamed.
 */
import * as ReportState from "@fieldreport/domain/ReportState"
import { Effect, Option } from "effect"
import type { ReportStateRow } from "../store/ReportStateStore.ts"
import { type ReportRow, ReportStore } from "../store/ReportStore.ts"
import type { Actor } from "./Authentication.ts"
import type { ChannelContext } from "./ChannelContext.ts"

const stateOf = (row: ReportStateRow): ReportState.ReportState => ({
  id: row.id,
  position: row.position,
  initial: row.initial === 1,
  next_state_ids: row.next_state_ids,
})

/**
 * The state a new report of the channel starts in.
 *
 * @example
 * ```ts
 * const stateId = yield* initialStateOf(context)
 * ```
 */
export const initialStateOf = (context: ChannelContext): Effect.Effect<number> => {
  const state = Option.getOrUndefined(ReportState.initialState(context.states.map(stateOf)))
  // Every channel is created with its states.
  return state === undefined
    ? Effect.die(new Error(`channel ${context.access.channel.id} has no states`))
    : Effect.succeed(state.id)
}

/**
 * What a change asking for `requested` does to the report's state.
 *
 * @example
 * ```ts
 * const change = yield* Effect.fromResult(onUpdate(context, current, draft.report_state_id))
 * ```
 */
export const onUpdate = (context: ChannelContext, current: ReportRow, requested: number | undefined) =>
  ReportState.onUpdate({
    states: context.states.map(stateOf),
    currentStateId: current.report_state_id,
    requestedStateId: requested,
  })

/**
 * Makes the record of state changes, on the report store.
 *
 * @example
 * ```ts
 * const stateChanges = yield* ReportStateChanges.make
 * if (change._tag === "Changed") yield* stateChanges.record(actor, context, report, change, now)
 * ```
 */
export const make = Effect.gen(function* () {
  const reports = yield* ReportStore

  /** Records the report's move by the actor at `at`, naming both states. */
  const record = (
    actor: Actor,
    context: ChannelContext,
    report: ReportRow,
    change: Extract<ReportState.StateChange, { readonly _tag: "Changed" }>,
    at: string,
  ) => {
    const nameOf = (id: number) => context.states.find((state) => state.id === id)?.name ?? ""
    return reports.insertStateChange({
      report_id: report.id,
      channel_id: report.channel_id,
      user_id: actor.user.id,
      previous_state_id: change.previousStateId,
      previous_state_name: nameOf(change.previousStateId),
      new_state_id: change.nextStateId,
      new_state_name: nameOf(change.nextStateId),
      created_at: at,
    })
  }

  return { record }
})
