/**
 * `/api/v4/report_states`: list, fetch, create and update the report states of channels
 * (docs/api.md, Report states).
 */

import { href } from "@fieldreport/contract/Api"
import type { reportStates } from "@fieldreport/contract/endpoints/ReportStates"
import * as FieldCatalogue from "@fieldreport/domain/FieldCatalogue"
import * as QueryValue from "@fieldreport/domain/QueryValue"
import { ReportStateCreate, ReportStateUpdate } from "@fieldreport/domain/ReportStateRecord"
import { Effect } from "effect"
import type { AppServices } from "../../AppLayer.ts"
import { reportStateBody } from "../../presentation/ReportStateView.ts"
import { Authentication } from "../../services/Authentication.ts"
import { ReportStates } from "../../services/ReportStates.ts"
import type { GroupHandlers } from "../EndpointRouter.ts"
import { fieldsOf } from "../Fields.ts"
import { bodyOf, idParam } from "../Request.ts"
import { json, type Route } from "../Route.ts"

/** The report state routes. */
export const reportStateRoutes = (route: Route<AppServices>): GroupHandlers<typeof reportStates> => ({
  listReportStates: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const channelId = yield* Effect.fromResult(QueryValue.integer(req.query, "channel_id"))
        const fields = yield* fieldsOf(req, FieldCatalogue.reportState)
        const states = yield* (yield* ReportStates).list(actor, channelId)
        return json(
          states.map((state) => fields.render(reportStateBody(state))),
          200,
          fields.headers,
        )
      }),
    ),
  ],
  getReportState: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const id = yield* idParam(req, "id")
        const fields = yield* fieldsOf(req, FieldCatalogue.reportState)
        const state = yield* (yield* ReportStates).get(actor, id)
        return json(fields.render(reportStateBody(state)), 200, fields.headers)
      }),
    ),
  ],
  createReportState: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const input = yield* bodyOf(req, "report_state", ReportStateCreate)
        const state = yield* (yield* ReportStates).create(actor, input)
        return json(reportStateBody(state), 201, { Location: href("getReportState", { id: state.id }) })
      }),
    ),
  ],
  updateReportState: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const id = yield* idParam(req, "id")
        const changes = yield* bodyOf(req, "report_state", ReportStateUpdate)
        const state = yield* (yield* ReportStates).update(actor, id, changes)
        return json(reportStateBody(state))
      }),
    ),
  ],
})
