/**
 * The Category field of a report's form (docs/api.md, Filing a report): it answers the report's
 * category as `category_id` does, because the legacy clients send the category among the answers
 * (`form_fields`). Both given must name the same category. The answer is kept as the report's
 * category alone, never among its answers, so the two can never drift apart.
 */
import { Result } from "effect"
import type { FormField } from "./FormField.ts"
import { InvalidInput } from "./Invalid.ts"
import type { AnswerValue } from "./Report.ts"

/** A field of the form, as far as finding the Category field needs it. */
type Field = Pick<FormField, "key" | "field_type">

/** Answers by field key, as written and as kept. */
type AnswersByKey = Readonly<Record<string, AnswerValue>>

/**
 * A write's answers taken apart: the category the Category field answered, if it answered one,
 * and the answers kept with the report.
 *
 * @example
 * ```ts
 * const taken: Split = { answered: 12, kept: { f_1_29_11: "Oil on the water" } }
 * ```
 */
export interface Split {
  readonly answered: number | undefined
  readonly kept: AnswersByKey
}

const categoryKeyOf = (fields: ReadonlyArray<Field>): string | undefined =>
  fields.find((field) => field.field_type === "Category")?.key

/**
 * Takes the Category field's answer out of a write's checked answers: the category it names, and
 * every other answer to keep. A form without a Category field answers no category.
 *
 * @example
 * ```ts
 * split(fields, { f_1_4_1: 12, f_1_29_11: "Oil on the water" })
 * // { answered: 12, kept: { f_1_29_11: "Oil on the water" } }
 * ```
 */
export const split = (fields: ReadonlyArray<Field>, answers: AnswersByKey): Split => {
  const key = categoryKeyOf(fields)
  const answered = key === undefined ? undefined : answers[key]
  const kept: AnswersByKey = Object.fromEntries(Object.entries(answers).filter(([name]) => name !== key))
  return { answered: typeof answered === "number" ? answered : undefined, kept }
}

/**
 * The category a write asks for: `category_id`, else the Category field's answer (none when
 * neither is given). Both given and different fail at the Category field's key.
 *
 * @example
 * ```ts
 * requested(fields, 12, undefined) // Result.succeed(12)
 * requested(fields, 12, 14) // Result.fail(InvalidInput at report.f_1_4_1: "must be the same category as category_id")
 * ```
 */
export const requested = (
  fields: ReadonlyArray<Field>,
  categoryId: number | undefined,
  answered: number | undefined,
): Result.Result<number | undefined, InvalidInput> => {
  const key = categoryKeyOf(fields)
  if (categoryId !== undefined && answered !== undefined && categoryId !== answered && key !== undefined) {
    return Result.fail(InvalidInput.at(`report.${key}`, "must be the same category as category_id"))
  }
  return Result.succeed(categoryId ?? answered)
}
