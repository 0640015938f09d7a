/**
 * `/api/v4/audit_events`: the security audit log (docs/api.md, Audit events).
 */
import { AuditEvent, AuditEventParameters, kinds } from "@fieldreport/domain/AuditEvent"
import { group, page, query } from "../Endpoint.ts"

const parameter = AuditEventParameters.fields

/** The audit event endpoints. */
export const auditEvents = group({
  name: "Audit events",
  noun: "audit event",
  description:
    "Security-relevant events, recorded as they happen and never changed: sign-ins (failed ones too), " +
    "sessions and API tokens, password and e-mail changes, user administration, invitations and team " +
    "memberships, team ownership, team and channel deletions, app administrators, shapes. Each says who acted " +
    "(`actor_id`, null when nobody is known), in which app and team, on what (`target_type`, `target_id`), " +
    "how it ended (`outcome`), from which client address, and in which request (`request_id`, the request id " +
    "of the server's log). Events are kept for `FIELDREPORT_AUDIT_RETENTION_DAYS` days (365 by default).",
  endpoints: [
    {
      method: "get",
      path: "/api/v4/audit_events",
      operationId: "listAuditEvents",
      summary: "List audit events",
      description:
        "Newest first. Platform administrators read every event; the current app's administrators the events " +
        "of their app; team owners the events of the teams they own in the current app (all of them, or the " +
        "one `team_id` names: another tenant's team is `404`, a team they are in but do not own `403`). " +
        "Anybody else is `403`. An API token may read them as its user. A malformed filter is `400` naming " +
        "the parameter.",
      query: [
        query("actor_id", parameter.actor_id.schema, "Only events by this user."),
        query("team_id", parameter.team_id.schema, "Only events of this team."),
        query(
          "kind",
          parameter.kind.schema,
          `Only events of these kinds: one, or a list (\`kind=a,b\` or \`kind[]=a&kind[]=b\`) of ${kinds.join(", ")}.`,
        ),
        query(
          "since",
          parameter.since.schema,
          "Only events at or after this instant (ISO 8601 with a zone).",
        ),
        query("until", parameter.until.schema, "Only events before this instant (ISO 8601 with a zone)."),
      ],
      replies: { 200: page(AuditEvent, "One page of events.") },
      errors: [403, 404],
    },
  ],
})
