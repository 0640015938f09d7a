import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import fc from "fast-check"
import * as CategoryAnswer from "../src/CategoryAnswer.ts"
import { InvalidInput } from "../src/Invalid.ts"

const category = { key: "f_1_4_1", field_type: "Category" } as const
const what = { key: "f_1_29_11", field_type: "ShortTextBox" } as const
const photos = { key: "f_1_8_6", field_type: "Image" } as const
const fields = [what, category, photos]

/** Answers to the form's fields other than the Category field, some of them absent. */
const otherAnswers = fc.record(
  { [what.key]: fc.option(fc.string(), { nil: null }), [photos.key]: fc.array(fc.nat()) },
  { requiredKeys: [] },
)
const someCategory = fc.option(fc.integer({ min: 1, max: 50 }), { nil: undefined })

describe("CategoryAnswer.split", () => {
  it("takes the Category field's answer out and keeps the others", () => {
    expect(CategoryAnswer.split(fields, { [category.key]: 12, [what.key]: "Oil on the water" })).toEqual({
      answered: 12,
      kept: { [what.key]: "Oil on the water" },
    })
  })

  it("answers no category for a form without a Category field, and keeps every answer", () => {
    expect(CategoryAnswer.split([what], { [what.key]: "Oil", f_1_4_1: 12 })).toEqual({
      answered: undefined,
      kept: { [what.key]: "Oil", f_1_4_1: 12 },
    })
  })

  it("drops a Category answer that names no category", () => {
    expect(CategoryAnswer.split(fields, { [category.key]: null })).toEqual({ answered: undefined, kept: {} })
  })

  it("keeps the category and the other answers, so putting the category back gives the answers", () => {
    fc.assert(
      fc.property(otherAnswers, someCategory, (others, answered) => {
        const answers = answered === undefined ? others : { ...others, [category.key]: answered }
        const taken = CategoryAnswer.split(fields, answers)
        expect(taken.answered).toBe(answered)
        expect(taken.kept).toEqual(others)
        expect(category.key in taken.kept).toBe(false)
      }),
    )
  })
})

describe("CategoryAnswer.requested", () => {
  it("asks for category_id, else the Category field's answer", () => {
    expect(CategoryAnswer.requested(fields, 12, undefined)).toEqual(Result.succeed(12))
    expect(CategoryAnswer.requested(fields, undefined, 14)).toEqual(Result.succeed(14))
    expect(CategoryAnswer.requested(fields, 12, 12)).toEqual(Result.succeed(12))
    expect(CategoryAnswer.requested(fields, undefined, undefined)).toEqual(Result.succeed(undefined))
  })

  it("refuses two different categories at the Category field", () => {
    expect(CategoryAnswer.requested(fields, 12, 14)).toEqual(
      Result.fail(InvalidInput.at("report.f_1_4_1", "must be the same category as category_id")),
    )
  })

  it("fails exactly when both are given and differ, and otherwise names one of them", () => {
    fc.assert(
      fc.property(someCategory, someCategory, (categoryId, answered) => {
        const result = CategoryAnswer.requested(fields, categoryId, answered)
        const conflicting = categoryId !== undefined && answered !== undefined && categoryId !== answered
        expect(Result.isFailure(result)).toBe(conflicting)
        if (Result.isSuccess(result)) expect(result.success).toBe(categoryId ?? answered)
      }),
    )
  })
})
