/**
 * The team user resource on the wire (docs/api.md, Team users; Invitations).
 */
import type { JoinedTeamUser, TeamUserRecord } from "../store/TeamUserStore.ts"

/**
 * The team user resource with every field of the catalogue; the counts are those computed for the
 * request (null when not selected). An invitee who has not accepted is only their invitation
 * (docs/api.md, Invitations): `id`, `agreed_to_join`, `last_invited_at`, `role`, `user_id` and
 * `status`, never the person's names, e-mail address (invitations name users by id, so no inviter
 * gave one), device state, activity or counts.
 *
 * @example
 * ```ts
 * teamUserBody(row) // { id: 14, agreed_to_join: true, app_version: "2.9.6", …, status: "active", supervisor_id: null }
 * teamUserBody(invitee) // { id: 15, agreed_to_join: false, last_invited_at: "…", role: "team_member", user_id: 23, status: "invited" }
 * ```
 */
export const teamUserBody = (row: TeamUserRecord) =>
  row.agreed_to_join === 1
    ? joinedBody(row)
    : {
        id: row.id,
        agreed_to_join: false,
        last_invited_at: row.last_invited_at,
        role: row.role,
        user_id: row.user_id,
        status: row.status,
      }

const joinedBody = (row: JoinedTeamUser) => ({
  id: row.id,
  agreed_to_join: row.agreed_to_join === 1,
  app_version: row.app_version,
  bluetooth_enabled: row.bluetooth_enabled === 1,
  email: row.email,
  first_name: row.first_name,
  last_active_at: row.last_active_at,
  last_invited_at: row.last_invited_at,
  last_name: row.last_name,
  location_enabled: row.location_enabled === 1,
  push_notification_enabled: row.push_notification_enabled === 1,
  role: row.role,
  user_id: row.user_id,
  channel_count: row.channel_count,
  report_count: row.report_count,
  status: row.status,
  supervisor_id: row.supervisor_id,
})
