/**
 * A report export on the wire (docs/api.md, Exports): its progress while it runs, its file once
 * done, and a problem body with `state: "failed"` when it failed; in the list of a user's exports,
 * one record whatever its state.
 */
import type { ListedReportExport, ReportExport, RunningReportExport } from "@fieldreport/domain/ReportExport"
import type { ExportProgress } from "../services/ReportExports.ts"

/** What the progress of an export is answered with: a status and its body. */
export interface ProgressReply {
  readonly status: 200 | 202 | 500
  readonly body: typeof ReportExport.Encoded | typeof RunningReportExport.Encoded | FailedExportBody
}

/** The problem body of an export that failed: the usual problem members and its `state`. */
export interface FailedExportBody {
  readonly type: string
  readonly title: string
  readonly status: 500
  readonly detail: string
  readonly error: string
  readonly id: number
  readonly state: "failed"
}

/**
 * The reply to a read of an export's progress.
 *
 * @example
 * ```ts
 * progressReply({ state: "running", row }) // { status: 202, body: { id: 7, state: "running", rows_written: 5000, rows_total: 20000 } }
 * ```
 */
export const progressReply = (progress: ExportProgress): ProgressReply => {
  const { row } = progress
  switch (progress.state) {
    case "pending":
    case "running":
      return {
        status: 202,
        body: {
          id: row.id,
          state: progress.state,
          rows_written: row.rows_written,
          rows_total: row.rows_total,
        },
      }
    case "done":
      return {
        status: 200,
        body: {
          id: row.id,
          state: "done",
          format: row.format,
          download_url: progress.downloadUrl,
          rows: row.rows_written,
          bytes: row.byte_size ?? 0,
          expires_at: row.expires_at,
        },
      }
    case "failed":
      return {
        status: 500,
        body: {
          type: "urn:fieldreport:problem:export-failed",
          title: "Export failed",
          status: 500,
          detail: progress.error,
          error: progress.error,
          id: row.id,
          state: "failed",
        },
      }
  }
}

/**
 * An export as the list of a user's exports shows it.
 *
 * @example
 * ```ts
 * listedExport({ state: "done", row, downloadUrl }) // { id: 7, state: "done", download_url: "https://…", bytes: 4120, error: null, … }
 * ```
 */
export const listedExport = (progress: ExportProgress): typeof ListedReportExport.Encoded => {
  const { row } = progress
  return {
    id: row.id,
    state: progress.state,
    format: row.format,
    rows_written: row.rows_written,
    rows_total: row.rows_total,
    bytes: progress.state === "done" ? (row.byte_size ?? 0) : null,
    download_url: progress.state === "done" ? progress.downloadUrl : null,
    error: progress.state === "failed" ? progress.error : null,
    created_at: row.created_at,
    expires_at: row.expires_at,
  }
}
