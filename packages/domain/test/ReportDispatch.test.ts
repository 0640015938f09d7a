import { describe, expect, it } from "@effect/vitest"
import { DateTime } from "effect"
import { mayDispatch, movesState, reassigns } from "../src/ReportDispatch.ts"
import { channelRoles, teamRoles } from "../src/Roles.ts"

describe("ReportDispatch.mayDispatch", () => {
  it("is for the channel's operators and admins, whatever their team role", () => {
    for (const teamRole of teamRoles) {
      expect(channelRoles.filter((channelRole) => mayDispatch({ channelRole, teamRole }))).toEqual([
        "operator",
        "admin",
      ])
      expect(mayDispatch({ channelRole: undefined, teamRole })).toBe(false)
    }
  })
})

describe("ReportDispatch.movesState", () => {
  it("is a state given that is not the current one", () => {
    expect(movesState({ report_state_id: 1 }, undefined)).toBe(false)
    expect(movesState({ report_state_id: 1 }, 1)).toBe(false)
    expect(movesState({ report_state_id: 1 }, 2)).toBe(true)
  })
})

describe("ReportDispatch.reassigns", () => {
  const due = "2024-05-01T09:30:00.000Z"
  const report = { assignee_id: 22, assignment_due_at: due }

  it("is another assignee, or none instead of one", () => {
    expect(reassigns(report, {})).toBe(false)
    expect(reassigns(report, { assignee_id: 22 })).toBe(false)
    expect(reassigns(report, { assignee_id: 23 })).toBe(true)
    expect(reassigns(report, { assignee_id: null })).toBe(true)
  })

  it("is another due time, the same instant written in any zone being the same", () => {
    expect(reassigns(report, { assignment_due_at: DateTime.makeUnsafe("2024-05-01T21:30:00+12:00") })).toBe(
      false,
    )
    expect(reassigns(report, { assignment_due_at: DateTime.makeUnsafe("2024-05-01T09:31:00Z") })).toBe(true)
    expect(reassigns(report, { assignment_due_at: null })).toBe(true)
    expect(reassigns({ assignee_id: null, assignment_due_at: null }, { assignment_due_at: null })).toBe(false)
  })
})
