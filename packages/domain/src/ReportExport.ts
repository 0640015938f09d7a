/**
 * Exports of a report search (docs/api.md, Exports): the reports a search found, written to a file
 * in one of the formats analysts open (a spreadsheet, or a GIS layer), made in the background and
 * kept 24 hours behind a signed, expiring download address.
 *
 * A file has one row (or feature) per report: first the report's own columns, then one per form
 * field of the searched channels, then the position as `latitude`, `longitude` and `wkt`. `fields`
 * picks and orders columns: report columns by name, form fields by key.
 */
import { Schema } from "effect"
import { FieldKey } from "./FormField.ts"
import { Count, Id, oneOf } from "./internal/wire.ts"
import { Timestamp } from "./Timestamp.ts"

/**
 * The formats of an export: CSV (RFC 4180), GeoJSON (RFC 7946), KML, GeoPackage and XLSX.
 *
 * @example
 * ```ts
 * const format: Format = "gpkg"
 * ```
 */
export const formats = ["csv", "geojson", "kml", "gpkg", "xlsx"] as const
export const Format = oneOf(formats)
export type Format = typeof Format.Type

/**
 * The columns every export may hold besides the form fields, in the order a file has them; the
 * form fields come between `updated_at` and `latitude`.
 *
 * @example
 * ```ts
 * reportColumns.includes("report_state_name") // true
 * ```
 */
export const reportColumns = [
  "id",
  "account_id",
  "account_name",
  "title",
  "address",
  "category_id",
  "category_name",
  "report_state_id",
  "report_state_name",
  "appearance",
  "is_anonymous",
  "user_id",
  "user_short_name",
  "assignee_id",
  "assignment_due_at",
  "shape_id",
  "uuid",
  "iso_created_at",
  "updated_at",
  "latitude",
  "longitude",
  "wkt",
] as const
export type ReportColumn = (typeof reportColumns)[number]

/**
 * How many columns `fields` may name.
 *
 * @example
 * ```ts
 * maxFields // 100
 * ```
 */
export const maxFields = 100

/**
 * A column `fields` names: a report column, or a form field by its key.
 *
 * @example
 * ```ts
 * Schema.is(ColumnName)("f_1_4_4") // true
 * ```
 */
export const ColumnName = Schema.Union([Schema.Literals(reportColumns), FieldKey]).annotate({
  message: `must be a form field key or one of ${reportColumns.join(", ")}`,
})
export type ColumnName = typeof ColumnName.Type

/**
 * The body of `POST /api/v4/report_exports` (under `report_export`): the search whose reports to
 * export (one of the caller's own, not expired), the format, and optionally the columns and, for
 * CSV, `excel: true` to start the file with a UTF-8 byte order mark, by which Excel reads it as
 * UTF-8.
 *
 * @example
 * ```ts
 * decodeInput(ReportExportCreate, { report_search_id: 12, format: "csv", excel: true }, "report_export")
 * ```
 */
export const ReportExportCreate = Schema.Struct({
  report_search_id: Id,
  format: Format,
  fields: Schema.optionalKey(
    Schema.Array(ColumnName).check(
      Schema.isMinLength(1, { message: "must name at least one column" }),
      Schema.isMaxLength(maxFields, { message: `must name at most ${maxFields} columns` }),
    ),
  ),
  excel: Schema.optionalKey(Schema.Boolean),
})
export type ReportExportCreate = typeof ReportExportCreate.Type

/**
 * An export started: its id and the absolute address of `/api/v4/report_exports/{id}`.
 *
 * @example
 * ```ts
 * const started: ReportExportStarted = { id: 7, url: "https://reports.example.com/api/v4/report_exports/7" }
 * ```
 */
export const ReportExportStarted = Schema.Struct({
  id: Id,
  url: Schema.String,
})
export type ReportExportStarted = typeof ReportExportStarted.Type

/**
 * An export not done yet, answered with `202`: `pending` until its job starts, then `running` with
 * the rows written so far out of `rows_total` (null until the job has counted them).
 *
 * @example
 * ```ts
 * const running: RunningReportExport = { id: 7, state: "running", rows_written: 40000, rows_total: 1000000 }
 * ```
 */
export const RunningReportExport = Schema.Struct({
  id: Id,
  state: oneOf(["pending", "running"]),
  rows_written: Count,
  rows_total: Schema.NullOr(Count),
})
export type RunningReportExport = typeof RunningReportExport.Type

/**
 * A finished export: the signed address of its file (it expires, like file addresses; ask again
 * for a fresh one), how many rows and bytes the file holds, and when the export is deleted.
 *
 * @example
 * ```ts
 * const done: ReportExport = {
 *   id: 7, state: "done", format: "csv", download_url: "https://…/api/v4/report_exports/7/file?expires=…",
 *   rows: 1000000, bytes: 412000000, expires_at: DateTime.makeUnsafe(0),
 * }
 * ```
 */
export const ReportExport = Schema.Struct({
  id: Id,
  state: Schema.Literal("done"),
  format: Format,
  download_url: Schema.String,
  rows: Count,
  bytes: Count,
  expires_at: Timestamp,
})
export type ReportExport = typeof ReportExport.Type

/**
 * Where an export is: waiting for its job, being written, done, or given up.
 *
 * @example
 * ```ts
 * const state: ExportState = "running"
 * ```
 */
export const exportStates = ["pending", "running", "done", "failed"] as const
export const ExportState = oneOf(exportStates)
export type ExportState = typeof ExportState.Type

/**
 * An export as the list of a user's exports shows it (`GET /api/v4/report_exports`), whatever its
 * state: the progress of one that runs, the file of one done (`download_url`, `bytes`, null
 * before), the reason of one that failed (`error`, null otherwise), when it started and when it
 * is deleted.
 *
 * @example
 * ```ts
 * const listed: ListedReportExport = {
 *   id: 7, state: "running", format: "gpkg", rows_written: 40000, rows_total: 1000000,
 *   bytes: null, download_url: null, error: null,
 *   created_at: DateTime.makeUnsafe(0), expires_at: DateTime.makeUnsafe(86_400_000),
 * }
 * ```
 */
export const ListedReportExport = Schema.Struct({
  id: Id,
  state: ExportState,
  format: Format,
  rows_written: Count,
  rows_total: Schema.NullOr(Count),
  bytes: Schema.NullOr(Count),
  download_url: Schema.NullOr(Schema.String),
  error: Schema.NullOr(Schema.String),
  created_at: Timestamp,
  expires_at: Timestamp,
})
export type ListedReportExport = typeof ListedReportExport.Type

/**
 * The media type a file of each format is served with.
 *
 * @example
 * ```ts
 * mediaTypes.geojson // "application/geo+json"
 * ```
 */
export const mediaTypes: Readonly<Record<Format, string>> = {
  csv: "text/csv; charset=utf-8",
  geojson: "application/geo+json",
  kml: "application/vnd.google-earth.kml+xml",
  gpkg: "application/geopackage+sqlite3",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}

/**
 * The name a downloaded file is offered under.
 *
 * @example
 * ```ts
 * fileName(7, "gpkg") // "reports-7.gpkg"
 * ```
 */
export const fileName = (id: number, format: Format): string => `reports-${id}.${format}`
