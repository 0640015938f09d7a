/**
 * `/api/v4/reports`: fetch, create, update, upsert and delete reports, the sync list of a field
 * app, and the reports' state changes (docs/api.md, Reports; Field apps and offline sync). Every
 * answer that is a report takes `fields`. A report in a path is named by its id or its client
 * uuid; a fetch and an update answer its version as the `ETag`, and an update with an `If-Match`
 * the report moved past is answered `412` with the report as it is.
 */

import { href } from "@fieldreport/contract/Api"
import type { reports } from "@fieldreport/contract/endpoints/Reports"
import * as FieldCatalogue from "@fieldreport/domain/FieldCatalogue"
import { decodeInput, MalformedRequest } from "@fieldreport/domain/Invalid"
import * as QueryValue from "@fieldreport/domain/QueryValue"
import * as RangePage from "@fieldreport/domain/RangePage"
import { ReportCreate, ReportUpdate, ReportUpsert } from "@fieldreport/domain/Report"
import { bulkUpdateItem, ReportBulkUpdate } from "@fieldreport/domain/ReportBulkUpdate"
import { Effect } from "effect"
import type { Request } from "express"
import type { AppServices } from "../../AppLayer.ts"
import { reportChangeBody } from "../../presentation/ReportChangeView.ts"
import { stateChangeBody } from "../../presentation/ReportStateChangeView.ts"
import { type Actor, Authentication } from "../../services/Authentication.ts"
import type { ReadableReport, ReportKey } from "../../services/ReadableReport.ts"
import { ReportChanges } from "../../services/ReportChanges.ts"
import { type Filed, Reports } from "../../services/Reports.ts"
import { ReportView } from "../../services/ReportView.ts"
import type { GroupHandlers } from "../EndpointRouter.ts"
import { type Fields, fieldsOf } from "../Fields.ts"
import { fromFailure } from "../Problem.ts"
import { bodyOf, requestOrigin } from "../Request.ts"
import { json, noContent, type Route } from "../Route.ts"
import { changedAfter, etag, ifMatchOf } from "../Sync.ts"

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The report a path names by `report_id`: an integer is its id, a UUID its client uuid (ids are
 * integers, uuids are not, so the form says which); anything else is malformed.
 */
const reportKeyOf = (req: Request): Effect.Effect<ReportKey, MalformedRequest> => {
  const value = req.params.report_id
  if (typeof value === "string" && /^\d{1,15}$/.test(value)) return Effect.succeed(Number(value))
  if (typeof value === "string" && uuidPattern.test(value)) return Effect.succeed(value)
  return Effect.fail(MalformedRequest.at("report_id", "must be an integer id or a UUID"))
}

/** `preset_filter=syncable_reports`, whether given; any other value is malformed. */
const syncableOnly = (req: Request) =>
  Effect.map(
    Effect.fromResult(QueryValue.oneOf(req.query, "preset_filter", ["syncable_reports"])),
    (preset) => preset !== undefined,
  )

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

/**
 * The result of one item of a bulk update: the report as `PATCH` answers it, or the status and
 * reasons a single update would be refused with (`base` naming the whole item when no field is
 * at fault).
 */
const bulkUpdateResult = (req: Request, actor: Actor, fields: Fields) => (item: unknown, ref: number) =>
  Effect.gen(function* () {
    const { id, changes } = yield* Effect.fromResult(bulkUpdateItem(item))
    const updated = yield* (yield* Reports).update(actor, id, changes)
    return { ref, data: yield* renderOne(req, actor, fields, updated), http_status: 200, errors: {} }
  }).pipe(
    // Without `If-Match` an update is never stale.
    Effect.catchTag("Stale", (stale) => Effect.die(stale)),
    Effect.catch((failure) => {
      const { body } = fromFailure(failure)
      return Effect.succeed({ ref, http_status: body.status, errors: body.errors ?? { base: [body.error] } })
    }),
  )

