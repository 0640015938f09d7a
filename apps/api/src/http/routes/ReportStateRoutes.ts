/**
 * `/api/v4/report_states`: list, fetch, create, update and delete the report states of channels
 * (docs/api.md, Report states); `/api/v4/channels/{channel_id}/report_states` lists, creates,
 * updates and deletes them with the channel in the path, through the same use cases.
 */

import { href } from "@fieldreport/contract/Api"
import type { reportStates } from "@fieldreport/contract/endpoints/ReportStates"
import * as FieldCatalogue from "@fieldreport/domain/FieldCatalogue"
import * as QueryValue from "@fieldreport/domain/QueryValue"
import {
  ChannelReportStateCreate,
  ReportStateCreate,
  ReportStateUpdate,
} from "@fieldreport/domain/ReportStateRecord"
import { Effect } from "effect"
import type { Request } from "express"
import type { AppServices } from "../../AppLayer.ts"
import { reportStateBody } from "../../presentation/ReportStateView.ts"
import { Authentication } from "../../services/Authentication.ts"
import { ReportStates } from "../../services/ReportStates.ts"
import type { GroupHandlers } from "../EndpointRouter.ts"
import { fieldsOf } from "../Fields.ts"
import { bodyOf, idParam } from "../Request.ts"
import { json, noContent, type Route } from "../Route.ts"

/** The report state routes. */
export const reportStateRoutes = (route: Route<AppServices>): GroupHandlers<typeof reportStates> => {
  /** The states of a channel, or of every channel the caller is a member of. */
  const list = (req: Request, channelId: number | undefined) =>
    Effect.gen(function* () {
      const actor = yield* (yield* Authentication).authenticate(req.headers)
      const fields = yield* fieldsOf(req, FieldCatalogue.reportState)
      const states = yield* (yield* ReportStates).list(actor, channelId)
      return json(
        states.map((state) => fields.render(reportStateBody(state))),
        200,
        fields.headers,
      )
    })

  /** Updates a state, of the channel the path names when it names one. */
  const update = (req: Request, channelId: number | undefined) =>
    Effect.gen(function* () {
      const actor = yield* (yield* Authentication).authenticate(req.headers)
      const id = yield* idParam(req, "id")
      const changes = yield* bodyOf(req, "report_state", ReportStateUpdate)
      const state = yield* (yield* ReportStates).update(actor, id, changes, channelId)
      return json(reportStateBody(state))
    })

  /** Deletes a state, of the channel the path names when it names one. */
  const remove = (req: Request, channelId: number | undefined) =>
    Effect.gen(function* () {
      const actor = yield* (yield* Authentication).authenticate(req.headers)
      const id = yield* idParam(req, "id")
      yield* (yield* ReportStates).remove(actor, id, channelId)
      return noContent
    })

  const created = (state: Parameters<typeof reportStateBody>[0]) =>
    json(reportStateBody(state), 201, { Location: href("getReportState", { id: state.id }) })

  return {
    listReportStates: [
      route((req) =>
        Effect.flatMap(Effect.fromResult(QueryValue.integer(req.query, "channel_id")), (channelId) =>
          list(req, channelId),
        ),
      ),
    ],
    listChannelReportStates: [
      route((req) => Effect.flatMap(idParam(req, "channel_id"), (channelId) => list(req, channelId))),
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
          return created(yield* (yield* ReportStates).create(actor, input))
        }),
      ),
    ],
    createChannelReportState: [
      route((req) =>
        Effect.gen(function* () {
          const actor = yield* (yield* Authentication).authenticate(req.headers)
          const channelId = yield* idParam(req, "channel_id")
          const input = yield* bodyOf(req, "report_state", ChannelReportStateCreate)
          return created(yield* (yield* ReportStates).createInChannel(actor, channelId, input))
        }),
      ),
    ],
    updateReportState: [route((req) => update(req, undefined))],
    updateChannelReportState: [
      route((req) => Effect.flatMap(idParam(req, "channel_id"), (channelId) => update(req, channelId))),
    ],
    deleteReportState: [route((req) => remove(req, undefined))],
    deleteChannelReportState: [
      route((req) => Effect.flatMap(idParam(req, "channel_id"), (channelId) => remove(req, channelId))),
    ],
  }
}
