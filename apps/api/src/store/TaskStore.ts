/**
 * Tasks of a team (docs/api.md, Tasks), keyed by the UUID their client generated. `last_change_at`
 * is the time of the last change applied, as the client that made it gave it, so that a change
 * arriving late with an older time can be refused in the same statement that would apply it.
 * `version` grows and `updated_at` (the server's time) moves with every change applied, for the
 * clients that sync (the task's `ETag`, the list's `updated_after`).
 */
import type * as OrderBy from "@fieldreport/domain/OrderBy"
import { Context, Effect, Layer } from "effect"
import { SqlClient, type Statement } from "effect/sql"
import * as ClientUuids from "./ClientUuids.ts"

/** A stored task; timestamps are ISO 8601 in UTC with milliseconds. */
export interface TaskRow {
  readonly uuid: string
  readonly team_id: number
  readonly branded_app_id: number
  readonly report_id: number
  readonly creator_id: number
  readonly assignee_id: number
  readonly title: string
  readonly description: string
  readonly client_created_at: string
  readonly completed_at: string | null
  readonly completed_by_id: number | null
  readonly last_change_at: string | null
  readonly version: number
  readonly updated_at: string
}

/** A task as it is inserted: not completed, never changed. */
export type NewTask = Omit<
  TaskRow,
  "completed_at" | "completed_by_id" | "last_change_at" | "version" | "updated_at"
> & {
  readonly created_at: string
}

/** The columns an update may change. */
export type TaskChanges = Partial<
  Pick<TaskRow, "title" | "description" | "assignee_id" | "completed_at" | "completed_by_id">
>

/**
 * When a change was made: by the client's clock (`fromClient`, the update's `time`), or by the
 * server's when the client gave no time.
 */
export interface ChangeTime {
  readonly at: string
  readonly fromClient: boolean
}

/** Which of a team's tasks a list holds, in which order, and which page of them. */
export interface TaskCriteria {
  readonly teamId: number
  readonly appId: number
  /** Only the tasks this user created or is assigned to. */
  readonly userId: number
  /** Only completed tasks (true) or open ones (false). */
  readonly complete: boolean | undefined
  readonly reportId: number | undefined
  readonly assigneeId: number | undefined
  /** Only tasks changed after this time (exclusive). */
  readonly updatedAfter: string | undefined
  /**
   * The order asked for; none asked, the newest `client_created_at` first, or with `updatedAfter`
   * the order they changed in (`updated_at`, then uuid), which a syncing client pages through.
   */
  readonly order: ReadonlyArray<OrderBy.Clause<"client_created_at" | "completed_at">>
  readonly offset: number
  readonly limit: number
}

/** A page of tasks and how many the list holds in all. */
export interface TaskPage {
  readonly tasks: ReadonlyArray<TaskRow>
  readonly total: number
}

/**
 * The task store.
 *
 * @example
 * ```ts
 * const tasks = yield* TaskStore
 * const task = yield* tasks.find("3ffeef7c-0f73-4e82-b39e-5a55cce0daef")
 * ```
 */
export class TaskStore extends Context.Service<
  TaskStore,
  {
    readonly find: (uuid: string) => Effect.Effect<TaskRow | undefined>
    /**
     * The task, read for a change in the caller's transaction: on PostgreSQL its row is locked
     * until the transaction ends, so a change that checks the version it read is not raced.
     */
    readonly lock: (uuid: string) => Effect.Effect<TaskRow | undefined>
    /** Inserts a task; `undefined` when another task holds its uuid. */
    readonly insert: (task: NewTask) => Effect.Effect<TaskRow | undefined>
    /** A page of the tasks the criteria select, and how many they select in all. */
    readonly list: (criteria: TaskCriteria) => Effect.Effect<TaskPage>
    /**
     * Applies the changes made at `change.at`, keeping the latest change time; a change the client
     * timed (`fromClient`) is refused when a later one was applied already. `changes` names at
     * least one column. An applied change moves the version and `updated_at` (to `now`). Answers
     * whether the changes were applied.
     */
    readonly update: (
      uuid: string,
      changes: TaskChanges,
      change: ChangeTime,
      now: string,
    ) => Effect.Effect<boolean>
    readonly delete: (uuid: string) => Effect.Effect<void>
  }
