/**
 * A pending invitation by e-mail address on the wire (docs/api.md, Invitations).
 */
import type { TeamInvitationRow } from "../store/TeamInvitationStore.ts"

/**
 * The invitation as its team's managers read it: never its token.
 *
 * @example
 * ```ts
 * teamInvitationBody(row)
 * // { id: 4, email: "ana@example.com", team_role: "team_member", channel_role: "reporter", channel_ids: [7],
 * //   inviter_id: 2, last_invited_at: "…", expires_at: "…" }
 * ```
 */
export const teamInvitationBody = (row: TeamInvitationRow) => ({
  id: row.id,
  email: row.email,
  team_role: row.team_role,
  channel_role: row.channel_role,
  channel_ids: row.channel_ids,
  inviter_id: row.inviter_id,
  last_invited_at: row.last_invited_at,
  expires_at: row.expires_at,
})
