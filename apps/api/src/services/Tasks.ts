/**
 * Tasks (docs/api.md, Tasks): work about a report assigned to a team user, in teams with
 * `feature_tasks_enabled`.
 *
 * Every task call acts in the current team (`X-TeamId`, or the user's preferred team) of the
 * current branded app: in a team without tasks, or without a current team at all, every call is
 * `403`; a task of another team or app is `404`, as if it did not exist.
 *
 * Details docs/api.md does not spell out:
 *
 * - Every team user reads the team's tasks one by one (so that changing one they may not change is
 *   `403`, not `404`); the list holds only the caller's own: those they created or are assigned to.
 * - A task's report must be one the creator can read, in a channel of the current team; its
 *   assignee must be a team user of the team who agreed to join.
 * - Creating a task with a uuid already taken answers that task, unchanged, with `200` when it is
 *   a task of the current team and app; a uuid taken anywhere else is a conflict (`409`), which
 *   says nothing of that task.
 * - Who may change a task (its creator, its assignee, the team's managers and owner), what an
 *   update writes (a repeated completion keeps the first) and by which time it races other
 *   changes are the domain's `Task` rules. An update without `time` leaves a later time already
 *   recorded as it is.
 * - The list's default order is the newest `client_created_at` first; in `completed_at` order an
 *   open task sorts after every completed one (first when descending). With `updated_after` it
 *   holds the tasks changed since, in the order they changed unless `orderby` says another.
 * - An update with `If-Match` naming another version than the task's is refused with the task as
 *   it is (`Stale`, a `412`); the version moves with every change applied, not with one ignored
 *   for its older `time`.
 * - A deleted task leaves a tombstone, listed to the team's users (`DeletedResources`).
 */
import type { IfMatch } from "@fieldreport/domain/EntityTag"
import { InvalidInput } from "@fieldreport/domain/Invalid"
import type * as OrderBy from "@fieldreport/domain/OrderBy"
import * as RangePage from "@fieldreport/domain/RangePage"
import * as Task from "@fieldreport/domain/Task"
import * as Timestamp from "@fieldreport/domain/Timestamp"
import { Context, Effect, Layer } from "effect"
import { Conflict, Forbidden, NotFound } from "../Errors.ts"
import { DeletedResourceStore } from "../store/DeletedResourceStore.ts"
import { ReportStore } from "../store/ReportStore.ts"
import { nowIso } from "../store/sql/Clock.ts"
import * as Transaction from "../store/sql/Transaction.ts"
import { type TaskPage, type TaskRow, TaskStore } from "../store/TaskStore.ts"
import { type TeamRow, TeamStore } from "../store/TeamStore.ts"
import { traced } from "../Traced.ts"
import { Access } from "./Access.ts"
import type { Actor } from "./Authentication.ts"
import { findReadable } from "./ReadableReport.ts"
import { checkVersion, type Stale } from "./Stale.ts"

/** A task a create answers with, and whether it was made just now. */
export interface PostedTask {
  readonly task: TaskRow
  readonly created: boolean
}

/** What the task list asks for besides the caller: its filters, order and page. */
export interface TaskQuery {
  readonly complete: boolean | undefined
  readonly reportId: number | undefined
  readonly assigneeId: number | undefined
  readonly updatedAfter: string | undefined
  readonly order: ReadonlyArray<OrderBy.Clause<"client_created_at" | "completed_at">>
  readonly page: RangePage.RangePage
}

const taskNotFound = () => new NotFound({ resource: "task" })

/**
 * The tasks service.
 *
 * @example
 * ```ts
 * const tasks = yield* Tasks
 * const { task, created } = yield* tasks.create(actor, input)
 * ```
 */
export class Tasks extends Context.Service<
  Tasks,
  {
    /** Creates a task; the same uuid again answers the task made with it. */
    readonly create: (
      actor: Actor,
      input: Task.TaskCreate,
    ) => Effect.Effect<PostedTask, Forbidden | NotFound | InvalidInput | Conflict>
    readonly get: (actor: Actor, uuid: string) => Effect.Effect<TaskRow, Forbidden | NotFound>
    /** A page of the tasks the caller created or is assigned to, in the current team. */
    readonly list: (actor: Actor, query: TaskQuery) => Effect.Effect<TaskPage, Forbidden | NotFound>
    /**
     * Applies the changes, unless a change the client made later was applied already; refused
     * with the task as it is when `ifMatch` does not name its version.
     */
    readonly update: (
      actor: Actor,
      uuid: string,
      changes: Task.TaskUpdate,
      ifMatch?: IfMatch,
    ) => Effect.Effect<void, Forbidden | NotFound | InvalidInput | Stale<TaskRow>>
    readonly remove: (actor: Actor, uuid: string) => Effect.Effect<void, Forbidden | NotFound>
  }
