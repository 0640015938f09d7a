/**
 * `/api/v4/channels`: channels, their forms and their category trees (docs/api.md, Channels, forms,
 * categories and states).
 */
import { Category, CategoryCreate, CategoryUpdate } from "@fieldreport/domain/Category"
import { Channel, ChannelCreate, ChannelUpdate } from "@fieldreport/domain/Channel"
import * as FieldCatalogue from "@fieldreport/domain/FieldCatalogue"
import { Form, FormDefinition } from "@fieldreport/domain/Form"
import { created, done, envelope, fields, type Group, many, one, query, RecordId } from "../Endpoint.ts"

/** The channel endpoints. */
export const channels: Group = {
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
    {
      method: "get",
      path: "/api/v4/channels/{channel_id}/form",
      operationId: "getChannelForm",
      summary: "Fetch a channel's form",
      query: [fields(FieldCatalogue.form)],
      replies: { 200: one(Form, "The form, its fields ordered by form_order.") },
    },
    {
      method: "put",
      path: "/api/v4/channels/{channel_id}/form",
      operationId: "replaceChannelForm",
      summary: "Replace a channel's form definition",
      description:
        "Channel admins. The version is incremented; a field sent with its `id` keeps its id and key, so old " +
        "reports keep their answers; new fields and options get fresh keys.",
      body: envelope("form", FormDefinition),
      replies: { 200: one(Form, "The new form.") },
    },
    {
      method: "get",
      path: "/api/v4/channels/{channel_id}/categories",
      operationId: "listCategories",
      summary: "List a channel's categories",
      query: [fields(FieldCatalogue.categoryList)],
      replies: { 200: many(Category, "The categories; only `id` unless `fields` names more.") },
    },
    {
      method: "get",
      path: "/api/v4/channels/{channel_id}/categories/{id}",
      operationId: "getCategory",
      summary: "Fetch a category",
      query: [fields(FieldCatalogue.category)],
      replies: { 200: one(Category, "The category; every field unless `fields` picks some.") },
    },
    {
      method: "post",
      path: "/api/v4/channels/{channel_id}/categories",
      operationId: "createCategory",
      summary: "Create a category",
      description:
        "Channel admins. At most 3 levels below the root. Without `pin_color` the category takes its parent's " +
        "colour (the root's is the channel's default).",
      body: envelope("category", CategoryCreate),
      replies: { 201: created(Category, "The new category.") },
    },
    {
      method: "patch",
      path: "/api/v4/channels/{channel_id}/categories/{id}",
      operationId: "updateCategory",
      summary: "Update a category",
      description: "Channel admins.",
      body: envelope("category", CategoryUpdate),
      replies: { 200: one(Category, "The category.") },
    },
    {
      method: "delete",
      path: "/api/v4/channels/{channel_id}/categories/{id}",
      operationId: "deleteCategory",
      summary: "Delete a category",
      description: "Channel admins. A category that reports use, or that has children, is `409`.",
      replies: { 204: done("Deleted.") },
      errors: [409],
    },
  ],
}
