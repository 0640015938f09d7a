/**
 * `/api/v4/deleted_resources`: the tombstones a field app syncs from (docs/api.md, Field apps and
 * offline sync), paginated with `Range` as the sync lists are (100 without it, at most 1,000).
 */
import type { deletedResources } from "@fieldreport/contract/endpoints/DeletedResources"
import { deletedResourceTypes } from "@fieldreport/domain/DeletedResource"
import * as QueryValue from "@fieldreport/domain/QueryValue"
import * as RangePage from "@fieldreport/domain/RangePage"
import { Effect } from "effect"
import type { AppServices } from "../../AppLayer.ts"
import { deletedResourceBody } from "../../presentation/DeletedResourceView.ts"
import { Authentication } from "../../services/Authentication.ts"
import { DeletedResources } from "../../services/DeletedResources.ts"
import type { GroupHandlers } from "../EndpointRouter.ts"
import { json, type Route } from "../Route.ts"
import { changedAfter } from "../Sync.ts"

/** The deleted resources routes. */
export const deletedResourceRoutes = (route: Route<AppServices>): GroupHandlers<typeof deletedResources> => ({
  listDeletedResources: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const type = yield* Effect.fromResult(QueryValue.oneOf(req.query, "type", deletedResourceTypes))
        const deletedAfter = yield* changedAfter(req, "deleted_after")
        const page = yield* Effect.fromResult(RangePage.parse(req.get("Range"), RangePage.sync))
        const { rows, total } = yield* (yield* DeletedResources).list(actor, { type, deletedAfter, page })
        return json(
          { deleted_resources: rows.map(deletedResourceBody) },
          200,
          RangePage.headers("deleted_resources", page, rows.length, total),
        )
      }),
    ),
  ],
})
