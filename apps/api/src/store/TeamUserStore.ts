/**
 * Team users as the team users resource shows them (docs/api.md, Team users): the membership joined
 * with the user's names and the device state their mobile app reports, filtered, ordered and paged
 * in SQL, with `channel_count` and `report_count` counted in the same query when asked for. Also
 * the writes of `add_users_to_team_channels` and the facts an invitation e-mail needs.
 *
 * An invitee who has not accepted (docs/api.md, Invitations) is only an invitation to the team: the
 * query itself reads none of their user's columns (names, e-mail, device state, activity), their
 * counts or their supervisor, so nothing of the person leaves the database before they agree to
 * join, and the orders by those columns put invitees last instead of among the others by what is
 * hidden.
 */
import type * as OrderBy from "@fieldreport/domain/OrderBy"
import type { ChannelRole, TeamRole } from "@fieldreport/domain/Roles"
import type { TeamUserStatus } from "@fieldreport/domain/TeamUser"
import { Context, Effect, Layer } from "effect"
import { SqlClient, type Statement } from "effect/sql"
import { changedColumns } from "./sql/Columns.ts"

/** The membership columns of a team user, shown for invitees too. */
interface TeamUserMembership {
  readonly id: number
  readonly team_id: number
  readonly user_id: number
  readonly role: TeamRole
  readonly last_invited_at: string | null
  readonly status: TeamUserStatus
}

/**
 * A team user who agreed to join, with their user's columns; booleans are 0/1. `last_active_at`
 * falls back on the user's creation, since the resource always has one. The counts are null
 * unless asked for.
 */
export interface JoinedTeamUser extends TeamUserMembership {
  readonly agreed_to_join: 1
  readonly supervisor_id: number | null
  readonly email: string
  readonly first_name: string
  readonly last_name: string
  readonly app_version: string
  readonly bluetooth_enabled: number
  readonly location_enabled: number
  readonly push_notification_enabled: number
  readonly last_active_at: string
  readonly channel_count: number | null
  readonly report_count: number | null
}

/** An invitee who has not accepted: the membership only, every column of the person null. */
export interface InvitedTeamUser extends TeamUserMembership {
  readonly agreed_to_join: 0
  readonly supervisor_id: null
  readonly email: null
  readonly first_name: null
  readonly last_name: null
  readonly app_version: null
  readonly bluetooth_enabled: null
  readonly location_enabled: null
  readonly push_notification_enabled: null
  readonly last_active_at: null
  readonly channel_count: null
  readonly report_count: null
}

/**
 * A team user as the store reads them: joined, or an invitee whose person stays hidden.
 *
 * @example
 * ```ts
 * const name = record.agreed_to_join === 1 ? `${record.first_name} ${record.last_name}` : "invited"
 * ```
 */
export type TeamUserRecord = JoinedTeamUser | InvitedTeamUser

/** The filters of the team users list; each applies only when given. */
export interface TeamUserFilter {
  readonly agreedToJoin?: boolean | undefined
  /** `true` keeps managers and owners, `false` the other team users. */
  readonly managers?: boolean | undefined
  readonly userIds?: ReadonlyArray<number> | undefined
  readonly includesTeamUserIds?: ReadonlyArray<number> | undefined
  readonly excludesTeamUserIds?: ReadonlyArray<number> | undefined
}

/** The fields the team users list may be ordered by. */
export type TeamUserOrderField = (typeof OrderBy.teamUsers.fields)[number]

/** Which counted fields to compute. */
export interface TeamUserCounts {
  readonly channelCount: boolean
  readonly reportCount: boolean
}

/** A page of team users and how many match in all. */
export interface TeamUserPage {
  readonly teamUsers: ReadonlyArray<TeamUserRecord>
  readonly total: number
}

/** A user named in `add_users_to_team_channels`, as far as it decides whether they may join. */
export interface CandidateUser {
  readonly id: number
  readonly deactivated: number
  /** 0 for someone who signed up and has not verified their e-mail address yet. */
  readonly email_verified: number
}

/** A team user as `add_users_to_team_channels` reads and writes it. */
export interface Membership {
  readonly id: number
  readonly user_id: number
  readonly role: TeamRole
  readonly agreed_to_join: number
  readonly last_invited_at: string | null
}

