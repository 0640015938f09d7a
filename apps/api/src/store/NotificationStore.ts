/**
 * Notifications of users about reports (docs/api.md, Notifications), and what the fan-out reads to
 * decide who gets one: the report, the channel's members with their selections, who already has
 * one.
 *
 * A user has at most one notification per report: the unique `(report_id, user_id, channel_id)`
 * index guards it (with the channel, as Citus needs; migration 0036), and inserts that meet it are
 * skipped, so a fan-out run twice adds nothing. Keyed by report, it also finds who was told about a
 * report, and a fan-out's notifications go into a few of its pages.
 *
 * A user's list is scoped to a team through the notification's channel: `notifications_user_created`
 * finds the user's notifications newest first, the channel's primary key its team. `updated_at`
 * moves when a notification is made, read or archived, for the clients that sync; only the changed
 * ones are in `notifications_user_changed`, so a fan-out writes one index keyed by user, not two
 * (migration 0037). A sync's changes after a time are the notifications made after it, found by
 * the first index, and those changed after it, found by the second (`changedAfter`).
 */
import type { ChannelMember } from "@fieldreport/domain/NotificationTargeting"
import type { Clause } from "@fieldreport/domain/OrderBy"
import { Context, Effect, Layer } from "effect"
import { SqlClient, type Statement } from "effect/sql"

/** A notification as stored; `read` is 0 or 1, `archived_at` null while not archived. */
export interface NotificationRow {
  readonly id: number
  readonly user_id: number
  readonly report_id: number
  readonly channel_id: number
  readonly read: number
  readonly archived_at: string | null
  readonly created_at: string
  readonly updated_at: string
}

/** What the fan-out needs of a report. */
export interface ReportToNotify {
  readonly id: number
  readonly channel_id: number
  readonly user_id: number
  readonly latitude: number | null
  readonly longitude: number | null
}

/** A field a user's notifications may be ordered by (`OrderBy.notifications`). */
export type NotificationOrderField = "archived_at" | "read" | "report.updated_at"

/** Which of a user's notifications to list, in which order, which page. */
export interface NotificationQuery {
  readonly userId: number
  readonly teamId: number
  /** Only archived (`true`) or only not archived (`false`); both when absent. */
  readonly archived: boolean | undefined
  /** Only notifications made, read or archived after this time (exclusive). */
  readonly updatedAfter: string | undefined
  /**
   * The order asked for; none asked, the newest first, or with `updatedAfter` the order they
   * changed in (`updated_at`, then id), which a syncing client pages through.
   */
  readonly order: ReadonlyArray<Clause<NotificationOrderField>>
  readonly offset: number
  readonly limit: number
}

/** One page of a user's notifications and how many there are in all. */
export interface NotificationPage {
  readonly rows: ReadonlyArray<NotificationRow>
  readonly total: number
}

/**
 * The notification store.
 *
 * @example
 * ```ts
 * const notifications = yield* NotificationStore
 * const found = yield* notifications.find(id, actor.user.id, teamId)
 * ```
 */
export class NotificationStore extends Context.Service<
  NotificationStore,
  {
    /** The user's notification, when its report's channel is in the team. */
    readonly find: (id: number, userId: number, teamId: number) => Effect.Effect<NotificationRow | undefined>
    readonly page: (query: NotificationQuery) => Effect.Effect<NotificationPage>
    readonly markRead: (id: number, at: string) => Effect.Effect<void>
    readonly setArchivedAt: (id: number, archivedAt: string | null, at: string) => Effect.Effect<void>
    readonly delete: (id: number) => Effect.Effect<void>
    /**
     * The report a fan-out is about, locked on PostgreSQL until the fan-out's transaction ends, as
     * is its channel against deletion; none once it was deleted.
     */
    readonly reportToNotify: (reportId: number) => Effect.Effect<ReportToNotify | undefined>
    /**
     * The channel's members who may be told about a report: its followers, and those of `alerted`
     * (owners of alert areas holding the report) who want its alerts; only members who agreed to
     * join its team and are not deactivated. Nobody else could be notified, so nobody else is read:
     * a big channel has thousands of members with alerts on.
     */
    readonly audienceOf: (
      channelId: number,
      alerted: ReadonlyArray<number>,
    ) => Effect.Effect<ReadonlyArray<ChannelMember>>
    /** The users who have a notification about the report. */
    readonly notifiedAbout: (reportId: number) => Effect.Effect<ReadonlyArray<number>>
    /**
     * Notifies each user once about the report, in one statement whatever their number; users who
     * already were are skipped, and nobody is once the report is gone.
     */
    readonly insertMany: (
      report: ReportToNotify,
      userIds: ReadonlyArray<number>,
      at: string,
    ) => Effect.Effect<void>
  }
