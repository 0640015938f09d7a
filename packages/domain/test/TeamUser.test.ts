import { describe, expect, it } from "@effect/vitest"
import { TeamUser, TeamUserUpdate } from "../src/TeamUser.ts"
import { decoded, errors } from "./internal/decode.ts"

const member = {
  id: 14,
  agreed_to_join: true,
  app_version: "2.9.6",
  bluetooth_enabled: true,
  email: "safeuser@example.com",
  first_name: "Safe",
  last_active_at: "2020-09-11T15:43:29.682+12:00",
  last_invited_at: null,
  last_name: "Awareson",
  location_enabled: true,
  push_notification_enabled: true,
  role: "team_member",
  user_id: 22,
}

describe("TeamUser", () => {
  it.each([
    ["the default fields", member],
    [
      "the selectable fields",
      { ...member, channel_count: 3, report_count: 0, status: "invited", supervisor_id: null },
    ],
    ["a supervisor", { ...member, supervisor_id: 7 }],
  ])("reads %s", (_, value) => {
    expect(errors(TeamUser, value)).toBeUndefined()
  })

  it.each([["team_member"], ["manager"], ["owner"]])("knows the role %s", (role) => {
    expect(errors(TeamUser, { ...member, role })).toBeUndefined()
  })

  it.each([
    ["an unknown role", { role: "admin" }, { role: ["must be one of team_member, manager, owner"] }],
    ["an unknown status", { status: "left" }, { status: ["must be one of active, invited, deactivated"] }],
    ["a negative count", { report_count: -1 }, { report_count: ["must not be negative"] }],
  ])("refuses %s", (_, change, expected) => {
    expect(errors(TeamUser, { ...member, ...change })).toEqual(expected)
  })
})

describe("TeamUserUpdate", () => {
  it.each([
    ["a role", { role: "manager" }],
    ["back to member", { role: "team_member" }],
    ["a supervisor", { supervisor_id: 7 }],
    ["no supervisor", { supervisor_id: null }],
    ["an accepted invitation", { agreed_to_join: true }],
  ])("takes %s", (_, body) => {
    expect(decoded(TeamUserUpdate, body, "team_user")).toEqual(body)
  })

  it.each([
    [
      "ownership, which moves only with the team",
      { role: "owner" },
      { "team_user.role": ["must be one of team_member, manager"] },
    ],
    [
      "an invitation un-accepted",
      { agreed_to_join: false },
      { "team_user.agreed_to_join": ["can only be true"] },
    ],
    [
      "a supervisor that is not an id",
      { supervisor_id: "7" },
      { "team_user.supervisor_id": ["must be a team user id or null"] },
    ],
  ])("refuses %s", (_, body, expected) => {
    expect(errors(TeamUserUpdate, body, "team_user")).toEqual(expected)
  })
})
