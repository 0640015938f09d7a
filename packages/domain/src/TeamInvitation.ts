/**
 * Invitations by e-mail address (docs/api.md, Invitations): a team's managers invite an address
 * that has no account yet, with the team role and channels the person gets; the e-mail carries a
 * single-use token with which the person looks the invitation up and accepts it, making their
 * account and joining the team in one step.
 */
import { Effect, Schema } from "effect"
import { Email, Id, Name, oneOf } from "./internal/wire.ts"
import { ChannelRole } from "./Roles.ts"
import { Secret } from "./Session.ts"
import { Timestamp } from "./Timestamp.ts"
import { Password } from "./User.ts"

/**
 * The team role an invitation gives: a team has one owner, who hands ownership over in the team
 * update, so nobody is invited as owner.
 *
 * @example
 * ```ts
 * const role: InvitedTeamRole = "manager"
 * ```
 */
export const InvitedTeamRole = oneOf(["team_member", "manager"])
export type InvitedTeamRole = typeof InvitedTeamRole.Type

/**
 * The body of `POST /api/v4/teams/{team_id}/invitations` (under `invitation`): the address, the
 * team role (`team_member` unless given), and the team's channels the person joins with
 * `channel_role` (`reporter` unless given).
 *
 * @example
 * ```ts
 * decodeInput(TeamInvitationCreate, { email: "ana@example.com", team_role: "manager", channel_ids: [4] }, "invitation")
 * ```
 */
/** The most channels one invitation names: far more than a team holds. */
export const maxInvitedChannels = 500

export const TeamInvitationCreate = Schema.Struct({
  email: Email,
  team_role: InvitedTeamRole.pipe(Schema.withDecodingDefaultKey(Effect.succeed("team_member" as const))),
  channel_role: ChannelRole.pipe(Schema.withDecodingDefaultKey(Effect.succeed("reporter" as const))),
  channel_ids: Schema.Array(Id)
    .check(
      Schema.isMaxLength(maxInvitedChannels, { message: `must hold at most ${maxInvitedChannels} channels` }),
    )
    .pipe(Schema.withDecodingDefaultKey(Effect.succeed([]))),
})
export type TeamInvitationCreate = typeof TeamInvitationCreate.Type

/**
 * What inviting an address did: a pending invitation of an address without an account
 * (`invitation_id`), or the invitation of a team user for an address with one (`team_user_id`, as
 * `add_users_to_team_channels` invites with `send_email: true`).
 *
 * @example
 * ```ts
 * const sent: TeamInvitationSent = { email: "ana@example.com", invitation_id: 4, team_user_id: null }
 * ```
 */
export const TeamInvitationSent = Schema.Struct({
  email: Schema.String,
  invitation_id: Schema.NullOr(Id),
  team_user_id: Schema.NullOr(Id),
})
export type TeamInvitationSent = typeof TeamInvitationSent.Type

/**
 * A pending invitation as the team's managers list it. `expires_at` is when the link of the latest
 * e-mail stops working; an expired invitation stays listed until it is sent again or withdrawn.
 *
 * @example
 * ```ts
 * const pending: TeamInvitation = {
 *   id: 4, email: "ana@example.com", team_role: "team_member", channel_role: "reporter", channel_ids: [7],
 *   inviter_id: 2, last_invited_at: DateTime.makeUnsafe(0), expires_at: DateTime.makeUnsafe(604800000),
 * }
 * ```
 */
export const TeamInvitation = Schema.Struct({
  id: Id,
  email: Schema.String,
  team_role: InvitedTeamRole,
  channel_role: ChannelRole,
  channel_ids: Schema.Array(Id),
  inviter_id: Schema.NullOr(Id),
  last_invited_at: Timestamp,
  expires_at: Timestamp,
})
export type TeamInvitation = typeof TeamInvitation.Type

/**
 * The body of `POST /api/v4/team_invitations/lookup` (no envelope): the token of the e-mail.
 *
 * @example
 * ```ts
 * decodeInput(TeamInvitationLookup, { token: "fri_…" })
 * ```
 */
export const TeamInvitationLookup = Schema.Struct({
  token: Secret,
})
export type TeamInvitationLookup = typeof TeamInvitationLookup.Type

/**
 * What the holder of an invitation's token is shown: the team, who invited them and the address
 * invited, nothing else.
 *
 * @example
 * ```ts
 * const found: TeamInvitationFound = { team_name: "River care", inviter_name: "Bo Lee", email: "ana@example.com" }
 * ```
 */
export const TeamInvitationFound = Schema.Struct({
  team_name: Schema.String,
  inviter_name: Schema.String,
  email: Schema.String,
})
export type TeamInvitationFound = typeof TeamInvitationFound.Type

/**
 * The body of `POST /api/v4/team_invitations/accept` (no envelope): the token and the new
 * account's names and password, which the password rules hold to as everywhere.
 *
 * @example
 * ```ts
 * decodeInput(TeamInvitationAcceptance, { token: "fri_…", first_name: "Ana", last_name: "Lee", password: "…" })
 * ```
 */
export const TeamInvitationAcceptance = Schema.Struct({
  token: Secret,
  first_name: Name,
  last_name: Name,
  password: Password,
})
export type TeamInvitationAcceptance = typeof TeamInvitationAcceptance.Type
