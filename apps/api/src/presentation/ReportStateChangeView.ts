/**
 * A report's state changes on the wire (docs/api.md, Reports). Reports themselves are rendered by
 * the `ReportView` service, which reads what the selected fields need.
 */
import type { StateChangeRow } from "../store/ReportStore.ts"

/**
 * The report state change resource of a row, with the key names of the domain's
 * `ReportStateChange`.
 *
 * @example
 * ```ts
 * stateChangeBody(row) // { id: 1, created_at: "…", report_id: 49, user_id: 2, previous_report_state: { id: 4, name: "New" }, new_report_state: { id: 5, name: "In progress" } }
 * ```
 */
export const stateChangeBody = (change: StateChangeRow) => ({
  id: change.id,
  created_at: change.created_at,
  report_id: change.report_id,
  user_id: change.user_id,
  previous_report_state: { id: change.previous_state_id, name: change.previous_state_name },
  new_report_state: { id: change.new_state_id, name: change.new_state_name },
  report_uuid: change.report_uuid,
})
