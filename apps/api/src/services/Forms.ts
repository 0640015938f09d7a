/**
 * The form of a channel (docs/api.md, Forms): read by the channel's readers, replaced as a whole by
 * its admins.
 *
 * Which fields and options a definition keeps and the keys of new ones are the domain's
 * `FormRevision` rules; this service reserves the numbers of the form's counter, writes the fields
 * and increments the form's version, all in one transaction. A field left out is only marked
 * removed, so reports filed before keep their answers.
 */
import type { FormDefinition } from "@fieldreport/domain/Form"
import type { FieldKey, FormField } from "@fieldreport/domain/FormField"
import * as FormRevision from "@fieldreport/domain/FormRevision"
import type { InvalidInput } from "@fieldreport/domain/Invalid"
import { Context, Effect, Layer } from "effect"
import type { Forbidden, NotFound } from "../Errors.ts"
import { type FormFieldRow, type FormRow, FormStore } from "../store/FormStore.ts"
import * as Transaction from "../store/sql/Transaction.ts"
import { traced } from "../Traced.ts"
import { Access } from "./Access.ts"
import type { Actor } from "./Authentication.ts"

/** A form with its fields in order. */
export interface FormWithFields {
  readonly form: FormRow
  readonly fields: ReadonlyArray<FormFieldRow>
}

/**
 * A stored form field as the domain's form rules read it and the API renders it, `value` null as
 * on a form definition.
 *
 * @example
 * ```ts
 * FormAnswers.validate({ fields: rows.map(formFieldOf) }, answers, options)
 * ```
 */
export const formFieldOf = (row: FormFieldRow): FormField => ({
  id: row.id,
  label: row.label,
  // The server writes every key itself, in the `f_<form>_<field>_<n>` form.
  key: row.key as FieldKey,
  field_type: row.field_type,
  form_order: row.form_order,
  data: row.data,
  mandatory: row.mandatory === null ? null : row.mandatory === 1,
  visibility: row.visibility,
  field_visibility: row.field_visibility === "private" ? "private" : "public",
  value: null,
  editable: row.editable === 1,
})

/**
 * The forms service.
 *
 * @example
 * ```ts
 * const forms = yield* Forms
 * const { form, fields } = yield* forms.replace(actor, channelId, definition)
 * ```
 */
export class Forms extends Context.Service<
  Forms,
  {
    readonly get: (actor: Actor, channelId: number) => Effect.Effect<FormWithFields, NotFound | Forbidden>
    /** Replaces the definition of the channel's form in one transaction and increments its version. */
    readonly replace: (
      actor: Actor,
      channelId: number,
      definition: FormDefinition,
    ) => Effect.Effect<FormWithFields, NotFound | Forbidden | InvalidInput>
  }
>()("api/services/Forms") {
  static readonly layer = Layer.effect(
    Forms,
    Effect.gen(function* () {
      const inTransaction = yield* Transaction.runner
      const access = yield* Access
      const forms = yield* FormStore

      // Every channel is created with its form in the same transaction, so a missing one is a defect.
      const formOf = (channelId: number) =>
        Effect.flatMap(forms.findByChannel(channelId), (form) =>
          form === undefined
            ? Effect.die(new Error(`channel ${channelId} has no form`))
            : Effect.succeed(form),
        )

      const get = traced("Forms.get")(function* (actor: Actor, channelId: number) {
        yield* access.channelFor(actor, channelId, "read")
        const form = yield* formOf(channelId)
        return { form, fields: yield* forms.fields(form.id, { removed: false }) }
      })

      const replace = traced("Forms.replace")(function* (
        actor: Actor,
        channelId: number,
        definition: FormDefinition,
      ) {
        yield* access.channelFor(actor, channelId, "administer")
        return yield* inTransaction(
          Effect.gen(function* () {
            const form = yield* formOf(channelId)
            const existing = new Map(
              (yield* forms.fields(form.id, { removed: true })).map((field) => [field.id, field]),
            )
            yield* Effect.fromResult(FormRevision.checkIds(definition, existing))
            const planned = FormRevision.plan(definition, existing)
            const needed = FormRevision.numbersNeeded(planned)
            const take = FormRevision.numbering(needed === 0 ? 0 : yield* forms.takeNumbers(form.id, needed))
            const kept: Array<number> = []
            for (const [index, field] of planned.entries()) {
              const { definition: sent, kept: old } = field
              const changes = {
                label: sent.label,
                form_order: index,
                mandatory: sent.mandatory,
                field_visibility: sent.field_visibility,
              }
              if (old === undefined) {
                const n = take()
                const inserted = yield* forms.insertField(
                  form,
                  { ...changes, field_type: sent.field_type },
                  (id) => {
                    const key = FormRevision.fieldKey(form.id, id, n)
                    return { key, data: FormRevision.dataOf(field, key, take) }
                  },
                )
                kept.push(inserted.id)
              } else {
                yield* forms.updateField(old.id, {
                  ...changes,
                  data: FormRevision.dataOf(field, old.key, take),
                })
                kept.push(old.id)
              }
            }
            yield* forms.removeFieldsExcept(form.id, kept)
            const saved = yield* forms.saveDefinition(form.id, definition.name)
            return { form: saved, fields: yield* forms.fields(form.id, { removed: false }) }
          }),
        )
      })

      return Forms.of({ get, replace })
    }),
  )
}
