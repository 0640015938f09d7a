/**
 * `/api/v4/channel_selections`: which channels the current user views, follows and is alerted about
 * (docs/api.md, Channel selections).
 */
import { ChannelSelection, ChannelSelectionUpdate } from "@fieldreport/domain/ChannelSelection"
import { done, envelope, group, many } from "../Endpoint.ts"

/** Changes to a channel selection: the body of an update, under `channel_selection`. */
export const ChannelSelectionChanges = ChannelSelectionUpdate.fields.channel_selection

/** The channel selection endpoints. */
export const channelSelections = group({
  name: "Channel selections",
  noun: "channel",
  description:
    "`view` shows the channel's reports in the user's map and lists; `follow` notifies the user of every new " +
    "report; `alert` of new reports inside their alert areas. A channel without a selection behaves as all false.",
  endpoints: [
    {
      method: "get",
      path: "/api/v4/channel_selections",
      operationId: "listChannelSelections",
      summary: "List the current user's channel selections",
      replies: { 200: many(ChannelSelection, "The stored selections (at least one of the three true).") },
    },
    {
      method: "patch",
      path: "/api/v4/channel_selections/{channel_id}",
      operationId: "updateChannelSelection",
      summary: "Change a channel selection",
      description: "All three false removes the selection. A channel the user cannot see is `404`.",
      body: envelope("channel_selection", ChannelSelectionChanges),
      replies: { 204: done("Updated.") },
    },
  ],
})
