/**
 * The columns of an export (docs/api.md, Exports), the same in every format: the report's own
 * columns, one per form field of the searched channels, and the position.
 *
 * - A form field's column is headed by its label and shows option labels rather than values, a
 *   multi-select's labels joined with `; `, the Category field's category name, and an Image or
 *   FileUpload field's file addresses joined with `; `. Fields of several channels with the same
 *   label and type share a column, so a search over channels made alike has one "Description".
 * - What a reader may not see is never written: answers of private fields are left out as a fetch
 *   leaves them out (`ReportDisclosure`), and an anonymous report names nobody.
 * - Headers are unique: a header taken already gets ` (2)`, ` (3)`, … in column order.
 * - Each column has a type, which GeoPackage and XLSX keep (numbers, true/false, timestamps) and
 *   CSV, GeoJSON and KML write as their text or JSON value.
 */
import {
  choiceOptions,
  type FieldType,
  type FormField,
  isAttachment,
  isChoice,
} from "@fieldreport/domain/FormField"
import * as ReportDisclosure from "@fieldreport/domain/ReportDisclosure"
import type { ColumnName, ReportColumn } from "@fieldreport/domain/ReportExport"
import * as Wkt from "@fieldreport/domain/Wkt"

/** What a column holds: GeoPackage and XLSX keep the type, the text formats its written form. */
export type ColumnType = "integer" | "real" | "boolean" | "datetime" | "text"

/** One value of a row: timestamps are ISO 8601 text in UTC; null is an empty cell. */
export type Cell = string | number | boolean | null

/** A report as its row is made: the report, the names its columns show, and what the reader may see. */
export interface ExportedReport {
  readonly id: number
  readonly channel_id: number
  readonly channel_name: string
  readonly uuid: string | null
  readonly user_id: number
  readonly is_anonymous: number
  readonly first_name: string
  readonly last_name: string
  readonly title: string
  readonly address: string
  readonly latitude: number | null
  readonly longitude: number | null
  readonly category_id: number
  readonly category_name: string
  /** The category's pin, which KML styles the report's placemark with. */
  readonly pin_color: string
  readonly pin_appearance: string
  readonly report_state_id: number
  readonly report_state_name: string
  readonly appearance: string
  readonly shape_id: number | null
  readonly assignee_id: number | null
  readonly assignment_due_at: string | null
  readonly answers: Readonly<Record<string, unknown>>
  readonly created_at: string
  readonly updated_at: string
  /** Whether the reader sees the answers of private fields (`ReportDisclosure.seesPrivateAnswers`). */
  readonly seesPrivate: boolean
  /** The address of an attached file, when it still exists. */
  readonly fileUrl: (attachmentId: number) => string | undefined
}

/** A column: its header, its type, and its cell of a report. */
export interface Column {
  readonly header: string
  readonly type: ColumnType
  readonly cell: (report: ExportedReport) => Cell
}

/** A form field of a searched channel. */
export interface ChannelField {
  readonly channelId: number
  readonly field: FormField
}

const named = (report: ExportedReport): boolean => report.is_anonymous !== 1

const reportColumn: Readonly<
  Record<Exclude<ReportColumn, "latitude" | "longitude" | "wkt">, Omit<Column, "header">>
> = {
  id: { type: "integer", cell: (report) => report.id },
  account_id: { type: "integer", cell: (report) => report.channel_id },
  account_name: { type: "text", cell: (report) => report.channel_name },
  title: { type: "text", cell: (report) => report.title },
  address: { type: "text", cell: (report) => report.address },
  category_id: { type: "integer", cell: (report) => report.category_id },
  category_name: { type: "text", cell: (report) => report.category_name },
  report_state_id: { type: "integer", cell: (report) => report.report_state_id },
  report_state_name: { type: "text", cell: (report) => report.report_state_name },
  appearance: { type: "text", cell: (report) => report.appearance },
  is_anonymous: { type: "boolean", cell: (report) => report.is_anonymous === 1 },
  user_id: { type: "integer", cell: (report) => (named(report) ? report.user_id : null) },
  user_short_name: {
    type: "text",
    cell: (report) =>
      named(report) ? ReportDisclosure.shortName(report.first_name, report.last_name) : null,
  },
  assignee_id: { type: "integer", cell: (report) => report.assignee_id },
  assignment_due_at: { type: "datetime", cell: (report) => report.assignment_due_at },
  shape_id: { type: "integer", cell: (report) => report.shape_id },
  uuid: { type: "text", cell: (report) => report.uuid },
  iso_created_at: { type: "datetime", cell: (report) => report.created_at },
  updated_at: { type: "datetime", cell: (report) => report.updated_at },
}

/**
 * A point as `Wkt.write` writes it, numbers in their shortest exact form, without its general
 * writer's cost per row; coordinates so small that JavaScript writes them with an exponent go
 * through `Wkt.write`.
 */
const point = (longitude: number, latitude: number): string =>
  Math.abs(longitude) < 1e-6 || Math.abs(latitude) < 1e-6
    ? Wkt.write({ type: "Point", coordinates: [longitude, latitude] })
    : `POINT (${longitude} ${latitude})`

