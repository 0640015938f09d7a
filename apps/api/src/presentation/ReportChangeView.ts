/**
 * A report's changes on the wire (docs/api.md, Reports), with the key names of the domain's
 * `ReportChange`.
 */
import type { ReportChangeRow } from "../store/ReportChangeStore.ts"

/**
 * The report change resource of a row.
 *
 * @example
 * ```ts
 * reportChangeBody(row) // { id: 7, report_id: 49, action: "changed", field: "assignee_id", old_value: null, new_value: 22, user_id: 3, created_at: "…" }
 * ```
 */
export const reportChangeBody = (change: ReportChangeRow) => ({
  id: change.id,
  report_id: change.report_id,
  action: change.action,
  field: change.field,
  old_value: change.old_value,
  new_value: change.new_value,
  user_id: change.user_id,
  created_at: change.created_at,
})
