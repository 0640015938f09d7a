/**
 * Which reports a field app syncs (docs/api.md, Field apps and offline sync), as SQL: those of the
 * channels the user reads that they filed, are assigned, or that lie in channels they selected to
 * view, changed since the start of the sync window. The sync list of reports selects them, and
 * the lists of what hangs on reports (comments, state changes) take `preset_filter=syncable_reports`
 * to keep to them, so each store that reads them asks the same question here.
 */
import type { SqlClient, Statement } from "effect/sql"

/**
 * Whose syncable reports, and since when. `channelIds` are the channels the user reads (the
 * service decides them); `viewedChannelIds` those they selected to view, of which only the
 * readable ones count.
 *
 * @example
 * ```ts
 * const scope: SyncScope = { channelIds: [3, 4], viewedChannelIds: [4], userId: 7, since: "2026-10-28T00:00:00.000Z" }
 * ```
 */
export interface SyncScope {
  readonly channelIds: ReadonlyArray<number>
  readonly viewedChannelIds: ReadonlyArray<number>
  readonly userId: number
  /** The start of the sync window: only reports changed after it. */
  readonly since: string
}

/**
 * The condition on a report, named by `alias`, that it is syncable; never true without readable
 * channels. `reports_channel_updated` serves it channel by channel.
 *
 * @example
 * ```ts
 * sql`SELECT r.id FROM reports r WHERE ${syncable(sql, scope, "r")}`
 * ```
 */
export const syncable = (sql: SqlClient.SqlClient, scope: SyncScope, alias: string): Statement.Fragment => {
  if (scope.channelIds.length === 0) return sql.literal("1 = 0")
  const column = (name: string) => `${alias}.${name}`
  const viewed = scope.viewedChannelIds.filter((id) => scope.channelIds.includes(id))
  return sql.and([
    sql.in(column("channel_id"), scope.channelIds),
    sql`${sql.literal(column("updated_at"))} > ${scope.since}`,
    sql.or([
      sql`${sql.literal(column("user_id"))} = ${scope.userId}`,
      sql`${sql.literal(column("assignee_id"))} = ${scope.userId}`,
      ...(viewed.length === 0 ? [] : [sql.in(column("channel_id"), viewed)]),
    ]),
  ])
}
