/**
 * The columns the report table offers: each is a report field the table asks for through
 * `fields`, so the server sends only what is shown.
 */

/** A column: the report field, its heading, and whether the search can order by it. */
export interface Column {
  readonly field: string
  readonly label: string
  readonly orderable: boolean
  /** Timestamps are shown in the browser's time zone. */
  readonly timestamp: boolean
}

const column = (field: string, label: string, options: Partial<Column> = {}): Column => ({
  field,
  label,
  orderable: false,
  timestamp: false,
  ...options,
})

/** Every column, in table order. */
export const columns: ReadonlyArray<Column> = [
  column("id", "Id", { orderable: true }),
  column("title", "Title"),
  column("account_name", "Channel"),
  column("report_state_name", "State"),
  column("appearance", "Appearance"),
  column("address", "Address"),
  column("iso_created_at", "Filed", { timestamp: true }),
  column("updated_at", "Changed", { orderable: true, timestamp: true }),
  column("user_short_name", "Reporter"),
  column("assignee_id", "Assignee id"),
  column("assignment_due_at", "Due", { timestamp: true }),
  column("category_id", "Category id"),
  column("shape_id", "Shape id"),
]

/** The columns shown until the user chooses. */
export const defaultColumns: ReadonlyArray<string> = [
  "id",
  "title",
  "account_name",
  "report_state_name",
  "iso_created_at",
  "updated_at",
]

/**
 * A cell's text: timestamps in local time, empty for null.
 *
 * @example
 * ```ts
 * cellText(columns[0]!, 42) // "42"
 * ```
 */
export const cellText = (column: Column, value: unknown): string => {
  if (value === null || value === undefined) return ""
  if (column.timestamp && typeof value === "string") {
    return new Date(value).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })
  }
  return typeof value === "object" ? JSON.stringify(value) : String(value)
}
