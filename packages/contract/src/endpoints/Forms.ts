/**
 * `/api/v4/channels/{channel_id}/form`: the form of a channel (docs/api.md, Channels, forms, categories
 * and states).
 */
import * as FieldCatalogue from "@fieldreport/domain/FieldCatalogue"
import { Form, FormDefinition } from "@fieldreport/domain/Form"
import { envelope, fields, group, one } from "../Endpoint.ts"

/** The form endpoints. */
export const forms = group({
  name: "Forms",
  noun: "form",
  description:
    "Each channel has one form: the custom fields its reports answer, in order, with a version that grows " +
    "with every change of definition.",
  endpoints: [
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
  ],
})
