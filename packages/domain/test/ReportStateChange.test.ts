import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import { ReportStateChange } from "../src/ReportStateChange.ts"
import { decoded, errors } from "./internal/decode.ts"

const change = {
  id: 123,
  created_at: "2022-03-29T15:05:04.774+13:00",
  report_id: 22,
  user_id: 34,
  previous_report_state: { id: 44, name: "New" },
  new_report_state: { id: 11, name: "Be Aware" },
}

describe("ReportStateChange", () => {
  it("reads a change and writes its time in UTC", () => {
    expect(Schema.encodeSync(ReportStateChange)(decoded(ReportStateChange, change))).toEqual({
      ...change,
      created_at: "2022-03-29T02:05:04.774Z",
    })
  })

  it.each([
    [
      "no previous state",
      { ...change, previous_report_state: undefined },
      { previous_report_state: ["is required"] },
    ],
    [
      "a state without name",
      { ...change, new_report_state: { id: 11 } },
      { "new_report_state.name": ["is required"] },
    ],
  ])("refuses %s", (_, value, expected) => {
    expect(errors(ReportStateChange, JSON.parse(JSON.stringify(value)))).toEqual(expected)
  })
})
