/**
 * `/api/v4/reports`: fetch, create, update and upsert reports, and a report's state changes
 * (docs/api.md, Reports). Every answer that is a report takes `fields`.
 */

import { href } from "@fieldreport/contract/Api"
import type { reports } from "@fieldreport/contract/endpoints/Reports"
import * as FieldCatalogue from "@fieldreport/domain/FieldCatalogue"
import { ReportCreate, ReportUpdate, ReportUpsert } from "@fieldreport/domain/Report"
import { Effect } from "effect"
import type { Request } from "express"
import type { AppServices } from "../../AppLayer.ts"
import { stateChangeBody } from "../../presentation/ReportStateChangeView.ts"
import { type Actor, Authentication } from "../../services/Authentication.ts"
import type { ReadableReport } from "../../services/ReadableReport.ts"
import { type Filed, Reports } from "../../services/Reports.ts"
import { ReportView } from "../../services/ReportView.ts"
import type { GroupHandlers } from "../EndpointRouter.ts"
import { type Fields, fieldsOf } from "../Fields.ts"
import { bodyOf, idParam, requestOrigin } from "../Request.ts"
import { json, type Route } from "../Route.ts"

/** The report rendered for the request's `fields`, with the access the service decided. */
const renderOne = Effect.fnUntraced(function* (
  req: Request,
  actor: Actor,
  fields: Fields,
  readable: ReadableReport,
) {
  const body = yield* (yield* ReportView).renderReadable(actor, readable, {
    has: fields.has,
    origin: requestOrigin(req),
  })
  return fields.render(body)
})

/** A report a create or an upsert answers with: `201` with its address when filed just now, else `200`. */
const filedReply = Effect.fnUntraced(function* (req: Request, actor: Actor, fields: Fields, filed: Filed) {
  const body = yield* renderOne(req, actor, fields, filed)
  return filed.created
    ? json(body, 201, { ...fields.headers, Location: href("getReport", { report_id: filed.report.id }) })
    : json(body, 200, fields.headers)
})

/** The report routes. */
export const reportRoutes = (route: Route<AppServices>): GroupHandlers<typeof reports> => ({
  getReport: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const id = yield* idParam(req, "report_id")
        const fields = yield* fieldsOf(req, FieldCatalogue.report)
        const readable = yield* (yield* Reports).get(actor, id)
        return json(yield* renderOne(req, actor, fields, readable), 200, fields.headers)
      }),
    ),
  ],
  createReport: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const fields = yield* fieldsOf(req, FieldCatalogue.report)
        const input = yield* bodyOf(req, "report", ReportCreate)
        return yield* filedReply(req, actor, fields, yield* (yield* Reports).create(actor, input))
      }),
    ),
  ],
  upsertReport: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const fields = yield* fieldsOf(req, FieldCatalogue.report)
        const input = yield* bodyOf(req, "report", ReportUpsert)
        return yield* filedReply(req, actor, fields, yield* (yield* Reports).upsert(actor, input))
      }),
    ),
  ],
  updateReport: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const id = yield* idParam(req, "report_id")
        const fields = yield* fieldsOf(req, FieldCatalogue.report)
        const changes = yield* bodyOf(req, "report", ReportUpdate)
        const updated = yield* (yield* Reports).update(actor, id, changes)
        return json(yield* renderOne(req, actor, fields, updated), 200, fields.headers)
      }),
    ),
  ],
  listReportStateChanges: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const id = yield* idParam(req, "report_id")
        const fields = yield* fieldsOf(req, FieldCatalogue.reportStateChange)
        const changes = yield* (yield* Reports).stateChanges(actor, id)
        return json(
          changes.map((change) => fields.render(stateChangeBody(change))),
          200,
          fields.headers,
        )
      }),
    ),
  ],
})
