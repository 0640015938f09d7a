import { describe, expect, it } from "@effect/vitest"
import { DeletedResource, DeletedResourceType } from "../src/DeletedResource.ts"
import { errors } from "./internal/decode.ts"

describe("DeletedResource", () => {
  const report = {
    uuid: "3ffeef7c-0f73-4e82-b39e-5a55cce0daef",
    id: 49,
    type: "report",
    deleted_at: "2026-11-27T09:00:00.000Z",
  }

  it.each([
    ["a report's", report, undefined],
    ["a task's, which has no id", { ...report, id: null, type: "task" }, undefined],
    ["an alert area's, which has no uuid", { ...report, uuid: null, type: "alert_area" }, undefined],
    ["one of an unknown type", { ...report, type: "channel" }, { type: [expect.stringContaining("report")] }],
  ])("reads %s", (_, value, expected) => {
    expect(errors(DeletedResource, value)).toEqual(expected)
  })

  it("names the types a tombstone may have", () => {
    expect(errors(DeletedResourceType, "report_comment")).toBeUndefined()
    expect(errors(DeletedResourceType, "account")).toEqual({
      "": ["must be one of report, task, report_comment, alert_area"],
    })
  })
})