/** What an invitation e-mail says, read when it is sent. */
export interface InvitationFacts {
  readonly team_user_id: number
  readonly team_id: number
  readonly agreed_to_join: number
  readonly email: string
  readonly first_name: string
  readonly last_name: string
  readonly team_name: string
  readonly app_name: string
}

// A deactivated user reads as deactivated in every team; otherwise invited until they agree to
// join. Sorting ranks the statuses in the order the domain lists them: active, invited, deactivated.
const status =
  "CASE WHEN u.deactivated = 1 THEN 'deactivated' WHEN tu.agreed_to_join = 0 THEN 'invited' ELSE 'active' END"
const statusRank = "CASE WHEN u.deactivated = 1 THEN 2 WHEN tu.agreed_to_join = 0 THEN 1 ELSE 0 END"

/** A column of the person, or null for an invitee who has not accepted. */
const joined = (expression: string): string => `CASE WHEN tu.agreed_to_join = 1 THEN ${expression} END`

/**
 * The SQL sort keys of each order field. Names compare without case; team users without an
 * invitation or a supervisor come last in both directions, as PostgreSQL puts nulls by default
 * only in one of them, and so do invitees in the orders by what their records hide.
 */
const sortKeys: Record<
  TeamUserOrderField,
  { readonly nullsLast?: string; readonly keys: ReadonlyArray<string> }
> = {
  name: {
    nullsLast: "tu.agreed_to_join = 0",
    keys: [joined("lower(u.last_name)"), joined("lower(u.first_name)")],
  },
  email: { nullsLast: "tu.agreed_to_join = 0", keys: [joined("u.email")] },
  last_invited_at: { nullsLast: "tu.last_invited_at IS NULL", keys: ["tu.last_invited_at"] },
  last_activity: {
    nullsLast: "tu.agreed_to_join = 0",
    keys: [joined("COALESCE(u.last_active_at, u.created_at)")],
  },
  supervisor: {
    nullsLast: `${joined("su.id")} IS NULL`,
    keys: [joined("lower(su.last_name)"), joined("lower(su.first_name)")],
  },
  status: { keys: [statusRank] },
}

const orderBy = (order: ReadonlyArray<OrderBy.Clause<TeamUserOrderField>>): string => {
  const keys = order.flatMap(({ field, direction }) => {
    const { nullsLast, keys } = sortKeys[field]
    const sorted = keys.map((key) => `${key} ${direction === "asc" ? "ASC" : "DESC"}`)
    return nullsLast === undefined ? sorted : [`${nullsLast} ASC`, ...sorted]
  })
  // Ties, and no order at all, fall back on the id: the order team users joined in.
  return [...keys, "tu.id ASC"].join(", ")
}

/**
 * The team user store.
 *
 * @example
 * ```ts
 * const store = yield* TeamUserStore
 * const { teamUsers, total } = yield* store.list(teamId, {}, [], { offset: 0, limit: 60 }, counts)
 * ```
 */
