/**
 * `/api/v4/deleted_resources`: tombstones of deleted reports, tasks, report comments and alert
 * areas, for field apps that keep copies (docs/api.md, Field apps and offline sync).
 */
import { DeletedResource, DeletedResourceType } from "@fieldreport/domain/DeletedResource"
import { Timestamp } from "@fieldreport/domain/Timestamp"
import { group, page, query } from "../Endpoint.ts"

/** The deleted resources endpoint. */
export const deletedResources = group({
  name: "Deleted resources",
  noun: "deleted resource",
  description:
    "What was deleted, so a device that keeps copies drops them: each tombstone names the record by its " +
    "client `uuid` and its `id` (a task has no id, an alert area no uuid), its `type` and when it was " +
    "deleted. Only tombstones of what the user could read are listed: reports and report comments of the " +
    "channels they read in the current team, tasks of the current team, their own alert areas. A report's " +
    "deletion writes tombstones of its comments and tasks too; a channel's deletion writes none (the " +
    "channel leaves `GET /api/v4/channels`, its reports with it). Tombstones are kept 90 days: a device " +
    "that last synced longer ago syncs everything again.",
  endpoints: [
    {
      method: "get",
      path: "/api/v4/deleted_resources",
      operationId: "listDeletedResources",
      summary: "List what was deleted",
      description:
        "In the order of deletion (then by tombstone). Without `Range` the first 100; a page holds at most " +
        "1,000.",
      query: [
        query("type", DeletedResourceType, "Only tombstones of this type; all types when absent."),
        query("deleted_after", Timestamp, "Only what was deleted after this time (ISO 8601, exclusive)."),
      ],
      replies: {
        200: { ...page(DeletedResource, "One page of tombstones."), root: "deleted_resources" },
      },
    },
  ],
})
