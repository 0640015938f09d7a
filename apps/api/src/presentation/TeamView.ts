/**
 * The team resource on the wire (docs/api.md, Teams): a team row with the caller's place in it.
 */
import type { TeamRole } from "@fieldreport/domain/Roles"
import type { TeamRow } from "../store/TeamStore.ts"

/**
 * The team resource with every field, for a user with `role` in it as team user `teamUserId`
 * (neither when not in it).
 *
 * @example
 * ```ts
 * teamBody(team, "owner", 14) // { id: 1, feature_tasks_enabled: true, …, is_owner_of: true, team_user_id: 14 }
 * ```
 */
export const teamBody = (team: TeamRow, role: TeamRole | undefined, teamUserId: number | undefined) => ({
  id: team.id,
  feature_tasks_enabled: team.feature_tasks_enabled === 1,
  industry: team.industry,
  location: team.location,
  name: team.name,
  // The owner manages the team too.
  is_manager_of: role === "manager" || role === "owner",
  is_owner_of: role === "owner",
  team_user_id: teamUserId ?? null,
})
