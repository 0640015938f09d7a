import { describe, expect, it } from "@effect/vitest"
import { DateTime, Schema } from "effect"
import fc from "fast-check"
import { changedColumns, changeTime, mayChange, Task, TaskCreate, TaskUpdate } from "../src/Task.ts"
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

describe("Task.mayChange", () => {
  const task = { creator_id: 7, assignee_id: 9 }

  it("lets the creator, the assignee and the team's managers and owner change a task", () => {
    expect(mayChange(7, "team_member", task)).toBe(true)
    expect(mayChange(9, "team_member", task)).toBe(true)
    expect(mayChange(8, "team_member", task)).toBe(false)
    expect(mayChange(8, "manager", task)).toBe(true)
    expect(mayChange(8, "owner", task)).toBe(true)
    expect(mayChange(8, undefined, task)).toBe(false)
  })

  it("allows a higher team role everything a lower one may", () => {
    const roles = ["team_member", "manager", "owner"] as const
    fc.assert(
      fc.property(fc.nat(2), fc.nat(2), fc.integer({ min: 1, max: 4 }), (i, j, user) => {
        const [low, high] = i <= j ? [roles[i]!, roles[j]!] : [roles[j]!, roles[i]!]
        return !mayChange(user, low, task) || mayChange(user, high, task)
      }),
    )
  })
})

describe("Task.changedColumns", () => {
  const now = "2024-05-01T09:30:00.000Z"
  const open = { completed_at: null }
  const done = { completed_at: "2024-04-01T00:00:00.000Z" }

  it("completes an open task by the user now", () => {
    expect(changedColumns({ completed: true }, open, 7, now)).toEqual({
      completed_at: now,
      completed_by_id: 7,
    })
  })

  it("keeps the first completion of a task completed already", () => {
    expect(changedColumns({ completed: true }, done, 7, now)).toEqual({})
  })

  it("reopens a task", () => {
    expect(changedColumns({ completed: false }, done, 7, now)).toEqual({
      completed_at: null,
      completed_by_id: null,
    })
  })

  it("writes text and assignee as given and leaves out what is not", () => {
    expect(changedColumns({ title: "Inspect", assignee_id: 3 }, open, 7, now)).toEqual({
      title: "Inspect",
      assignee_id: 3,
    })
    expect(changedColumns({ time: DateTime.makeUnsafe(0) }, open, 7, now)).toEqual({})
  })
})

describe("Task.changeTime", () => {
  it("counts a timed change by the client's clock, in UTC", () => {
    const time = decoded(TaskUpdate, { time: "2024-05-01T09:30:00+12:00" }, "task").time!
    expect(changeTime({ time }, "2024-06-01T00:00:00.000Z")).toEqual({
      at: "2024-04-30T21:30:00.000Z",
      fromClient: true,
    })
  })

  it("counts a change without time as made now by the server", () => {
    expect(changeTime({ title: "Inspect" }, "2024-06-01T00:00:00.000Z")).toEqual({
      at: "2024-06-01T00:00:00.000Z",
      fromClient: false,
    })
  })
})
