/**
 * `/api/v4/channels/{id}/form`: read a channel's form, and replace its definition (docs/api.md,
 * Forms).
 */

import type { forms } from "@fieldreport/contract/endpoints/Forms"
import * as FieldCatalogue from "@fieldreport/domain/FieldCatalogue"
import { FormDefinition } from "@fieldreport/domain/Form"
import { Effect } from "effect"
import type { AppServices } from "../../AppLayer.ts"
import { formBody } from "../../presentation/FormView.ts"
import { Authentication } from "../../services/Authentication.ts"
import { Forms } from "../../services/Forms.ts"
import type { GroupHandlers } from "../EndpointRouter.ts"
import { fieldsOf } from "../Fields.ts"
import { bodyOf, idParam } from "../Request.ts"
import { json, type Route } from "../Route.ts"

/** The form routes. */
export const formRoutes = (route: Route<AppServices>): GroupHandlers<typeof forms> => ({
  getChannelForm: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const channelId = yield* idParam(req, "channel_id")
        const fields = yield* fieldsOf(req, FieldCatalogue.form)
        const form = yield* (yield* Forms).get(actor, channelId)
        return json(fields.render(formBody(form)), 200, fields.headers)
      }),
    ),
  ],
  replaceChannelForm: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const channelId = yield* idParam(req, "channel_id")
        const definition = yield* bodyOf(req, "form", FormDefinition)
        const form = yield* (yield* Forms).replace(actor, channelId, definition)
        return json(formBody(form))
      }),
    ),
  ],
})
