/**
 * A report's change in words for the detail's timeline: what changed, from what to what, with
 * states, categories and people by name and answers by their field's label.
 */

import type { ReportChange } from "@fieldreport/domain/ReportChange"
import { msg, str } from "@lit/localize"
import { personName, type ReportRecord } from "./report-record.ts"

/** The names of the report's own fields. */
const ownLabels = (): Readonly<Record<string, string>> => ({
  title: msg("Title", { id: "tasksBoard.title" }),
  address: msg("Address", { id: "locationPicker.address" }),
  location: msg("Location", { id: "reportDetail.location" }),
  category_id: msg("Category", { id: "reportDetail.category" }),
  report_state_id: msg("State", { id: "reportExports.state" }),
  shape_id: msg("Shape", { id: "reportDetail.shape" }),
  source_id: msg("Source id", { id: "reportDetail.sourceId" }),
  assignee_id: msg("Assignee", { id: "tasksBoard.assignee" }),
  assignment_due_at: msg("Due", { id: "reportDetail.due" }),
})

/** A value as words: a state, category or person by name, a list joined, nothing as "none". */
const valueText = (record: ReportRecord, field: string, value: unknown): string => {
  if (value === null || value === undefined || value === "") return msg("none", { id: "reportDetail.none" })
  if (field === "report_state_id")
    return (
      record.states.find((state) => state.id === value)?.name ??
      msg(str`state ${value}`, { id: "reportDetail.stateId" })
    )
  if (field === "category_id")
    return (
      record.categories.find((category) => category.id === value)?.name ??
      msg(str`category ${value}`, { id: "reportDetail.categoryId" })
    )
  if (field === "assignee_id") return personName(record.people, Number(value))
  if (Array.isArray(value))
    return value.length === 0 ? msg("none", { id: "reportDetail.none" }) : value.join(", ")
  if (typeof value === "object") {
    const { latitude, longitude } = value as { latitude?: number; longitude?: number }
    return latitude === undefined ? JSON.stringify(value) : `${latitude}, ${longitude}`
  }
  return String(value)
}

/**
 * The words of one change: "Filed", "State: New → In progress", or for a private answer the
 * reader may not see, only that it changed.
 *
 * @example
 * ```ts
 * changeText(record, { action: "changed", field: "report_state_id", old_value: 1, new_value: 2, … }) // "State: New → In progress"
 * ```
 */
export const changeText = (record: ReportRecord, change: ReportChange): string => {
  if (change.action === "created" || change.field === null)
    return msg("Filed", { id: "reportDetail.filedChange" })
  const { field } = change
  const own = ownLabels()
  const label = own[field] ?? record.report.form_fields?.find((each) => each.key === field)?.label ?? field
  // A private answer comes without its values for those who may not see it.
  if (!(field in own) && change.old_value === null && change.new_value === null)
    return msg(str`${label} changed`, { id: "reportDetail.fieldChanged" })
  return `${label}: ${valueText(record, field, change.old_value)} → ${valueText(record, field, change.new_value)}`
}