>()("api/store/TaskStore") {
  static readonly layer = Layer.effect(
    TaskStore,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const lockRow = sql.onDialectOrElse({
        pg: () => sql.literal("FOR NO KEY UPDATE"),
        orElse: () => sql.literal(""),
      })
      const columns = sql.literal(
        "uuid, team_id, branded_app_id, report_id, creator_id, assignee_id, title, description, client_created_at, completed_at, completed_by_id, last_change_at, version, updated_at",
      )

      const where = (criteria: TaskCriteria): Statement.Fragment =>
        sql.and([
          sql`team_id = ${criteria.teamId}`,
          sql`branded_app_id = ${criteria.appId}`,
          // tasks_creator and tasks_assignee serve one half each.
          sql`(creator_id = ${criteria.userId} OR assignee_id = ${criteria.userId})`,
          ...(criteria.complete === undefined
            ? []
            : [sql.literal(criteria.complete ? "completed_at IS NOT NULL" : "completed_at IS NULL")]),
          ...(criteria.reportId === undefined ? [] : [sql`report_id = ${criteria.reportId}`]),
          ...(criteria.assigneeId === undefined ? [] : [sql`assignee_id = ${criteria.assigneeId}`]),
          ...(criteria.updatedAfter === undefined ? [] : [sql`updated_at > ${criteria.updatedAfter}`]),
        ])

      // An open task has no completion time yet: it sorts as if completed after every completed
      // one, whichever the engine's own habit for nulls. Ties fall back on the newest first, then
      // the uuid, so every order is total and pages never overlap.
      const orderBy = ({ order, updatedAfter }: TaskCriteria): Statement.Fragment => {
        if (order.length === 0 && updatedAfter !== undefined) return sql.literal("updated_at ASC, uuid ASC")
        const clauses = order.map(({ field, direction }) => {
          const nulls = field === "completed_at" ? (direction === "asc" ? " NULLS LAST" : " NULLS FIRST") : ""
          return `${field} ${direction === "asc" ? "ASC" : "DESC"}${nulls}`
        })
        const fallback = order.some((clause) => clause.field === "client_created_at")
          ? []
          : ["client_created_at DESC"]
        return sql.csv([...clauses, ...fallback, "uuid ASC"].map((clause) => sql.literal(clause)))
      }

      return TaskStore.of({
        find: (uuid) =>
          sql<TaskRow>`SELECT ${columns} FROM tasks WHERE uuid = ${uuid}`.pipe(
            Effect.map((rows) => rows[0]),
            Effect.orDie,
          ),
        lock: (uuid) =>
          sql<TaskRow>`SELECT ${columns} FROM tasks WHERE uuid = ${uuid} ${lockRow}`.pipe(
            Effect.map((rows) => rows[0]),
            Effect.orDie,
          ),
        insert: (task) =>
          sql
            .withTransaction(
              Effect.gen(function* () {
                if (!(yield* ClientUuids.claim(sql, "task", task.uuid))) return undefined
                const [inserted] =
                  yield* sql<TaskRow>`INSERT INTO tasks ${sql.insert({ ...task, updated_at: task.created_at })} RETURNING ${columns}`
                return inserted
              }),
            )
            .pipe(Effect.orDie),
        list: (criteria) =>
          Effect.gen(function* () {
            const tasks = yield* sql<TaskRow>`SELECT ${columns} FROM tasks WHERE ${where(criteria)}
              ORDER BY ${orderBy(criteria)} LIMIT ${criteria.limit} OFFSET ${criteria.offset}`
            const [count] = yield* sql<{ readonly total: number }>`SELECT COUNT(*) AS total FROM tasks
              WHERE ${where(criteria)}`
            return { tasks, total: Number(count?.total ?? 0) }
          }).pipe(Effect.orDie),
        // The time condition sits in the update itself, so two late changes racing each other
        // still leave the later one applied.
        update: (uuid, changes, { at, fromClient }, now) =>
          sql<{ readonly uuid: string }>`UPDATE tasks SET ${sql.update(changes)},
              last_change_at = CASE WHEN last_change_at > ${at} THEN last_change_at ELSE ${at} END,
              version = version + 1, updated_at = ${now}
            WHERE uuid = ${uuid}
              ${fromClient ? sql`AND (last_change_at IS NULL OR last_change_at <= ${at})` : sql.literal("")}
            RETURNING uuid`.pipe(
            Effect.map((rows) => rows.length > 0),
            Effect.orDie,
          ),
        delete: (uuid) =>
          sql
            .withTransaction(
              Effect.gen(function* () {
                yield* ClientUuids.free(sql, "task", sql`SELECT uuid FROM tasks WHERE uuid = ${uuid}`)
                yield* sql`DELETE FROM tasks WHERE uuid = ${uuid}`
              }),
            )
            .pipe(Effect.orDie),
      })
    }),
  )
}
