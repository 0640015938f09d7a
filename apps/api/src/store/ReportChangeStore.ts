/**
 * The history of reports, field by field (`report_changes`): written by the writes of reports in
 * their transactions, read a page at a time, newest first. Values are kept as JSON text and read
 * back parsed.
 */
import { Array as Arr, Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"

/** A change as stored, its values parsed. */
export interface ReportChangeRow {
  readonly id: number
  readonly report_id: number
  readonly user_id: number
  readonly action: "created" | "changed"
  readonly field: string | null
  readonly old_value: unknown
  readonly new_value: unknown
  readonly created_at: string
}

/** A change to record: a report's filing, or one field a write moved. */
export interface NewReportChange {
  readonly action: "created" | "changed"
  readonly field: string | null
  readonly old_value: unknown
  readonly new_value: unknown
}

type StoredChange = Omit<ReportChangeRow, "old_value" | "new_value"> & {
  readonly old_value: string
  readonly new_value: string
}

/**
 * The report change store.
 *
 * @example
 * ```ts
 * const { rows, total } = yield* (yield* ReportChangeStore).page(49, 0, 50)
 * ```
 */
export class ReportChangeStore extends Context.Service<
  ReportChangeStore,
  {
    /** Records the changes one write of a report made, all at the same time and by the same user. */
    readonly record: (
      report: { readonly id: number; readonly channel_id: number },
      userId: number,
      at: string,
      changes: ReadonlyArray<NewReportChange>,
    ) => Effect.Effect<void>
    /** A page of a report's changes, newest first (by time, then id), and how many it has. */
    readonly page: (
      reportId: number,
      offset: number,
      limit: number,
    ) => Effect.Effect<{ readonly rows: ReadonlyArray<ReportChangeRow>; readonly total: number }>
  }
>()("api/store/ReportChangeStore") {
  static readonly layer = Layer.effect(
    ReportChangeStore,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      return ReportChangeStore.of({
        record: (report, userId, at, changes) => {
          const rows = changes.map((change) => ({
            channel_id: report.channel_id,
            report_id: report.id,
            user_id: userId,
            action: change.action,
            field: change.field,
            old_value: JSON.stringify(change.old_value ?? null),
            new_value: JSON.stringify(change.new_value ?? null),
            created_at: at,
          }))
          return Arr.isArrayNonEmpty(rows)
            ? sql`INSERT INTO report_changes ${sql.insert(rows)}`.pipe(Effect.asVoid, Effect.orDie)
            : Effect.void
        },
        page: (reportId, offset, limit) =>
          Effect.gen(function* () {
            const stored = yield* sql<StoredChange>`SELECT id, report_id, user_id, action, field, old_value,
              new_value, created_at FROM report_changes WHERE report_id = ${reportId}
              ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}`
            const [count] = yield* sql<{ readonly total: number }>`SELECT COUNT(*) AS total
              FROM report_changes WHERE report_id = ${reportId}`
            const rows = stored.map((row) => ({
              ...row,
              old_value: JSON.parse(row.old_value) as unknown,
              new_value: JSON.parse(row.new_value) as unknown,
            }))
            return { rows, total: Number(count?.total ?? 0) }
          }).pipe(Effect.orDie),
      })
    }),
  )
}
