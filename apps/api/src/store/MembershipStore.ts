/**
 * Who belongs where: team users of a user within a branded app, and channel memberships.
 */
import type { ChannelRole, TeamRole } from "@fieldreport/domain/Roles"
import { Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"

export interface TeamMembership {
  readonly team_id: number
  readonly team_user_id: number
  readonly role: TeamRole
  readonly agreed_to_join: number
}

export class MembershipStore extends Context.Service<
  MembershipStore,
  {
    /** The user's team users in the app's teams, oldest team first. */
    readonly teamsOf: (userId: number, appId: number) => Effect.Effect<ReadonlyArray<TeamMembership>>
    readonly channelRole: (userId: number, channelId: number) => Effect.Effect<ChannelRole | undefined>
  }
>()("api/store/MembershipStore") {
  static readonly layer = Layer.effect(
    MembershipStore,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      return MembershipStore.of({
        teamsOf: (userId, appId) =>
          sql<TeamMembership>`SELECT tu.team_id, tu.id AS team_user_id, tu.role, tu.agreed_to_join
            FROM team_users tu JOIN teams t ON t.id = tu.team_id
            WHERE tu.user_id = ${userId} AND t.branded_app_id = ${appId}
            ORDER BY tu.team_id`.pipe(Effect.orDie),
        channelRole: (userId, channelId) =>
          sql<{ role: ChannelRole }>`SELECT role FROM channel_members
            WHERE user_id = ${userId} AND channel_id = ${channelId}`.pipe(
            Effect.map((rows) => rows[0]?.role),
            Effect.orDie,
          ),
      })
    }),
  )
}
