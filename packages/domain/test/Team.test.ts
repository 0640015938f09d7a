import { describe, expect, it } from "@effect/vitest"
import { Team, TeamCreate, TeamUpdate } from "../src/Team.ts"
import { decoded, errors } from "./internal/decode.ts"

describe("Team", () => {
  const team = { id: 1, feature_tasks_enabled: true, industry: "", location: "", name: "River care" }

  it.each([
    ["the default fields", team],
    ["the selected fields", { ...team, is_manager_of: true, is_owner_of: false, team_user_id: 14 }],
    ["no team user (a platform administrator outside the team)", { ...team, team_user_id: null }],
  ])("reads %s", (_, value) => {
    expect(decoded(Team, value)).toEqual(value)
  })
})

describe("TeamCreate", () => {
  it.each([
    ["a name alone", { name: "River care" }, { name: "River care", industry: "", location: "" }],
    [
      "all three",
      { name: "River care", industry: "Water", location: "Waikato" },
      { name: "River care", industry: "Water", location: "Waikato" },
    ],
    [
      "no feature flags",
      { name: "R", feature_tasks_enabled: false, id: 3 },
      { name: "R", industry: "", location: "" },
    ],
  ])("takes %s", (_, body, expected) => {
    expect(decoded(TeamCreate, body, "team")).toEqual(expected)
  })

  it.each([
    ["no name", {}, { "team.name": ["is required"] }],
    ["an industry that is not text", { name: "R", industry: 3 }, { "team.industry": ["must be a string"] }],
  ])("refuses %s", (_, body, expected) => {
    expect(errors(TeamCreate, body, "team")).toEqual(expected)
  })
})

describe("TeamUpdate", () => {
  it.each([
    ["new text", { name: "Rivers", industry: "Water", location: "NZ" }],
    ["the task feature", { feature_tasks_enabled: false }],
    ["a change of owner", { is_owner_change: true, user_id: 54 }],
    ["no change of owner", { is_owner_change: false }],
  ])("takes %s", (_, body) => {
    expect(decoded(TeamUpdate, body, "team")).toEqual(body)
  })

  it.each([
    [
      "a change of owner without the new owner",
      { is_owner_change: true },
      { "team.user_id": ["is required to change the owner"] },
    ],
    ["a blank name", { name: "" }, { "team.name": ["must not be blank"] }],
    [
      "a new owner that is not an id",
      { is_owner_change: true, user_id: "54" },
      { "team.user_id": ["must be a number"] },
    ],
  ])("refuses %s", (_, body, expected) => {
    expect(errors(TeamUpdate, body, "team")).toEqual(expected)
  })
})
