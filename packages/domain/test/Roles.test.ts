import { describe, expect, it } from "@effect/vitest"
import fc from "fast-check"
import {
  type ChannelNeed,
  type ChannelRole,
  channelRoles,
  channelRolesAllow,
  mayEditReport,
  readsInternalNotes,
  type TeamNeed,
  type TeamRole,
  teamRoleAllows,
  teamRoles,
} from "../src/Roles.ts"

const teamNeeds: ReadonlyArray<TeamNeed> = ["member", "manage", "own"]
const channelNeeds: ReadonlyArray<ChannelNeed> = ["read", "report", "operate", "administer"]

const teamRole = fc.constantFrom(...teamRoles)
const channelRole = fc.constantFrom<ChannelRole | undefined>(...channelRoles, undefined)
const rankOf = (role: ChannelRole | undefined) => (role === undefined ? -1 : channelRoles.indexOf(role))

describe("Roles.teamRoleAllows", () => {
  it.each([
    ["team_member", "member", true],
    ["team_member", "manage", false],
    ["manager", "manage", true],
    ["manager", "own", false],
    ["owner", "own", true],
  ] as const)("%s for %s: %s", (role: TeamRole, need: TeamNeed, allowed) => {
    expect(teamRoleAllows(role, need)).toBe(allowed)
  })

  it("is monotonic: a higher team role allows everything a lower one does", () => {
    fc.assert(
      fc.property(teamRole, teamRole, fc.constantFrom(...teamNeeds), (a, b, need) => {
        const [low, high] = teamRoles.indexOf(a) <= teamRoles.indexOf(b) ? [a, b] : [b, a]
        return !teamRoleAllows(low, need) || teamRoleAllows(high, need)
      }),
    )
  })
})

describe("Roles.channelRolesAllow", () => {
  it.each([
    ["viewer", "read", true],
    ["viewer", "report", false],
    ["reporter", "report", true],
    ["reporter", "operate", false],
    ["operator", "operate", true],
    ["operator", "administer", false],
    ["admin", "administer", true],
  ] as const)("a %s may %s: %s", (role, need, allowed) => {
    expect(channelRolesAllow({ channelRole: role, teamRole: "team_member" }, need)).toBe(allowed)
  })

  it("lets team managers and owners read a channel they are no member of, and nothing more", () => {
    for (const teamRole of ["manager", "owner"] as const) {
      expect(channelRolesAllow({ channelRole: undefined, teamRole }, "read")).toBe(true)
      expect(channelRolesAllow({ channelRole: undefined, teamRole }, "report")).toBe(false)
    }
    expect(channelRolesAllow({ channelRole: undefined, teamRole: "team_member" }, "read")).toBe(false)
  })

  it("is monotonic in the channel role and in the team role", () => {
    fc.assert(
      fc.property(
        channelRole,
        channelRole,
        teamRole,
        teamRole,
        fc.constantFrom(...channelNeeds),
        (a, b, t, u, need) => {
          const [low, high] = rankOf(a) <= rankOf(b) ? [a, b] : [b, a]
          const [lowTeam, highTeam] = teamRoles.indexOf(t) <= teamRoles.indexOf(u) ? [t, u] : [u, t]
          return (
            !channelRolesAllow({ channelRole: low, teamRole: lowTeam }, need) ||
            channelRolesAllow({ channelRole: high, teamRole: highTeam }, need)
          )
        },
      ),
    )
  })

  it("never allows a greater need without the lesser", () => {
    fc.assert(
      fc.property(channelRole, teamRole, fc.nat(3), fc.nat(3), (role, team, i, j) => {
        const roles = { channelRole: role, teamRole: team }
        const [lesser, greater] = i <= j ? [i, j] : [j, i]
        return (
          !channelRolesAllow(roles, channelNeeds[greater]!) || channelRolesAllow(roles, channelNeeds[lesser]!)
        )
      }),
    )
  })
})

describe("Roles.mayEditReport", () => {
  it("lets reporters edit their own reports and operators and admins any", () => {
    expect(mayEditReport("reporter", 7, { user_id: 7 })).toBe(true)
    expect(mayEditReport("reporter", 7, { user_id: 8 })).toBe(false)
    expect(mayEditReport("viewer", 7, { user_id: 7 })).toBe(false)
    expect(mayEditReport(undefined, 7, { user_id: 7 })).toBe(false)
    expect(mayEditReport("operator", 7, { user_id: 8 })).toBe(true)
    expect(mayEditReport("admin", 7, { user_id: 8 })).toBe(true)
  })

  it("is monotonic: a higher channel role edits every report a lower one does", () => {
    fc.assert(
      fc.property(
        channelRole,
        channelRole,
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 3 }),
        (a, b, user, owner) => {
          const [low, high] = rankOf(a) <= rankOf(b) ? [a, b] : [b, a]
          return (
            !mayEditReport(low, user, { user_id: owner }) || mayEditReport(high, user, { user_id: owner })
          )
        },
      ),
    )
  })
})

describe("Roles.readsInternalNotes", () => {
  it("is for operators and admins only, whatever the team role", () => {
    for (const team of teamRoles) {
      expect(
        channelRoles.filter((role) => readsInternalNotes({ channelRole: role, teamRole: team })),
      ).toEqual(["operator", "admin"])
      expect(readsInternalNotes({ channelRole: undefined, teamRole: team })).toBe(false)
    }
  })
})
