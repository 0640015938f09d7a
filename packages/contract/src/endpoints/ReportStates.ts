/**
 * `/api/v4/report_states`: the report states of channels (docs/api.md, Report states).
 */
import * as FieldCatalogue from "@fieldreport/domain/FieldCatalogue"
import {
  ReportStateCreate,
  ReportStateRecord,
  ReportStateUpdate,
} from "@fieldreport/domain/ReportStateRecord"
import { created, envelope, fields, group, many, one, query, RecordId } from "../Endpoint.ts"

/** The report state endpoints. */
export const reportStates = group({
  name: "Report states",
  noun: "report state",
  description:
    "Each channel defines its states; one is initial. A state's `appearance` (invisible, normal, attention, " +
    "loud) is the appearance of its reports. `next_state_ids` restricts which states may follow.",
  endpoints: [
    {
      method: "get",
      path: "/api/v4/report_states",
      operationId: "listReportStates",
      summary: "List report states",
      query: [
        query("channel_id", RecordId, "The channel whose states to list."),
        fields(FieldCatalogue.reportState),
      ],
      replies: { 200: many(ReportStateRecord, "The states.") },
    },
    {
      method: "get",
      path: "/api/v4/report_states/{id}",
      operationId: "getReportState",
      summary: "Fetch a report state",
      query: [fields(FieldCatalogue.reportState)],
      replies: { 200: one(ReportStateRecord, "The state.") },
    },
    {
      method: "post",
      path: "/api/v4/report_states",
      operationId: "createReportState",
      summary: "Create a report state",
      description: "Channel admins.",
      body: envelope("report_state", ReportStateCreate),
      replies: { 201: created(ReportStateRecord, "The new state.") },
    },
    {
      method: "patch",
      path: "/api/v4/report_states/{id}",
      operationId: "updateReportState",
      summary: "Update a report state",
      description: "Channel admins.",
      body: envelope("report_state", ReportStateUpdate),
      replies: { 200: one(ReportStateRecord, "The state.") },
    },
  ],
})
