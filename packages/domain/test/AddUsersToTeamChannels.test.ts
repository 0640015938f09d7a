import { describe, expect, it } from "@effect/vitest"
import { AddUsersToTeamChannels, AddUsersToTeamChannelsResult } from "../src/AddUsersToTeamChannels.ts"
import { decoded, errors } from "./internal/decode.ts"

describe("AddUsersToTeamChannels", () => {
  it("reads the request, inviting no one by default", () => {
    expect(
      decoded(AddUsersToTeamChannels, {
        users: [
          { user_id: 6, role: "operator", send_email: true },
          { user_id: 54, role: "viewer" },
        ],
        channels: [
          { name: "Team channel", id: 4, isSelected: true },
          { id: 5, isSelected: false },
        ],
      }),
    ).toEqual({
      users: [
        { user_id: 6, role: "operator", send_email: true },
        { user_id: 54, role: "viewer", send_email: false },
      ],
      channels: [
        { name: "Team channel", id: 4, isSelected: true },
        { id: 5, isSelected: false },
      ],
    })
  })

  it.each([["admin"], ["operator"], ["reporter"], ["viewer"]])("knows the channel role %s", (role) => {
    expect(errors(AddUsersToTeamChannels, { users: [{ user_id: 1, role }], channels: [] })).toBeUndefined()
  })

  it.each([
    [
      "a team role",
      { users: [{ user_id: 1, role: "manager" }], channels: [] },
      {
        "users.0.role": ["must be one of admin, operator, reporter, viewer"],
      },
    ],
    [
      "a user without id",
      { users: [{ role: "viewer" }], channels: [] },
      { "users.0.user_id": ["is required"] },
    ],
    [
      "a channel without selection",
      { users: [], channels: [{ id: 4 }] },
      { "channels.0.isSelected": ["is required"] },
    ],
    ["no users", { channels: [] }, { users: ["is required"] }],
    ["no channels", { users: [] }, { channels: ["is required"] }],
  ])("refuses %s", (_, body, expected) => {
    expect(errors(AddUsersToTeamChannels, body)).toEqual(expected)
  })
})

describe("AddUsersToTeamChannelsResult", () => {
  const object = { user_id: 6, role: "operator", send_email: false }

  it("reads one list per channel of one result per user", () => {
    const response = {
      teams: [
        [
          { object, http_status: 200, status: "success", errors: {} },
          { object: { ...object, user_id: 54 }, http_status: 201, status: "success", errors: {} },
        ],
        [{ object, http_status: 404, status: "error", errors: { user_id: ["is not a user of this team"] } }],
      ],
    }
    expect(decoded(AddUsersToTeamChannelsResult, response)).toEqual(response)
  })

  it.each([
    [
      "an unknown status code",
      { http_status: 500 },
      { "teams.0.0.http_status": ["must be one of 200, 201, 403, 404, 422"] },
    ],
    ["an unknown status", { status: "failed" }, { "teams.0.0.status": ["must be one of success, error"] }],
  ])("refuses %s", (_, change, expected) => {
    const item = { object, http_status: 201, status: "success", errors: {}, ...change }
    expect(errors(AddUsersToTeamChannelsResult, { teams: [[item]] })).toEqual(expected)
  })
})
