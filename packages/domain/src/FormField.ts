/**
 * A field of a channel's form, as the v4 dialect describes it (docs/api.md, Forms): an element of a
 * form's `fields` and of a report's `form_fields`.
 *
 * A field is filled on a report under its `key` (`f_<form>_<field>_<n>`). Choice fields (CheckBox,
 * DropDown, Radio) list their options in `data`, a JSON document carried as a string; each option
 * is answered by its `value` (`f_<form>_<field>_<n>_<option>_<m>`).
 */
import { Option, Schema, Struct } from "effect"
import { Attachment } from "./Attachment.ts"
import { Count, Id, oneOf } from "./internal/wire.ts"
import * as JsonValue from "./JsonValue.ts"
import * as TextLimits from "./TextLimits.ts"

/**
 * The key of a field, `f_<n>_<n>_<n>`: the property name under which a report answers it.
 *
 * @example
 * ```ts
 * Schema.is(FieldKey)("f_1_38_14") // true
 * ```
 */
export const FieldKey = Schema.String.pipe(
  Schema.refine((text: string): text is `f_${number}_${number}_${number}` => /^f_\d+_\d+_\d+$/.test(text), {
    message: "must be a field key such as f_1_2_3",
  }),
).check(TextLimits.atMost(TextLimits.code))
export type FieldKey = typeof FieldKey.Type

/**
 * Whether a property name is a field key: the test that picks a report's answers out of its body.
 *
 * @example
 * ```ts
 * isFieldKey("f_1_38_14") // true
 * isFieldKey("title") // false
 * ```
 */
export const isFieldKey: (name: string) => name is FieldKey = Schema.is(FieldKey)

/**
 * The value of a choice option, `f_<n>_<n>_<n>_<n>_<n>`: what a report answers to choose it.
 *
 * @example
 * ```ts
 * Schema.is(OptionValue)("f_1_38_14_38_1") // true
 * ```
 */
export const OptionValue = Schema.String.check(
  Schema.isPattern(/^f_\d+_\d+_\d+_\d+_\d+$/, { message: "must be an option value such as f_1_2_3_4_5" }),
  TextLimits.atMost(TextLimits.code),
)

/**
 * The kinds of field a form may hold.
 *
 * @example
 * ```ts
 * const kind: FieldType = "DropDown"
 * ```
 */
export const FieldType = oneOf([
  "Category",
  "DateAndTime",
  "CheckBox",
  "DropDown",
  "Radio",
  "ShortTextBox",
  "FreeText",
  "Description",
  "Image",
  "FileUpload",
])
export type FieldType = typeof FieldType.Type

/**
 * The field types whose `data` lists options.
 *
 * @example
 * ```ts
 * isChoice("Radio") // true
 * isChoice("ShortTextBox") // false
 * ```
 */
export const isChoice = (fieldType: FieldType): boolean =>
  fieldType === "CheckBox" || fieldType === "DropDown" || fieldType === "Radio"

/**
 * The field types answered with attachment ids.
 *
 * @example
 * ```ts
 * isAttachment("FileUpload") // true
 * isAttachment("ShortTextBox") // false
 * ```
 */
export const isAttachment = (fieldType: FieldType): boolean =>
  fieldType === "Image" || fieldType === "FileUpload"

/**
 * Who sees a field's answer: everyone who sees the report, or only the channel's staff.
 *
 * @example
 * ```ts
 * const visibility: FieldVisibility = "private"
 * ```
 */
export const FieldVisibility = oneOf(["public", "private"])
export type FieldVisibility = typeof FieldVisibility.Type

const decodeJson = Schema.decodeUnknownOption(Schema.fromJsonString(Schema.Unknown))

/**
 * A field's `data`: empty, or a JSON document written as a string, of at most
 * `TextLimits.document` characters and nested at most `JsonValue.maxDepth` levels.
 *
 * @example
 * ```ts
 * Schema.is(FieldData)("") // true
 * Schema.is(FieldData)("{not json") // false
 * ```
 */
