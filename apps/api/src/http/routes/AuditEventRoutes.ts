/**
 * `/api/v4/audit_events`: the security audit log, newest first, paginated with `Range` and filtered
 * by `actor_id`, `team_id`, `kind`, `since` and `until` (docs/api.md, Audit events; who reads which
 * events is `AuditEvents`'s).
 */

import type { auditEvents } from "@fieldreport/contract/endpoints/AuditEvents"
import * as AuditEvent from "@fieldreport/domain/AuditEvent"
import * as RangePage from "@fieldreport/domain/RangePage"
import { Effect } from "effect"
import type { AppServices } from "../../AppLayer.ts"
import { auditEventBody } from "../../presentation/AuditEventView.ts"
import { AuditEvents } from "../../services/AuditEvents.ts"
import { Authentication } from "../../services/Authentication.ts"
import type { GroupHandlers } from "../EndpointRouter.ts"
import { json, type Route } from "../Route.ts"

/** The audit event routes. */
export const auditEventRoutes = (route: Route<AppServices>): GroupHandlers<typeof auditEvents> => ({
  listAuditEvents: [
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
  ],
})
