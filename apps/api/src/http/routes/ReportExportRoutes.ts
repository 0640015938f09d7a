/**
 * Exports of report searches (docs/api.md, Exports):
 *
 * - `POST /api/v4/report_exports` `{report_export: {report_search_id, format, fields?, excel?}}`
 *   starts one: `202 {id, url}`.
 * - `GET /api/v4/report_exports`: the caller's exports of the last 24 hours, newest first, paged with
 *   `Range`, each whatever its state (`listedExport`).
 * - `GET /api/v4/report_exports/{id}`: `202 {id, state, rows_written, rows_total}` while it runs,
 *   `200 {id, state: "done", format, download_url, rows, bytes, expires_at}` once done, a `500`
 *   problem with `state: "failed"` when it failed.
 * - `GET /api/v4/report_exports/{id}/file?expires=…&signature=…`: the file, behind its signed,
 *   expiring address.
 */
import { href } from "@fieldreport/contract/Api"
import type { reportExports } from "@fieldreport/contract/endpoints/ReportExports"
import * as RangePage from "@fieldreport/domain/RangePage"
import { ReportExportCreate } from "@fieldreport/domain/ReportExport"
import { Effect } from "effect"
import type { AppServices } from "../../AppLayer.ts"
import { NotFound } from "../../Errors.ts"
import { listedExport, progressReply } from "../../presentation/ReportExportView.ts"
import { Authentication } from "../../services/Authentication.ts"
import { ReportExports } from "../../services/ReportExports.ts"
import type { GroupHandlers } from "../EndpointRouter.ts"
import { sendFile, sent } from "../FileReply.ts"
import { baseUrlOf, bodyOf, idParam } from "../Request.ts"
import { json, type Route } from "../Route.ts"

/** The report export routes. */
export const reportExportRoutes = (route: Route<AppServices>): GroupHandlers<typeof reportExports> => ({
  startReportExport: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const request = yield* bodyOf(req, "report_export", ReportExportCreate)
        const baseUrl = yield* baseUrlOf(req)
        const { id } = yield* (yield* ReportExports).start(actor, request, baseUrl)
        return json({ id, url: `${baseUrl}${href("getReportExport", { id })}` }, 202)
      }),
    ),
  ],
  listReportExports: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const page = yield* Effect.fromResult(RangePage.parse(req.get("Range")))
        const { items, total } = yield* (yield* ReportExports).list(actor, page, yield* baseUrlOf(req))
        return json(
          items.map(listedExport),
          200,
          RangePage.headers("report_exports", page, items.length, total),
        )
      }),
    ),
  ],
  getReportExport: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const id = yield* idParam(req, "id")
        const reply = progressReply(yield* (yield* ReportExports).progress(actor, id, yield* baseUrlOf(req)))
        return json(
          reply.body,
          reply.status,
          reply.status === 500 ? { "Content-Type": "application/problem+json; charset=utf-8" } : {},
        )
      }),
    ),
  ],
  getReportExportFile: [
    route((req) =>
      Effect.gen(function* () {
        const { id } = req.params
        if (typeof id !== "string" || !/^\d{1,15}$/.test(id))
          return yield* new NotFound({ resource: "report export" })
        const file = yield* (yield* ReportExports).serve(Number(id), {
          expires: req.query.expires,
          signature: req.query.signature,
        })
        const res = req.res
        if (res === undefined) return yield* Effect.die("the request has no response")
        yield* sendFile(res, req.method, file)
        return sent
      }),
    ),
  ],
})
