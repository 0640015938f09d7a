/**
 * What saving the report states editor sends: for each state the user changed (its name,
 * appearance, whether new reports start in it, the states that may follow it, or its place in the
 * list), the update with only what changed.
 */
import type { ReportStateRecord, ReportStateUpdate } from "@fieldreport/domain/ReportStateRecord"

/** One state's update. */
export interface StateChange {
  readonly state: ReportStateRecord
  readonly change: typeof ReportStateUpdate.Encoded
}

/** No next state ticked and `null` both let any state follow. */
const sameNext = (a: ReadonlyArray<number> | null, b: ReadonlyArray<number> | null): boolean => {
  const left = [...(a ?? [])].sort((x, y) => x - y)
  const right = [...(b ?? [])].sort((x, y) => x - y)
  return left.length === right.length && left.every((id, index) => id === right[index])
}

/**
 * The updates that turn the stored states into the edited ones. The edited list is in the order
 * the user put it in; when that order differs from the stored one, each state whose position is
 * not its place in the list is given that place (0 first). Making a state initial is sent to it
 * alone: the server takes the flag off the state that had it.
 *
 * @example
 * ```ts
 * stateChanges(stored, [{ ...stored[1], position: 1 }, { ...stored[0], name: "Open" }])
 * // [{ state: stored[1], change: { position: 0 } }, { state: stored[0], change: { name: "Open", position: 1 } }]
 * ```
 */
export const stateChanges = (
  stored: ReadonlyArray<ReportStateRecord>,
  edited: ReadonlyArray<ReportStateRecord>,
): ReadonlyArray<StateChange> => {
  const reordered = edited.some((state, index) => stored[index]?.id !== state.id)
  return edited.flatMap((draft, index): ReadonlyArray<StateChange> => {
    const state = stored.find((candidate) => candidate.id === draft.id)
    if (state === undefined) return []
    const change: {
      -readonly [K in keyof typeof ReportStateUpdate.Encoded]: (typeof ReportStateUpdate.Encoded)[K]
    } = {}
    if (draft.name !== state.name) change.name = draft.name
    if (draft.appearance !== state.appearance) change.appearance = draft.appearance
    if (draft.initial && !state.initial) change.initial = true
    if (!sameNext(draft.next_state_ids, state.next_state_ids))
      change.next_state_ids =
        draft.next_state_ids === null || draft.next_state_ids.length === 0 ? null : [...draft.next_state_ids]
    if (reordered && state.position !== index) change.position = index
    return Object.keys(change).length === 0 ? [] : [{ state, change }]
  })
}
