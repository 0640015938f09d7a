import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import {
  ChoiceDataFromString,
  choiceOptions,
  FieldData,
  FieldKey,
  FormField,
  isAttachment,
  isChoice,
  isFieldKey,
  OptionValue,
} from "../src/FormField.ts"
import { decoded, errors } from "./internal/decode.ts"

const dropDownData =
  '{"multi_select":false,"options":[{"label":"Drop down option one","value":"f_1_48_17_48_1","enabled":true,"multi_option_id":null,"display_order":0,"is_default":false}]}'

const record = {
  id: 17,
  label: "Drop <b>Down</b>",
  key: "f_1_48_17",
  field_type: "DropDown",
  form_order: 2,
  data: dropDownData,
  mandatory: null,
  visibility: "public",
  field_visibility: "public",
  value: null,
  editable: true,
}

describe("FormField", () => {
  it.each([
    ["f_1_2_3", true],
    ["f_10_200_3000", true],
    ["f_1_2", false],
    ["f_1_2_3_4_5", false],
    ["f_a_2_3", false],
    ["f_1.5_2_3", false],
    [" f_1_2_3", false],
    ["title", false],
  ])("knows whether %s is a field key", (name, expected) => {
    expect(isFieldKey(name)).toBe(expected)
    expect(Schema.is(FieldKey)(name)).toBe(expected)
  })

  it.each([
    ["f_1_38_14_38_1", true],
    ["f_1_38_14", false],
    ["f_1_38_14_38", false],
    ["f_1_38_14_38_1_1", false],
  ])("knows whether %s is an option value", (value, expected) => {
    expect(Schema.is(OptionValue)(value)).toBe(expected)
  })

  it.each([[""], ["{}"], ['{"a":[1]}'], ["null"]])("takes data %j", (data) => {
    expect(errors(FieldData, data)).toBeUndefined()
  })

  it.each([["{"], ["not json"], ["{'a':1}"]])("refuses data %j", (data) => {
    expect(errors(FieldData, data, "data")).toEqual({ data: ["must be empty or a JSON document"] })
  })

  it.each([
    ["CheckBox", true],
    ["DropDown", true],
    ["Radio", true],
    ["Category", false],
    ["ShortTextBox", false],
    ["Image", false],
  ] as const)("knows whether %s lists options", (fieldType, expected) => {
    expect(isChoice(fieldType)).toBe(expected)
  })

  it.each([
    ["Image", true],
    ["FileUpload", true],
    ["ShortTextBox", false],
    ["Category", false],
  ] as const)("knows whether %s is answered with attachment ids", (fieldType, expected) => {
    expect(isAttachment(fieldType)).toBe(expected)
  })

  it("reads the choice document of data", () => {
    expect(Schema.decodeUnknownSync(ChoiceDataFromString)(dropDownData)).toEqual({
      multi_select: false,
      options: [
        {
          label: "Drop down option one",
          value: "f_1_48_17_48_1",
          enabled: true,
          multi_option_id: null,
          display_order: 0,
          is_default: false,
        },
      ],
    })
  })

  it.each([
    ["a choice field", { field_type: "DropDown", data: dropDownData } as const, ["f_1_48_17_48_1"]],
    ["a choice field without data", { field_type: "CheckBox", data: "" } as const, []],
    ["a choice field whose data does not read", { field_type: "Radio", data: '{"options":3}' } as const, []],
    ["another field", { field_type: "ShortTextBox", data: dropDownData } as const, []],
  ])("lists the options of %s", (_, field, values) => {
    expect(choiceOptions(field).map((option) => option.value)).toEqual(values)
  })

  it.each([
    ["a form definition (value null)", record],
    ["a category", { ...record, field_type: "Category", data: "", value: 2 }],
    ["a check box", { ...record, field_type: "CheckBox", value: ["f_1_48_17_48_1"] }],
    ["a short text", { ...record, field_type: "ShortTextBox", data: "", mandatory: true, value: "puba" }],
    ["a private field", { ...record, field_visibility: "private" }],
    [
      "an image",
      {
        ...record,
        field_type: "Image",
        data: "",
        value: [
          {
            id: 15,
            original_url: "https://f/15.png",
            filename: "a.png",
            style_url: { thumb: "t", medium: "m" },
          },
        ],
      },
    ],
    [
      "a file",
      {
        ...record,
        field_type: "FileUpload",
        data: "",
        value: [{ id: 17, original_url: "u", filename: "a.zip", style_url: {} }],
      },
    ],
  ])("reads %s", (_, value) => {
    expect(decoded(FormField, value)).toEqual(value)
  })

  it.each([
    [
      "an unknown field type",
      { ...record, field_type: "Signature" },
      {
        field_type: [
          "must be one of Category, DateAndTime, CheckBox, DropDown, Radio, ShortTextBox, FreeText, Description, Image, FileUpload",
        ],
      },
    ],
    ["a bad key", { ...record, key: "f_1_48" }, { key: ["must be a field key such as f_1_2_3"] }],
    [
      "an unknown visibility",
      { ...record, field_visibility: "team" },
      { field_visibility: ["must be one of public, private"] },
    ],
    ["a negative order", { ...record, form_order: -1 }, { form_order: ["must not be negative"] }],
  ])("refuses %s", (_, value, expected) => {
    expect(errors(FormField, value)).toEqual(expected)
  })
})
