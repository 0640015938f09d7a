/**
 * `/api/v4/channels/{id}/form`: read a channel's form, and replace its definition (api-decisions §10).
 */
import * as FieldCatalogue from "@fieldreport/domain/FieldCatalogue"
import { FormDefinition } from "@fieldreport/domain/Form"
import { Effect } from "effect"
import { Router } from "express"
import type { AppServices } from "../../AppLayer.ts"
import { Authentication } from "../../services/Authentication.ts"
import { Forms, type FormWithFields } from "../../services/Forms.ts"
import type { FormFieldRow } from "../../store/FormStore.ts"
import { fieldsOf } from "../Fields.ts"
import { bodyOf, idParam } from "../Request.ts"
import { json, type Route } from "../Route.ts"

/**
 * The form field record of a row, with `value` null as on a form definition.
 *
 * @example
 * ```ts
 * formFieldBody(row) // { id: 13, label: "Category", key: "f_1_13_1", field_type: "Category", … }
 * ```
 */
export const formFieldBody = (field: FormFieldRow) => ({
  id: field.id,
  label: field.label,
  key: field.key,
  field_type: field.field_type,
  form_order: field.form_order,
  data: field.data,
  mandatory: field.mandatory === null ? null : field.mandatory === 1,
  visibility: field.visibility,
  field_visibility: field.field_visibility,
  value: null,
  editable: field.editable === 1,
})

const formBody = ({ form, fields }: FormWithFields) => ({
  id: form.id,
  name: form.name,
  version: form.version,
  fields: fields.map(formFieldBody),
})

/** The form routes. */
export const formRoutes = (route: Route<AppServices>): Router => {
  const router = Router()
  router.get(
    "/api/v4/channels/:id/form",
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const channelId = yield* idParam(req, "id")
        const fields = yield* fieldsOf(req, FieldCatalogue.form)
        const form = yield* (yield* Forms).get(actor, channelId)
        return json(fields.render(formBody(form)), 200, fields.headers)
      }),
    ),
  )
  router.put(
    "/api/v4/channels/:id/form",
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const channelId = yield* idParam(req, "id")
        const definition = yield* bodyOf(req, "form", FormDefinition)
        const form = yield* (yield* Forms).replace(actor, channelId, definition)
        return json(formBody(form))
      }),
    ),
  )
  return router
}
