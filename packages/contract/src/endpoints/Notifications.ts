/**
 * `/api/v4/notifications`: the current user's notifications about reports (docs/api.md,
 * Notifications).
 */
import * as FieldCatalogue from "@fieldreport/domain/FieldCatalogue"
import { Notification, NotificationUpdate } from "@fieldreport/domain/Notification"
import * as OrderBy from "@fieldreport/domain/OrderBy"
import { Timestamp } from "@fieldreport/domain/Timestamp"
import { Schema } from "effect"
import { done, envelope, fields, group, one, orderby, page, query } from "../Endpoint.ts"

/** The notification endpoints. */
export const notifications = group({
  name: "Notifications",
  noun: "notification",
  description:
    "A user gets at most one notification per report: of every new report in the channels they follow, and of " +
    "new reports inside their alert areas in the channels they are alerted about. A notification is read once " +
    "the user opens it or the report.",
  endpoints: [
    {
      method: "get",
      path: "/api/v4/notifications/{id}",
      operationId: "getNotification",
      summary: "Fetch a notification",
      query: [fields(FieldCatalogue.notification)],
      replies: { 200: one(Notification, "The notification.") },
    },
    {
      method: "get",
      path: "/api/v4/notifications",
      operationId: "listNotifications",
      summary: "List the current user's notifications",
      description:
        "Scoped to the current branded app and team. With `updated_after` and no `orderby`, in the order they " +
        "changed (made, read or archived: by `updated_at`, then id).",
      query: [
        query("archived", Schema.Boolean, "Only archived (true) or unarchived (false) notifications."),
        query(
          "updated_after",
          Timestamp,
          "Only notifications made, read or archived after this time (ISO 8601, exclusive).",
        ),
        orderby(OrderBy.notifications),
        fields(FieldCatalogue.notification),
      ],
      replies: { 200: page(Notification, "One page of notifications.") },
    },
    {
      method: "patch",
      path: "/api/v4/notifications/{id}",
      operationId: "updateNotification",
      summary: "Archive or unarchive a notification",
      body: envelope("notification", NotificationUpdate),
      replies: { 204: done("Updated.") },
    },
    {
      method: "delete",
      path: "/api/v4/notifications/{id}",
      operationId: "deleteNotification",
      summary: "Delete a notification",
      replies: { 204: done("Deleted.") },
    },
  ],
})
