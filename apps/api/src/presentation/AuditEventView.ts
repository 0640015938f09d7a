/**
 * The audit event resource on the wire (docs/api.md, Audit events).
 */
import type * as AuditEvent from "@fieldreport/domain/AuditEvent"
import type { AuditEventRow } from "../store/AuditStore.ts"

/**
 * The audit event resource of a row, as it goes on the wire.
 *
 * @example
 * ```ts
 * auditEventBody(row) // { id: 5, occurred_at: "…", kind: "channel.deleted", actor_id: 2, …, detail: { name: "Roads" } }
 * ```
 */
export const auditEventBody = (row: AuditEventRow): typeof AuditEvent.AuditEvent.Encoded => ({
  id: row.id,
  occurred_at: row.occurred_at,
  kind: row.kind as AuditEvent.Kind,
  actor_id: row.actor_user_id,
  branded_app_id: row.branded_app_id,
  team_id: row.team_id,
  target_type: row.target_type,
  target_id: row.target_id,
  outcome: row.outcome,
  client_address: row.client_address,
  request_id: row.request_id,
  // Written by the audit log itself as a flat JSON object.
  detail: row.detail === null ? null : (JSON.parse(row.detail) as AuditEvent.Detail),
})
