/**
 * A team: the people of an organisation in one branded app, with its channels. Its creator is its
 * owner; ownership moves only through a team update (docs/api.md, Teams).
 */
import { Effect, Schema } from "effect"
import { Id, Name } from "./internal/wire.ts"
import * as TextLimits from "./TextLimits.ts"

/**
 * The team resource; `is_manager_of`, `is_owner_of` and `team_user_id` (the current user's team
 * user, null when they are not in the team) when selected.
 *
 * @example
 * ```ts
 * const team: Team = { id: 1, feature_tasks_enabled: true, industry: "Water", location: "Waikato", name: "River care" }
 * ```
 */
export const Team = Schema.Struct({
  id: Id,
  feature_tasks_enabled: Schema.Boolean,
  industry: Schema.String,
  location: Schema.String,
  name: Schema.String,
  is_manager_of: Schema.optionalKey(Schema.Boolean),
  is_owner_of: Schema.optionalKey(Schema.Boolean),
  team_user_id: Schema.optionalKey(Schema.NullOr(Id)),
})
export type Team = typeof Team.Type

/**
 * The body of `POST /api/v4/teams` (under `team`): a name; industry and location are free text,
 * empty when not given.
 *
 * @example
 * ```ts
 * decodeInput(TeamCreate, { name: "River care", industry: "Water" }, "team") // location: ""
 * ```
 */
export const TeamCreate = Schema.Struct({
  name: Name,
  industry: TextLimits.upTo(TextLimits.name).pipe(Schema.withDecodingDefaultKey(Effect.succeed(""))),
  location: TextLimits.upTo(TextLimits.address).pipe(Schema.withDecodingDefaultKey(Effect.succeed(""))),
})
export type TeamCreate = typeof TeamCreate.Type

/**
 * The body of `PATCH /api/v4/teams/{team_id}` (under `team`): new text, the task feature, or a
 * change of owner (`is_owner_change: true` with the new owner's `user_id`).
 *
 * @example
 * ```ts
 * decodeInput(TeamUpdate, { is_owner_change: true, user_id: 54 }, "team")
 * ```
 */
export const TeamUpdate = Schema.Struct({
  name: Schema.optionalKey(Name),
  industry: Schema.optionalKey(TextLimits.upTo(TextLimits.name)),
  location: Schema.optionalKey(TextLimits.upTo(TextLimits.address)),
  is_owner_change: Schema.optionalKey(Schema.Boolean),
  user_id: Schema.optionalKey(Id),
  feature_tasks_enabled: Schema.optionalKey(Schema.Boolean),
}).check(
  Schema.makeFilter((team) =>
    team.is_owner_change === true && team.user_id === undefined
      ? { path: ["user_id"], issue: "is required to change the owner" }
      : undefined,
  ),
)
export type TeamUpdate = typeof TeamUpdate.Type
