/**
 * `/api/v4/alert_areas`: the current user's alert areas (docs/api.md, Alert areas). Every field is
 * default; `fields` may leave some out.
 */

import { href } from "@fieldreport/contract/Api"
import type { alertAreas } from "@fieldreport/contract/endpoints/AlertAreas"
import * as FieldCatalogue from "@fieldreport/domain/FieldCatalogue"
import { Effect } from "effect"
import type { AppServices } from "../../AppLayer.ts"
import { alertAreaBody } from "../../presentation/AlertAreaView.ts"
import { AlertAreas } from "../../services/AlertAreas.ts"
import { Authentication } from "../../services/Authentication.ts"
import type { GroupHandlers } from "../EndpointRouter.ts"
import { fieldsOf } from "../Fields.ts"
import { idParam } from "../Request.ts"
import { json, noContent, type Route } from "../Route.ts"

/** The alert area routes. */
export const alertAreaRoutes = (route: Route<AppServices>): GroupHandlers<typeof alertAreas> => ({
  listAlertAreas: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const fields = yield* fieldsOf(req, FieldCatalogue.alertArea)
        const areas = yield* (yield* AlertAreas).list(actor)
        return json(
          areas.map((area) => fields.render(alertAreaBody(area))),
          200,
          fields.headers,
        )
      }),
    ),
  ],
  createAlertArea: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const area = yield* (yield* AlertAreas).create(actor, req.body)
        return json(alertAreaBody(area), 201, { Location: href("getAlertArea", { id: area.id }) })
      }),
    ),
  ],
  getAlertArea: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const id = yield* idParam(req, "id")
        const fields = yield* fieldsOf(req, FieldCatalogue.alertArea)
        const area = yield* (yield* AlertAreas).get(actor, id)
        return json(fields.render(alertAreaBody(area)), 200, fields.headers)
      }),
    ),
  ],
  updateAlertArea: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const id = yield* idParam(req, "id")
        yield* (yield* AlertAreas).update(actor, id, req.body)
        return noContent
      }),
    ),
  ],
  deleteAlertArea: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const id = yield* idParam(req, "id")
        yield* (yield* AlertAreas).remove(actor, id)
        return noContent
      }),
    ),
  ],
})
