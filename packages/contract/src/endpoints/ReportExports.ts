/**
 * Exports of a report search (docs/api.md, Exports): an export runs in the background and its file
 * is kept 24 hours behind a signed, expiring address.
 */
import {
  ListedReportExport,
  ReportExport,
  ReportExportCreate,
  ReportExportStarted,
  RunningReportExport,
} from "@fieldreport/domain/ReportExport"
import { Schema } from "effect"
import { envelope, group, media, one, page, query, RecordId } from "../Endpoint.ts"

/** The report export endpoints. */
export const reportExports = group({
  name: "Report exports",
  noun: "report export",
  description:
    "The reports a search found, as a CSV, GeoJSON, KML, GeoPackage or XLSX file: one row per report " +
    "the caller may read, with the report's fields, one column per form field (answers the caller may not " +
    "see left out) and the position. The file is made in the background and kept 24 hours.",
  endpoints: [
    {
      method: "post",
      path: "/api/v4/report_exports",
      operationId: "startReportExport",
      summary: "Export a report search",
      description:
        "The search must be the caller's own and not expired (`404` otherwise); a search still running is " +
        "waited for. Follow the progress at `url`.",
      body: envelope("report_export", ReportExportCreate),
      replies: { 202: one(ReportExportStarted, "The export's id and the address of its progress.") },
      errors: [404, 422],
    },
    {
      method: "get",
      path: "/api/v4/report_exports",
      operationId: "listReportExports",
      summary: "List the current user's exports",
      description:
        "The exports the caller started in this app in the last 24 hours (older ones are deleted), newest " +
        "first, whatever their state: a done one with its file's signed address, a failed one with its " +
        "`error`.",
      replies: { 200: page(ListedReportExport, "One page of the caller's exports.") },
    },
    {
      method: "get",
      path: "/api/v4/report_exports/{id}",
      operationId: "getReportExport",
      summary: "Read an export's progress",
      description:
        "`202` while it runs; `200` with the file's signed address once done (the address expires like " +
        "file addresses: read the export again for a fresh one); an export that failed is `500` with a " +
        "problem body whose `state` is `failed`.",
      replies: {
        200: one(ReportExport, "The export is done."),
        202: one(RunningReportExport, "The export is still running."),
      },
      errors: [500],
    },
    {
      method: "get",
      path: "/api/v4/report_exports/{id}/file",
      operationId: "getReportExportFile",
      summary: "Download an export's file",
      description:
        "The address is the credential; it expires, and a changed or expired one is `403`. The file is gone " +
        "(`404`) once the export is deleted, 24 hours after it started.",
      access: "public",
      query: [
        query("expires", RecordId, "When the address expires, in seconds since 1970.", true),
        query("signature", Schema.String, "The address's signature.", true),
      ],
      replies: { 200: media(["application/octet-stream"], "The file, with its format's content type.") },
    },
  ],
})
