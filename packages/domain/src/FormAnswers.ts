/**
 * Whether a report's answers fit its channel's form: every key a field of the form, every value the
 * shape its field type takes, chosen options that exist and are enabled, mandatory fields answered,
 * attachments of a type the field accepts and each in one field only (docs/api.md, Filing a
 * report).
 *
 * Values by field type:
 *
 * | field type | answer |
 * |---|---|
 * | Category | a category id (an integer) |
 * | DateAndTime | a timestamp, kept as `YYYY-MM-DDTHH:mm:ss.sssZ` |
 * | CheckBox | an array of option values |
 * | DropDown, Radio | one option value; a one-element array is taken as that value |
 * | ShortTextBox | a string |
 * | Description | a string, or null for no answer |
 * | FreeText | a string or null, dropped: the field is information text, its value is always null |
 * | Image, FileUpload | an array of attachment ids |
 *
 * Every problem is reported, each under `report.<key>`, so a client can mark all its fields at once.
 */
import { Option, Result, Schema } from "effect"
import { choiceOptions, type FieldKey, type FieldType, type FormField, isAttachment } from "./FormField.ts"
import { InvalidInput } from "./Invalid.ts"
import { Id } from "./internal/wire.ts"
import type { Answers, AnswerValue } from "./Report.ts"
import * as Timestamp from "./Timestamp.ts"

/**
 * The images an Image field accepts: png, jpeg and gif.
 *
 * @example
 * ```ts
 * imageContentTypes.has("image/png") // true
 * ```
 */
export const imageContentTypes: ReadonlySet<string> = new Set(["image/png", "image/jpeg", "image/gif"])

/**
 * The files a FileUpload field accepts: the images, plain text, PDF, word-processing (doc, docx,
 * odt, rtf), spreadsheets (xls, xlsx, ods, csv) and the iWork family (Pages, Numbers, Keynote).
 *
 * @example
 * ```ts
 * fileUploadContentTypes.has("application/pdf") // true
 * ```
 */
export const fileUploadContentTypes: ReadonlySet<string> = new Set([
  ...imageContentTypes,
  "text/plain",
  "application/pdf",
  "application/msword",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.oasis.opendocument.text",
  "application/rtf",
  "text/rtf",
  "application/vnd.ms-excel",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.oasis.opendocument.spreadsheet",
  "text/csv",
  "application/vnd.apple.pages",
  "application/vnd.apple.numbers",
  "application/vnd.apple.keynote",
])

/**
 * What a check needs besides the form and the answers.
 *
 * - `mode`: `create` requires every mandatory field; `update` (a partial update) only refuses to
 *   clear a mandatory field it is sent.
 * - `contentTypes`: the content type of each attachment the answers name, by id; an id missing
 *   from it is an attachment that does not exist (or that this report may not use).
 *
 * @example
 * ```ts
 * const options: Options = { mode: "create", contentTypes: new Map([[15, "image/png"]]) }
 * ```
 */
export interface Options {
  readonly mode: "create" | "update"
  readonly contentTypes: ReadonlyMap<number, string>
}

/**
 * The fields of a form, in order: all a check needs of a `Form`.
 *
 * @example
 * ```ts
 * const form: FormFields = { fields: [categoryField, pictureField] }
 * ```
 */
export interface FormFields {
  readonly fields: ReadonlyArray<FormField>
}

const isId = Schema.is(Id)

const isIdList = (value: AnswerValue): value is ReadonlyArray<number> =>
  Array.isArray(value) && value.every(isId)

const isStringList = (value: AnswerValue): value is ReadonlyArray<string> =>
  Array.isArray(value) && value.every((item) => typeof item === "string")

/**
 * The attachment ids the answers name in the form's Image and FileUpload fields: the ones whose
 * content types a check needs.
 *
 * @example
 * ```ts
 * attachmentIds(form, { f_1_8_6: [15, 16], f_1_29_11: "text" }) // [15, 16]
 * ```
 */
export const attachmentIds = (form: FormFields, answers: Answers): ReadonlyArray<number> =>
  form.fields.flatMap((field) => {
    const value = answers[field.key]
    return isAttachment(field.field_type) && value !== undefined && isIdList(value) ? value : []
  })

/** A value read for its field: the value to keep, or why it does not fit. */
type Read = Result.Result<AnswerValue, ReadonlyArray<string>>

const fail = (message: string): Read => Result.fail([message])

/** Chosen option values must be options of the field, and enabled ones. */
const choose = (field: FormField, chosen: ReadonlyArray<string>, value: AnswerValue): Read => {
  const available = choiceOptions(field)
  const problems = chosen.flatMap((choice) => {
    const option = available.find((candidate) => candidate.value === choice)
    if (option === undefined) return [`${choice} is not an option of this field`]
    return option.enabled ? [] : [`${choice} is a disabled option`]
  })
  return problems.length === 0 ? Result.succeed(value) : Result.fail(problems)
}

