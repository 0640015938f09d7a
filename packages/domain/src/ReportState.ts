/**
 * How a report moves between the report states of its channel.
 *
 * - Create, and an upsert that creates: the report's `report_state_id` is ignored (the v4 dialect's
 *   rule; docs/api.md, Filing a report). A new report starts in the channel's initial state and has
 *   no state change record.
 * - Update (`PATCH /api/v4/reports/{id}`), and an upsert that finds the report (the v4 dialect's
 *   "later update"), with `report_state_id`: the target must be a state of the report's channel,
 *   and, when the current state lists `next_state_ids`, one of those. A move to another state
 *   writes a report state change record; "moving" to the current state changes nothing and writes
 *   none.
 */
import { Option, Result } from "effect"
import { InvalidInput } from "./Invalid.ts"

/**
 * A report state of a channel, as far as transitions need it.
 *
 * @example
 * ```ts
 * const inProgress: ReportState = { id: 2, position: 1, initial: false, next_state_ids: [3] }
 * ```
 */
export interface ReportState {
  readonly id: number
  readonly position: number
  readonly initial: boolean
  /**
   * The states that may follow this one. Absent, null or empty: any state of the channel. An empty
   * list is read as "not restricted" rather than "final" because clients and forms send `[]` for a
   * field left blank; a state nobody may leave would strand every report in it.
   */
  readonly next_state_ids?: ReadonlyArray<number> | null | undefined
}

/**
 * What an update does to the report's state. `Changed` means a report state change record from
 * `previousStateId` to `nextStateId` must be written with the report.
 *
 * @example
 * ```ts
 * const change: StateChange = { _tag: "Changed", previousStateId: 1, nextStateId: 2 }
 * ```
 */
export type StateChange =
  | { readonly _tag: "Unchanged" }
  | { readonly _tag: "Changed"; readonly previousStateId: number; readonly nextStateId: number }

const byPositionThenId = (a: ReportState, b: ReportState): number => a.position - b.position || a.id - b.id

/**
 * Whether a state may follow the current one: any may when the current state lists no next states
 * (or is not known), else those it lists.
 *
 * @example
 * ```ts
 * mayFollow({ id: 1, position: 0, initial: true, next_state_ids: [2] }, 3) // false
 * mayFollow({ id: 1, position: 0, initial: true, next_state_ids: [] }, 3) // true
 * ```
 */
export const mayFollow = (current: ReportState | undefined, nextStateId: number): boolean => {
  const allowed = current?.next_state_ids ?? []
  return allowed.length === 0 || allowed.includes(nextStateId)
}

/**
 * The states a report may move to from its current one, in position order (ties by id): every
 * other state that may follow it. What an editor offers, and what `onUpdate` accepts.
 *
 * @example
 * ```ts
 * nextStates(states, report.report_state_id).map((state) => state.id) // [2, 3]
 * ```
 */
export const nextStates = <S extends ReportState>(
  states: ReadonlyArray<S>,
  currentStateId: number,
): ReadonlyArray<S> => {
  const current = states.find((state) => state.id === currentStateId)
  return states
    .filter((state) => state.id !== currentStateId && mayFollow(current, state.id))
    .sort(byPositionThenId)
}

/**
 * The state a new report starts in: the channel's state marked initial, or, when none is, the one
 * with the lowest position (ties go to the lowest id). None only for a channel without states.
 *
 * @example
 * ```ts
 * initialState([
 *   { id: 1, position: 0, initial: false },
 *   { id: 2, position: 1, initial: true },
 * ]) // Option.some({ id: 2, position: 1, initial: true })
 * ```
 */
export const initialState = <S extends ReportState>(states: ReadonlyArray<S>): Option.Option<S> => {
  const marked = states.filter((state) => state.initial)
  return Option.fromUndefinedOr([...(marked.length > 0 ? marked : states)].sort(byPositionThenId)[0])
}

/**
 * The state change of a report update or of an upsert that finds the report. `requestedStateId`
 * is the body's `report_state_id`: `undefined` or `null` leaves the state as it is.
 *
 * @example
 * ```ts
 * const states = [
 *   { id: 1, position: 0, initial: true, next_state_ids: [2] },
 *   { id: 2, position: 1, initial: false },
 *   { id: 3, position: 2, initial: false },
 * ]
 * onUpdate({ states, currentStateId: 1, requestedStateId: 2 })
 * // Result.succeed({ _tag: "Changed", previousStateId: 1, nextStateId: 2 })
 * onUpdate({ states, currentStateId: 1, requestedStateId: 3 })
 * // Result.fail(InvalidInput { "report.report_state_id": ["cannot follow state 1; allowed: 2"] })
 * ```
 */
export const onUpdate = (update: {
  readonly states: ReadonlyArray<ReportState>
  readonly currentStateId: number
  readonly requestedStateId: number | null | undefined
}): Result.Result<StateChange, InvalidInput> => {
  const { states, currentStateId, requestedStateId } = update
  if (requestedStateId === undefined || requestedStateId === null || requestedStateId === currentStateId) {
    return Result.succeed({ _tag: "Unchanged" })
  }
  if (!states.some((state) => state.id === requestedStateId)) {
    return Result.fail(InvalidInput.at("report.report_state_id", "is not a report state of this channel"))
  }
  const current = states.find((state) => state.id === currentStateId)
  if (!mayFollow(current, requestedStateId)) {
    return Result.fail(
      InvalidInput.at(
        "report.report_state_id",
        `cannot follow state ${currentStateId}; allowed: ${(current?.next_state_ids ?? []).join(", ")}`,
      ),
    )
  }
  return Result.succeed({ _tag: "Changed", previousStateId: currentStateId, nextStateId: requestedStateId })
}

/**
 * Checks the `next_state_ids` of a state written to a channel: they must name states of that
 * channel (`channelStateIds`). None, null or an empty list name none.
 *
 * @example
 * ```ts
 * checkNextStateIds([2, 9], [1, 2, 3])
 * // Result.fail(InvalidInput { "report_state.next_state_ids": ["must name states of the same channel; 9 is not"] })
 * ```
 */
export const checkNextStateIds = (
  next: ReadonlyArray<number> | null | undefined,
  channelStateIds: ReadonlyArray<number>,
): Result.Result<void, InvalidInput> => {
  const foreign = (next ?? []).filter((id) => !channelStateIds.includes(id))
  return foreign.length === 0
    ? Result.void
    : Result.fail(
        InvalidInput.at(
          "report_state.next_state_ids",
          `must name states of the same channel; ${foreign.join(", ")} ${foreign.length === 1 ? "is" : "are"} not`,
        ),
      )
}

/**
 * Checks a change of a state's `initial` flag: a channel always has an initial state, so the one
 * it has stops being initial only when another becomes so, never by `initial: false`.
 *
 * @example
 * ```ts
 * checkInitialChange(true, false) // Result.fail(InvalidInput { "report_state.initial": [...] })
 * checkInitialChange(false, true) // Result.void
 * ```
 */
export const checkInitialChange = (
  initial: boolean,
  requested: boolean | undefined,
): Result.Result<void, InvalidInput> =>
  initial && requested === false
    ? Result.fail(
        InvalidInput.at(
          "report_state.initial",
          "a channel needs an initial state; make another state initial instead",
        ),
      )
    : Result.void
