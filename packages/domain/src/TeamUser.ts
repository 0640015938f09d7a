/**
 * A team user: a user's membership of a team, with their team role and the device state their
 * mobile app reports (docs/api.md, Team users).
 */
import { Schema } from "effect"
import { Count, Id, nullOr, oneOf } from "./internal/wire.ts"
import { TeamRole } from "./Roles.ts"
import { Timestamp } from "./Timestamp.ts"

/**
 * Where a membership stands: `invited` until the user agrees to join.
 *
 * @example
 * ```ts
 * const status: TeamUserStatus = "invited"
 * ```
 */
export const TeamUserStatus = oneOf(["active", "invited", "deactivated"])
export type TeamUserStatus = typeof TeamUserStatus.Type

/**
 * The team user resource: the typed fields of the v4 dialect by default, `channel_count`,
 * `report_count`, `status` and `supervisor_id` (a team user id) when selected.
 *
 * @example
 * ```ts
 * const member: TeamUser = {
 *   id: 14, agreed_to_join: true, app_version: "2.9.6", bluetooth_enabled: true, email: "ana@example.com",
 *   first_name: "Ana", last_active_at: DateTime.makeUnsafe(0), last_invited_at: null, last_name: "Lee",
 *   location_enabled: true, push_notification_enabled: true, role: "team_member", user_id: 22,
 * }
 * ```
 */
export const TeamUser = Schema.Struct({
  id: Id,
  agreed_to_join: Schema.Boolean,
  app_version: Schema.String,
  bluetooth_enabled: Schema.Boolean,
  email: Schema.String,
  first_name: Schema.String,
  last_active_at: Timestamp,
  last_invited_at: Schema.NullOr(Timestamp),
  last_name: Schema.String,
  location_enabled: Schema.Boolean,
  push_notification_enabled: Schema.Boolean,
  role: TeamRole,
  user_id: Id,
  channel_count: Schema.optionalKey(Count),
  report_count: Schema.optionalKey(Count),
  status: Schema.optionalKey(TeamUserStatus),
  supervisor_id: Schema.optionalKey(Schema.NullOr(Id)),
})
export type TeamUser = typeof TeamUser.Type

/**
 * An invitee who has not accepted, as the team users resource shows them (docs/api.md,
 * Invitations): the invitation only, never the person's names, e-mail address, device state,
 * activity, counts or supervisor. `status` when selected.
 *
 * @example
 * ```ts
 * const invitee: InvitedTeamUser = {
 *   id: 15, agreed_to_join: false, last_invited_at: DateTime.makeUnsafe(0), role: "team_member", user_id: 23,
 * }
 * ```
 */
export const InvitedTeamUser = Schema.Struct({
  id: Id,
  agreed_to_join: Schema.Literal(false),
  last_invited_at: Schema.NullOr(Timestamp),
  role: TeamRole,
  user_id: Id,
  status: Schema.optionalKey(TeamUserStatus),
})
export type InvitedTeamUser = typeof InvitedTeamUser.Type

/**
 * A record of the team users list and fetch: a team user who joined, with the person, or an
 * invitee who has not accepted, without.
 *
 * @example
 * ```ts
 * const name = "first_name" in record ? record.first_name : "invited"
 * ```
 */
export const TeamUserRecord = Schema.Union([TeamUser, InvitedTeamUser])
export type TeamUserRecord = typeof TeamUserRecord.Type

/**
 * Whether a record is an invitee's, who has not accepted.
 *
 * @example
 * ```ts
 * records.filter((record) => !isInvitee(record)) // the team users who joined
 * ```
 */
export const isInvitee = (record: TeamUserRecord): record is InvitedTeamUser => !("first_name" in record)

/**
 * The body of `PATCH /api/v4/teams/{team_id}/team_users/{id}` (under `team_user`): a manager sets
 * `role` (ownership moves only through the team update) or `supervisor_id` (null for none); an
 * invited user sends `agreed_to_join: true` to accept.
 *
 * @example
 * ```ts
 * decodeInput(TeamUserUpdate, { role: "manager", supervisor_id: null }, "team_user")
 * ```
 */
export const TeamUserUpdate = Schema.Struct({
  role: Schema.optionalKey(oneOf(["team_member", "manager"])),
  supervisor_id: Schema.optionalKey(nullOr(Id, "a team user id")),
  agreed_to_join: Schema.optionalKey(
    Schema.Boolean.pipe(Schema.refine((agreed): agreed is true => agreed, { message: "can only be true" })),
  ),
})
export type TeamUserUpdate = typeof TeamUserUpdate.Type
