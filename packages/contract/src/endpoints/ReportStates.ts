/**
 * `/api/v4/report_states`, and the same under `/api/v4/channels/{channel_id}/report_states`: the
 * report states of channels (docs/api.md, Report states).
 */
import * as FieldCatalogue from "@fieldreport/domain/FieldCatalogue"
import {
  ChannelReportStateCreate,
  ReportStateCreate,
  ReportStateRecord,
  ReportStateUpdate,
} from "@fieldreport/domain/ReportStateRecord"
import { created, done, envelope, fields, group, many, one, query, RecordId } from "../Endpoint.ts"

const deletion =
  "Channel admins. The channel's initial state, and a state reports are in or that a report's state " +
  "history names, cannot be deleted (`409`); other states that named it as a next state no longer do."

const underChannel =
  "The same as the endpoint without `/channels/{channel_id}` in its path, for clients that address a " +
  "channel's states under the channel; a state of another channel is `404`."

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
    {
      method: "delete",
      path: "/api/v4/report_states/{id}",
      operationId: "deleteReportState",
      summary: "Delete a report state",
      description: deletion,
      replies: { 204: done("Deleted.") },
      errors: [409],
    },
    {
      method: "get",
      path: "/api/v4/channels/{channel_id}/report_states",
      operationId: "listChannelReportStates",
      summary: "List a channel's report states",
      description: `${underChannel} Readers of the channel.`,
      query: [fields(FieldCatalogue.reportState)],
      replies: { 200: many(ReportStateRecord, "The channel's states, by position.") },
    },
    {
      method: "post",
      path: "/api/v4/channels/{channel_id}/report_states",
      operationId: "createChannelReportState",
      summary: "Create a report state of a channel",
      description: `${underChannel} Channel admins; the body has no \`channel_id\`.`,
      body: envelope("report_state", ChannelReportStateCreate),
      replies: { 201: created(ReportStateRecord, "The new state.") },
    },
    {
      method: "patch",
      path: "/api/v4/channels/{channel_id}/report_states/{id}",
      operationId: "updateChannelReportState",
      summary: "Update a report state of a channel",
      description: `${underChannel} Channel admins.`,
      body: envelope("report_state", ReportStateUpdate),
      replies: { 200: one(ReportStateRecord, "The state.") },
    },
    {
      method: "delete",
      path: "/api/v4/channels/{channel_id}/report_states/{id}",
      operationId: "deleteChannelReportState",
      summary: "Delete a report state of a channel",
      description: `${underChannel} ${deletion}`,
      replies: { 204: done("Deleted.") },
      errors: [409],
    },
  ],
})
