/**
 * Roles: what a user's role in a team and in a channel lets them do (docs/api.md, Tenancy and
 * roles). The API decides access with these rules and the admin UI offers only what they allow.
 *
 * Each kind of role is a ladder: a higher role may do everything a lower one may. Team managers
 * and owners read every channel of their team, since they decide who belongs to it.
 */
import { oneOf } from "./internal/wire.ts"

/**
 * A user's role in a team; a team has exactly one owner.
 *
 * @example
 * ```ts
 * const role: TeamRole = "manager"
 * ```
 */
export const TeamRole = oneOf(["team_member", "manager", "owner"])
export type TeamRole = typeof TeamRole.Type

/**
 * What a member may do in a channel: viewers read, reporters also file reports, operators handle
 * every report, admins also shape the channel (form, categories, states).
 *
 * @example
 * ```ts
 * const role: ChannelRole = "operator"
 * ```
 */
export const ChannelRole = oneOf(["admin", "operator", "reporter", "viewer"])
export type ChannelRole = typeof ChannelRole.Type

/**
 * What an action on a team needs: to be in it, to manage it, or to own it.
 *
 * @example
 * ```ts
 * const need: TeamNeed = "manage"
 * ```
 */
export type TeamNeed = "member" | "manage" | "own"

/**
 * What an action on a channel needs, from reading it to administering it.
 *
 * @example
 * ```ts
 * const need: ChannelNeed = "operate"
 * ```
 */
export type ChannelNeed = "read" | "report" | "operate" | "administer"

/**
 * A user's roles in a channel: their channel role (none when they are not a member of it) and
 * their role in the channel's team.
 *
 * @example
 * ```ts
 * const roles: ChannelRoles = { channelRole: undefined, teamRole: "manager" }
 * ```
 */
export interface ChannelRoles {
  readonly channelRole: ChannelRole | undefined
  readonly teamRole: TeamRole
}

/**
 * The team roles from the lowest to the highest.
 *
 * @example
 * ```ts
 * teamRoles.indexOf("owner") > teamRoles.indexOf("manager") // true
 * ```
 */
export const teamRoles: ReadonlyArray<TeamRole> = ["team_member", "manager", "owner"]

/**
 * The channel roles from the lowest to the highest.
 *
 * @example
 * ```ts
 * channelRoles[0] // "viewer"
 * ```
 */
export const channelRoles: ReadonlyArray<ChannelRole> = ["viewer", "reporter", "operator", "admin"]

const teamRank: Record<TeamRole, number> = { team_member: 0, manager: 1, owner: 2 }
const teamNeedRank: Record<TeamNeed, number> = { member: 0, manage: 1, own: 2 }

const channelRank: Record<ChannelRole, number> = { viewer: 0, reporter: 1, operator: 2, admin: 3 }
const channelNeedRank: Record<ChannelNeed, number> = { read: 0, report: 1, operate: 2, administer: 3 }

/**
 * Whether a team role may do what a need asks.
 *
 * @example
 * ```ts
 * teamRoleAllows("manager", "manage") // true
 * teamRoleAllows("manager", "own") // false
 * ```
 */
export const teamRoleAllows = (role: TeamRole, need: TeamNeed): boolean =>
  teamRank[role] >= teamNeedRank[need]

/**
 * Whether a user's roles in a channel allow what a need asks. Team managers and owners read
 * every channel of their team, even those they are no member of.
 *
 * @example
 * ```ts
 * channelRolesAllow({ channelRole: "reporter", teamRole: "team_member" }, "report") // true
 * channelRolesAllow({ channelRole: undefined, teamRole: "manager" }, "read") // true
 * ```
 */
export const channelRolesAllow = (roles: ChannelRoles, need: ChannelNeed): boolean =>
  (roles.channelRole !== undefined && channelRank[roles.channelRole] >= channelNeedRank[need]) ||
  (need === "read" && teamRoleAllows(roles.teamRole, "manage"))

/**
 * Whether a user with a channel role may edit a report: reporters their own, operators and
 * admins any (the report's `is_manageable_by`).
 *
 * @example
 * ```ts
 * mayEditReport("reporter", 7, { user_id: 7 }) // true
 * mayEditReport("viewer", 7, { user_id: 7 }) // false
 * ```
 */
export const mayEditReport = (
  channelRole: ChannelRole | undefined,
  userId: number,
  report: { readonly user_id: number },
): boolean =>
  channelRole !== undefined &&
  (channelRank[channelRole] >= channelRank.operator ||
    (channelRole === "reporter" && report.user_id === userId))

/**
 * Whether a user reads the notes of a channel's reports that are not public: its staff, operators
 * and admins.
 *
 * @example
 * ```ts
 * readsInternalNotes({ channelRole: "operator", teamRole: "team_member" }) // true
 * readsInternalNotes({ channelRole: undefined, teamRole: "owner" }) // false
 * ```
 */
export const readsInternalNotes = (roles: ChannelRoles): boolean => channelRolesAllow(roles, "operate")
