/**
 * The report state resource on the wire (docs/api.md, Report states).
 */
import type { ReportStateRow } from "../store/ReportStateStore.ts"

/**
 * The report state resource of a row.
 *
 * @example
 * ```ts
 * reportStateBody(row) // { id: 4, channel_id: 2, name: "New", position: 1, initial: true, … }
 * ```
 */
export const reportStateBody = (state: ReportStateRow) => ({
  id: state.id,
  channel_id: state.channel_id,
  name: state.name,
  position: state.position,
  initial: state.initial === 1,
  appearance: state.appearance,
  next_state_ids: state.next_state_ids,
})
