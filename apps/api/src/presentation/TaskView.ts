/**
 * The task resource on the wire (docs/api.md, Tasks).
 */
import type { Task } from "@fieldreport/domain/Task"
import type { TaskRow } from "../store/TaskStore.ts"

/**
 * The task resource of a row, every field (the route picks the selected ones).
 *
 * @example
 * ```ts
 * taskBody(row) // { uuid: "3ffeef7c-…", assignee_id: 22, client_created_at: "…", completed_at: null, … }
 * ```
 */
export const taskBody = (task: TaskRow) =>
  ({
    uuid: task.uuid,
    assignee_id: task.assignee_id,
    client_created_at: task.client_created_at,
    completed_at: task.completed_at,
    completed_by_id: task.completed_by_id,
    creator_id: task.creator_id,
    description: task.description,
    report_id: task.report_id,
    title: task.title,
    version: task.version,
    updated_at: task.updated_at,
  }) satisfies typeof Task.Encoded
