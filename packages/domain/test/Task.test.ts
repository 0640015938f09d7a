import { describe, expect, it } from "@effect/vitest"
import { DateTime, Schema } from "effect"
import { Task, TaskCreate, TaskUpdate } from "../src/Task.ts"
import { decoded, errors } from "./internal/decode.ts"

const uuid = "3ffeef7c-0f73-4e82-b39e-5a55cce0daef"
const body = {
  uuid,
  client_created_at: "2023-03-28T12:45:00Z",
  title: "Inspect the outlet",
  description: "Look for oil\nand take pictures",
  assignee_id: 22,
  report_id: 1711,
}

describe("Task", () => {
  it.each([
    ["an open task", { completed_at: null, completed_by_id: null }],
    ["a completed task", { completed_at: "2023-05-18T04:58:22.000Z", completed_by_id: 1965 }],
  ])("reads and writes %s", (_, completion) => {
    const task = { ...body, client_created_at: "2023-03-28T12:45:00.000Z", creator_id: 1076, ...completion }
    expect(Schema.encodeSync(Task)(decoded(Task, task))).toEqual(task)
  })
})

describe("TaskCreate", () => {
  it("takes the six fields", () => {
    const task = decoded(TaskCreate, { ...body, creator_id: 1, completed_at: "2023-03-28T12:45:00Z" }, "task")
    expect(Object.keys(task).sort()).toEqual([
      "assignee_id",
      "client_created_at",
      "description",
      "report_id",
      "title",
      "uuid",
    ])
    expect(DateTime.formatIso(task.client_created_at)).toBe("2023-03-28T12:45:00.000Z")
  })

  it("takes an empty description", () => {
    expect(errors(TaskCreate, { ...body, description: "" }, "task")).toBeUndefined()
  })

  it.each(Object.keys(body))("requires %s", (key) => {
    const without = Object.fromEntries(Object.entries(body).filter(([name]) => name !== key))
    expect(errors(TaskCreate, without, "task")).toEqual({ [`task.${key}`]: ["is required"] })
  })

  it.each([
    ["a uuid that is not one", { uuid: "task-1" }, { "task.uuid": ["must be a UUID"] }],
    [
      "a time without offset",
      { client_created_at: "2023-03-28T12:45:00" },
      {
        "task.client_created_at": ["must be an ISO 8601 timestamp with a time zone offset or Z"],
      },
    ],
    ["a blank title", { title: "" }, { "task.title": ["must not be blank"] }],
    ["an assignee that is not an id", { assignee_id: 1.5 }, { "task.assignee_id": ["must be an integer"] }],
    ["a report that is not an id", { report_id: -1 }, { "task.report_id": ["must be a positive integer"] }],
  ])("refuses %s", (_, change, expected) => {
    expect(errors(TaskCreate, { ...body, ...change }, "task")).toEqual(expected)
  })
})

describe("TaskUpdate", () => {
  it.each([
    ["nothing", {}],
    ["new text", { title: "Re-inspect", description: "" }],
    ["a new assignee", { assignee_id: 5 }],
    ["completion", { completed: true }],
    ["reopening", { completed: false }],
  ])("takes %s", (_, change) => {
    expect(decoded(TaskUpdate, change, "task")).toEqual(change)
  })

  it("takes the client's time of the change", () => {
    const change = decoded(TaskUpdate, { time: "2024-05-01T09:30:00+12:00" }, "task")
    expect(change.time && DateTime.formatIso(change.time)).toBe("2024-04-30T21:30:00.000Z")
  })

  it.each([["the creator or the report", { creator_id: 3, report_id: 4, uuid }, {}]])(
    "ignores %s",
    (_, change, expected) => {
      expect(decoded(TaskUpdate, change, "task")).toEqual(expected)
    },
  )

  it.each([
    ["completion that is not a boolean", { completed: "true" }, { "task.completed": ["must be a boolean"] }],
    [
      "a time that is not a timestamp",
      { time: "now" },
      {
        "task.time": ["must be an ISO 8601 timestamp with a time zone offset or Z"],
      },
    ],
  ])("refuses %s", (_, change, expected) => {
    expect(errors(TaskUpdate, change, "task")).toEqual(expected)
  })
})
