import { TaskCreate } from "@fieldreport/domain/Task"
import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { newTaskUuid } from "./task-uuid.ts"

describe("newTaskUuid", () => {
  it("makes distinct version 4 UUIDs that the server accepts", () => {
    const made = Array.from({ length: 50 }, newTaskUuid)
    expect(new Set(made).size).toBe(50)
    for (const uuid of made) {
      expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
      expect(Schema.is(TaskCreate.fields.uuid)(uuid)).toBe(true)
    }
  })
})
