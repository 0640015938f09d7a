import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import {
  attachmentIds,
  type FormFields,
  fileUploadContentTypes,
  imageContentTypes,
  type Options,
  validate,
} from "../src/FormAnswers.ts"
import type { FieldType, FormField } from "../src/FormField.ts"
import type { Answers } from "../src/Report.ts"

const field = (id: number, field_type: FieldType, extra: Partial<FormField> = {}): FormField => ({
  id,
  label: field_type,
  key: `f_1_${id}_${id}`,
  field_type,
  form_order: id,
  data: "",
  mandatory: null,
  visibility: "public",
  field_visibility: "public",
  value: null,
  editable: true,
  ...extra,
})

const choices = (id: number) =>
  JSON.stringify({
    multi_select: false,
    options: [
      {
        label: "One",
        value: `f_1_${id}_${id}_1_1`,
        enabled: true,
        multi_option_id: null,
        display_order: 0,
        is_default: false,
      },
      {
        label: "Two",
        value: `f_1_${id}_${id}_2_2`,
        enabled: true,
        multi_option_id: null,
        display_order: 1,
        is_default: false,
      },
      {
        label: "Old",
        value: `f_1_${id}_${id}_3_3`,
        enabled: false,
        multi_option_id: null,
        display_order: 2,
        is_default: false,
      },
    ],
  })

const form: FormFields = {
  fields: [
    field(1, "Category"),
    field(2, "DateAndTime"),
    field(3, "CheckBox", { data: choices(3) }),
    field(4, "DropDown", { data: choices(4) }),
    field(5, "Radio", { data: choices(5) }),
    field(6, "ShortTextBox"),
    field(7, "FreeText"),
    field(8, "Description"),
    field(9, "Image"),
    field(10, "FileUpload"),
    field(11, "FileUpload"),
  ],
}

const contentTypes = new Map([
  [15, "image/png"],
  [16, "image/jpeg"],
  [17, "image/gif"],
  [18, "application/pdf"],
  [19, "text/html"],
  [20, "text/plain; charset=utf-8"],
])

const create: Options = { mode: "create", contentTypes }
const update: Options = { mode: "update", contentTypes }

const problems = (answers: Answers, options: Options = update, on: FormFields = form) => {
  const result = validate(on, answers, options)
  return Result.isFailure(result) ? result.failure.errors : undefined
}

const kept = (answers: Answers, options: Options = update) => {
  const result = validate(form, answers, options)
  if (Result.isFailure(result)) throw new Error(result.failure.message)
  return result.success
}

