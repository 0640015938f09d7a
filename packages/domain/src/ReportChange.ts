/**
 * A change of a report (docs/api.md, Reports), listed newest first by
 * `GET /api/v4/reports/{report_id}/changes`: who changed what, when, from which value to which.
 *
 * A report's filing is one change (`action` "created", no field). Every later write records one
 * change per field it moved (`action` "changed"): `title`, `address`, `location`, `category_id`,
 * `report_state_id`, `shape_id`, `source_id`, `assignee_id`, `assignment_due_at`, and each answer by
 * its field key (attachments are the answers of their fields, lists of attachment ids). The values
 * are those of the wire; a private answer's values are null for whoever may not see that answer.
 */
import { Schema } from "effect"
import { Id } from "./internal/wire.ts"
import { Timestamp } from "./Timestamp.ts"

/**
 * A change as the API answers it.
 *
 * @example
 * ```ts
 * const change: ReportChange = {
 *   id: 7, report_id: 49, action: "changed", field: "assignee_id", old_value: null, new_value: 22,
 *   user_id: 3, created_at: DateTime.makeUnsafe("2024-05-01T00:00:00Z"),
 * }
 * ```
 */
export const ReportChange = Schema.Struct({
  id: Id,
  report_id: Id,
  action: Schema.Literals(["created", "changed"]),
  field: Schema.NullOr(Schema.String),
  old_value: Schema.Unknown,
  new_value: Schema.Unknown,
  user_id: Id,
  created_at: Timestamp,
})
export type ReportChange = typeof ReportChange.Type
