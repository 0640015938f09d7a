/**
 * Report searches and the tiles search (docs/api.md, Searches and tiles):
 *
 * - `GET /api/v4/reports/search?filter[…]&exclude[…]&order[…]` starts a search: `200 {id, url}`.
 * - `GET /api/v4/report_searches/{id}`: `202 {id, status: "pending"}` while it runs, a `500`
 *   problem when it failed, else a page of map items (`Range: objects=…`, `Content-Range: reports …`).
 * - `GET /api/v4/report_searches/{id}/reports`: the same pages as full reports, with `fields`.
 * - `GET /api/v4/reports/tiles?scale=…&bbox=…` with the same `filter[…]` and `exclude[…]`: report
 *   counts per grid cell.
 */

import { href } from "@fieldreport/contract/Api"
import type { reportSearches } from "@fieldreport/contract/endpoints/ReportSearches"
import * as FieldCatalogue from "@fieldreport/domain/FieldCatalogue"
import * as RangePage from "@fieldreport/domain/RangePage"
import { Effect } from "effect"
import type { AppServices } from "../../AppLayer.ts"
import { mapItemBody } from "../../presentation/ReportSearchView.ts"
import { Authentication } from "../../services/Authentication.ts"
import { ReportSearches } from "../../services/ReportSearches.ts"
import { Tiles } from "../../services/Tiles.ts"
import type { GroupHandlers } from "../EndpointRouter.ts"
import { fieldsOf } from "../Fields.ts"
import { baseUrlOf, idParam, requestOrigin } from "../Request.ts"
import { json, type Route } from "../Route.ts"

/** What a page of search results counts in `Accept-Ranges` and `Content-Range`. */
const resource = "reports"

/** The search routes. */
export const reportSearchRoutes = (route: Route<AppServices>): GroupHandlers<typeof reportSearches> => ({
  startReportSearch: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const { id } = yield* (yield* ReportSearches).start(actor, req.query)
        return json({ id, url: `${yield* baseUrlOf(req)}${href("getReportSearch", { id })}` })
      }),
    ),
  ],
  listReportTiles: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        return json(yield* (yield* Tiles).search(actor, req.query))
      }),
    ),
  ],
  getReportSearch: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const id = yield* idParam(req, "id")
        const page = yield* Effect.fromResult(RangePage.parse(req.get("range")))
        const found = yield* (yield* ReportSearches).mapItems(actor, id, page)
        if (found.status === "pending") return json({ id, status: "pending" }, 202)
        const baseUrl = yield* baseUrlOf(req)
        return json(
          found.items.map((row) => mapItemBody(baseUrl, row)),
          200,
          RangePage.headers(resource, page, found.items.length, found.total),
        )
      }),
    ),
  ],
  listReportSearchReports: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const id = yield* idParam(req, "id")
        const page = yield* Effect.fromResult(RangePage.parse(req.get("range")))
        const fields = yield* fieldsOf(req, FieldCatalogue.report)
        const found = yield* (yield* ReportSearches).reports(actor, id, page, {
          has: fields.has,
          origin: requestOrigin(req),
        })
        if (found.status === "pending") return json({ id, status: "pending" }, 202)
        return json(found.items.map(fields.render), 200, {
          ...fields.headers,
          ...RangePage.headers(resource, page, found.items.length, found.total),
        })
      }),
    ),
  ],
})
