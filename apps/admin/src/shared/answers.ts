/**
 * Form answers while the user edits them, and their wire form. Attachment answers are edited as
 * the attachments themselves (to show thumbnails and names) and sent as their ids; everything
 * else is sent as edited. Validation is the domain's own (`FormAnswers.validate`), the very rule
 * the server applies.
 */

import * as FormAnswers from "@fieldreport/domain/FormAnswers"
import type { FieldAttachment, FormField } from "@fieldreport/domain/FormField"
import type { Answers, AnswerValue } from "@fieldreport/domain/Report"
import { Result } from "effect"

/** An answer in the editor. */
export type EditedAnswer = AnswerValue | ReadonlyArray<FieldAttachment>

const isAttachmentList = (value: EditedAnswer): value is ReadonlyArray<FieldAttachment> =>
  Array.isArray(value) && value.length > 0 && typeof value[0] === "object"

/**
 * The answer as the API takes it.
 *
 * @example
 * ```ts
 * wireValue([{ id: 7, filename: "a.png", original_url: "…", style_url: {} }]) // [7]
 * ```
 */
export const wireValue = (value: EditedAnswer): AnswerValue =>
  isAttachmentList(value) ? value.map((attachment) => attachment.id) : (value as AnswerValue)

/**
 * The editor's starting answer of a field of a fetched report (its `value`).
 *
 * @example
 * ```ts
 * editedValue(field) // "Broken bench" for a ShortTextBox
 * ```
 */
export const editedValue = (field: FormField): EditedAnswer => field.value as EditedAnswer

/**
 * Checks answers with the server's rule and answers the field messages keyed like the server's
 * (`report.f_1_2_3`), or an empty record when they are valid.
 *
 * @example
 * ```ts
 * validate(form.fields, { f_1_2_3: "" }, "create", new Map()) // { "report.f_1_2_3": ["is required"] }
 * ```
 */
export const validate = (
  fields: ReadonlyArray<FormField>,
  answers: Readonly<Record<string, EditedAnswer>>,
  mode: "create" | "update",
  contentTypes: ReadonlyMap<number, string>,
): Readonly<Record<string, ReadonlyArray<string>>> => {
  const result = FormAnswers.validate({ fields }, wireAnswers(answers), { mode, contentTypes })
  return Result.isFailure(result) ? result.failure.errors : {}
}

/**
 * Every answer in its wire form.
 *
 * @example
 * ```ts
 * wireAnswers({ f_1_2_3: "Broken bench" }) // { f_1_2_3: "Broken bench" }
 * ```
 */
export const wireAnswers = (answers: Readonly<Record<string, EditedAnswer>>): Answers =>
  Object.fromEntries(Object.entries(answers).map(([key, value]) => [key, wireValue(value)])) as Answers
