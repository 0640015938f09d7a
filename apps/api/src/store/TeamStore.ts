/**
 * Teams of a branded app and their team users (docs/api.md, Tenancy and roles): who belongs to a
 * team, with which role, and whether they have agreed to join.
 */
import type { TeamRole } from "@fieldreport/domain/Roles"
import { Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { nowIso } from "./sql/Clock.ts"
import { changedColumns } from "./sql/Columns.ts"

/** A team of a branded app; `feature_tasks_enabled` is 0 or 1. */
export interface TeamRow {
  readonly id: number
  readonly branded_app_id: number
  readonly name: string
  readonly industry: string
  readonly location: string
  readonly feature_tasks_enabled: number
}

/** A team, with the team user and role the user it was listed for holds in it. */
export interface TeamOfUser extends TeamRow {
  readonly role: TeamRole
  readonly team_user_id: number
}

/** A user's membership of a team; `agreed_to_join` is 0 until an invitation is accepted. */
export interface TeamUserRow {
  readonly id: number
  readonly team_id: number
  readonly user_id: number
  readonly role: TeamRole
  readonly agreed_to_join: number
}

/** The columns a team update may change. */
export interface TeamChanges {
  readonly name?: string
  readonly industry?: string
  readonly location?: string
  readonly feature_tasks_enabled?: boolean
}

const teamColumns = "t.id, t.branded_app_id, t.name, t.industry, t.location, t.feature_tasks_enabled"

/**
 * The team store.
 *
 * @example
 * ```ts
 * const teams = yield* TeamStore
 * const team = yield* teams.find(4)
 * ```
 */
export class TeamStore extends Context.Service<
  TeamStore,
  {
    readonly find: (id: number) => Effect.Effect<TeamRow | undefined>
    /**
     * The teams of the app the user has joined (`joined`), or else those they are invited to and
     * have not joined yet, by name.
     */
    readonly listOfUser: (
      userId: number,
      appId: number,
      joined: boolean,
    ) => Effect.Effect<ReadonlyArray<TeamOfUser>>
    readonly insert: (team: {
      readonly branded_app_id: number
      readonly name: string
      readonly industry: string
      readonly location: string
    }) => Effect.Effect<TeamRow>
    readonly update: (id: number, changes: TeamChanges) => Effect.Effect<void>
    readonly findTeamUser: (teamId: number, userId: number) => Effect.Effect<TeamUserRow | undefined>
    readonly insertTeamUser: (teamUser: {
      readonly team_id: number
      readonly user_id: number
      readonly role: TeamRole
      readonly agreed_to_join: boolean
    }) => Effect.Effect<TeamUserRow>
    readonly setRole: (teamUserId: number, role: TeamRole) => Effect.Effect<void>
    /** How many teams there are, in every app. */
    readonly count: Effect.Effect<number>
  }
>()("api/store/TeamStore") {
  static readonly layer = Layer.effect(
    TeamStore,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const teamUserColumns = sql.literal("id, team_id, user_id, role, agreed_to_join")
      return TeamStore.of({
        find: (id) =>
          sql<TeamRow>`SELECT ${sql.literal(teamColumns)} FROM teams t WHERE t.id = ${id}`.pipe(
            Effect.map((rows) => rows[0]),
            Effect.orDie,
          ),
        listOfUser: (userId, appId, joined) =>
          sql<TeamOfUser>`SELECT ${sql.literal(teamColumns)}, tu.role, tu.id AS team_user_id
            FROM team_users tu JOIN teams t ON t.id = tu.team_id
            WHERE tu.user_id = ${userId} AND tu.agreed_to_join = ${joined ? 1 : 0}
              AND t.branded_app_id = ${appId}
            ORDER BY t.name, t.id`.pipe(Effect.orDie),
        insert: (team) =>
          Effect.gen(function* () {
            const created_at = yield* nowIso
            const rows = yield* sql<TeamRow>`INSERT INTO teams ${sql.insert({ ...team, created_at })}
              RETURNING id, branded_app_id, name, industry, location, feature_tasks_enabled`
            return rows[0]!
          }).pipe(Effect.orDie),
        update: (id, changes) => {
          const columns = changedColumns(changes)
          if (Object.keys(columns).length === 0) return Effect.void
          return sql`UPDATE teams SET ${sql.update(columns)} WHERE id = ${id}`.pipe(
            Effect.asVoid,
            Effect.orDie,
          )
        },
        findTeamUser: (teamId, userId) =>
          sql<TeamUserRow>`SELECT ${teamUserColumns} FROM team_users
            WHERE team_id = ${teamId} AND user_id = ${userId}`.pipe(
            Effect.map((rows) => rows[0]),
            Effect.orDie,
          ),
        insertTeamUser: (teamUser) =>
          Effect.gen(function* () {
            const created_at = yield* nowIso
            const rows = yield* sql<TeamUserRow>`INSERT INTO team_users ${sql.insert({
              ...teamUser,
              agreed_to_join: Number(teamUser.agreed_to_join),
              created_at,
            })} RETURNING ${teamUserColumns}`
            return rows[0]!
          }).pipe(Effect.orDie),
        setRole: (teamUserId, role) =>
          sql`UPDATE team_users SET role = ${role} WHERE id = ${teamUserId}`.pipe(
            Effect.asVoid,
            Effect.orDie,
          ),
        count: sql<{ n: number }>`SELECT count(*) AS n FROM teams`.pipe(
          Effect.map((rows) => rows[0]?.n ?? 0),
          Effect.orDie,
        ),
      })
    }),
  )
}
