/**
 * The form of a channel (docs/api.md, Forms): read by the channel's readers, replaced as a whole by
 * its admins.
 *
 * Keys are the server's: a field is answered on reports under `f_<form>_<field>_<n>` and an option
 * by `f_<form>_<field>_<n>_<option>_<m>`, where `<n>` and `<option>` come from the form's counter
 * (so no key is ever given twice, even after a field or option is dropped) and `<m>` counts the
 * field's options. A field sent back with its id keeps its key, and an option sent back with its
 * value keeps it, so reports filed before keep their answers; a field left out is only marked
 * removed, for the same reason.
 */
import type { ChoiceDefinition, FieldDefinition, FormDefinition } from "@fieldreport/domain/Form"
import { ChoiceDefinitionFromString } from "@fieldreport/domain/Form"
import {
  type ChoiceOption,
  choiceOptions,
  type FieldKey,
  type FormField,
  isChoice,
} from "@fieldreport/domain/FormField"
import { InvalidInput } from "@fieldreport/domain/Invalid"
import { Context, Effect, Layer, Schema } from "effect"
import type { Forbidden, NotFound } from "../Errors.ts"
import { type FormFieldRow, type FormRow, FormStore } from "../store/FormStore.ts"
import * as Transaction from "../store/Transaction.ts"
import { Access } from "./Access.ts"
import type { Actor } from "./Authentication.ts"

/** A form with its fields in order. */
export interface FormWithFields {
  readonly form: FormRow
  readonly fields: ReadonlyArray<FormFieldRow>
}

/**
 * The key of a field.
 *
 * @example
 * ```ts
 * fieldKey(1, 14, 38) // "f_1_14_38"
 * ```
 */
export const fieldKey = (formId: number, fieldId: number, n: number): string => `f_${formId}_${fieldId}_${n}`

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

/** Hands out the numbers reserved from a form's counter, one at a time. */
const counter = (first: number) => {
  let next = first
  return () => next++
}

const decodeChoices = Schema.decodeUnknownSync(ChoiceDefinitionFromString)

/** A field of a definition matched with the field it keeps (if any), each option marked kept or new. */
interface PlannedField {
  readonly definition: FieldDefinition
  readonly old: FormFieldRow | undefined
  readonly choices: ChoiceDefinition | undefined
  readonly keepsOption: ReadonlyArray<boolean>
}

/** Matches a definition's fields and options with those the form has; an unknown option value is new. */
const plan = (
  definition: FormDefinition,
  existing: ReadonlyMap<number, FormFieldRow>,
): ReadonlyArray<PlannedField> =>
  definition.fields.map((field) => {
    const old = field.id === undefined ? undefined : existing.get(field.id)
    const choices = isChoice(field.field_type) ? decodeChoices(field.data) : undefined
    const known = new Set(old === undefined ? [] : choiceOptions(old).map((option) => option.value))
    const keepsOption = (choices?.options ?? []).map(
      (option) => option.value !== undefined && known.has(option.value),
    )
    return { definition: field, old, choices, keepsOption }
  })

/** How many numbers of the form's counter the new fields and options of a plan take. */
const numbersNeeded = (planned: ReadonlyArray<PlannedField>): number =>
  planned.reduce(
    (count, field) =>
      count + (field.old === undefined ? 1 : 0) + field.keepsOption.filter((keeps) => !keeps).length,
    0,
  )

/** The last number of an option value, `<m>` of `…_<option>_<m>`. */
const ordinalOf = (value: string): number => Number(value.slice(value.lastIndexOf("_") + 1))

/**
 * The stored `data` of a field: for a choice field, the options with every value filled in (kept
 * ones as they were, new ones fresh) and every flag explicit.
 */
const dataOf = (field: PlannedField, key: string, take: () => number): string => {
  if (field.choices === undefined) return field.definition.data
  const existing = field.old === undefined ? [] : choiceOptions(field.old)
  let ordinal = Math.max(0, ...existing.map((option) => ordinalOf(option.value)))
  const options = field.choices.options.map(
    (option, index): ChoiceOption => ({
      label: option.label,
      value:
        field.keepsOption[index] && option.value !== undefined
          ? option.value
          : `${key}_${take()}_${++ordinal}`,
      enabled: option.enabled ?? true,
      multi_option_id: option.multi_option_id ?? null,
      display_order: option.display_order ?? index,
      is_default: option.is_default ?? false,
    }),
  )
  return JSON.stringify({ multi_select: field.choices.multi_select, options })
}

/** Checks the ids of a definition against the form's fields; a kept field keeps its type. */
const checkIds = (
  definition: FormDefinition,
  existing: ReadonlyMap<number, FormFieldRow>,
): Effect.Effect<void, InvalidInput> => {
  const errors: Record<string, Array<string>> = {}
  definition.fields.forEach((field, index) => {
    if (field.id === undefined) return
    const kept = existing.get(field.id)
    if (kept === undefined) errors[`form.fields.${index}.id`] = ["is not a field of this form"]
    else if (kept.field_type !== field.field_type) {
      errors[`form.fields.${index}.field_type`] = [
        `cannot change from ${kept.field_type}, as reports keep answers of that type; add a new field instead`,
      ]
    }
  })
  return Object.keys(errors).length === 0 ? Effect.void : Effect.fail(new InvalidInput({ errors }))
}

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

      const get = Effect.fn("Forms.get")(function* (actor: Actor, channelId: number) {
        yield* access.channelFor(actor, channelId, "read")
        const form = yield* formOf(channelId)
        return { form, fields: yield* forms.fields(form.id, { removed: false }) }
      })

      const replace = Effect.fn("Forms.replace")(function* (
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
            yield* checkIds(definition, existing)
            const planned = plan(definition, existing)
            const needed = numbersNeeded(planned)
            const take = counter(needed === 0 ? 0 : yield* forms.takeNumbers(form.id, needed))
            const kept: Array<number> = []
            for (const [index, field] of planned.entries()) {
              const { definition: sent, old } = field
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
                    const key = fieldKey(form.id, id, n)
                    return { key, data: dataOf(field, key, take) }
                  },
                )
                kept.push(inserted.id)
              } else {
                yield* forms.updateField(old.id, { ...changes, data: dataOf(field, old.key, take) })
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
