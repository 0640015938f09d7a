/**
 * Channel selections (docs/api.md, Channel selections): per user and channel, whether they view,
 * follow and get alerts. Only selections with a flag set are stored; booleans are 0/1.
 */
import type { ChannelSelection } from "@fieldreport/domain/ChannelSelection"
import type { ChannelRole, TeamRole } from "@fieldreport/domain/Roles"
import { Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"

/** A stored selection, with what decides whether its user may still read the channel. */
export interface StoredSelectionRow {
  /** The channel's id. */
  readonly id: number
  readonly view: number
  readonly follow: number
  readonly alert: number
  readonly team_role: TeamRole | null
  readonly agreed_to_join: number | null
  readonly channel_role: ChannelRole | null
}

/**
 * The channel selection store.
 *
 * @example
 * ```ts
 * const selections = yield* ChannelSelectionStore
 * const mine = yield* selections.listOf(userId, appId)
 * ```
 */
export class ChannelSelectionStore extends Context.Service<
  ChannelSelectionStore,
  {
    /** The user's stored selections of channels in the app's teams, by channel id. */
    readonly listOf: (userId: number, appId: number) => Effect.Effect<ReadonlyArray<StoredSelectionRow>>
    readonly find: (userId: number, channelId: number) => Effect.Effect<ChannelSelection | undefined>
    /** Stores the selection, replacing the one stored before. */
    readonly save: (userId: number, selection: ChannelSelection) => Effect.Effect<void>
    readonly delete: (userId: number, channelId: number) => Effect.Effect<void>
  }
>()("api/store/ChannelSelectionStore") {
  static readonly layer = Layer.effect(
    ChannelSelectionStore,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      return ChannelSelectionStore.of({
        listOf: (userId, appId) =>
          sql<StoredSelectionRow>`SELECT s.channel_id AS id, s.view, s.follow, s.alert,
              tu.role AS team_role, tu.agreed_to_join, cm.role AS channel_role
            FROM channel_selections s
            JOIN channels c ON c.id = s.channel_id
            JOIN teams t ON t.id = c.team_id
            LEFT JOIN team_users tu ON tu.team_id = c.team_id AND tu.user_id = s.user_id
            LEFT JOIN channel_members cm ON cm.channel_id = s.channel_id AND cm.user_id = s.user_id
            WHERE s.user_id = ${userId} AND t.branded_app_id = ${appId}
            ORDER BY s.channel_id`.pipe(Effect.orDie),
        find: (userId, channelId) =>
          sql<{
            readonly view: number
            readonly follow: number
            readonly alert: number
          }>`SELECT view, follow, alert
            FROM channel_selections WHERE user_id = ${userId} AND channel_id = ${channelId}`.pipe(
            Effect.map((rows) => {
              const [row] = rows
              return row === undefined
                ? undefined
                : { id: channelId, view: row.view === 1, follow: row.follow === 1, alert: row.alert === 1 }
            }),
            Effect.orDie,
          ),
        save: (userId, selection) =>
          sql`INSERT INTO channel_selections ${sql.insert({
            channel_id: selection.id,
            user_id: userId,
            view: Number(selection.view),
            follow: Number(selection.follow),
            alert: Number(selection.alert),
          })} ON CONFLICT (channel_id, user_id) DO UPDATE SET
            view = excluded.view, follow = excluded.follow, alert = excluded.alert`.pipe(
            Effect.asVoid,
            Effect.orDie,
          ),
        delete: (userId, channelId) =>
          sql`DELETE FROM channel_selections WHERE user_id = ${userId} AND channel_id = ${channelId}`.pipe(
            Effect.asVoid,
            Effect.orDie,
          ),
      })
    }),
  )
}