>()("api/store/NotificationStore") {
  static readonly layer = Layer.effect(
    NotificationStore,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const columns = sql.literal(
        "n.id, n.user_id, n.report_id, n.channel_id, n.read, n.archived_at, n.created_at, n.updated_at",
      )

      /**
       * A list of ids as a one-column table (`id`), bound as one JSON parameter: the statement's text
       * is the same however many ids there are, so it is prepared once, and no list meets a limit on
       * parameters.
       */
      const idList = (ids: ReadonlyArray<number>): Statement.Fragment =>
        sql.onDialectOrElse({
          pg: () =>
            sql`SELECT value::integer AS id FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)`,
          orElse: () => sql`SELECT value AS id FROM json_each(${JSON.stringify(ids)})`,
        })

      // Nulls sort as SQLite sorts them by default, spelled out so PostgreSQL sorts the same.
      const orderTerms: Record<NotificationOrderField, Record<"asc" | "desc", string>> = {
        archived_at: { asc: "n.archived_at ASC NULLS FIRST", desc: "n.archived_at DESC NULLS LAST" },
        read: { asc: "n.read ASC", desc: "n.read DESC" },
        "report.updated_at": { asc: "r.updated_at ASC", desc: "r.updated_at DESC" },
      }
      // Newest first, and the tie-break of any order the client asks for, so pages never overlap.
      const orderBy = ({ order, updatedAfter }: NotificationQuery) =>
        sql.literal(
          order.length === 0 && updatedAfter !== undefined
            ? "n.updated_at ASC, n.id ASC"
            : [
                ...order.map((clause) => orderTerms[clause.field][clause.direction]),
                "n.created_at DESC, n.id DESC",
              ].join(", "),
        )

      /**
       * `n.updated_at > after`, spelled so that each part has its index: a notification whose
       * `updated_at` is past `after` was made after it, or changed (`updated_at` past `created_at`,
       * the condition of `notifications_user_changed`) after it.
       */
      const changedAfter = (after: string) =>
        sql`(n.created_at > ${after} OR (n.updated_at > n.created_at AND n.updated_at > ${after}))`

      const scope = (query: NotificationQuery): Statement.Fragment =>
        sql.and([
          sql`n.user_id = ${query.userId}`,
          sql`c.team_id = ${query.teamId}`,
          ...(query.archived === undefined
            ? []
            : [sql.literal(query.archived ? "n.archived_at IS NOT NULL" : "n.archived_at IS NULL")]),
          ...(query.updatedAfter === undefined ? [] : [changedAfter(query.updatedAfter)]),
        ])

      return NotificationStore.of({
        find: (id, userId, teamId) =>
          sql<NotificationRow>`SELECT ${columns} FROM notifications n
            JOIN channels c ON c.id = n.channel_id
            WHERE n.id = ${id} AND n.user_id = ${userId} AND c.team_id = ${teamId}`.pipe(
            Effect.map((rows) => rows[0]),
            Effect.orDie,
          ),
        page: (query) =>
          Effect.gen(function* () {
            const rows = yield* sql<NotificationRow>`SELECT ${columns} FROM notifications n
              JOIN channels c ON c.id = n.channel_id
              JOIN reports r ON r.id = n.report_id
              WHERE ${scope(query)}
              ORDER BY ${orderBy(query)}
              LIMIT ${query.limit} OFFSET ${query.offset}`
            const [count] = yield* sql<{
              readonly total: number
            }>`SELECT COUNT(*) AS total FROM notifications n
              JOIN channels c ON c.id = n.channel_id
              WHERE ${scope(query)}`
            return { rows, total: count?.total ?? 0 }
          }).pipe(Effect.orDie),
        markRead: (id, at) =>
          sql`UPDATE notifications SET read = 1, updated_at = ${at} WHERE id = ${id} AND read = 0`.pipe(
            Effect.asVoid,
            Effect.orDie,
          ),
        setArchivedAt: (id, archivedAt, at) =>
          sql`UPDATE notifications SET archived_at = ${archivedAt}, updated_at = ${at} WHERE id = ${id}`.pipe(
            Effect.asVoid,
            Effect.orDie,
          ),
        delete: (id) => sql`DELETE FROM notifications WHERE id = ${id}`.pipe(Effect.asVoid, Effect.orDie),
        // On PostgreSQL the report's channel is locked first, against its deletion only, which
        // locks it first too (`ChannelStore`); then the report, as the insert's count trigger will
        // lock it. A deletion of either then waits for the fan-out, or the fan-out, finding the
        // report gone, for nothing. Locked later, the insert's foreign key check would let a
        // deletion queue between it and the trigger, and a channel's deletion take counts off rows
        // the trigger wants: each would wait for the other.
        reportToNotify: (reportId) =>
          Effect.gen(function* () {
            yield* sql.onDialectOrElse({
              pg: () => sql`SELECT id FROM channels
                WHERE id = (SELECT channel_id FROM reports WHERE id = ${reportId}) FOR KEY SHARE`,
              orElse: () => Effect.void,
            })
            const rows = yield* sql<ReportToNotify>`SELECT id, channel_id, user_id, latitude, longitude
              FROM reports WHERE id = ${reportId}${sql.onDialectOrElse({
                pg: () => sql.literal(" FOR NO KEY UPDATE"),
                orElse: () => sql.literal(""),
              })}`
            return rows[0]
          }).pipe(Effect.orDie),
        // The followers (`channel_selections_followers`) and the alerted, each selection then found
        // by its key: a follower counts, one of the alerted who is not counts when they want alerts.
        // Then each one's membership, checked by its keys.
        audienceOf: (channelId, alerted) =>
          sql<{ readonly user_id: number; readonly follow: number; readonly alert: number }>`SELECT
              s.user_id, s.follow, s.alert
            FROM channel_selections s
            WHERE s.channel_id = ${channelId}
              AND s.user_id IN (
                SELECT f.user_id FROM channel_selections f WHERE f.channel_id = ${channelId} AND f.follow = 1
                UNION ALL SELECT id FROM (${idList(alerted)}) a)
              AND (s.follow = 1 OR s.alert = 1)
              AND EXISTS (SELECT 1 FROM channel_members m WHERE m.channel_id = s.channel_id AND m.user_id = s.user_id)
              AND EXISTS (SELECT 1 FROM team_users tu
                WHERE tu.team_id = (SELECT team_id FROM channels WHERE id = ${channelId})
                  AND tu.user_id = s.user_id AND tu.agreed_to_join = 1)
              AND EXISTS (SELECT 1 FROM users u WHERE u.id = s.user_id AND u.deactivated = 0)`.pipe(
            Effect.map((rows) =>
              rows.map((row) => ({ user_id: row.user_id, follow: row.follow === 1, alert: row.alert === 1 })),
            ),
            Effect.orDie,
          ),
        notifiedAbout: (reportId) =>
          sql<{
            readonly user_id: number
          }>`SELECT user_id FROM notifications WHERE report_id = ${reportId}`.pipe(
            Effect.map((rows) => rows.map((row) => row.user_id)),
            Effect.orDie,
          ),
        // Nothing when the report is gone: on SQLite a fan-out's reads and its insert are not one
        // transaction. (SQLite reads an upsert after a SELECT only when the SELECT has a WHERE.)
        insertMany: (report, userIds, at) =>
          userIds.length === 0
            ? Effect.void
            : sql`INSERT INTO notifications
                  (user_id, report_id, channel_id, read, archived_at, created_at, updated_at)
                SELECT l.id, ${report.id}, ${report.channel_id}, 0, NULL, ${at}, ${at}
                FROM (${idList(userIds)}) l
                WHERE EXISTS (SELECT 1 FROM reports r WHERE r.id = ${report.id})
                ON CONFLICT (report_id, user_id, channel_id) DO NOTHING`.pipe(Effect.asVoid, Effect.orDie),
      })
    }),
  )
}
