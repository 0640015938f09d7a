/**
 * The attachments a report's answers name, each linked to the field that names it (docs/api.md,
 * Attachments): one attachment is in one field of one report.
 *
 * Every write of a report relinks them. The attachments its answers name that it did not name
 * before are claimed (marked used, so the clean-up keeps them); those it stopped naming are
 * released. Answers of fields taken out of the form since are kept with the report, and so are
 * their files: their links are retired, not dropped, and an answer may not take an attachment a
 * retired field still holds.
 */
import { Result } from "effect"
import { attachmentIds } from "./FormAnswers.ts"
import type { FormField } from "./FormField.ts"
import { InvalidInput } from "./Invalid.ts"
import type { AnswerValue } from "./Report.ts"

/**
 * An attachment a report's answers name, and the field that names it.
 *
 * @example
 * ```ts
 * const photo: AttachmentLink = { attachment_id: 15, field_key: "f_1_8_6" }
 * ```
 */
export interface AttachmentLink {
  readonly attachment_id: number
  readonly field_key: string
}

/**
 * What a write does to a report's links.
 *
 * @example
 * ```ts
 * const relinking: Relinking = {
 *   current: [{ attachment_id: 16, field_key: "f_1_8_6" }],
 *   retired: [{ attachment_id: 9, field_key: "f_1_8_2" }],
 *   links: [{ attachment_id: 16, field_key: "f_1_8_6" }, { attachment_id: 9, field_key: "f_1_8_2" }],
 *   claimed: [16],
 *   released: [15],
 * }
 * ```
 */
export interface Relinking {
  /** The links of the answers to the form's fields, in form order. */
  readonly current: ReadonlyArray<AttachmentLink>
  /** The links of fields taken out of the form, kept with their files. */
  readonly retired: ReadonlyArray<AttachmentLink>
  /** Every link the report holds after the write: the current ones, then the retired ones. */
  readonly links: ReadonlyArray<AttachmentLink>
  /** The attachments linked now and not before: the write claims them. */
  readonly claimed: ReadonlyArray<number>
  /** The attachments linked before and no longer: the write releases them. */
  readonly released: ReadonlyArray<number>
}

/**
 * The links of a report's answers: the attachments each Image and FileUpload field of the form
 * names, in form order.
 *
 * @example
 * ```ts
 * ofAnswers([photos], { f_1_8_6: [15, 16], f_1_29_11: "text" })
 * // [{ attachment_id: 15, field_key: "f_1_8_6" }, { attachment_id: 16, field_key: "f_1_8_6" }]
 * ```
 */
export const ofAnswers = (
  fields: ReadonlyArray<FormField>,
  answers: Readonly<Record<string, AnswerValue>>,
): ReadonlyArray<AttachmentLink> =>
  fields.flatMap((field) =>
    attachmentIds({ fields: [field] }, answers).map((id) => ({ attachment_id: id, field_key: field.key })),
  )

/**
 * What writing `answers` (the report's answers after the write) does to the links the report had
 * (`before`), over the form's current fields.
 *
 * @example
 * ```ts
 * relink([photos], { f_1_8_6: [16] }, [{ attachment_id: 15, field_key: "f_1_8_6" }])
 * // { current: [16 in f_1_8_6], retired: [], links: [16 in f_1_8_6], claimed: [16], released: [15] }
 * ```
 */
export const relink = (
  fields: ReadonlyArray<FormField>,
  answers: Readonly<Record<string, AnswerValue>>,
  before: ReadonlyArray<AttachmentLink>,
): Relinking => {
  const formKeys = new Set<string>(fields.map((field) => field.key))
  const retired = before.filter((link) => !formKeys.has(link.field_key))
  const current = ofAnswers(fields, answers)
  const links = [...current, ...retired]
  const linkedBefore = new Set(before.map((link) => link.attachment_id))
  const linked = new Set(links.map((link) => link.attachment_id))
  return {
    current,
    retired,
    links,
    claimed: links.map((link) => link.attachment_id).filter((id) => !linkedBefore.has(id)),
    released: [...linkedBefore].filter((id) => !linked.has(id)),
  }
}

/**
 * Checks a relinking once its claim is answered (`missing`: the claimed attachments that do not
 * exist): an answer may not name an attachment a retired field holds, nor one that does not exist.
 * Every problem is reported under `report.<key>` of the field that names the attachment.
 *
 * @example
 * ```ts
 * check(relink([photos], { f_1_8_6: [16] }, []), [16])
 * // Result.fail(InvalidInput { "report.f_1_8_6": ["attachment 16 does not exist"] })
 * ```
 */
export const check = (
  relinking: Relinking,
  missing: ReadonlyArray<number>,
): Result.Result<void, InvalidInput> => {
  const problems: Record<string, Array<string>> = {}
  const note = (link: AttachmentLink, message: string) => {
    problems[`report.${link.field_key}`] = [...(problems[`report.${link.field_key}`] ?? []), message]
  }
  for (const link of relinking.current) {
    const earlier = relinking.retired.find((other) => other.attachment_id === link.attachment_id)
    if (earlier !== undefined)
      note(link, `attachment ${link.attachment_id} is already in ${earlier.field_key}`)
  }
  const absent = new Set(missing)
  for (const link of relinking.links) {
    if (absent.has(link.attachment_id)) note(link, `attachment ${link.attachment_id} does not exist`)
  }
  return Object.keys(problems).length > 0 ? Result.fail(new InvalidInput({ errors: problems })) : Result.void
}
