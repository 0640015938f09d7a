import { describe, expect, it } from "@effect/vitest"
import fc from "fast-check"
import type { FormField } from "../src/FormField.ts"
import { answerLength, derive, given, revised } from "../src/ReportTitle.ts"

type TitleField = Pick<FormField, "key" | "field_type" | "field_visibility">
const field = (
  key: TitleField["key"],
  field_type: FormField["field_type"],
  field_visibility: "public" | "private" = "public",
): TitleField => ({
  key,
  field_type,
  field_visibility,
})
const path = ["Potholes", "Roads", "Cleaner streets"]
const fields = [
  field("f_1_3_1", "Description"),
  field("f_1_4_2", "ShortTextBox"),
  field("f_1_5_3", "ShortTextBox", "private"),
  field("f_1_6_4", "FreeText"),
]

describe("ReportTitle.derive", () => {
  it("takes the first short text answer, then the category path", () => {
    expect(derive(path, fields, { f_1_3_1: "A long story", f_1_4_2: "Deep one by the school" })).toBe(
      "Deep one by the school, Potholes, Roads, Cleaner streets",
    )
  })

  it("falls back to a description, skipping blank, private and non-text answers", () => {
    expect(
      derive(path, fields, { f_1_4_2: "  ", f_1_5_3: "Secret", f_1_6_4: "x", f_1_3_1: "A  long\nstory " }),
    ).toBe("A long story, Potholes, Roads, Cleaner streets")
  })

  it("is the category path alone without a text answer", () => {
    expect(derive(path, fields, { f_1_4_2: 7 })).toBe("Potholes, Roads, Cleaner streets")
    expect(derive([], fields, {})).toBe("")
  })

  it("cuts a long answer with an ellipsis at the limit", () => {
    const title = derive([], fields, { f_1_4_2: "word ".repeat(40) })
    expect(title).toHaveLength(answerLength)
    expect(title.endsWith("…")).toBe(true)
  })

  it("always ends with the category path", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1 }), { maxLength: 4 }), fc.string(), (names, text) => {
        const title = derive(names, fields, { f_1_4_2: text })
        return names.length === 0 || title.endsWith(names.join(", "))
      }),
    )
  })
})

describe("ReportTitle.given", () => {
  it("takes a title with more than white space", () => {
    expect(given(" Big hole ")).toBe(" Big hole ")
    expect(given(" \n")).toBeUndefined()
    expect(given(undefined)).toBeUndefined()
  })
})

describe("ReportTitle.revised", () => {
  const before = "Potholes, Roads"
  const after = "Lights, Roads"

  it("follows the change while the title is the derived one", () => {
    expect(revised({ written: undefined, current: before, before, after })).toBe(after)
  })

  it("keeps a title a client wrote", () => {
    expect(revised({ written: "", current: "Big hole", before, after })).toBe("Big hole")
  })

  it("takes a title the change writes", () => {
    expect(revised({ written: "Fixed", current: before, before, after })).toBe("Fixed")
  })
})