describe("FormAnswers.validate", () => {
  it("refuses keys that are not fields of the form", () => {
    expect(problems({ f_9_9_9: "x", f_1_6_6: "ok" })).toEqual({
      "report.f_9_9_9": ["is not a field of this form"],
    })
  })

  it.each<[string, Answers, Answers]>([
    ["a category id", { f_1_1_1: 22 }, { f_1_1_1: 22 }],
    [
      "a timestamp, in UTC with milliseconds",
      { f_1_2_2: "2016-10-10T16:12:47+13:00" },
      { f_1_2_2: "2016-10-10T03:12:47.000Z" },
    ],
    [
      "option values",
      { f_1_3_3: ["f_1_3_3_1_1", "f_1_3_3_2_2"] },
      { f_1_3_3: ["f_1_3_3_1_1", "f_1_3_3_2_2"] },
    ],
    ["no option values", { f_1_3_3: [] }, { f_1_3_3: [] }],
    ["one DropDown option", { f_1_4_4: "f_1_4_4_2_2" }, { f_1_4_4: "f_1_4_4_2_2" }],
    ["one DropDown option in an array, unwrapped", { f_1_4_4: ["f_1_4_4_2_2"] }, { f_1_4_4: "f_1_4_4_2_2" }],
    ["one Radio option", { f_1_5_5: "f_1_5_5_1_1" }, { f_1_5_5: "f_1_5_5_1_1" }],
    ["one Radio option in an array, unwrapped", { f_1_5_5: ["f_1_5_5_1_1"] }, { f_1_5_5: "f_1_5_5_1_1" }],
    ["short text", { f_1_6_6: "Oil" }, { f_1_6_6: "Oil" }],
    ["a description", { f_1_8_8: "Oil\non the water" }, { f_1_8_8: "Oil\non the water" }],
    ["no description", { f_1_8_8: null }, { f_1_8_8: null }],
    ["FreeText text, dropped", { f_1_7_7: "read me" }, {}],
    ["FreeText null, dropped", { f_1_7_7: null }, {}],
    ["images", { f_1_9_9: [15, 16, 17] }, { f_1_9_9: [15, 16, 17] }],
    ["files", { f_1_10_10: [18, 20] }, { f_1_10_10: [18, 20] }],
    ["no files", { f_1_10_10: [] }, { f_1_10_10: [] }],
  ])("keeps %s", (_, answers, expected) => {
    expect(kept(answers)).toEqual(expected)
  })

  it.each<[string, Answers, string]>([
    ["Category text", { f_1_1_1: "22" }, "must be a category id"],
    ["Category fraction", { f_1_1_1: 2.5 }, "must be a category id"],
    ["Category 0", { f_1_1_1: 0 }, "must be a category id"],
    [
      "DateAndTime without offset",
      { f_1_2_2: "2016-10-10T16:12:47" },
      "must be an ISO 8601 timestamp with a time zone offset or Z",
    ],
    [
      "DateAndTime number",
      { f_1_2_2: 1476069167 },
      "must be an ISO 8601 timestamp with a time zone offset or Z",
    ],
    ["CheckBox one string", { f_1_3_3: "f_1_3_3_1_1" }, "must be an array of option values"],
    ["CheckBox numbers", { f_1_3_3: [1] }, "must be an array of option values"],
    ["DropDown two options", { f_1_4_4: ["f_1_4_4_1_1", "f_1_4_4_2_2"] }, "must be one option value"],
    ["DropDown no option", { f_1_4_4: [] }, "must be one option value"],
    ["DropDown number", { f_1_4_4: 1 }, "must be one option value"],
    ["Radio null", { f_1_5_5: null }, "must be one option value"],
    ["ShortTextBox number", { f_1_6_6: 5 }, "must be a string"],
    ["ShortTextBox null", { f_1_6_6: null }, "must be a string"],
    ["ShortTextBox list", { f_1_6_6: ["a"] }, "must be a string"],
    ["Description number", { f_1_8_8: 5 }, "must be a string or null"],
    ["FreeText list", { f_1_7_7: ["a"] }, "must be a string or null"],
    ["Image text", { f_1_9_9: "15" }, "must be an array of attachment ids"],
    ["Image fractions", { f_1_9_9: [1.5] }, "must be an array of attachment ids"],
    ["FileUpload names", { f_1_10_10: ["a.pdf"] }, "must be an array of attachment ids"],
  ])("refuses %s", (_, answers, message) => {
    const [key] = Object.keys(answers)
    expect(problems(answers)).toEqual({ [`report.${key}`]: [message] })
  })

  it.each<[string, Answers, Record<string, ReadonlyArray<string>>]>([
    [
      "a CheckBox option that does not exist",
      { f_1_3_3: ["f_1_3_3_1_1", "f_1_3_3_9_9"] },
      {
        "report.f_1_3_3": ["f_1_3_3_9_9 is not an option of this field"],
      },
    ],
    [
      "a disabled CheckBox option",
      { f_1_3_3: ["f_1_3_3_3_3"] },
      { "report.f_1_3_3": ["f_1_3_3_3_3 is a disabled option"] },
    ],
    [
      "every bad CheckBox option",
      { f_1_3_3: ["f_1_3_3_3_3", "f_1_3_3_9_9"] },
      {
        "report.f_1_3_3": ["f_1_3_3_3_3 is a disabled option", "f_1_3_3_9_9 is not an option of this field"],
      },
    ],
    [
      "a DropDown option of another field",
      { f_1_4_4: "f_1_5_5_1_1" },
      {
        "report.f_1_4_4": ["f_1_5_5_1_1 is not an option of this field"],
      },
    ],
    [
      "a disabled DropDown option",
      { f_1_4_4: ["f_1_4_4_3_3"] },
      { "report.f_1_4_4": ["f_1_4_4_3_3 is a disabled option"] },
    ],
    [
      "a disabled Radio option",
      { f_1_5_5: "f_1_5_5_3_3" },
      { "report.f_1_5_5": ["f_1_5_5_3_3 is a disabled option"] },
    ],
  ])("refuses %s", (_, answers, expected) => {
    expect(problems(answers)).toEqual(expected)
  })

  it("finds no options in a choice field whose data does not read", () => {
    const broken: FormFields = { fields: [field(4, "DropDown", { data: "{}" })] }
    expect(problems({ f_1_4_4: "f_1_4_4_1_1" }, update, broken)).toEqual({
      "report.f_1_4_4": ["f_1_4_4_1_1 is not an option of this field"],
    })
  })

  describe("mandatory fields", () => {
    const mandatory: FormFields = {
      fields: [
        field(1, "Category", { mandatory: true }),
        field(6, "ShortTextBox", { mandatory: true }),
        field(7, "FreeText", { mandatory: true }),
        field(9, "Image", { mandatory: true }),
        field(12, "ShortTextBox", { mandatory: false }),
      ],
    }

    it.each<[string, Answers]>([
      ["absent", {}],
      ["null", { f_1_6_6: null, f_1_9_9: null }],
      ["empty", { f_1_6_6: "", f_1_9_9: [] }],
      ["blank", { f_1_6_6: "   ", f_1_9_9: [] }],
    ])("are required on create when %s", (_, answers) => {
      expect(problems(answers, create, mandatory)).toEqual({
        "report.f_1_6_6": ["is required"],
        "report.f_1_9_9": ["is required"],
      })
    })

    it("are satisfied by answers; Category (always set) and FreeText (no answer) are never required", () => {
      expect(problems({ f_1_6_6: "Oil", f_1_9_9: [15] }, create, mandatory)).toBeUndefined()
    })

    it("may be left out of a partial update", () => {
      expect(problems({ f_1_12_12: "x" }, update, mandatory)).toBeUndefined()
    })

    it("may not be cleared by an update", () => {
      expect(problems({ f_1_6_6: "" }, update, mandatory)).toEqual({ "report.f_1_6_6": ["is required"] })
    })
  })

  describe("attachments", () => {
    it.each<[string, ReadonlyArray<number>]>([
      ["png", [15]],
      ["jpeg", [16]],
      ["gif", [17]],
    ])("Image accepts %s", (_, ids) => {
      expect(problems({ f_1_9_9: ids })).toBeUndefined()
    })

    it.each<[string, number, string]>([
      ["a pdf", 18, "attachment 18 is application/pdf, not a png, jpeg or gif image"],
      ["plain text", 20, "attachment 20 is text/plain; charset=utf-8, not a png, jpeg or gif image"],
      ["html", 19, "attachment 19 is text/html, not a png, jpeg or gif image"],
    ])("Image refuses %s", (_, id, message) => {
      expect(problems({ f_1_9_9: [id] })).toEqual({ "report.f_1_9_9": [message] })
    })

    it.each([
      ["image/png"],
      ["image/jpeg"],
      ["image/gif"],
      ["text/plain"],
      ["application/pdf"],
      ["application/msword"],
      ["application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
      ["application/vnd.oasis.opendocument.text"],
      ["application/rtf"],
      ["text/rtf"],
      ["application/vnd.ms-excel"],
      ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
      ["application/vnd.oasis.opendocument.spreadsheet"],
      ["text/csv"],
      ["application/vnd.apple.pages"],
      ["application/vnd.apple.numbers"],
      ["application/vnd.apple.keynote"],
      ["Application/PDF"],
      ["text/csv; charset=utf-8"],
    ])("FileUpload accepts %s", (contentType) => {
      expect(
        problems({ f_1_10_10: [30] }, { mode: "update", contentTypes: new Map([[30, contentType]]) }),
      ).toBeUndefined()
    })

    it.each([["text/html"], ["application/zip"], ["image/svg+xml"], ["application/x-msdownload"], [""]])(
      "FileUpload refuses %s",
      (contentType) => {
        expect(
          problems({ f_1_10_10: [30] }, { mode: "update", contentTypes: new Map([[30, contentType]]) }),
        ).toEqual({
          "report.f_1_10_10": [`attachment 30 is ${contentType}, not a file type this field accepts`],
        })
      },
    )

    it("refuses an attachment that does not exist", () => {
      expect(problems({ f_1_9_9: [15, 99] })).toEqual({ "report.f_1_9_9": ["attachment 99 does not exist"] })
    })

    it("refuses an attachment given in two fields, naming the first", () => {
      expect(problems({ f_1_9_9: [15], f_1_10_10: [18, 15] })).toEqual({
        "report.f_1_10_10": ["attachment 15 is already in f_1_9_9"],
      })
      expect(problems({ f_1_10_10: [18], f_1_11_11: [18] })).toEqual({
        "report.f_1_11_11": ["attachment 18 is already in f_1_10_10"],
      })
    })

    it("refuses an attachment given twice in one field", () => {
      expect(problems({ f_1_9_9: [15, 15] })).toEqual({ "report.f_1_9_9": ["attachment 15 is given twice"] })
    })

    it("lists the attachment ids to look up", () => {
      expect(
        attachmentIds(form, { f_1_9_9: [15, 16], f_1_10_10: [18], f_1_6_6: "text", f_1_1_1: 3 }),
      ).toEqual([15, 16, 18])
    })

    it("keeps the FileUpload types a superset of the Image ones", () => {
      expect([...imageContentTypes].every((type) => fileUploadContentTypes.has(type))).toBe(true)
    })
  })

  it("reports every problem of every field at once", () => {
    expect(
      problems(
        { f_9_9_9: 1, f_1_1_1: "x", f_1_4_4: "f_1_4_4_3_3", f_1_9_9: [18, 99], f_1_10_10: [18] },
        { mode: "create", contentTypes },
        { fields: [...form.fields, field(13, "ShortTextBox", { mandatory: true })] },
      ),
    ).toEqual({
      "report.f_9_9_9": ["is not a field of this form"],
      "report.f_1_1_1": ["must be a category id"],
      "report.f_1_4_4": ["f_1_4_4_3_3 is a disabled option"],
      "report.f_1_9_9": [
        "attachment 18 is application/pdf, not a png, jpeg or gif image",
        "attachment 99 does not exist",
      ],
      "report.f_1_10_10": ["attachment 18 is already in f_1_9_9"],
      "report.f_1_13_13": ["is required"],
    })
  })
})
