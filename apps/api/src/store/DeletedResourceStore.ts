/**
 * Tombstones of deleted records (`deleted_resources`, migration 0031; docs/api.md, Field apps and
 * offline sync): written in the transaction of the delete, listed to the devices that may have a
 * copy, deleted by the clean-up once old. A tombstone keeps what decides who may list it: the
 * channel of a report or a report comment, the team of a task, the user of an alert area.
 */
import type { DeletedResourceType } from "@fieldreport/domain/DeletedResource"
import { Array as Arr, Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import type { ChangesPage, Page } from "./ReportStore.ts"

/** A tombstone as stored. */
export interface DeletedResourceRow {
  readonly id: number
  readonly type: DeletedResourceType
  readonly uuid: string | null
  /** The deleted record's own id; null for a task, which has none. */
  readonly record_id: number | null
  readonly channel_id: number | null
  readonly team_id: number | null
  readonly user_id: number | null
  readonly deleted_at: string
}

/** A tombstone as it is written. */
export type NewDeletedResource = Omit<DeletedResourceRow, "id">

/**
 * Whose tombstones a list holds: those of reports and comments of the channels the user reads,
 * of tasks of their current team, of their own alert areas; of one type when `type` is given.
 * `after` is the time they were deleted after.
 */
export interface DeletedResourceCriteria extends ChangesPage {
  readonly channelIds: ReadonlyArray<number>
  readonly teamId: number | undefined
  readonly userId: number
  readonly type: DeletedResourceType | undefined
}

/** Rows per insert: well below SQLite's limit on bound parameters. */
const insertChunk = 500

/**
 * The tombstone store.
 *
 * @example
 * ```ts
 * const tombstones = yield* DeletedResourceStore
 * yield* tombstones.record([{ type: "task", uuid, record_id: null, channel_id: 3, team_id: 1, user_id: null, deleted_at }])
 * ```
 */
export class DeletedResourceStore extends Context.Service<
  DeletedResourceStore,
  {
    readonly record: (tombstones: ReadonlyArray<NewDeletedResource>) => Effect.Effect<void>
    /** A page of the tombstones the criteria select, in the order of deletion (then id). */
    readonly page: (criteria: DeletedResourceCriteria) => Effect.Effect<Page<DeletedResourceRow>>
    /** Deletes the tombstones of deletions before `before`; answers how many went. */
    readonly deleteOlderThan: (before: string) => Effect.Effect<number>
  }
>()("api/store/DeletedResourceStore") {
  static readonly layer = Layer.effect(
    DeletedResourceStore,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const columns = sql.literal("id, type, uuid, record_id, channel_id, team_id, user_id, deleted_at")

      // Each kind of tombstone by what decides who reads it, each served by its own index.
      const where = (criteria: DeletedResourceCriteria) => {
        const readable = [
          ...(criteria.channelIds.length === 0
            ? []
            : [sql`(type IN ('report', 'report_comment') AND ${sql.in("channel_id", criteria.channelIds)})`]),
          ...(criteria.teamId === undefined ? [] : [sql`(type = 'task' AND team_id = ${criteria.teamId})`]),
          sql`(type = 'alert_area' AND user_id = ${criteria.userId})`,
        ]
        return sql.and([
          sql.or(readable),
          ...(criteria.type === undefined ? [] : [sql`type = ${criteria.type}`]),
          ...(criteria.after === undefined ? [] : [sql`deleted_at > ${criteria.after}`]),
        ])
      }

      return DeletedResourceStore.of({
        record: (tombstones) =>
          Effect.forEach(
            Arr.chunksOf(tombstones, insertChunk),
            (chunk) =>
              sql`INSERT INTO deleted_resources ${sql.insert(Arr.map(chunk, (row) => ({ ...row })))}`,
            { discard: true },
          ).pipe(Effect.orDie),
        page: (criteria) =>
          Effect.gen(function* () {
            const rows = yield* sql<DeletedResourceRow>`SELECT ${columns} FROM deleted_resources
              WHERE ${where(criteria)}
              ORDER BY deleted_at, id LIMIT ${criteria.limit} OFFSET ${criteria.offset}`
            const [count] = yield* sql<{
              readonly total: number
            }>`SELECT COUNT(*) AS total FROM deleted_resources
              WHERE ${where(criteria)}`
            return { rows, total: Number(count?.total ?? 0) }
          }).pipe(Effect.orDie),
        deleteOlderThan: (before) =>
          sql<{
            readonly id: number
          }>`DELETE FROM deleted_resources WHERE deleted_at < ${before} RETURNING id`.pipe(
            Effect.map((rows) => rows.length),
            Effect.orDie,
          ),
      })
    }),
  )
}
