/**
 * `/api/v4/reports`: fetch, create, update, upsert and delete reports, the sync list of a field
 * app, and the reports' state changes (docs/api.md, Reports; Field apps and offline sync).
 */
import * as FieldCatalogue from "@fieldreport/domain/FieldCatalogue"
import { Report, ReportCreate, ReportUpdate, ReportUpsert } from "@fieldreport/domain/Report"
import { bulkUpdateLimit, ReportBulkResult, ReportBulkUpdateItem } from "@fieldreport/domain/ReportBulkUpdate"
import { ReportChange } from "@fieldreport/domain/ReportChange"
import { ReportStateChange } from "@fieldreport/domain/ReportStateChange"
import { Timestamp } from "@fieldreport/domain/Timestamp"
import { Schema } from "effect"
import {
  bare,
  created,
  done,
  envelope,
  fields,
  group,
  many,
  one,
  type PathParameter,
  page,
  query,
  RecordId,
} from "../Endpoint.ts"

/** A report named in a path: by its id, or by the uuid its client gave it. */
const reportKey: PathParameter = {
  schema: Schema.Union([RecordId, Schema.String.check(Schema.isUUID())]),
  description:
    "The report's id, or its client uuid (ids are integers, uuids are not, so the form says which).",
}

/** The `preset_filter` of the lists a field app syncs from. */
const presetFilter = (required: boolean) =>
  query(
    "preset_filter",
    Schema.Literal("syncable_reports"),
    "`syncable_reports`: only what the user syncs, reports they filed or are assigned, or that lie in the " +
      "channels they selected to view, changed in the last `FIELDREPORT_SYNC_DAYS` (30) days.",
    required,
  )

const updatedAfter = query(
  "updated_after",
  Timestamp,
  "Only what changed after this time (ISO 8601, exclusive).",
)

