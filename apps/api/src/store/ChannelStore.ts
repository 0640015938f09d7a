/**
 * Channels (the v4 dialect's accounts) and their members. A channel row is read together with its
 * root category and its form, which every client needs to file a report.
 */
import type { ChannelRole, TeamRole } from "@fieldreport/domain/Roles"
import { Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import * as ClientUuids from "./ClientUuids.ts"
import { nowIso } from "./sql/Clock.ts"
import { changedColumns } from "./sql/Columns.ts"

/** A channel with the ids of its root category and its form. */
export interface ChannelRow {
  readonly id: number
  readonly team_id: number
  readonly name: string
  readonly logo_attachment_id: number | null
  /** The root category. */
  readonly category_id: number
  readonly form_id: number
}

/** A channel with what decides a user's access to it. */
export interface ChannelAccessRow extends ChannelRow {
  readonly branded_app_id: number
  /** The user's team user in the channel's team, if any. */
  readonly team_role: TeamRole | null
  readonly agreed_to_join: number | null
  /** The user's membership of the channel, if any. */
  readonly channel_role: ChannelRole | null
}

/**
 * The channel store.
 *
 * @example
 * ```ts
 * const channels = yield* ChannelStore
 * const access = yield* channels.access(channelId, userId)
 * ```
 */
export class ChannelStore extends Context.Service<
  ChannelStore,
  {
    readonly access: (channelId: number, userId: number) => Effect.Effect<ChannelAccessRow | undefined>
    /** What decides the user's access to each channel of a team, by id. */
    readonly accessInTeam: (teamId: number, userId: number) => Effect.Effect<ReadonlyArray<ChannelAccessRow>>
    /**
     * The channels of the app the user is a member of, in teams they have joined, by name; only
     * those of one team when `teamId` is given.
     */
    readonly listOfMember: (
      userId: number,
      appId: number,
      teamId: number | undefined,
    ) => Effect.Effect<ReadonlyArray<ChannelRow>>
    /** Inserts the channel row alone; its root category and form follow in the same transaction. */
    readonly insert: (channel: { readonly team_id: number; readonly name: string }) => Effect.Effect<number>
    readonly addMember: (channelId: number, userId: number, role: ChannelRole) => Effect.Effect<void>
    readonly update: (
      id: number,
      changes: { readonly name?: string; readonly logo_attachment_id?: number | null },
    ) => Effect.Effect<void>
    /** Deletes the channel with everything in it (categories, form, states, reports). */
    readonly delete: (id: number) => Effect.Effect<void>
    /** The attachments the channel holds on to: its logo and its reports' files. */
    readonly attachmentIds: (id: number) => Effect.Effect<ReadonlyArray<number>>
  }
>()("api/store/ChannelStore") {
  static readonly layer = Layer.effect(
    ChannelStore,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      // categories_channel and the unique forms.channel_id index answer both subqueries.
      const channelColumns = sql.literal(`c.id, c.team_id, c.name, c.logo_attachment_id,
        (SELECT r.id FROM categories r WHERE r.channel_id = c.id AND r.parent_id IS NULL) AS category_id,
        (SELECT f.id FROM forms f WHERE f.channel_id = c.id) AS form_id`)
      return ChannelStore.of({
        access: (channelId, userId) =>
          sql<ChannelAccessRow>`SELECT ${channelColumns}, t.branded_app_id,
              tu.role AS team_role, tu.agreed_to_join, cm.role AS channel_role
            FROM channels c
            JOIN teams t ON t.id = c.team_id
            LEFT JOIN team_users tu ON tu.team_id = c.team_id AND tu.user_id = ${userId}
            LEFT JOIN channel_members cm ON cm.channel_id = c.id AND cm.user_id = ${userId}
            WHERE c.id = ${channelId}`.pipe(
            Effect.map((rows) => rows[0]),
            Effect.orDie,
          ),
        accessInTeam: (teamId, userId) =>
          sql<ChannelAccessRow>`SELECT ${channelColumns}, t.branded_app_id,
              tu.role AS team_role, tu.agreed_to_join, cm.role AS channel_role
            FROM channels c
            JOIN teams t ON t.id = c.team_id
            LEFT JOIN team_users tu ON tu.team_id = c.team_id AND tu.user_id = ${userId}
            LEFT JOIN channel_members cm ON cm.channel_id = c.id AND cm.user_id = ${userId}
            WHERE c.team_id = ${teamId}
            ORDER BY c.id`.pipe(Effect.orDie),
        listOfMember: (userId, appId, teamId) =>
          sql<ChannelRow>`SELECT ${channelColumns}
            FROM channel_members cm
            JOIN channels c ON c.id = cm.channel_id
            JOIN teams t ON t.id = c.team_id
            JOIN team_users tu ON tu.team_id = c.team_id AND tu.user_id = cm.user_id
            WHERE cm.user_id = ${userId} AND tu.agreed_to_join = 1 AND t.branded_app_id = ${appId}
              ${teamId === undefined ? sql.literal("") : sql`AND c.team_id = ${teamId}`}
            ORDER BY c.name, c.id`.pipe(Effect.orDie),
        insert: (channel) =>
          Effect.gen(function* () {
            const created_at = yield* nowIso
            const rows = yield* sql<{
              id: number
            }>`INSERT INTO channels ${sql.insert({ ...channel, created_at })}
              RETURNING id`
            return rows[0]!.id
          }).pipe(Effect.orDie),
        addMember: (channelId, userId, role) =>
          sql`INSERT INTO channel_members ${sql.insert({ channel_id: channelId, user_id: userId, role })}`.pipe(
            Effect.asVoid,
            Effect.orDie,
          ),
        update: (id, changes) => {
          const columns = changedColumns(changes)
          if (Object.keys(columns).length === 0) return Effect.void
          return sql`UPDATE channels SET ${sql.update(columns)} WHERE id = ${id}`.pipe(
            Effect.asVoid,
            Effect.orDie,
          )
        },
        // The channel's reports go with it, and their comments and tasks: their uuids are freed first.
        // On PostgreSQL the channel is locked first, as a fan-out about one of its reports locks it
        // (`NotificationStore.reportToNotify`): one waits for the other to end.
        delete: (id) =>
          sql
            .withTransaction(
              Effect.gen(function* () {
                yield* sql.onDialectOrElse({
                  pg: () => sql`SELECT id FROM channels WHERE id = ${id} FOR UPDATE`,
                  orElse: () => Effect.void,
                })
                yield* ClientUuids.free(sql, "report", sql`SELECT uuid FROM reports WHERE channel_id = ${id}`)
                yield* ClientUuids.free(
                  sql,
                  "report_comment",
                  sql`SELECT uuid FROM report_comments WHERE channel_id = ${id}`,
                )
                yield* ClientUuids.free(sql, "task", sql`SELECT uuid FROM tasks WHERE channel_id = ${id}`)
                // The reports go first, while their channel is there: the triggers that keep the
                // per-user counts take their notifications and reads off rows of this channel.
                yield* sql`DELETE FROM reports WHERE channel_id = ${id}`
                yield* sql`DELETE FROM channels WHERE id = ${id}`
              }),
            )
            .pipe(Effect.orDie),
        attachmentIds: (id) =>
          sql<{ id: number }>`SELECT attachment_id AS id FROM report_attachments WHERE channel_id = ${id}
            UNION SELECT logo_attachment_id AS id FROM channels WHERE id = ${id} AND logo_attachment_id IS NOT NULL`.pipe(
            Effect.map((rows) => rows.map((row) => row.id)),
            Effect.orDie,
          ),
      })
    }),
  )
}
