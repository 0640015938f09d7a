/**
 * What a write of a report changed, field by field, for its history (`report_changes`, listed by
 * `GET /api/v4/reports/{report_id}/changes`): the report's own fields under their wire names
 * (`location` for the coordinates together), and each answer under its field key, attachments
 * included (their answers are the lists of attachment ids). What the server keeps by itself
 * (`version`, `updated_at`) is not a change anyone made.
 */

import type { NewReportChange } from "../store/ReportChangeStore.ts"
import type { ReportRow } from "../store/ReportStore.ts"

/** The report's own fields a write may move, as the wire names them. */
const ownFields = {
  title: (row: ReportRow) => row.title,
  address: (row: ReportRow) => row.address,
  location: (row: ReportRow) =>
    row.latitude === null || row.longitude === null
      ? null
      : { latitude: row.latitude, longitude: row.longitude },
  category_id: (row: ReportRow) => row.category_id,
  report_state_id: (row: ReportRow) => row.report_state_id,
  shape_id: (row: ReportRow) => row.shape_id,
  source_id: (row: ReportRow) => row.source_id,
  assignee_id: (row: ReportRow) => row.assignee_id,
  assignment_due_at: (row: ReportRow) => row.assignment_due_at,
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/**
 * The changes from one version of a report to the next, the report's own fields first, then the
 * answers by field key.
 *
 * @example
 * ```ts
 * changes(before, { ...before, assignee_id: 22 })
 * // [{ action: "changed", field: "assignee_id", old_value: null, new_value: 22 }]
 * ```
 */
export const changes = (before: ReportRow, after: ReportRow): ReadonlyArray<NewReportChange> => {
  const own = Object.entries(ownFields).map(([field, read]) => ({
    field,
    old_value: read(before),
    new_value: read(after),
  }))
  const keys = [...new Set([...Object.keys(before.answers), ...Object.keys(after.answers)])].sort()
  const answers = keys.map((key) => ({
    field: key,
    old_value: before.answers[key] ?? null,
    new_value: after.answers[key] ?? null,
  }))
  return [...own, ...answers]
    .filter((change) => !same(change.old_value, change.new_value))
    .map((change) => ({ action: "changed", ...change }))
}

/**
 * The one change a filing records.
 *
 * @example
 * ```ts
 * yield* store.record(report, actor.user.id, now, [filed])
 * ```
 */
export const filed: NewReportChange = { action: "created", field: null, old_value: null, new_value: null }
