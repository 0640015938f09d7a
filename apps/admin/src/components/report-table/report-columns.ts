/**
 * The columns the report table offers: each is a report field the table asks for through
 * `fields`, so the server sends only what is shown.
 */
import { msg } from "@lit/localize"
import { formatTime } from "../../shared/time.ts"

/** A column: the report field, its heading, and whether the search can order by it. */
export interface Column {
  readonly field: string
  readonly label: string
  readonly orderable: boolean
  /** Timestamps are shown in the browser's time zone. */
  readonly timestamp: boolean
}

/** A column, its label asked in the language shown each time it is read. */
const column = (field: string, label: () => string, options: Partial<Column> = {}): Column => ({
  field,
  get label() {
    return label()
  },
  orderable: false,
  timestamp: false,
  ...options,
})

/** Every column, in table order. */
export const columns: ReadonlyArray<Column> = [
  column("id", () => msg("Id", { id: "reportTable.id" }), { orderable: true }),
  column("title", () => msg("Title", { id: "tasksBoard.title" })),
  column("account_name", () => msg("Channel", { id: "channelSelections.channel" })),
  column("report_state_name", () => msg("State", { id: "reportExports.state" })),
  column("appearance", () => msg("Appearance", { id: "reportStates.appearance" })),
  column("address", () => msg("Address", { id: "locationPicker.address" })),
  column("iso_created_at", () => msg("Filed", { id: "reportDetail.filedChange" }), { timestamp: true }),
  column("updated_at", () => msg("Changed", { id: "reportTable.changed" }), {
    orderable: true,
    timestamp: true,
  }),
  column("user_short_name", () => msg("Reporter", { id: "reportTable.reporter" })),
  column("assignee_id", () => msg("Assignee id", { id: "reportTable.assigneeId" })),
  column("assignment_due_at", () => msg("Due", { id: "reportDetail.due" }), { timestamp: true }),
  column("category_id", () => msg("Category id", { id: "reportTable.categoryId" })),
  column("shape_id", () => msg("Shape id", { id: "reportTable.shapeId" })),
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
    return formatTime(value)
  }
  return typeof value === "object" ? JSON.stringify(value) : String(value)
}