/** The report endpoints. */
export const reports = group({
  name: "Reports",
  noun: "report",
  description:
    "Geo-located reports filed into channels (`account_id` is the channel). A report has a location or an " +
    "address, a category, a state, a title and the answers to its channel's form.",
  endpoints: [
    {
      method: "get",
      path: "/api/v4/reports/{report_id}",
      operationId: "getReport",
      summary: "Fetch a report",
      description:
        "Records a read by the current user (for `users_opened` and the `reports_read` analytics) and marks " +
        "the user's notifications about the report as read. Answers the report's `version` as its `ETag` " +
        '(`"7"`), for `If-Match` on an update.',
      pathParameters: { report_id: reportKey },
      query: [fields(FieldCatalogue.report)],
      replies: { 200: one(Report, "The report.") },
    },
    {
      method: "post",
      path: "/api/v4/reports",
      operationId: "createReport",
      summary: "Create a report",
      description:
        "`location` or a non-blank `address` is required. `report_state_id` is ignored: the report starts in " +
        "its channel's initial state. A client `uuid` makes the create idempotent. Image and FileUpload " +
        "fields take arrays of attachment ids; an attachment id may fill only one field.",
      query: [fields(FieldCatalogue.report)],
      body: envelope("report", ReportCreate),
      replies: {
        201: created(Report, "The new report."),
        200: one(Report, "The report created earlier with the same `uuid`."),
      },
    },
    {
      method: "patch",
      path: "/api/v4/reports/{report_id}",
      operationId: "updateReport",
      summary: "Update a report",
      description:
        "Only the fields and answers given change. `report_state_id` moves the report to that state; where " +
        "the channel restricts transitions, a move outside them is `422`. `assignee_id` assigns the report to " +
        "a member of its channel (`422` for anyone else) and `assignment_due_at` sets when it is due; null " +
        "clears either. Only the channel's operators and admins change the state, the assignee and the due time. " +
        "With `If-Match` (the `ETag` a fetch answered), a report changed since is not updated: `412` answers it " +
        "as it is now, with its `ETag`; without `If-Match` the last write wins.",
      pathParameters: { report_id: reportKey },
      query: [fields(FieldCatalogue.report)],
      body: envelope("report", ReportUpdate),
      replies: {
        200: one(Report, "The updated report."),
        412: one(Report, "The report as it is now, when `If-Match` names an older version."),
      },
    },
    {
      method: "delete",
      path: "/api/v4/reports/{report_id}",
      operationId: "deleteReport",
      summary: "Delete a report",
      description:
        "For the report's reporter (while still a reporter of the channel) and the channel's operators and " +
        "admins. Its comments, notes, tasks, state changes, reads, notifications and attachments go with it, " +
        "and the analytics count it no more; tombstones of the report, its comments and its tasks are listed " +
        "by `GET /api/v4/deleted_resources`.",
      pathParameters: { report_id: reportKey },
      replies: { 204: done("Deleted.") },
    },
    {
      method: "get",
      path: "/api/v4/reports",
      operationId: "listReports",
      summary: "List the reports a field app syncs",
      description:
        "`preset_filter=syncable_reports` is required. In the order they changed: by `updated_at`, then id. " +
        "Without `Range` the first 100; a page holds at most 1,000. Scoped to the current team.",
      query: [presetFilter(true), updatedAfter, fields(FieldCatalogue.report)],
      replies: { 200: page(Report, "One page of the syncable reports.") },
    },
    {
      method: "post",
      path: "/api/v4/reports/upsert",
      operationId: "upsertReport",
      summary: "Create or update a report by source id",
      description:
        "Meant for integrations; may be deprecated. `account_id` and `source_id` identify the report (when " +
        "several share them, the one with the lowest id is updated). `location` or `address` is required only " +
        "to create. A missing or null `category_id` sets the channel's root category; `category_names` (0 to " +
        "3 names, created on demand, nested in order) is ignored when `category_id` is given. " +
        "`report_state_id` is ignored by a create; an upsert that finds the report moves it to that state as " +
        "`PATCH` does: only the channel's operators and admins (`403` for others), within the channel's " +
        "transitions (`422` outside them), with a state change record.",
      query: [fields(FieldCatalogue.report)],
      body: envelope("report", ReportUpsert),
      replies: {
        201: created(Report, "The new report."),
        200: one(Report, "The updated report."),
      },
    },
    {
      method: "post",
      path: "/api/v4/reports/bulk_update",
      operationId: "bulkUpdateReports",
      summary: "Update many reports",
      description:
        `An array of 1 to ${bulkUpdateLimit} items, each the report's \`id\` and the body of a single update ` +
        "without its envelope; one result per item in request order, its `ref` the item's index. Each item " +
        "is updated in a transaction of its own, with the rules of `PATCH /api/v4/reports/{report_id}` " +
        "(who may change what, the channel's transitions, assignees of the channel), and answered " +
        "`http_status: 200` with the report, or with the status a single update would answer (`403`, " +
        "`404`, `409`, `422`) and its reasons in `errors` (named from the item, `base` for the whole item), " +
        "which does not stop the others. Fieldreport's own addition, in the form of the API's bulk creates.",
      query: [fields(FieldCatalogue.report)],
      body: bare(Schema.Array(ReportBulkUpdateItem)),
      replies: {
        200: many(ReportBulkResult, "Every item was updated."),
        207: many(ReportBulkResult, "Some items were refused; see each item's `http_status` and `errors`."),
      },
    },
    {
      method: "get",
      path: "/api/v4/reports/{report_id}/changes",
      operationId: "listReportChanges",
      summary: "List a report's changes",
      description:
        "Every change of the report, newest first (by time, then id): its filing (`action` `created`), then " +
        "one entry per field a write moved (`action` `changed`: `field`, `old_value`, `new_value`), answers " +
        "and attachments by their field's key, with who made it and when. For those who read the report; " +
        "the values of a private answer are null for those who may not see that answer.",
      pathParameters: { report_id: reportKey },
      replies: { 200: page(ReportChange, "One page of the report's changes.") },
    },
    {
      method: "get",
      path: "/api/v4/reports/{report_id}/report_state_changes",
      operationId: "listReportStateChanges",
      summary: "List a report's state changes",
      pathParameters: { report_id: reportKey },
      query: [fields(FieldCatalogue.reportStateChange)],
      replies: { 200: many(ReportStateChange, "The report's state changes.") },
    },
    {
      method: "get",
      path: "/api/v4/report_state_changes",
      operationId: "listAllReportStateChanges",
      summary: "List the state changes of the reports the user reads",
      description:
        "Of the reports of the channels the user reads in the current team, oldest first (by `created_at`, " +
        "then id).",
      query: [
        presetFilter(false),
        query("report_id", RecordId, "Only the changes of this report."),
        updatedAfter,
        fields(FieldCatalogue.reportStateChange),
      ],
      replies: { 200: page(ReportStateChange, "One page of state changes.") },
    },
  ],
})