/** The report routes. */
export const reportRoutes = (route: Route<AppServices>): GroupHandlers<typeof reports> => ({
  getReport: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const key = yield* reportKeyOf(req)
        const fields = yield* fieldsOf(req, FieldCatalogue.report)
        const readable = yield* (yield* Reports).get(actor, key)
        return json(yield* renderOne(req, actor, fields, readable), 200, {
          ...fields.headers,
          ...etag(readable.report.version),
        })
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
        const key = yield* reportKeyOf(req)
        const fields = yield* fieldsOf(req, FieldCatalogue.report)
        const changes = yield* bodyOf(req, "report", ReportUpdate)
        const ifMatch = yield* ifMatchOf(req)
        const answer = (readable: ReadableReport, status: number) =>
          Effect.map(renderOne(req, actor, fields, readable), (body) =>
            json(body, status, { ...fields.headers, ...etag(readable.report.version) }),
          )
        return yield* (yield* Reports).update(actor, key, changes, ifMatch).pipe(
          Effect.flatMap((updated) => answer(updated, 200)),
          Effect.catchTag("Stale", ({ current }) => answer(current, 412)),
        )
      }),
    ),
  ],
  bulkUpdateReports: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const fields = yield* fieldsOf(req, FieldCatalogue.report)
        // The body is the array itself, as in the dialect's bulk creates.
        const items = yield* Effect.fromResult(decodeInput(ReportBulkUpdate, req.body, "reports"))
        const results = yield* Effect.forEach(items, bulkUpdateResult(req, actor, fields))
        const allUpdated = results.every((result) => result.http_status === 200)
        return json(results, allUpdated ? 200 : 207, fields.headers)
      }),
    ),
  ],
  deleteReport: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        yield* (yield* Reports).remove(actor, yield* reportKeyOf(req))
        return noContent
      }),
    ),
  ],
  listReports: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        if (!(yield* syncableOnly(req)))
          return yield* MalformedRequest.at("preset_filter", "must be syncable_reports")
        const after = yield* changedAfter(req, "updated_after")
        const fields = yield* fieldsOf(req, FieldCatalogue.report)
        const page = yield* Effect.fromResult(RangePage.parse(req.get("Range"), RangePage.sync))
        const { rows, total } = yield* (yield* Reports).syncable(actor, {
          after,
          offset: page.start,
          limit: RangePage.size(page),
        })
        const bodies = yield* (yield* ReportView).render(actor, rows, {
          has: fields.has,
          origin: requestOrigin(req),
        })
        return json(bodies.map(fields.render), 200, {
          ...fields.headers,
          ...RangePage.headers("reports", page, rows.length, total),
        })
      }),
    ),
  ],
  listReportChanges: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const key = yield* reportKeyOf(req)
        const page = yield* Effect.fromResult(RangePage.parse(req.get("Range")))
        const { rows, total } = yield* (yield* ReportChanges).page(actor, key, {
          offset: page.start,
          limit: RangePage.size(page),
        })
        return json(
          rows.map(reportChangeBody),
          200,
          RangePage.headers("report_changes", page, rows.length, total),
        )
      }),
    ),
  ],
  listReportStateChanges: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const key = yield* reportKeyOf(req)
        const fields = yield* fieldsOf(req, FieldCatalogue.reportStateChange)
        const changes = yield* (yield* Reports).stateChanges(actor, key)
        return json(
          changes.map((change) => fields.render(stateChangeBody(change))),
          200,
          fields.headers,
        )
      }),
    ),
  ],
  listAllReportStateChanges: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const fields = yield* fieldsOf(req, FieldCatalogue.reportStateChange)
        const page = yield* Effect.fromResult(RangePage.parse(req.get("Range")))
        const { rows, total } = yield* (yield* Reports).allStateChanges(actor, {
          syncableOnly: yield* syncableOnly(req),
          reportId: yield* Effect.fromResult(QueryValue.integer(req.query, "report_id")),
          after: yield* changedAfter(req, "updated_after"),
          offset: page.start,
          limit: RangePage.size(page),
        })
        return json(
          rows.map((change) => fields.render(stateChangeBody(change))),
          200,
          { ...fields.headers, ...RangePage.headers("report_state_changes", page, rows.length, total) },
        )
      }),
    ),
  ],
})
