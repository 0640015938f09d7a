/**
 * A task: work assigned to a team user about a report, in teams with `feature_tasks_enabled`.
 * Tasks are identified by a UUID their client generates, so an offline client can create one and
 * send it again safely.
 *
 * The rules of changing a task live here too: who may change it, what an update writes, and by
 * which time it races other changes (docs/api.md, Tasks).
 */
import { Schema } from "effect"
import { Id, Uuid } from "./internal/wire.ts"
import { type TeamRole, teamRoleAllows } from "./Roles.ts"
import * as TextLimits from "./TextLimits.ts"
import { format, Timestamp } from "./Timestamp.ts"

/**
 * The task resource; `completed_at` and `completed_by_id` are null until the task is completed.
 * `version` (which grows with every change, the task's `ETag`) and `updated_at` (when the server
 * applied the last change) are optional fields, for clients that sync.
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
  version: Schema.optionalKey(Id),
  updated_at: Schema.optionalKey(Timestamp),
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

/**
 * Whether a team user may update, complete or delete a task: its creator, its assignee, and the
 * team's managers and owner. `role` is none for a platform administrator outside the team.
 *
 * @example
 * ```ts
 * mayChange(7, "team_member", { creator_id: 7, assignee_id: 9 }) // true
 * mayChange(8, "team_member", { creator_id: 7, assignee_id: 9 }) // false
 * mayChange(8, "manager", { creator_id: 7, assignee_id: 9 }) // true
 * ```
 */
export const mayChange = (
  userId: number,
  role: TeamRole | undefined,
  task: { readonly creator_id: number; readonly assignee_id: number },
): boolean =>
  task.creator_id === userId ||
  task.assignee_id === userId ||
  (role !== undefined && teamRoleAllows(role, "manage"))

/**
 * The columns of a task an update writes, as stored: text and assignee as given, and the
 * completion. `completed: true` on a task completed already keeps its first completion (time and
 * user), so a client repeating the call does not move it; `completed: false` reopens it. Empty
 * when the update changes nothing.
 *
 * @example
 * ```ts
 * changedColumns({ completed: true }, { completed_at: null }, 7, "2024-05-01T09:30:00.000Z")
 * // { completed_at: "2024-05-01T09:30:00.000Z", completed_by_id: 7 }
 * ```
 */
export const changedColumns = (
  update: TaskUpdate,
  task: { readonly completed_at: string | null },
  userId: number,
  now: string,
): {
  readonly title?: string
  readonly description?: string
  readonly assignee_id?: number
  readonly completed_at?: string | null
  readonly completed_by_id?: number | null
} => ({
  ...(update.title === undefined ? {} : { title: update.title }),
  ...(update.description === undefined ? {} : { description: update.description }),
  ...(update.assignee_id === undefined ? {} : { assignee_id: update.assignee_id }),
  ...(update.completed === false
    ? { completed_at: null, completed_by_id: null }
    : update.completed === true && task.completed_at === null
      ? { completed_at: now, completed_by_id: userId }
      : {}),
})

/**
 * When an update counts as made, by which tasks ignore changes that arrive late: its `time` (the
 * client's clock, `fromClient`), so an update older than the last change applied is ignored and
 * one at the same time is applied; or, without `time`, `now` by the server's clock, always
 * applied, so that older changes still on their way cannot undo it. The store compares the times
 * inside its update, so that two late changes racing each other still leave the later one.
 *
 * @example
 * ```ts
 * changeTime({ time: DateTime.makeUnsafe(0) }, "2024-05-01T09:30:00.000Z")
 * // { at: "1970-01-01T00:00:00.000Z", fromClient: true }
 * ```
 */
export const changeTime = (
  update: TaskUpdate,
  now: string,
): { readonly at: string; readonly fromClient: boolean } =>
  update.time === undefined ? { at: now, fromClient: false } : { at: format(update.time), fromClient: true }
