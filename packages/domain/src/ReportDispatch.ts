/**
 * Dispatching a report: moving it to another state, and choosing who works on it and by when.
 * That is the channel's operators' and admins' work (docs/api.md, Tenancy and roles); reporters
 * edit their own reports' other fields. These rules say which changes dispatch, so that a client
 * sending the whole report back unchanged is not refused.
 */
import type { DateTime } from "effect"
import { type ChannelRoles, channelRolesAllow } from "./Roles.ts"
import { format } from "./Timestamp.ts"

/**
 * Whether a user's roles in a channel let them dispatch its reports: operators and admins.
 *
 * @example
 * ```ts
 * mayDispatch({ channelRole: "reporter", teamRole: "owner" }) // false
 * mayDispatch({ channelRole: "operator", teamRole: "team_member" }) // true
 * ```
 */
export const mayDispatch = (roles: ChannelRoles): boolean => channelRolesAllow(roles, "operate")

/**
 * Whether a change moves the report to another state (`report_state_id` given and not the
 * current one).
 *
 * @example
 * ```ts
 * movesState({ report_state_id: 1 }, 1) // false
 * movesState({ report_state_id: 1 }, 2) // true
 * ```
 */
export const movesState = (
  report: { readonly report_state_id: number },
  requested: number | undefined,
): boolean => requested !== undefined && requested !== report.report_state_id

/**
 * Whether a change gives the report another assignee or another due time. The report holds its
 * due time as the API writes it (`Timestamp.format`).
 *
 * @example
 * ```ts
 * reassigns({ assignee_id: 22, assignment_due_at: null }, { assignee_id: 22 }) // false
 * reassigns({ assignee_id: 22, assignment_due_at: null }, { assignee_id: null }) // true
 * ```
 */
export const reassigns = (
  report: { readonly assignee_id: number | null; readonly assignment_due_at: string | null },
  change: {
    readonly assignee_id?: number | null | undefined
    readonly assignment_due_at?: DateTime.Utc | null | undefined
  },
): boolean =>
  (change.assignee_id !== undefined && change.assignee_id !== report.assignee_id) ||
  (change.assignment_due_at !== undefined &&
    (change.assignment_due_at === null ? null : format(change.assignment_due_at)) !==
      report.assignment_due_at)
