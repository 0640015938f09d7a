import { describe, expect, it } from "@effect/vitest"
import { Notification, NotificationUpdate } from "../src/Notification.ts"
import { decoded, errors } from "./internal/decode.ts"

describe("Notification", () => {
  const notification = {
    id: 9,
    archived_at: null,
    archived: false,
    created_at: "2024-01-01T00:00:00Z",
    read: false,
    report_id: 49,
    user_id: 2,
  }

  it.each([
    ["a new notification", notification],
    ["an archived one", { ...notification, archived: true, archived_at: "2024-01-02T00:00:00Z", read: true }],
  ])("reads %s", (_, value) => {
    expect(errors(Notification, value)).toBeUndefined()
  })
})

describe("NotificationUpdate", () => {
  it.each([
    ["archiving", { archived: true }, { archived: true }],
    ["unarchiving", { archived: false }, { archived: false }],
    ["only archived", { archived: true, read: true, report_id: 3 }, { archived: true }],
  ])("takes %s", (_, body, expected) => {
    expect(decoded(NotificationUpdate, body, "notification")).toEqual(expected)
  })

  it.each([
    ["nothing", {}, { "notification.archived": ["is required"] }],
    ["archived as text", { archived: "true" }, { "notification.archived": ["must be a boolean"] }],
  ])("refuses %s", (_, body, expected) => {
    expect(errors(NotificationUpdate, body, "notification")).toEqual(expected)
  })
})