export const FieldData = Schema.String.check(
  TextLimits.atMost(TextLimits.document),
  Schema.makeFilter((data: string) => {
    if (data === "") return undefined
    const json = decodeJson(data)
    if (Option.isNone(json)) return "must be empty or a JSON document"
    return JsonValue.nestsDeeperThan(json.value, JsonValue.maxDepth)
      ? JsonValue.tooDeep(JsonValue.maxDepth)
      : undefined
  }),
)

/**
 * One option of a choice field.
 *
 * @example
 * ```ts
 * const option: ChoiceOption = {
 *   label: "First Option", value: "f_1_38_14_38_1", enabled: true,
 *   multi_option_id: null, display_order: 0, is_default: false,
 * }
 * ```
 */
export const ChoiceOption = Schema.Struct({
  label: Schema.String,
  value: OptionValue,
  enabled: Schema.Boolean,
  multi_option_id: Schema.NullOr(Id),
  display_order: Count,
  is_default: Schema.Boolean,
})
export type ChoiceOption = typeof ChoiceOption.Type

/**
 * The document in `data` of a choice field.
 *
 * @example
 * ```ts
 * const data: ChoiceData = { multi_select: false, options: [option] }
 * ```
 */
export const ChoiceData = Schema.Struct({
  multi_select: Schema.Boolean,
  options: Schema.Array(ChoiceOption),
})
export type ChoiceData = typeof ChoiceData.Type

/**
 * The `data` string of a choice field, decoded into its document (and encoded back to a string).
 *
 * @example
 * ```ts
 * Schema.decodeUnknownSync(ChoiceDataFromString)('{"multi_select":true,"options":[]}')
 * ```
 */
export const ChoiceDataFromString = Schema.fromJsonString(ChoiceData)

const decodeChoiceData = Schema.decodeUnknownOption(ChoiceDataFromString)

/**
 * The options of a field: those of its `data` for a choice field, none otherwise. The server
 * writes `data` itself from a checked form definition, so a document that does not read means no
 * options rather than a failure.
 *
 * @example
 * ```ts
 * choiceOptions(dropDown).map((option) => option.value) // ["f_1_48_17_48_1", "f_1_48_17_50_3"]
 * ```
 */
export const choiceOptions = (field: {
  readonly field_type: FieldType
  readonly data: string
}): ReadonlyArray<ChoiceOption> =>
  isChoice(field.field_type)
    ? Option.match(decodeChoiceData(field.data), { onNone: () => [], onSome: (data) => data.options })
    : []

/**
 * An attachment as the `value` of an Image or FileUpload field shows it.
 *
 * @example
 * ```ts
 * const picture: FieldAttachment = { id: 15, original_url: "https://…/original.png", filename: "test.png", style_url: {} }
 * ```
 */
export const FieldAttachment = Attachment.mapFields(
  Struct.pick(["id", "original_url", "filename", "style_url"]),
)
export type FieldAttachment = typeof FieldAttachment.Type

/**
 * The `value` of a field, by field type: a category id (Category), a timestamp string
 * (DateAndTime), option values (CheckBox), one option value (DropDown, Radio), text (ShortTextBox,
 * Description), attachments (Image, FileUpload); null on a form definition, for FreeText and for
 * a field left unanswered.
 *
 * @example
 * ```ts
 * const checked: FieldValue = ["f_1_3_3_4_2"]
 * ```
 */
export const FieldValue = Schema.NullOr(
  Schema.Union([Id, Schema.String, Schema.Array(Schema.String), Schema.Array(FieldAttachment)]),
)
export type FieldValue = typeof FieldValue.Type

/**
 * The form field record.
 *
 * @example
 * ```ts
 * const field: FormField = {
 *   id: 11, label: "Short Text Box", key: "f_1_29_11", field_type: "ShortTextBox", form_order: 5,
 *   data: "", mandatory: true, visibility: "public", field_visibility: "public", value: null, editable: true,
 * }
 * ```
 */
export const FormField = Schema.Struct({
  id: Id,
  label: Schema.String,
  key: FieldKey,
  field_type: FieldType,
  form_order: Count,
  data: FieldData,
  mandatory: Schema.NullOr(Schema.Boolean),
  visibility: Schema.String,
  field_visibility: FieldVisibility,
  value: FieldValue,
  editable: Schema.Boolean,
})
export type FormField = typeof FormField.Type