export class TeamUserStore extends Context.Service<
  TeamUserStore,
  {
    /** A page of the team's team users matching the filter, in the given order. */
    readonly list: (
      teamId: number,
      filter: TeamUserFilter,
      order: ReadonlyArray<OrderBy.Clause<TeamUserOrderField>>,
      page: { readonly offset: number; readonly limit: number },
      counts: TeamUserCounts,
    ) => Effect.Effect<TeamUserPage>
    /** One team user of the team. */
    readonly find: (
      teamId: number,
      id: number,
      counts: TeamUserCounts,
    ) => Effect.Effect<TeamUserRecord | undefined>
    readonly update: (
      id: number,
      changes: {
        readonly role?: TeamRole
        readonly supervisor_id?: number | null
        readonly agreed_to_join?: boolean
        readonly last_invited_at?: string
      },
    ) => Effect.Effect<void>
    /** The users of `ids` that exist. */
    readonly users: (ids: ReadonlyArray<number>) => Effect.Effect<ReadonlyArray<CandidateUser>>
    /** The channels of `ids` that belong to the team. */
    readonly teamChannelIds: (
      teamId: number,
      ids: ReadonlyArray<number>,
    ) => Effect.Effect<ReadonlyArray<number>>
    readonly membership: (teamId: number, userId: number) => Effect.Effect<Membership | undefined>
    readonly insertMembership: (teamUser: {
      readonly team_id: number
      readonly user_id: number
      readonly agreed_to_join: boolean
      readonly last_invited_at: string | null
      readonly created_at: string
    }) => Effect.Effect<Membership>
    /** The user's role in the channel, if they are a member. */
    readonly channelRole: (channelId: number, userId: number) => Effect.Effect<ChannelRole | undefined>
    /** Makes the user a member of the channel with the role, or changes their role. */
    readonly setChannelRole: (
      channelId: number,
      userId: number,
      role: ChannelRole,
      member: boolean,
    ) => Effect.Effect<void>
    readonly invitationFacts: (teamUserId: number) => Effect.Effect<InvitationFacts | undefined>
    /** The names of the channels of `ids`, by name. */
    readonly channelNames: (ids: ReadonlyArray<number>) => Effect.Effect<ReadonlyArray<string>>
  }
