/**
 * What a write of a report changed, field by field: the report's own fields under their wire
 * names, then each answer by its field key, and nothing the server keeps by itself.
 */
import { describe, expect, it } from "vitest"
import * as ReportHistory from "../../src/services/ReportHistory.ts"
import { reportOf } from "./ReportWriteFixtures.ts"

describe("ReportHistory.changes", () => {
  it("names each moved field with its values before and after, answers by key after the report's own", () => {
    const before = reportOf({ answers: { f_1_2_1: "Oil", f_1_2_2: [5], f_1_2_3: "Kept" } })
    const after = reportOf({
      latitude: -41.3,
      report_state_id: 2,
      assignee_id: 22,
      assignment_due_at: "2031-03-03T20:30:00.000Z",
      answers: { f_1_2_1: "Diesel", f_1_2_3: "Kept", f_1_2_4: ["a", "b"] },
      version: 2,
      updated_at: "2026-01-02T00:00:00.000Z",
    })
    expect(ReportHistory.changes(before, after)).toEqual([
      {
        action: "changed",
        field: "location",
        old_value: { latitude: -41.28, longitude: 174.77 },
        new_value: { latitude: -41.3, longitude: 174.77 },
      },
      { action: "changed", field: "report_state_id", old_value: 1, new_value: 2 },
      { action: "changed", field: "assignee_id", old_value: null, new_value: 22 },
      {
        action: "changed",
        field: "assignment_due_at",
        old_value: null,
        new_value: "2031-03-03T20:30:00.000Z",
      },
      { action: "changed", field: "f_1_2_1", old_value: "Oil", new_value: "Diesel" },
      { action: "changed", field: "f_1_2_2", old_value: [5], new_value: null },
      { action: "changed", field: "f_1_2_4", old_value: null, new_value: ["a", "b"] },
    ])
  })

  it("is nothing for a write that moved nothing but the version", () => {
    const report = reportOf({ answers: { f_1_2_1: ["x", "y"] } })
    expect(
      ReportHistory.changes(report, { ...report, answers: { f_1_2_1: ["x", "y"] }, version: 2 }),
    ).toEqual([])
  })

  it("reads a location cleared to an address only as null", () => {
    const before = reportOf()
    const after = reportOf({ latitude: null, longitude: null, address: "Quay St" })
    expect(ReportHistory.changes(before, after).map((change) => [change.field, change.new_value])).toEqual([
      ["address", "Quay St"],
      ["location", null],
    ])
  })
})
