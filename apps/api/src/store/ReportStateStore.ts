/**
 * The report states of each channel. `next_state_ids` is stored as a JSON array of state ids, or
 * null when any state may follow.
 */
import { Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"

/** A report state; `initial` is 0 or 1, `next_state_ids` null when any state may follow. */
export interface ReportStateRow {
  readonly id: number
  readonly channel_id: number
  readonly name: string
  readonly position: number
  readonly initial: number
  readonly appearance: string
  readonly next_state_ids: ReadonlyArray<number> | null
}

/** As the table holds it: `next_state_ids` as JSON text. */
type StoredState = Omit<ReportStateRow, "next_state_ids"> & { readonly next_state_ids: string | null }

const fromStored = (row: StoredState): ReportStateRow => ({
  ...row,
  next_state_ids:
    row.next_state_ids === null ? null : (JSON.parse(row.next_state_ids) as ReadonlyArray<number>),
})

/** A state as it is inserted. */
export interface NewReportState {
  readonly channel_id: number
  readonly name: string
  readonly position: number
  readonly initial: boolean
  readonly appearance: string
  readonly next_state_ids: ReadonlyArray<number> | null
}

/** The columns a state update may change. */
export interface ReportStateChanges {
  readonly name?: string
  readonly position?: number
  readonly initial?: boolean
  readonly appearance?: string
  readonly next_state_ids?: ReadonlyArray<number> | null
}

const asColumns = (state: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(state)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => {
        if (typeof value === "boolean") return [name, Number(value)]
        if (name === "next_state_ids") return [name, value === null ? null : JSON.stringify(value)]
        return [name, value]
      }),
  )

/**
 * The report state store.
 *
 * @example
 * ```ts
 * const states = yield* ReportStateStore
 * const list = yield* states.listOfChannels([channelId])
 * ```
 */
export class ReportStateStore extends Context.Service<
  ReportStateStore,
  {
    /** The states of the channels, by channel, then position. */
    readonly listOfChannels: (
      channelIds: ReadonlyArray<number>,
    ) => Effect.Effect<ReadonlyArray<ReportStateRow>>
    readonly find: (id: number) => Effect.Effect<ReportStateRow | undefined>
    /** The position after the channel's last state. */
    readonly nextPosition: (channelId: number) => Effect.Effect<number>
    readonly insert: (state: NewReportState) => Effect.Effect<ReportStateRow>
    readonly update: (id: number, changes: ReportStateChanges) => Effect.Effect<ReportStateRow>
    /** Makes no state of the channel initial, before another one becomes it. */
    readonly clearInitial: (channelId: number) => Effect.Effect<void>
    /** Whether reports are in the state, and whether a report's state history names it. */
    readonly usage: (
      state: Pick<ReportStateRow, "id" | "channel_id">,
    ) => Effect.Effect<{ readonly reports: boolean; readonly history: boolean }>
    /** Deletes a state no report is in, with the (empty) daily counts kept for it. */
    readonly remove: (state: Pick<ReportStateRow, "id" | "channel_id">) => Effect.Effect<void>
  }
>()("api/store/ReportStateStore") {
  static readonly layer = Layer.effect(
    ReportStateStore,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const columns = sql.literal("id, channel_id, name, position, initial, appearance, next_state_ids")
      const find = (id: number) =>
        sql<StoredState>`SELECT ${columns} FROM report_states WHERE id = ${id}`.pipe(
          Effect.map((rows) => (rows[0] === undefined ? undefined : fromStored(rows[0]))),
          Effect.orDie,
        )
      return ReportStateStore.of({
        listOfChannels: (channelIds) =>
          channelIds.length === 0
            ? Effect.succeed([])
            : sql<StoredState>`SELECT ${columns} FROM report_states
                WHERE channel_id IN ${sql.in(channelIds)}
                ORDER BY channel_id, position, id`.pipe(
                Effect.map((rows) => rows.map(fromStored)),
                Effect.orDie,
              ),
        find,
        nextPosition: (channelId) =>
          sql<{ next: number }>`SELECT COALESCE(MAX(position), 0) + 1 AS next FROM report_states
            WHERE channel_id = ${channelId}`.pipe(
            Effect.map((rows) => rows[0]?.next ?? 1),
            Effect.orDie,
          ),
        insert: (state) =>
          sql<StoredState>`INSERT INTO report_states ${sql.insert(asColumns({ ...state }))}
            RETURNING ${columns}`.pipe(
            Effect.map((rows) => fromStored(rows[0]!)),
            Effect.orDie,
          ),
        update: (id, changes) => {
          const values = asColumns({ ...changes })
          if (Object.keys(values).length === 0) return Effect.map(find(id), (row) => row!)
          return sql<StoredState>`UPDATE report_states SET ${sql.update(values)} WHERE id = ${id}
            RETURNING ${columns}`.pipe(
            Effect.map((rows) => fromStored(rows[0]!)),
            Effect.orDie,
          )
        },
        clearInitial: (channelId) =>
          sql`UPDATE report_states SET initial = 0 WHERE channel_id = ${channelId} AND initial = 1`.pipe(
            Effect.asVoid,
            Effect.orDie,
          ),
        usage: ({ id, channel_id }) =>
          sql<{ reports: number; history: number }>`SELECT
              CASE WHEN EXISTS (SELECT 1 FROM reports
                WHERE channel_id = ${channel_id} AND report_state_id = ${id}) THEN 1 ELSE 0 END AS reports,
              CASE WHEN EXISTS (SELECT 1 FROM report_state_changes
                WHERE channel_id = ${channel_id} AND (previous_state_id = ${id} OR new_state_id = ${id}))
                THEN 1 ELSE 0 END AS history`.pipe(
            Effect.map(([row]) => ({ reports: row?.reports === 1, history: row?.history === 1 })),
            Effect.orDie,
          ),
        remove: ({ id, channel_id }) =>
          Effect.gen(function* () {
            yield* sql`DELETE FROM report_day_counts WHERE channel_id = ${channel_id} AND report_state_id = ${id}`
            yield* sql`DELETE FROM report_states WHERE channel_id = ${channel_id} AND id = ${id}`
          }).pipe(Effect.orDie),
      })
    }),
  )
}
