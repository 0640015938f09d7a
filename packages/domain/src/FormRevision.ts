/**
 * How a form definition replaces a channel's form (docs/api.md, Forms): which fields and options
 * it keeps, which are new, and the keys the new ones get.
 *
 * Keys are the server's: a field is answered on reports under `f_<form>_<field>_<n>` and an option
 * by `f_<form>_<field>_<n>_<option>_<m>`, where `<n>` and `<option>` come from the form's counter
 * (so no key is ever given twice, even after a field or option is dropped) and `<m>` counts the
 * field's options. A field sent back with its id keeps its key and its type, and an option sent
 * back with its value keeps it, so reports filed before keep their answers.
 */
import { Result, Schema } from "effect"
import {
  type ChoiceDefinition,
  ChoiceDefinitionFromString,
  type FieldDefinition,
  type FormDefinition,
} from "./Form.ts"
import { type ChoiceOption, choiceOptions, type FieldType, isChoice } from "./FormField.ts"
import { InvalidInput } from "./Invalid.ts"

/**
 * A field the form holds already (removed ones too), as far as a revision needs it.
 *
 * @example
 * ```ts
 * const known: KnownField = { id: 48, key: "f_1_48_17", field_type: "ShortTextBox", data: "" }
 * ```
 */
export interface KnownField {
  readonly id: number
  readonly key: string
  readonly field_type: FieldType
  readonly data: string
}

/**
 * A field of a definition matched with the field it keeps (none for a new field), with its
 * options when it is a choice field, each marked kept (its value is one of the kept field's) or new.
 *
 * @example
 * ```ts
 * const [first] = plan(definition, known)
 * first.kept === undefined // a new field
 * ```
 */
export interface PlannedField<F extends KnownField = KnownField> {
  readonly definition: FieldDefinition
  readonly kept: F | undefined
  readonly choices: ChoiceDefinition | undefined
  readonly keepsOption: ReadonlyArray<boolean>
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
 * Checks the ids of a definition against the form's fields: each must be one of them, and a kept
 * field keeps its type, since reports keep answers of that type.
 *
 * @example
 * ```ts
 * checkIds(definition, new Map([[48, known]])) // Result.fail(InvalidInput { "form.fields.1.id": [...] })
 * ```
 */
export const checkIds = (
  definition: FormDefinition,
  known: ReadonlyMap<number, KnownField>,
): Result.Result<void, InvalidInput> => {
  const errors: Record<string, Array<string>> = {}
  definition.fields.forEach((field, index) => {
    if (field.id === undefined) return
    const kept = known.get(field.id)
    if (kept === undefined) errors[`form.fields.${index}.id`] = ["is not a field of this form"]
    else if (kept.field_type !== field.field_type) {
      errors[`form.fields.${index}.field_type`] = [
        `cannot change from ${kept.field_type}, as reports keep answers of that type; add a new field instead`,
      ]
    }
  })
  return Object.keys(errors).length === 0 ? Result.void : Result.fail(new InvalidInput({ errors }))
}

const decodeChoices = Schema.decodeUnknownSync(ChoiceDefinitionFromString)

/**
 * Matches a definition's fields and options with those the form has; an option value the kept
 * field does not hold is new. The definition's ids were checked (`checkIds`).
 *
 * @example
 * ```ts
 * plan(definition, new Map(rows.map((row) => [row.id, row])))
 * ```
 */
export const plan = <F extends KnownField>(
  definition: FormDefinition,
  known: ReadonlyMap<number, F>,
): ReadonlyArray<PlannedField<F>> =>
  definition.fields.map((field) => {
    const kept = field.id === undefined ? undefined : known.get(field.id)
    const choices = isChoice(field.field_type) ? decodeChoices(field.data) : undefined
    const values = new Set(kept === undefined ? [] : choiceOptions(kept).map((option) => option.value))
    const keepsOption = (choices?.options ?? []).map(
      (option) => option.value !== undefined && values.has(option.value),
    )
    return { definition: field, kept, choices, keepsOption }
  })

/**
 * How many numbers of the form's counter the new fields and options of a plan take: one for each.
 *
 * @example
 * ```ts
 * numbersNeeded(plan(definition, known)) // 3
 * ```
 */
export const numbersNeeded = (planned: ReadonlyArray<PlannedField>): number =>
  planned.reduce(
    (count, field) =>
      count + (field.kept === undefined ? 1 : 0) + field.keepsOption.filter((keeps) => !keeps).length,
    0,
  )

/**
 * Hands out the numbers reserved from a form's counter, one at a time, from `first`.
 *
 * @example
 * ```ts
 * const take = numbering(40)
 * take() // 40
 * take() // 41
 * ```
 */
export const numbering = (first: number): (() => number) => {
  let next = first
  return () => next++
}

/** The last number of an option value, `<m>` of `…_<option>_<m>`. */
const ordinalOf = (value: string): number => Number(value.slice(value.lastIndexOf("_") + 1))

/**
 * The stored `data` of a planned field whose key is `key`: for a choice field, the options with
 * every value filled in (kept ones as they were, new ones `<key>_<option>_<m>` with `<option>`
 * from `take` and `<m>` after the highest the field has used) and every flag explicit; any other
 * field's data as sent.
 *
 * @example
 * ```ts
 * dataOf(planned, "f_1_48_17", numbering(40))
 * // '{"multi_select":false,"options":[{"label":"Spill","value":"f_1_48_17_40_1",...}]}'
 * ```
 */
export const dataOf = (field: PlannedField, key: string, take: () => number): string => {
  if (field.choices === undefined) return field.definition.data
  const existing = field.kept === undefined ? [] : choiceOptions(field.kept)
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
