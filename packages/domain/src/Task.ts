/**
 * A task: work assigned to a team user about a report, in teams with `feature_tasks_enabled`.
 * Tasks are identified by a UUID their client generates, so an offline client can create one and
 * send it again safely.
 */
import { Schema } from "effect"
import { Id, Uuid } from "./internal/wire.ts"
import * as TextLimits from "./TextLimits.ts"
import { Timestamp } from "./Timestamp.ts"

/**
 * The task resource; `completed_at` and `completed_by_id` are null until the task is completed.
 *
 * @example
 * ```ts
 * const task: Task = {
 *   uuid: "3ffeef7c-0f73-4e82-b39e-5a55cce0daef", assignee_id: 22, client_created_at: DateTime.makeUnsafe(0),
 *   completed_at: null, completed_by_id: null, creator_id: 7, description: "Check the outlet", report_id: 1711,
 *   title: "Inspect",
 * }
 * ```
 */
export const Task = Schema.Struct({
  uuid: Uuid,
  assignee_id: Id,
  client_created_at: Timestamp,
  completed_at: Schema.NullOr(Timestamp),
  completed_by_id: Schema.NullOr(Id),
  creator_id: Id,
  description: Schema.String,
  report_id: Id,
  title: Schema.String,
})
export type Task = typeof Task.Type

/**
 * The body of `POST /api/v4/tasks` (under `task`): every field required. The description may be
 * empty and may hold line breaks.
 *
 * @example
 * ```ts
 * decodeInput(TaskCreate, body.task, "task") // Result<TaskCreate, InvalidInput>
 * ```
 */
export const TaskCreate = Schema.Struct({
  uuid: Uuid,
  client_created_at: Timestamp,
  title: TextLimits.nonBlank(TextLimits.title),
  description: TextLimits.upTo(TextLimits.text),
  assignee_id: Id,
  report_id: Id,
})
export type TaskCreate = typeof TaskCreate.Type

/**
 * The body of `PATCH /api/v4/tasks/{uuid}` (under `task`), any of: new text, a new assignee,
 * `completed` (true completes the task, false reopens it), and `time`, the client's time of the
 * change, by which an older change arriving late is ignored (docs/api.md, Tasks).
 *
 * @example
 * ```ts
 * decodeInput(TaskUpdate, { completed: true, time: "2024-05-01T09:30:00+12:00" }, "task")
 * ```
 */
export const TaskUpdate = Schema.Struct({
  description: Schema.optionalKey(TextLimits.upTo(TextLimits.text)),
  title: Schema.optionalKey(TextLimits.nonBlank(TextLimits.title)),
  assignee_id: Schema.optionalKey(Id),
  time: Schema.optionalKey(Timestamp),
  completed: Schema.optionalKey(Schema.Boolean),
})
export type TaskUpdate = typeof TaskUpdate.Type
