/**
 * `/api/v4/tasks`: tasks about reports, in teams with `feature_tasks_enabled` (docs/api.md, Tasks).
 */
import * as FieldCatalogue from "@fieldreport/domain/FieldCatalogue"
import * as OrderBy from "@fieldreport/domain/OrderBy"
import { Task, TaskCreate, TaskUpdate } from "@fieldreport/domain/Task"
import { Timestamp } from "@fieldreport/domain/Timestamp"
import { Schema } from "effect"
import { created, done, envelope, fields, group, one, orderby, page, query, RecordId } from "../Endpoint.ts"

/** The task endpoints. */
export const tasks = group({
  name: "Tasks",
  noun: "task",
  description:
    "Tasks are identified by a UUID their client generates, so an offline client can send one again safely. " +
    "Any team user may create a task for a team user; the creator, the assignee and team managers may update, " +
    "complete or delete it. In a team without `feature_tasks_enabled`, task calls are `403`.",
  endpoints: [
    {
      method: "post",
      path: "/api/v4/tasks",
      operationId: "createTask",
      summary: "Create a task",
      query: [fields(FieldCatalogue.task)],
      body: envelope("task", TaskCreate),
      replies: {
        201: created(Task, "The new task."),
        200: one(Task, "A task with that uuid exists already; nothing changed."),
      },
    },
    {
      method: "get",
      path: "/api/v4/tasks/{uuid}",
      operationId: "getTask",
      summary: "Fetch a task",
      description: 'Answers the task\'s `version` as its `ETag` (`"3"`), for `If-Match` on an update.',
      query: [fields(FieldCatalogue.task)],
      replies: { 200: one(Task, "The task.") },
    },
    {
      method: "get",
      path: "/api/v4/tasks",
      operationId: "listTasks",
      summary: "List the current user's tasks",
      description:
        "Scoped to the current branded app and team. With `updated_after` and no `orderby`, in the order they " +
        "changed (by `updated_at`, then uuid).",
      query: [
        query("updated_after", Timestamp, "Only tasks changed after this time (ISO 8601, exclusive)."),
        query("complete", Schema.Boolean, "Only completed (true) or open (false) tasks."),
        query("report_id", RecordId, "Only tasks about this report."),
        query("assignee_id", RecordId, "Only tasks assigned to this user."),
        orderby(OrderBy.tasks),
        fields(FieldCatalogue.task),
      ],
      replies: { 200: page(Task, "One page of tasks.") },
    },
    {
      method: "patch",
      path: "/api/v4/tasks/{uuid}",
      operationId: "updateTask",
      summary: "Update a task",
      description:
        "A change older (by `time`) than the last one applied is ignored, and still `204`. With `If-Match` (the " +
        "`ETag` a fetch answered), a task changed since is not updated: `412` answers it as it is now, with its " +
        "`ETag`; without `If-Match` the last write wins.",
      body: envelope("task", TaskUpdate),
      replies: {
        204: done("Updated."),
        412: one(Task, "The task as it is now, when `If-Match` names an older version."),
      },
    },
    {
      method: "delete",
      path: "/api/v4/tasks/{uuid}",
      operationId: "deleteTask",
      summary: "Delete a task",
      replies: { 204: done("Deleted.") },
    },
  ],
})
