/**
 * `/api/v4/audit_events`: the security audit log, newest first, paginated with `Range` and filtered
 * by `actor_id`, `team_id`, `kind`, `since` and `until` (docs/api.md, Audit events; who reads which
 * events is `AuditEvents`'s).
 */
import * as AuditEvent from "@fieldreport/domain/AuditEvent"
import * as RangePage from "@fieldreport/domain/RangePage"
import { Effect } from "effect"
import { Router } from "express"
import type { AppServices } from "../../AppLayer.ts"
import { AuditEvents } from "../../services/AuditEvents.ts"
import { Authentication } from "../../services/Authentication.ts"
import type { AuditEventRow } from "../../store/AuditStore.ts"
import { json, type Route } from "../Route.ts"

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

/** The audit event routes. */
export const auditEventRoutes = (route: Route<AppServices>): Router => {
  const router = Router()
  router.get(
    "/api/v4/audit_events",
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const query = yield* Effect.fromResult(AuditEvent.parseQuery(req.query))
        const page = yield* Effect.fromResult(RangePage.parse(req.get("Range")))
        const { rows, total } = yield* (yield* AuditEvents).list(actor, query, page)
        return json(
          rows.map(auditEventBody),
          200,
          RangePage.headers("audit_events", page, rows.length, total),
        )
      }),
    ),
  )
  return router
}