const positionColumn: Readonly<Record<"latitude" | "longitude" | "wkt", Omit<Column, "header">>> = {
  latitude: { type: "real", cell: (report) => report.latitude },
  longitude: { type: "real", cell: (report) => report.longitude },
  wkt: {
    type: "text",
    cell: (report) =>
      report.latitude === null || report.longitude === null ? null : point(report.longitude, report.latitude),
  },
}

const textOf = (value: unknown): string | null =>
  value === null || value === undefined ? null : typeof value === "string" ? value : String(value)

/** The written form of one field's answer on a report. */
const answerCell = (field: FormField, labels: ReadonlyMap<string, string>, report: ExportedReport): Cell => {
  const answer = ReportDisclosure.shownAnswer(field, report, report.seesPrivate)
  if (answer === undefined || answer === null) return null
  if (field.field_type === "Category") return report.category_name
  const values: ReadonlyArray<unknown> = Array.isArray(answer) ? answer : [answer]
  if (isAttachment(field.field_type)) {
    const urls = values.flatMap((id) => (typeof id === "number" ? (report.fileUrl(id) ?? []) : []))
    return urls.length === 0 ? null : urls.join("; ")
  }
  if (isChoice(field.field_type))
    return values.map((value) => labels.get(String(value)) ?? String(value)).join("; ")
  return Array.isArray(answer) ? values.map(String).join("; ") : textOf(answer)
}

const fieldType = (type: FieldType): ColumnType => (type === "DateAndTime" ? "datetime" : "text")

/** A form field column before its header is made unique, with the keys of the fields it shows. */
interface FieldColumn {
  readonly label: string
  readonly type: FieldType
  readonly keys: Set<string>
  readonly byChannel: Map<number, { readonly field: FormField; readonly labels: ReadonlyMap<string, string> }>
}

/** The form field columns: fields alike (label, type, and their rank among such fields of their form) share one. */
const fieldColumns = (fields: ReadonlyArray<ChannelField>): ReadonlyArray<FieldColumn> => {
  const columns = new Map<string, FieldColumn>()
  const seen = new Map<string, number>()
  for (const { channelId, field } of fields) {
    // FreeText is text of the form itself, never answered.
    if (field.field_type === "FreeText") continue
    const alike = `${channelId}\u0000${field.label}\u0000${field.field_type}`
    const rank = (seen.get(alike) ?? 0) + 1
    seen.set(alike, rank)
    const key = `${field.label}\u0000${field.field_type}\u0000${rank}`
    const column = columns.get(key) ?? {
      label: field.label,
      type: field.field_type,
      keys: new Set<string>(),
      byChannel: new Map(),
    }
    column.keys.add(field.key)
    const labels = new Map(choiceOptions(field).map((option) => [option.value, option.label]))
    if (!column.byChannel.has(channelId)) column.byChannel.set(channelId, { field, labels })
    columns.set(key, column)
  }
  return [...columns.values()]
}

/** Makes each header unique: a header taken already gets ` (2)`, ` (3)`, … */
const uniqueHeaders = (columns: ReadonlyArray<Column>): ReadonlyArray<Column> => {
  const taken = new Set<string>()
  return columns.map((column) => {
    let header = column.header
    for (let n = 2; taken.has(header); n++) header = `${column.header} (${n})`
    taken.add(header)
    return header === column.header ? column : { ...column, header }
  })
}

/**
 * The columns of an export of reports of channels with these form fields (in channel order, each
 * form in its order); `selection` picks and orders them (report columns by name, form fields by
 * key: a key of no field picks nothing).
 *
 * @example
 * ```ts
 * const columns = columnsOf(fields, ["id", "f_1_4_4", "wkt"])
 * columns.map((column) => column.header) // ["id", "Severity", "wkt"]
 * ```
 */
export const columnsOf = (
  fields: ReadonlyArray<ChannelField>,
  selection?: ReadonlyArray<ColumnName>,
): ReadonlyArray<Column> => {
  const forms = fieldColumns(fields).map((column) => ({
    keys: column.keys,
    column: {
      header: column.label,
      type: fieldType(column.type),
      cell: (report: ExportedReport) => {
        const found = column.byChannel.get(report.channel_id)
        return found === undefined ? null : answerCell(found.field, found.labels, report)
      },
    } satisfies Column,
  }))
  const byName = (name: keyof typeof reportColumn | keyof typeof positionColumn): Column => ({
    header: name,
    ...(name in reportColumn
      ? reportColumn[name as keyof typeof reportColumn]
      : positionColumn[name as keyof typeof positionColumn]),
  })
  if (selection === undefined) {
    return uniqueHeaders([
      ...Object.keys(reportColumn).map((name) => byName(name as keyof typeof reportColumn)),
      ...forms.map((form) => form.column),
      ...Object.keys(positionColumn).map((name) => byName(name as keyof typeof positionColumn)),
    ])
  }
  const picked: Array<Column> = []
  for (const name of selection) {
    const column =
      name in reportColumn || name in positionColumn
        ? byName(name as keyof typeof reportColumn)
        : forms.find((form) => form.keys.has(name))?.column
    if (column !== undefined && !picked.some((taken) => taken.cell === column.cell)) picked.push(column)
  }
  return uniqueHeaders(picked)
}
