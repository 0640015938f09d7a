/**
 * A change of a report's state (docs/api.md, States and their history), listed by
 * `GET /api/v4/reports/{id}/report_state_changes`: who moved the report, when, from which state to
 * which. State names are copied at the time of the change, so the record reads the same after a
 * state is renamed.
 */
import { Schema } from "effect"
import { Id, Uuid } from "./internal/wire.ts"
import { Timestamp } from "./Timestamp.ts"

/**
 * A state as a change names it.
 *
 * @example
 * ```ts
 * const state: StateName = { id: 11, name: "In progress" }
 * ```
 */
export const StateName = Schema.Struct({ id: Id, name: Schema.String })
export type StateName = typeof StateName.Type

/**
 * The report state change record; the state keys are those of the legacy service. `report_uuid`
 * (optional) is the client uuid of the report, null for one filed without.
 *
 * @example
 * ```ts
 * const change: ReportStateChange = {
 *   id: 123, created_at: DateTime.makeUnsafe("2022-03-29T02:05:04.774Z"), report_id: 22, user_id: 34,
 *   previous_report_state: { id: 44, name: "New" }, new_report_state: { id: 11, name: "In progress" },
 * }
 * ```
 */
export const ReportStateChange = Schema.Struct({
  id: Id,
  created_at: Timestamp,
  report_id: Id,
  user_id: Id,
  previous_report_state: StateName,
  new_report_state: StateName,
  report_uuid: Schema.optionalKey(Schema.NullOr(Uuid)),
})
export type ReportStateChange = typeof ReportStateChange.Type
