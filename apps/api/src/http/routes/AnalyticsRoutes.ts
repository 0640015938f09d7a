/**
 * `/api/v4/analytics/…`: the nine analytics endpoints (docs/api.md, Analytics). Every one is a GET
 * reading `channel_id`, `start_date`, `end_date` and `time_zone` with `AnalyticsBucket.parseQuery`;
 * a malformed query is `400` naming every parameter at fault.
 */

import type { analyticsGroup } from "@fieldreport/contract/endpoints/Analytics"
import * as AnalyticsBucket from "@fieldreport/domain/AnalyticsBucket"
import * as FieldCatalogue from "@fieldreport/domain/FieldCatalogue"
import { MalformedRequest } from "@fieldreport/domain/Invalid"
import * as QueryValue from "@fieldreport/domain/QueryValue"
import { Effect, Result } from "effect"
import type { Request } from "express"
import type { AppServices } from "../../AppLayer.ts"
import { Analytics } from "../../services/Analytics.ts"
import { type Actor, Authentication } from "../../services/Authentication.ts"
import type { GroupHandlers } from "../EndpointRouter.ts"
import { fieldsOf } from "../Fields.ts"
import type { HttpFailure } from "../Problem.ts"
import { requestOrigin } from "../Request.ts"
import { json, type Reply, type Route } from "../Route.ts"

/** The analytics query, and `field_id` when the endpoint requires it, with every problem at once. */
const queryWithField = (
  req: Request,
): Result.Result<
  { readonly query: AnalyticsBucket.AnalyticsQuery; readonly fieldId: number },
  MalformedRequest
> => {
  const query = AnalyticsBucket.parseQuery(req.query)
  const fieldId = Result.flatMap(QueryValue.integer(req.query, "field_id"), (id) =>
    id === undefined ? Result.fail(MalformedRequest.at("field_id", "is required")) : Result.succeed(id),
  )
  if (Result.isSuccess(query) && Result.isSuccess(fieldId))
    return Result.succeed({ query: query.success, fieldId: fieldId.success })
  const errors = {
    ...(Result.isFailure(query) ? query.failure.errors : {}),
    ...(Result.isFailure(fieldId) ? fieldId.failure.errors : {}),
  }
  return Result.fail(new MalformedRequest({ errors }))
}

/** The analytics routes. */
export const analyticsRoutes = (route: Route<AppServices>): GroupHandlers<typeof analyticsGroup> => {
  /** A handler that authenticates, reads the query, then answers with the analytics service. */
  const endpoint = (
    answer: (
      analytics: Analytics["Service"],
      actor: Actor,
      query: AnalyticsBucket.AnalyticsQuery,
      req: Request,
    ) => Effect.Effect<Reply, HttpFailure>,
  ) =>
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const query = yield* Effect.fromResult(AnalyticsBucket.parseQuery(req.query))
        return yield* answer(yield* Analytics, actor, query, req)
      }),
    )

  return {
    analyticsReportsImages: endpoint((analytics, actor, query, req) =>
      Effect.map(analytics.reportsImages(actor, query, requestOrigin(req)), json),
    ),
    analyticsReportsOverTime: endpoint((analytics, actor, query) =>
      Effect.map(analytics.reportsOverTime(actor, query), json),
    ),
    analyticsReportsPerState: endpoint((analytics, actor, query) =>
      Effect.map(analytics.reportsPerState(actor, query), json),
    ),
    analyticsReportsPerUser: endpoint((analytics, actor, query) =>
      Effect.map(analytics.reportsPerUser(actor, query), json),
    ),
    analyticsReportsPerDayHour: endpoint((analytics, actor, query) =>
      Effect.map(analytics.reportsPerDayHour(actor, query), json),
    ),
    analyticsReportsPerWeekDay: endpoint((analytics, actor, query) =>
      Effect.map(analytics.reportsPerWeekDay(actor, query), json),
    ),
    analyticsReportsRead: endpoint((analytics, actor, query, req) =>
      Effect.gen(function* () {
        const fields = yield* fieldsOf(req, FieldCatalogue.reportsRead)
        const counts = yield* analytics.reportsRead(actor, query)
        return json(fields.render(counts), 200, fields.headers)
      }),
    ),
    analyticsUserAwareness: endpoint((analytics, actor, query, req) =>
      Effect.gen(function* () {
        const fields = yield* fieldsOf(req, FieldCatalogue.userAwareness)
        const users = yield* analytics.userAwareness(actor, query)
        return json(
          users.map((user) => fields.render(user)),
          200,
          fields.headers,
        )
      }),
    ),
    // field_id joins the range parameters, so one 400 names every parameter at fault.
    analyticsReportsPerFieldSelection: route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const { query, fieldId } = yield* Effect.fromResult(queryWithField(req))
        return json(yield* (yield* Analytics).reportsPerFieldSelection(actor, query, fieldId))
      }),
    ),
  }
}