>()("api/store/TeamUserStore") {
  static readonly layer = Layer.effect(
    TeamUserStore,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient

      // The counts are correlated subqueries answered by channel_members_user, channels_team and
      // reports_channel_user, computed only for the rows of the page (and never for invitees).
      const columns = (counts: TeamUserCounts): Statement.Fragment =>
        sql.literal(`tu.id, tu.team_id, tu.user_id, tu.role, tu.agreed_to_join, tu.last_invited_at,
          ${joined("tu.supervisor_id")} AS supervisor_id, ${joined("u.email")} AS email,
          ${joined("u.first_name")} AS first_name, ${joined("u.last_name")} AS last_name,
          ${joined("u.app_version")} AS app_version, ${joined("u.bluetooth_enabled")} AS bluetooth_enabled,
          ${joined("u.location_enabled")} AS location_enabled,
          ${joined("u.push_notification_enabled")} AS push_notification_enabled,
          ${joined("COALESCE(u.last_active_at, u.created_at)")} AS last_active_at, ${status} AS status,
          ${
            counts.channelCount
              ? joined(`(SELECT count(*) FROM channel_members cm JOIN channels c ON c.id = cm.channel_id
                  WHERE cm.user_id = tu.user_id AND c.team_id = tu.team_id)`)
              : "NULL"
          } AS channel_count,
          ${
            counts.reportCount
              ? joined(`(SELECT count(*) FROM channels c JOIN reports r ON r.channel_id = c.id
                  WHERE c.team_id = tu.team_id AND r.user_id = tu.user_id)`)
              : "NULL"
          } AS report_count`)

      const where = (teamId: number, filter: TeamUserFilter): Statement.Fragment =>
        sql.and([
          sql`tu.team_id = ${teamId}`,
          ...(filter.agreedToJoin === undefined
            ? []
            : [sql`tu.agreed_to_join = ${filter.agreedToJoin ? 1 : 0}`]),
          ...(filter.managers === undefined
            ? []
            : [
                filter.managers
                  ? sql`tu.role IN ('manager', 'owner')`
                  : sql`tu.role NOT IN ('manager', 'owner')`,
              ]),
          ...(filter.userIds === undefined ? [] : [sql`tu.user_id IN ${sql.in(filter.userIds)}`]),
          ...(filter.includesTeamUserIds === undefined
            ? []
            : [sql`tu.id IN ${sql.in(filter.includesTeamUserIds)}`]),
          ...(filter.excludesTeamUserIds === undefined
            ? []
            : [sql`tu.id NOT IN ${sql.in(filter.excludesTeamUserIds)}`]),
        ])

      const from = sql.literal(`team_users tu JOIN users u ON u.id = tu.user_id
        LEFT JOIN team_users s ON s.id = tu.supervisor_id
        LEFT JOIN users su ON su.id = s.user_id`)

      return TeamUserStore.of({
        list: (teamId, filter, order, page, counts) =>
          Effect.gen(function* () {
            const teamUsers = yield* sql<TeamUserRecord>`SELECT ${columns(counts)} FROM ${from}
              WHERE ${where(teamId, filter)}
              ORDER BY ${sql.literal(orderBy(order))}
              LIMIT ${page.limit} OFFSET ${page.offset}`
            const [count] = yield* sql<{ readonly n: number }>`SELECT count(*) AS n
              FROM team_users tu JOIN users u ON u.id = tu.user_id WHERE ${where(teamId, filter)}`
            return { teamUsers, total: count?.n ?? 0 }
          }).pipe(Effect.orDie),
        find: (teamId, id, counts) =>
          sql<TeamUserRecord>`SELECT ${columns(counts)} FROM ${from}
            WHERE tu.team_id = ${teamId} AND tu.id = ${id}`.pipe(
            Effect.map((rows) => rows[0]),
            Effect.orDie,
          ),
        update: (id, changes) => {
          const assignments = changedColumns(changes)
          if (Object.keys(assignments).length === 0) return Effect.void
          return sql`UPDATE team_users SET ${sql.update(assignments)} WHERE id = ${id}`.pipe(
            Effect.asVoid,
            Effect.orDie,
          )
        },
        users: (ids) =>
          ids.length === 0
            ? Effect.succeed([])
            : sql<CandidateUser>`SELECT id, deactivated, email_verified FROM users WHERE id IN ${sql.in(ids)}`.pipe(
                Effect.orDie,
              ),
        teamChannelIds: (teamId, ids) =>
          ids.length === 0
            ? Effect.succeed([])
            : sql<{ readonly id: number }>`SELECT id FROM channels
                WHERE team_id = ${teamId} AND id IN ${sql.in(ids)}`.pipe(
                Effect.map((rows) => rows.map((row) => row.id)),
                Effect.orDie,
              ),
        membership: (teamId, userId) =>
          sql<Membership>`SELECT id, user_id, role, agreed_to_join, last_invited_at FROM team_users
            WHERE team_id = ${teamId} AND user_id = ${userId}`.pipe(
            Effect.map((rows) => rows[0]),
            Effect.orDie,
          ),
        insertMembership: (teamUser) =>
          sql<Membership>`INSERT INTO team_users ${sql.insert({
            ...teamUser,
            role: "team_member",
            agreed_to_join: teamUser.agreed_to_join ? 1 : 0,
          })} RETURNING id, user_id, role, agreed_to_join, last_invited_at`.pipe(
            Effect.flatMap((rows) => Effect.fromNullishOr(rows[0])),
            Effect.orDie,
          ),
        channelRole: (channelId, userId) =>
          sql<{ readonly role: ChannelRole }>`SELECT role FROM channel_members
            WHERE channel_id = ${channelId} AND user_id = ${userId}`.pipe(
            Effect.map((rows) => rows[0]?.role),
            Effect.orDie,
          ),
        setChannelRole: (channelId, userId, role, member) =>
          (member
            ? sql`UPDATE channel_members SET role = ${role} WHERE channel_id = ${channelId} AND user_id = ${userId}`
            : sql`INSERT INTO channel_members ${sql.insert({ channel_id: channelId, user_id: userId, role })}`
          ).pipe(Effect.asVoid, Effect.orDie),
        invitationFacts: (teamUserId) =>
          sql<InvitationFacts>`SELECT tu.id AS team_user_id, tu.team_id, tu.agreed_to_join, u.email,
              u.first_name, u.last_name, t.name AS team_name, a.name AS app_name
            FROM team_users tu
            JOIN users u ON u.id = tu.user_id
            JOIN teams t ON t.id = tu.team_id
            JOIN branded_apps a ON a.id = t.branded_app_id
            WHERE tu.id = ${teamUserId}`.pipe(
            Effect.map((rows) => rows[0]),
            Effect.orDie,
          ),
        channelNames: (ids) =>
          ids.length === 0
            ? Effect.succeed([])
            : sql<{ readonly name: string }>`SELECT name FROM channels WHERE id IN ${sql.in(ids)}
                ORDER BY name, id`.pipe(
                Effect.map((rows) => rows.map((row) => row.name)),
                Effect.orDie,
              ),
      })
    }),
  )
}