const read = (field: FormField, value: AnswerValue): Read => {
  switch (field.field_type) {
    case "Category":
      return isId(value) ? Result.succeed(value) : fail("must be a category id")
    case "DateAndTime":
      return Option.match(typeof value === "string" ? Timestamp.parse(value) : Option.none(), {
        onNone: () => fail(Timestamp.invalid),
        onSome: (instant) => Result.succeed(Timestamp.format(instant)),
      })
    case "CheckBox":
      return isStringList(value) ? choose(field, value, value) : fail("must be an array of option values")
    case "DropDown":
    case "Radio": {
      const [only, ...more] = Array.isArray(value) ? value : [value]
      return typeof only === "string" && more.length === 0
        ? choose(field, [only], only)
        : fail("must be one option value")
    }
    case "ShortTextBox":
      return typeof value === "string" ? Result.succeed(value) : fail("must be a string")
    case "FreeText":
    case "Description":
      return typeof value === "string" || value === null
        ? Result.succeed(value)
        : fail("must be a string or null")
    case "Image":
    case "FileUpload":
      return isIdList(value) ? Result.succeed(value) : fail("must be an array of attachment ids")
  }
}

const isEmpty = (value: AnswerValue | undefined): boolean =>
  value === undefined ||
  value === null ||
  (typeof value === "string" && value.trim() === "") ||
  (Array.isArray(value) && value.length === 0)

/** Every report has a category (the channel's root by default) and FreeText takes no answer. */
const canBeMandatory = (fieldType: FieldType): boolean => fieldType !== "Category" && fieldType !== "FreeText"

const accepts = (fieldType: FieldType, contentType: string): boolean =>
  (fieldType === "Image" ? imageContentTypes : fileUploadContentTypes).has(
    // Sniffed types may carry parameters (`text/plain; charset=utf-8`).
    contentType.split(";")[0]?.trim().toLowerCase() ?? "",
  )

const acceptedDescription = (fieldType: FieldType): string =>
  fieldType === "Image" ? "a png, jpeg or gif image" : "a file type this field accepts"

/**
 * Problems of the attachments of one field: each must exist, be of a type the field accepts, and
 * be named by no other field. `usedBy` remembers which field named each attachment first.
 */
const attachmentProblems = (
  field: FormField,
  ids: ReadonlyArray<number>,
  usedBy: Map<number, FieldKey>,
  contentTypes: ReadonlyMap<number, string>,
): ReadonlyArray<string> =>
  ids.flatMap((id) => {
    const earlier = usedBy.get(id)
    if (earlier !== undefined) {
      return [
        earlier === field.key
          ? `attachment ${id} is given twice`
          : `attachment ${id} is already in ${earlier}`,
      ]
    }
    usedBy.set(id, field.key)
    const contentType = contentTypes.get(id)
    if (contentType === undefined) return [`attachment ${id} does not exist`]
    return accepts(field.field_type, contentType)
      ? []
      : [`attachment ${id} is ${contentType}, not ${acceptedDescription(field.field_type)}`]
  })

/**
 * Checks a report's answers against its form and returns them ready to store: one-element arrays
 * of DropDown and Radio fields unwrapped, DateAndTime values in the wire's UTC form, FreeText
 * answers dropped. Fails with every problem, each under `report.<key>`.
 *
 * @example
 * ```ts
 * validate(form, { f_1_48_17: ["f_1_48_17_48_1"], f_1_8_6: [15] }, { mode: "create", contentTypes: new Map([[15, "image/png"]]) })
 * // Result.succeed({ f_1_48_17: "f_1_48_17_48_1", f_1_8_6: [15] })
 * ```
 */
export const validate = (
  form: FormFields,
  answers: Answers,
  options: Options,
): Result.Result<Answers, InvalidInput> => {
  const errors: Record<string, Array<string>> = {}
  const note = (key: string, problems: ReadonlyArray<string>): void => {
    if (problems.length > 0) errors[`report.${key}`] = [...(errors[`report.${key}`] ?? []), ...problems]
  }
  const known = new Set<string>(form.fields.map((field) => field.key))
  for (const key of Object.keys(answers)) if (!known.has(key)) note(key, ["is not a field of this form"])

  const kept: Record<FieldKey, AnswerValue> = {}
  const usedBy = new Map<number, FieldKey>()
  for (const field of form.fields) {
    const value = answers[field.key]
    const sent = value !== undefined
    const checked = options.mode === "create" || sent
    if (field.mandatory === true && canBeMandatory(field.field_type) && checked && isEmpty(value)) {
      note(field.key, ["is required"])
      continue
    }
    if (!sent) continue
    const result = read(field, value)
    if (Result.isFailure(result)) {
      note(field.key, result.failure)
      continue
    }
    if (field.field_type !== "FreeText") kept[field.key] = result.success
    if (isAttachment(field.field_type) && isIdList(value)) {
      note(field.key, attachmentProblems(field, value, usedBy, options.contentTypes))
    }
  }
  return Object.keys(errors).length === 0 ? Result.succeed(kept) : Result.fail(new InvalidInput({ errors }))
}
