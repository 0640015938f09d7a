import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import fc from "fast-check"
import { FormDefinition } from "../src/Form.ts"
import { choiceOptions } from "../src/FormField.ts"
import {
  checkIds,
  dataOf,
  fieldKey,
  type KnownField,
  numbering,
  numbersNeeded,
  plan,
} from "../src/FormRevision.ts"
import { decoded } from "./internal/decode.ts"

const category = { id: 13, label: "Category", field_type: "Category" }
const choices = (...options: ReadonlyArray<{ readonly label: string; readonly value?: string }>) =>
  JSON.stringify({ multi_select: false, options })

const dropDown: KnownField = {
  id: 17,
  key: "f_1_17_4",
  field_type: "DropDown",
  data: JSON.stringify({
    multi_select: false,
    options: [
      {
        label: "Spill",
        value: "f_1_17_4_5_1",
        enabled: true,
        multi_option_id: null,
        display_order: 0,
        is_default: false,
      },
      {
        label: "Leak",
        value: "f_1_17_4_9_3",
        enabled: true,
        multi_option_id: null,
        display_order: 1,
        is_default: false,
      },
    ],
  }),
}
const known = new Map<number, KnownField>([
  [13, { id: 13, key: "f_1_13_1", field_type: "Category", data: "" }],
  [17, dropDown],
])

const definition = (...fields: ReadonlyArray<Record<string, unknown>>) =>
  decoded(FormDefinition, { name: "Hazard", fields: [category, ...fields] }, "form")

/** Applies a definition as the service does, numbering from `first`: each field's key and data. */
const revise = (form: FormDefinition, first: number) => {
  const planned = plan(form, known)
  const take = numbering(first)
  const fields = planned.map((field) => {
    const key = field.kept?.key ?? fieldKey(1, 99, take())
    return { key, data: dataOf(field, key, take) }
  })
  return { fields, used: take() - first, needed: numbersNeeded(planned) }
}

describe("FormRevision.fieldKey", () => {
  it("writes f_<form>_<field>_<n>", () => {
    expect(fieldKey(1, 14, 38)).toBe("f_1_14_38")
  })
})

describe("FormRevision.checkIds", () => {
  it("takes ids of the form's fields with their types", () => {
    expect(
      Result.isSuccess(
        checkIds(
          definition({ id: 17, label: "Kind", field_type: "DropDown", data: choices({ label: "Spill" }) }),
          known,
        ),
      ),
    ).toBe(true)
  })

  it("refuses an id the form does not hold, and a change of a kept field's type", () => {
    const result = checkIds(
      definition(
        { id: 99, label: "Other", field_type: "ShortTextBox" },
        { id: 17, label: "Kind", field_type: "ShortTextBox" },
      ),
      known,
    )
    expect(Result.isFailure(result) && result.failure.errors).toEqual({
      "form.fields.1.id": ["is not a field of this form"],
      "form.fields.2.field_type": [
        "cannot change from DropDown, as reports keep answers of that type; add a new field instead",
      ],
    })
  })
})

describe("FormRevision.plan and dataOf", () => {
  it("keeps a kept field's key and kept options' values; new options count on after the highest", () => {
    const { fields, needed, used } = revise(
      definition({
        id: 17,
        label: "Kind",
        field_type: "DropDown",
        data: choices(
          { label: "Leak", value: "f_1_17_4_9_3" },
          { label: "Flood" },
          { label: "Gone", value: "f_1_17_4_77_7" },
        ),
      }),
      40,
    )
    expect(fields[1]!.key).toBe("f_1_17_4")
    expect(JSON.parse(fields[1]!.data).options).toEqual([
      {
        label: "Leak",
        value: "f_1_17_4_9_3",
        enabled: true,
        multi_option_id: null,
        display_order: 0,
        is_default: false,
      },
      {
        label: "Flood",
        value: "f_1_17_4_40_4",
        enabled: true,
        multi_option_id: null,
        display_order: 1,
        is_default: false,
      },
      {
        label: "Gone",
        value: "f_1_17_4_41_5",
        enabled: true,
        multi_option_id: null,
        display_order: 2,
        is_default: false,
      },
    ])
    expect([needed, used]).toEqual([2, 2])
  })

  it("numbers a new field, then its options", () => {
    const { fields, needed } = revise(
      definition({ label: "Kind", field_type: "Radio", data: choices({ label: "Yes" }, { label: "No" }) }),
      7,
    )
    expect(fields[1]!.key).toBe("f_1_99_7")
    expect(
      choiceOptions({ field_type: "Radio", data: fields[1]!.data }).map((option) => option.value),
    ).toEqual(["f_1_99_7_8_1", "f_1_99_7_9_2"])
    expect(needed).toBe(3)
  })

  it("keeps the data of a field that lists no options as sent", () => {
    const { fields, needed } = revise(definition(), 1)
    expect(fields).toEqual([{ key: "f_1_13_1", data: "" }])
    expect(needed).toBe(0)
  })

  it("takes exactly the numbers it reserves and never gives a value twice", () => {
    const option = fc.oneof(
      fc.constant({ label: "Spill", value: "f_1_17_4_5_1" }),
      fc.constant({ label: "Leak", value: "f_1_17_4_9_3" }),
      fc.constant({ label: "Other", value: "f_1_17_4_70_2" }),
      fc.constant({ label: "New" }),
    )
    const options = fc
      .array(option, { minLength: 1, maxLength: 6 })
      .filter(
        (list) =>
          new Set(list.flatMap((o) => ("value" in o ? [o.value] : []))).size ===
          list.filter((o) => "value" in o).length,
      )
    fc.assert(
      fc.property(options, fc.boolean(), fc.integer({ min: 1, max: 1000 }), (list, keep, first) => {
        const field = {
          ...(keep ? { id: 17 } : {}),
          label: "Kind",
          field_type: "DropDown",
          data: choices(...list),
        }
        const { fields, needed, used } = revise(definition(field), first)
        const values = choiceOptions({ field_type: "DropDown", data: fields[1]!.data }).map((o) => o.value)
        return needed === used && new Set(values).size === values.length
      }),
    )
  })
})
