/**
 * A channel's form: the resource `GET /api/v4/channels/{id}/form` returns, and the definition a
 * channel admin replaces it with through `PUT /api/v4/channels/{id}/form` (docs/api.md, Forms).
 *
 * A definition lists its fields in order. A field sent with its `id` keeps its id and key, so old
 * reports keep their answers; a field or option without one is new and gets a fresh key from the
 * server. Every form has exactly one Category field, the one a report's `category_id` answers.
 */
import { Effect, Result, Schema } from "effect"
import { FieldData, FieldType, FieldVisibility, FormField, isChoice, OptionValue } from "./FormField.ts"
import { Count, Id, Name, nullOr } from "./internal/wire.ts"

/** Positions of the values already seen earlier in the list (absent values never repeat). */
const repeated = (values: ReadonlyArray<string | number | undefined>): ReadonlyArray<number> => {
  const seen = new Set<string | number>()
  return values.flatMap((value, index) => {
    if (value === undefined) return []
    if (seen.has(value)) return [index]
    seen.add(value)
    return []
  })
}

/**
 * The form resource; `version` grows by one with every definition put.
 *
 * @example
 * ```ts
 * const form: Form = { id: 1, name: "Hazard", version: 52, fields: [categoryField, descriptionField] }
 * ```
 */
export const Form = Schema.Struct({
  id: Id,
  name: Schema.String,
  version: Id,
  fields: Schema.Array(FormField),
})
export type Form = typeof Form.Type

/**
 * An option of a choice field in a definition. Without `value` it is a new option; absent flags
 * read as enabled, not the default, ordered as listed.
 *
 * @example
 * ```ts
 * const kept: OptionDefinition = { label: "Spill", value: "f_1_48_17_48_1" }
 * const added: OptionDefinition = { label: "Leak" }
 * ```
 */
export const OptionDefinition = Schema.Struct({
  label: Name,
  value: Schema.optionalKey(OptionValue),
  enabled: Schema.optionalKey(Schema.Boolean),
  display_order: Schema.optionalKey(Count),
  is_default: Schema.optionalKey(Schema.Boolean),
  multi_option_id: Schema.optionalKey(nullOr(Id, "an id")),
})
export type OptionDefinition = typeof OptionDefinition.Type

/**
 * The `data` document of a choice field in a definition: at least one option, each value once.
 *
 * @example
 * ```ts
 * Schema.decodeUnknownSync(ChoiceDefinition)({ multi_select: false, options: [{ label: "Spill" }] })
 * ```
 */
export const ChoiceDefinition = Schema.Struct({
  multi_select: Schema.Boolean.pipe(Schema.withDecodingDefaultKey(Effect.succeed(false))),
  options: Schema.Array(OptionDefinition).check(
    Schema.isMinLength(1, { message: "must list at least one option" }),
    Schema.makeFilter((options: ReadonlyArray<OptionDefinition>) =>
      repeated(options.map((option) => option.value)).map((index) => ({
        path: [index, "value"],
        issue: "is given twice",
      })),
    ),
  ),
})
export type ChoiceDefinition = typeof ChoiceDefinition.Type

/**
 * The `data` string of a choice field in a definition, decoded into its document.
 *
 * @example
 * ```ts
 * Schema.decodeUnknownSync(ChoiceDefinitionFromString)('{"options":[{"label":"Spill"}]}')
 * ```
 */
export const ChoiceDefinitionFromString = Schema.fromJsonString(ChoiceDefinition)

const decodeChoiceDefinition = Schema.decodeUnknownResult(ChoiceDefinition)
const decodeJson = Schema.decodeUnknownResult(Schema.fromJsonString(Schema.Unknown))

/**
 * A field of a definition. `data` stays the string the resource carries; for a choice field it
 * must read as a `ChoiceDefinition`, whose problems are reported inside it
 * (`form.fields.2.data.options.0.label`).
 *
 * @example
 * ```ts
 * const field: FieldDefinition = {
 *   id: 17, label: "Drop Down", field_type: "DropDown", mandatory: false, field_visibility: "public",
 *   data: '{"multi_select":false,"options":[{"label":"One","value":"f_1_48_17_48_1"},{"label":"Two"}]}',
 * }
 * ```
 */
export const FieldDefinition = Schema.Struct({
  id: Schema.optionalKey(Id),
  label: Name,
  field_type: FieldType,
  mandatory: nullOr(Schema.Boolean, "a boolean").pipe(Schema.withDecodingDefaultKey(Effect.succeed(false))),
  field_visibility: FieldVisibility.pipe(Schema.withDecodingDefaultKey(Effect.succeed("public" as const))),
  data: FieldData.pipe(Schema.withDecodingDefaultKey(Effect.succeed(""))),
}).check(
  Schema.makeFilter((field) => {
    if (!isChoice(field.field_type)) return undefined
    const json = decodeJson(field.data)
    if (Result.isFailure(json))
      return { path: ["data"], issue: "must be a JSON document listing the options" }
    const document = decodeChoiceDefinition(json.success)
    return Result.isFailure(document) ? { path: ["data"], issue: document.failure.issue } : undefined
  }),
)
export type FieldDefinition = typeof FieldDefinition.Type

/**
 * The body of `PUT /api/v4/channels/{id}/form` (under `form`): a name and the fields in order,
 * exactly one of them a Category field, each existing field id once.
 *
 * @example
 * ```ts
 * decodeInput(FormDefinition, body.form, "form") // Result<FormDefinition, InvalidInput>
 * ```
 */
export const FormDefinition = Schema.Struct({
  name: Name,
  fields: Schema.Array(FieldDefinition).check(
    Schema.makeFilter(
      (fields: ReadonlyArray<FieldDefinition>) =>
        fields.filter((field) => field.field_type === "Category").length === 1,
      { message: "must hold exactly one Category field" },
    ),
    Schema.makeFilter((fields: ReadonlyArray<FieldDefinition>) =>
      repeated(fields.map((field) => field.id)).map((index) => ({
        path: [index, "id"],
        issue: "is given twice",
      })),
    ),
  ),
})
export type FormDefinition = typeof FormDefinition.Type
