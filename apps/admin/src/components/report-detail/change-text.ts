/**
 * A report's change in words for the detail's timeline: what changed, from what to what, with
 * states, categories and people by name and answers by their field's label.
 */
import type { ReportChange } from "@fieldreport/domain/ReportChange"
import { personName, type ReportRecord } from "./report-record.ts"

/** The names of the report's own fields. */
const ownLabels: Readonly<Record<string, string>> = {
  title: "Title",
  address: "Address",
  location: "Location",
  category_id: "Category",
  report_state_id: "State",
  shape_id: "Shape",
  source_id: "Source id",
  assignee_id: "Assignee",
  assignment_due_at: "Due",
}

/** A value as words: a state, category or person by name, a list joined, nothing as "none". */
const valueText = (record: ReportRecord, field: string, value: unknown): string => {
  if (value === null || value === undefined || value === "") return "none"
  if (field === "report_state_id")
    return record.states.find((state) => state.id === value)?.name ?? `state ${value}`
  if (field === "category_id")
    return record.categories.find((category) => category.id === value)?.name ?? `category ${value}`
  if (field === "assignee_id") return personName(record.people, Number(value))
  if (Array.isArray(value)) return value.length === 0 ? "none" : value.join(", ")
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
  if (change.action === "created" || change.field === null) return "Filed"
  const { field } = change
  const label =
    ownLabels[field] ?? record.report.form_fields?.find((each) => each.key === field)?.label ?? field
  // A private answer comes without its values for those who may not see it.
  if (!(field in ownLabels) && change.old_value === null && change.new_value === null)
    return `${label} changed`
  return `${label}: ${valueText(record, field, change.old_value)} → ${valueText(record, field, change.new_value)}`
}
