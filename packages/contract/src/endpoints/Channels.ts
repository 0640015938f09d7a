/**
 * `/api/v4/channels`: the channels of a team (docs/api.md, Channels, forms, categories and states).
 */
import { Channel, ChannelCreate, ChannelUpdate } from "@fieldreport/domain/Channel"
import { created, done, envelope, group, many, one, query, RecordId } from "../Endpoint.ts"

/** The channel endpoints. */
export const channels = group({
  name: "Channels",
  noun: "channel",
  description:
    "A channel belongs to a team and holds reports (which name it `account_id`), a form, a category tree and " +
    "report states. Channel roles are admin, operator, reporter and viewer; the creator of a channel is its admin.",
  endpoints: [
    {
      method: "get",
      path: "/api/v4/channels",
      operationId: "listChannels",
      summary: "List the current user's channels",
      query: [query("team_id", RecordId, "Only the channels of this team.")],
      replies: { 200: many(Channel, "The channels the user is a member of.") },
    },
    {
      method: "post",
      path: "/api/v4/channels",
      operationId: "createChannel",
      summary: "Create a channel",
      description:
        "Team managers and owners. The channel gets a root category, the states New (initial), In progress and " +
        "Resolved, and a default form (a Category, a Description and an Image field).",
      body: envelope("channel", ChannelCreate),
      replies: { 201: created(Channel, "The new channel.") },
    },
    {
      method: "get",
      path: "/api/v4/channels/{id}",
      operationId: "getChannel",
      summary: "Fetch a channel",
      replies: { 200: one(Channel, "The channel.") },
    },
    {
      method: "patch",
      path: "/api/v4/channels/{id}",
      operationId: "updateChannel",
      summary: "Update a channel",
      description: "Channel admins. `logo_attachment_id` sets the logo reports show as `account_logo`.",
      body: envelope("channel", ChannelUpdate),
      replies: { 204: done("Updated.") },
    },
    {
      method: "delete",
      path: "/api/v4/channels/{id}",
      operationId: "deleteChannel",
      summary: "Delete a channel",
      description: "Channel admins.",
      replies: { 204: done("Deleted.") },
    },
  ],
})
