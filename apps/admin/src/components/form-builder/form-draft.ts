/**
 * A channel's form while a channel admin edits it: fields in order, each with its options when it
 * is a choice field, and the definition `replaceChannelForm` takes. Fields and options keep the `id`
 * and `value` they came with, so the server keeps their keys and old reports keep their answers; new
 * ones have none and get fresh keys.
 */

import type { FieldDefinition, Form, FormDefinition } from "@fieldreport/domain/Form"
import {
  ChoiceDataFromString,
  type FieldType,
  type FieldVisibility,
  isChoice,
} from "@fieldreport/domain/FormField"
import { msg, str } from "@lit/localize"
import { Option, Schema } from "effect"

const choiceData = Schema.decodeUnknownOption(ChoiceDataFromString)

/** An option of a choice field being edited. */
export interface OptionDraft {
  readonly label: string
  readonly value?: string | undefined
  readonly enabled: boolean
  readonly is_default: boolean
}

/** A field being edited. */
export interface FieldDraft {
  readonly id?: number | undefined
  readonly label: string
  readonly field_type: FieldType
  readonly mandatory: boolean
  readonly field_visibility: FieldVisibility
  readonly multi_select: boolean
  readonly options: ReadonlyArray<OptionDraft>
  /** `data` of a field that is not a choice field, kept as it came. */
  readonly data: string
}

/**
 * A form being edited.
 *
 * @example
 * ```ts
 * const draft: FormDraft = { name: "Hazard", fields: [] }
 * ```
 */
export interface FormDraft {
  readonly name: string
  readonly fields: ReadonlyArray<FieldDraft>
}

/**
 * The draft of a stored form.
 *
 * @example
 * ```ts
 * fromForm(form).fields.map((field) => field.label) // ["Category", "Description", "Image"]
 * ```
 */
export const fromForm = (form: Form): FormDraft => ({
  name: form.name,
  fields: form.fields.map((field) => {
    const choices = isChoice(field.field_type) ? Option.getOrUndefined(choiceData(field.data)) : undefined
    return {
      id: field.id,
      label: field.label,
      field_type: field.field_type,
      mandatory: field.mandatory ?? false,
      field_visibility: field.field_visibility,
      multi_select: choices?.multi_select ?? false,
      options: [...(choices?.options ?? [])]
        .sort((a, b) => a.display_order - b.display_order)
        .map((option) => ({
          label: option.label,
          value: option.value,
          enabled: option.enabled,
          is_default: option.is_default,
        })),
      data: isChoice(field.field_type) ? "" : field.data,
    }
  }),
})

/**
 * A new field of a type, labelled after it; a choice field starts with one option.
 *
 * @example
 * ```ts
 * newField("DropDown").options // [{ label: "Option 1", enabled: true, is_default: false }]
 * ```
 */
/** The label a new option starts with: "Option 2" for the second, in the language shown. */
export const optionLabel = (position: number): string =>
  msg(str`Option ${position}`, { id: "formBuilder.option" })

export const newField = (fieldType: FieldType, label: string = fieldType): FieldDraft => ({
  label,
  field_type: fieldType,
  mandatory: false,
  field_visibility: "public",
  multi_select: fieldType === "CheckBox",
  options: isChoice(fieldType) ? [{ label: optionLabel(1), enabled: true, is_default: false }] : [],
  data: "",
})

/**
 * A list with the item at `from` moved to `to` (clamped to the list).
 *
 * @example
 * ```ts
 * move(["a", "b", "c"], 2, 0) // ["c", "a", "b"]
 * ```
 */
export const move = <A>(items: ReadonlyArray<A>, from: number, to: number): ReadonlyArray<A> => {
  const target = Math.max(0, Math.min(items.length - 1, to))
  const moved = items[from]
  if (moved === undefined || target === from) return items
  const rest = items.filter((_, index) => index !== from)
  return [...rest.slice(0, target), moved, ...rest.slice(target)]
}

/**
 * A list with the item at `index` replaced by `change(item)`.
 *
 * @example
 * ```ts
 * replaceAt([1, 2, 3], 1, (n) => n * 10) // [1, 20, 3]
 * ```
 */
export const replaceAt = <A>(
  items: ReadonlyArray<A>,
  index: number,
  change: (item: A) => A,
): ReadonlyArray<A> => items.map((item, at) => (at === index ? change(item) : item))

/**
 * A list without the item at `index`.
 *
 * @example
 * ```ts
 * removeAt(["a", "b"], 0) // ["b"]
 * ```
 */
export const removeAt = <A>(items: ReadonlyArray<A>, index: number): ReadonlyArray<A> =>
  items.filter((_, at) => at !== index)

const toFieldDefinition = (field: FieldDraft): FieldDefinition => ({
  ...(field.id === undefined ? {} : { id: field.id }),
  label: field.label,
  field_type: field.field_type,
  mandatory: field.mandatory,
  field_visibility: field.field_visibility,
  data: isChoice(field.field_type)
    ? JSON.stringify({
        multi_select: field.multi_select,
        options: field.options.map((option, display_order) => ({
          label: option.label,
          ...(option.value === undefined ? {} : { value: option.value }),
          enabled: option.enabled,
          is_default: option.is_default,
          display_order,
        })),
      })
    : field.data,
})

/**
 * The body of `replaceChannelForm`, fields and options in the order shown.
 *
 * @example
 * ```ts
 * toDefinition({ name: "Hazard", fields: [newField("Category")] })
 * // { form: { name: "Hazard", fields: [{ label: "Category", field_type: "Category", … }] } }
 * ```
 */
export const toDefinition = (draft: FormDraft): { readonly form: FormDefinition } => ({
  form: { name: draft.name, fields: draft.fields.map(toFieldDefinition) },
})
