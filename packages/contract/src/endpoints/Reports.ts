/**
 * `/api/v4/reports`: fetch, create, update and upsert reports, and their state changes
 * (docs/api.md, Reports).
 */
import * as FieldCatalogue from "@fieldreport/domain/FieldCatalogue"
import { Report, ReportCreate, ReportUpdate, ReportUpsert } from "@fieldreport/domain/Report"
import { ReportStateChange } from "@fieldreport/domain/ReportStateChange"
import { created, envelope, fields, group, many, one } from "../Endpoint.ts"

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
        "the user's notifications about the report as read.",
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
        "clears either. Only the channel's operators and admins change the state, the assignee and the due time.",
      query: [fields(FieldCatalogue.report)],
      body: envelope("report", ReportUpdate),
      replies: { 200: one(Report, "The updated report.") },
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
      method: "get",
      path: "/api/v4/reports/{report_id}/report_state_changes",
      operationId: "listReportStateChanges",
      summary: "List a report's state changes",
      query: [fields(FieldCatalogue.reportStateChange)],
      replies: { 200: many(ReportStateChange, "The report's state changes.") },
    },
  ],
})
