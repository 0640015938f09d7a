import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import { ChoiceDefinitionFromString, Form, FormDefinition } from "../src/Form.ts"
import { decoded, errors } from "./internal/decode.ts"

const category = { id: 13, label: "Category", field_type: "Category" }
const options = (...labels: ReadonlyArray<string>) =>
  JSON.stringify({ multi_select: false, options: labels.map((label) => ({ label })) })

describe("Form", () => {
  it("reads the form resource", () => {
    const form = {
      id: 1,
      name: "Hazard",
      version: 52,
      fields: [
        {
          id: 13,
          label: "Category",
          key: "f_1_36_13",
          field_type: "Category",
          form_order: 0,
          data: "",
          mandatory: null,
          visibility: "public",
          field_visibility: "public",
          value: null,
          editable: true,
        },
      ],
    }
    expect(decoded(Form, form)).toEqual(form)
    expect(errors(Form, { ...form, version: 0 })).toEqual({ version: ["must be a positive integer"] })
  })
})

describe("FormDefinition", () => {
  it("fills what a field may leave out", () => {
    expect(
      decoded(FormDefinition, {
        name: "Hazard",
        fields: [category, { label: "Notes", field_type: "Description" }],
      }),
    ).toEqual({
      name: "Hazard",
      fields: [
        { ...category, mandatory: false, field_visibility: "public", data: "" },
        { label: "Notes", field_type: "Description", mandatory: false, field_visibility: "public", data: "" },
      ],
    })
  })

  it("keeps what a field gives", () => {
    const kept = {
      id: 17,
      label: "Drop Down",
      field_type: "DropDown",
      mandatory: true,
      field_visibility: "private",
      data: options("One", "Two"),
    }
    expect(decoded(FormDefinition, { name: "Hazard", fields: [category, kept] }).fields[1]).toEqual(kept)
  })

  it.each([
    ["no Category field", [{ label: "Notes", field_type: "Description" }]],
    ["two Category fields", [category, { ...category, id: 14 }]],
    ["no fields", []],
  ])("refuses %s", (_, fields) => {
    expect(errors(FormDefinition, { name: "Hazard", fields }, "form")).toEqual({
      "form.fields": ["must hold exactly one Category field"],
    })
  })

  it.each([
    [
      "a field id given twice",
      [category, { id: 13, label: "Notes", field_type: "Description" }],
      {
        "form.fields.1.id": ["is given twice"],
      },
    ],
    [
      "a blank label",
      [category, { label: " ", field_type: "Description" }],
      { "form.fields.1.label": ["must not be blank"] },
    ],
    [
      "an unknown field type",
      [category, { label: "Sign", field_type: "Signature" }],
      {
        "form.fields.1.field_type": [
          "must be one of Category, DateAndTime, CheckBox, DropDown, Radio, ShortTextBox, FreeText, Description, Image, FileUpload",
        ],
      },
    ],
    [
      "data that is not JSON",
      [category, { label: "Notes", field_type: "Description", data: "{" }],
      {
        "form.fields.1.data": ["must be empty or a JSON document"],
      },
    ],
    [
      "a choice field without data",
      [category, { label: "Pick", field_type: "Radio" }],
      {
        "form.fields.1.data": ["must be a JSON document listing the options"],
      },
    ],
    [
      "a choice field without options",
      [category, { label: "Pick", field_type: "CheckBox", data: options() }],
      {
        "form.fields.1.data.options": ["must list at least one option"],
      },
    ],
    [
      "an option without label",
      [category, { label: "Pick", field_type: "DropDown", data: '{"options":[{"value":"f_1_2_3_4_5"}]}' }],
      {
        "form.fields.1.data.options.0.label": ["is required"],
      },
    ],
    [
      "an option value given twice",
      [
        category,
        {
          label: "Pick",
          field_type: "DropDown",
          data: JSON.stringify({
            options: [
              { label: "A", value: "f_1_2_3_4_5" },
              { label: "B", value: "f_1_2_3_4_5" },
            ],
          }),
        },
      ],
      { "form.fields.1.data.options.1.value": ["is given twice"] },
    ],
    [
      "an option value of the wrong form",
      [
        category,
        {
          label: "Pick",
          field_type: "DropDown",
          data: JSON.stringify({ options: [{ label: "A", value: "x" }] }),
        },
      ],
      { "form.fields.1.data.options.0.value": ["must be an option value such as f_1_2_3_4_5"] },
    ],
    ["a blank form name", [category], { "form.name": ["must not be blank"] }, " "],
  ])("refuses %s", (_, fields, expected, name = "Hazard") => {
    expect(errors(FormDefinition, { name, fields }, "form")).toEqual(expected)
  })

  it("reads the options of a choice field, new ones without values", () => {
    expect(
      Schema.decodeUnknownSync(ChoiceDefinitionFromString)(
        '{"options":[{"label":"Kept","value":"f_1_2_3_4_5","enabled":false},{"label":"New"}]}',
      ),
    ).toEqual({
      multi_select: false,
      options: [{ label: "Kept", value: "f_1_2_3_4_5", enabled: false }, { label: "New" }],
    })
  })
})
