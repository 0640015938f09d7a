/**
 * `POST /api/v4/teams/{team_id}/add_users_to_team_channels`: add users to some of a team's channels
 * with a channel role, in one request, and the per-item results (docs/api.md, Adding people to
 * channels).
 *
 * The response holds one list per selected channel, in request order, and in each one result per
 * user, in request order.
 */
import { Effect, Schema } from "effect"
import { Id, oneOf } from "./internal/wire.ts"
import { ChannelRole } from "./Roles.ts"
import * as TextLimits from "./TextLimits.ts"

/**
 * A user to add, with their channel role; `send_email: true` invites them by e-mail instead of
 * adding them at once (default false).
 *
 * @example
 * ```ts
 * const user: UserToAdd = { user_id: 6, role: "operator", send_email: false }
 * ```
 */
export const UserToAdd = Schema.Struct({
  user_id: Id,
  role: ChannelRole,
  send_email: Schema.Boolean.pipe(Schema.withDecodingDefaultKey(Effect.succeed(false))),
})
export type UserToAdd = typeof UserToAdd.Type

/**
 * A channel of the team as the admin UI lists it; only those with `isSelected: true` are joined.
 * The name is the client's echo and is not used.
 *
 * @example
 * ```ts
 * const channel: ChannelChoice = { name: "Team channel", id: 4, isSelected: true }
 * ```
 */
export const ChannelChoice = Schema.Struct({
  name: Schema.optionalKey(TextLimits.upTo(TextLimits.name)),
  id: Id,
  isSelected: Schema.Boolean,
})
export type ChannelChoice = typeof ChannelChoice.Type

/**
 * The request body (not wrapped in an envelope).
 *
 * @example
 * ```ts
 * decodeInput(AddUsersToTeamChannels, body) // errors at users.0.role, channels.1.id, …
 * ```
 */
export const AddUsersToTeamChannels = Schema.Struct({
  users: Schema.Array(UserToAdd),
  channels: Schema.Array(ChannelChoice),
})
export type AddUsersToTeamChannels = typeof AddUsersToTeamChannels.Type

/**
 * The result for one user in one channel: `201` added, `200` already there (role updated), `403`
 * (added directly before verifying their e-mail address), `404` or `422` with `status: "error"`
 * and the reasons in `errors`, by field as in problem bodies.
 *
 * @example
 * ```ts
 * const added: AddUserResult = {
 *   object: { user_id: 54, role: "operator", send_email: false }, http_status: 201, status: "success", errors: {},
 * }
 * ```
 */
export const AddUserResult = Schema.Struct({
  object: UserToAdd,
  http_status: Schema.Literals([200, 201, 403, 404, 422]).annotate({
    message: "must be one of 200, 201, 403, 404, 422",
  }),
  status: oneOf(["success", "error"]),
  errors: Schema.Record(Schema.String, Schema.Array(Schema.String)),
})
export type AddUserResult = typeof AddUserResult.Type

/**
 * The response body: `teams[c][u]` is the result for user `u` in selected channel `c`.
 *
 * @example
 * ```ts
 * const response: AddUsersToTeamChannelsResult = { teams: [[added]] }
 * ```
 */
export const AddUsersToTeamChannelsResult = Schema.Struct({
  teams: Schema.Array(Schema.Array(AddUserResult)),
})
export type AddUsersToTeamChannelsResult = typeof AddUsersToTeamChannelsResult.Type