>()("api/services/Tasks") {
  static readonly layer = Layer.effect(
    Tasks,
    Effect.gen(function* () {
      const inTransaction = yield* Transaction.runner
      const access = yield* Access
      const tasks = yield* TaskStore
      const teams = yield* TeamStore
      const tombstones = yield* DeletedResourceStore
      const readable = findReadable(yield* ReportStore, access)

      /** The current team with the caller's role in it, when it manages tasks. */
      const taskTeam = traced("Tasks.taskTeam")(function* (actor: Actor) {
        if (actor.teamId === undefined) {
          return yield* new Forbidden({
            message: "tasks belong to a team, and you are in no team of this app",
          })
        }
        const team = yield* access.teamFor(actor, actor.teamId, "member")
        if (team.team.feature_tasks_enabled !== 1) {
          return yield* new Forbidden({ message: "tasks are not enabled in this team" })
        }
        return team
      })

      /**
       * The task, when it is one of the team's in the current app; `locked` for a change, in its
       * transaction.
       */
      const teamTask = traced("Tasks.teamTask")(function* (
        actor: Actor,
        team: TeamRow,
        uuid: string,
        locked = false,
      ) {
        const task = yield* locked ? tasks.lock(uuid) : tasks.find(uuid)
        if (task === undefined || task.team_id !== team.id || task.branded_app_id !== actor.app.id) {
          return yield* taskNotFound()
        }
        return task
      })

      /** The task the actor may change, locked in the change's transaction. */
      const changeable = traced("Tasks.changeable")(function* (actor: Actor, uuid: string) {
        const { team, role } = yield* taskTeam(actor)
        const task = yield* teamTask(actor, team, uuid, true)
        if (!Task.mayChange(actor.user.id, role, task)) {
          return yield* new Forbidden({
            message: "only the task's creator, its assignee and the team's managers may change it",
          })
        }
        return { team, task }
      })

      const requireAssignee = traced("Tasks.requireAssignee")(function* (teamId: number, userId: number) {
        const teamUser = yield* teams.findTeamUser(teamId, userId)
        if (teamUser?.agreed_to_join !== 1) {
          return yield* InvalidInput.at("task.assignee_id", "is not a user of this team")
        }
      })

      const requireReport = traced("Tasks.requireReport")(function* (
        actor: Actor,
        teamId: number,
        reportId: number,
      ) {
        const notHere = () => InvalidInput.at("task.report_id", "is not a report you can see in this team")
        const { access: channel } = yield* readable(actor, reportId).pipe(Effect.mapError(notHere))
        if (channel.channel.team_id !== teamId) return yield* notHere()
      })

      /** A create repeated with a uuid already taken: that task, when the caller's team holds it. */
      const again = (actor: Actor, team: TeamRow, task: TaskRow | undefined) =>
        task !== undefined && task.team_id === team.id && task.branded_app_id === actor.app.id
          ? Effect.succeed({ task, created: false })
          : Effect.fail(new Conflict({ message: "task.uuid: is used by another task" }))

      const create = traced("Tasks.create")(function* (actor: Actor, input: Task.TaskCreate) {
        const { team } = yield* taskTeam(actor)
        return yield* inTransaction(
          Effect.gen(function* () {
            const existing = yield* tasks.find(input.uuid)
            if (existing !== undefined) return yield* again(actor, team, existing)
            yield* requireReport(actor, team.id, input.report_id)
            yield* requireAssignee(team.id, input.assignee_id)
            const task = yield* tasks.insert({
              uuid: input.uuid,
              team_id: team.id,
              branded_app_id: actor.app.id,
              report_id: input.report_id,
              creator_id: actor.user.id,
              assignee_id: input.assignee_id,
              title: input.title,
              description: input.description,
              client_created_at: Timestamp.format(input.client_created_at),
              created_at: yield* nowIso,
            })
            // Another request created a task with this uuid since the caller looked.
            if (task === undefined) return yield* again(actor, team, yield* tasks.find(input.uuid))
            return { task, created: true }
          }),
        )
      })

      const get = traced("Tasks.get")(function* (actor: Actor, uuid: string) {
        const { team } = yield* taskTeam(actor)
        return yield* teamTask(actor, team, uuid)
      })

      const list = traced("Tasks.list")(function* (actor: Actor, query: TaskQuery) {
        const { team } = yield* taskTeam(actor)
        return yield* tasks.list({
          teamId: team.id,
          appId: actor.app.id,
          userId: actor.user.id,
          complete: query.complete,
          reportId: query.reportId,
          assigneeId: query.assigneeId,
          updatedAfter: query.updatedAfter,
          order: query.order,
          offset: query.page.start,
          limit: RangePage.size(query.page),
        })
      })

      const update = traced("Tasks.update")(function* (
        actor: Actor,
        uuid: string,
        changes: Task.TaskUpdate,
        ifMatch?: IfMatch,
      ) {
        yield* inTransaction(
          Effect.gen(function* () {
            const { team, task } = yield* changeable(actor, uuid)
            yield* checkVersion(ifMatch, task.version, task)
            if (changes.assignee_id !== undefined) yield* requireAssignee(team.id, changes.assignee_id)
            const now = yield* nowIso
            const columns = Task.changedColumns(changes, task, actor.user.id, now)
            if (Object.keys(columns).length === 0) return
            // A change refused for being older than the last one is still a success for the
            // client: its state has been superseded, not lost.
            yield* tasks.update(uuid, columns, Task.changeTime(changes, now), now)
          }),
        )
      })

      const remove = traced("Tasks.remove")(function* (actor: Actor, uuid: string) {
        yield* inTransaction(
          Effect.gen(function* () {
            const { task } = yield* changeable(actor, uuid)
            yield* tasks.delete(uuid)
            yield* tombstones.record([
              {
                type: "task",
                uuid: task.uuid,
                record_id: null,
                channel_id: null,
                team_id: task.team_id,
                user_id: null,
                deleted_at: yield* nowIso,
              },
            ])
          }),
        )
      })

      return Tasks.of({ create, get, list, update, remove })
    }),
  )
}
