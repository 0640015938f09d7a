import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createPerson, joinTeam } from "../support/People.ts"
import { adminEmail, adminPassword, startTestServer, type TestServer } from "../support/TestServer.ts"
import { buildWorld, createApp, createTeam, type World } from "../support/World.ts"

let server: TestServer
let world: World
let adminToken: string

beforeAll(async () => {
  server = await startTestServer()
  world = await buildWorld(server)
  adminToken = await server.login(adminEmail, adminPassword)
})
afterAll(() => server.close())

const teamOf = (token: string, id: number, query = "") =>
  server.request("GET", `/api/v4/teams/${id}${query}`, { token })

describe("POST /api/v4/teams", () => {
  it("creates a team in the current app with its creator as owner", async () => {
    const founder = await createPerson(server, "founder@example.com")
    const answer = await server.request("POST", "/api/v4/teams", {
      token: founder.token,
      body: { team: { name: "Coast care", industry: "Environment", location: "Otago" } },
    })
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({
      id: answer.body.id,
      feature_tasks_enabled: true,
      industry: "Environment",
      location: "Otago",
      name: "Coast care",
    })
    expect(answer.headers.get("location")).toBe(`/api/v4/teams/${answer.body.id}`)
    const fetched = await teamOf(founder.token, answer.body.id, "?fields=is_owner_of,is_manager_of")
    expect(fetched.body).toMatchObject({ is_owner_of: true, is_manager_of: true })
  })

  it("ignores fields the client may not set", async () => {
    const answer = await server.request("POST", "/api/v4/teams", {
      token: world.member.token,
      body: { team: { name: "Sneaky", id: 999_999, feature_tasks_enabled: false, branded_app_id: 77 } },
    })
    expect(answer.status).toBe(201)
    expect(answer.body.id).not.toBe(999_999)
    expect(answer.body).toMatchObject({
      name: "Sneaky",
      feature_tasks_enabled: true,
      industry: "",
      location: "",
    })
  })

  it("names every invalid field, and refuses callers without credentials", async () => {
    const invalid = await server.request("POST", "/api/v4/teams", {
      token: world.member.token,
      body: { team: { name: " ", industry: 4 } },
    })
    expect(invalid.status).toBe(422)
    expect(Object.keys(invalid.body.errors).sort()).toEqual(["team.industry", "team.name"])
    const anonymous = await server.request("POST", "/api/v4/teams", { body: { team: { name: "Nobody's" } } })
    expect(anonymous.status).toBe(401)
  })

  it("creates the team in the app named by X-AppId, visible only there", async () => {
    const other = await createApp(server, "com.example.teams-other")
    const answer = await server.request("POST", "/api/v4/teams", {
      token: world.viewer.token,
      headers: { "X-AppId": other },
      body: { team: { name: "Elsewhere" } },
    })
    expect(answer.status).toBe(201)
    const there = await server.request("GET", "/api/v4/teams", {
      token: world.viewer.token,
      headers: { "X-AppId": other },
    })
    expect(there.body.map((team: { name: string }) => team.name)).toEqual(["Elsewhere"])
    const here = await server.request("GET", "/api/v4/teams", { token: world.viewer.token })
    expect(here.body.map((team: { name: string }) => team.name)).toEqual(["River care"])
    expect((await teamOf(world.viewer.token, answer.body.id)).status).toBe(404)
    const teamHere = await server.request("GET", `/api/v4/teams/${world.teamId}`, {
      token: world.owner.token,
      headers: { "X-AppId": other },
    })
    expect(teamHere.status).toBe(404)
  })
})

describe("GET /api/v4/teams", () => {
  it("lists the user's teams by name, with optional fields and ignored unknown ones", async () => {
    const person = await createPerson(server, "lister@example.com")
    await createTeam(server, person, "Zebra crossing")
    await createTeam(server, person, "Alpine rescue")
    await joinTeam(server, world.teamId, person, "manager")
    const answer = await server.request(
      "GET",
      "/api/v4/teams?fields=is_owner_of,is_manager_of,colour,-shade",
      {
        token: person.token,
      },
    )
    expect(answer.status).toBe(200)
    expect(answer.headers.get("x-ignored-fields")).toBe("colour, -shade")
    expect(
      answer.body.map((team: { name: string; is_owner_of: boolean; is_manager_of: boolean }) => [
        team.name,
        team.is_owner_of,
        team.is_manager_of,
      ]),
    ).toEqual([
      ["Alpine rescue", true, true],
      ["River care", false, true],
      ["Zebra crossing", true, true],
    ])
    const plain = await server.request("GET", "/api/v4/teams", { token: person.token })
    expect(Object.keys(plain.body[0]).sort()).toEqual([
      "feature_tasks_enabled",
      "id",
      "industry",
      "location",
      "name",
    ])
    expect(plain.headers.get("x-ignored-fields")).toBeNull()
  })

  it("leaves out teams the user was invited to but has not joined", async () => {
    const answer = await server.request("GET", "/api/v4/teams", { token: world.invited.token })
    expect(answer.body).toEqual([])
  })

  it("lists the invitations not accepted yet with agreed_to_join=false, with the team user that accepts each", async () => {
    const person = await createPerson(server, "invitee@example.com")
    await joinTeam(server, world.teamId, person, "team_member", false)
    const invitations = await server.request(
      "GET",
      "/api/v4/teams?agreed_to_join=false&fields=team_user_id",
      {
        token: person.token,
      },
    )
    expect(invitations.status).toBe(200)
    expect(invitations.body).toEqual([expect.objectContaining({ id: world.teamId, name: "River care" })])
    const teamUserId: number = invitations.body[0].team_user_id

    const accepted = await server.request("PATCH", `/api/v4/teams/${world.teamId}/team_users/${teamUserId}`, {
      token: person.token,
      body: { team_user: { agreed_to_join: true } },
    })
    expect(accepted.status).toBe(204)
    const joined = await server.request("GET", "/api/v4/teams?fields=team_user_id", { token: person.token })
    expect(joined.body).toEqual([expect.objectContaining({ id: world.teamId, team_user_id: teamUserId })])
    const left = await server.request("GET", "/api/v4/teams?agreed_to_join=false", { token: person.token })
    expect(left.body).toEqual([])
  })

  it("lists no joined team among the invitations, and refuses an agreed_to_join that is no boolean", async () => {
    const invitations = await server.request("GET", "/api/v4/teams?agreed_to_join=0", {
      token: world.member.token,
    })
    expect(invitations.body).toEqual([])
    const bad = await server.request("GET", "/api/v4/teams?agreed_to_join=maybe", {
      token: world.member.token,
    })
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toEqual({ agreed_to_join: ["must be true, false, 1 or 0"] })
  })
})

describe("GET /api/v4/teams/{id}", () => {
  it("answers a team user with the default fields", async () => {
    const answer = await teamOf(world.member.token, world.teamId)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      id: world.teamId,
      feature_tasks_enabled: true,
      industry: "Water",
      location: "Waikato",
      name: "River care",
    })
    const roles = await teamOf(world.member.token, world.teamId, "?fields=is_manager_of,is_owner_of")
    expect(roles.body).toMatchObject({ is_manager_of: false, is_owner_of: false })
  })

  it("hides other teams, teams not yet joined, and unknown ids; a malformed id is 400", async () => {
    expect((await teamOf(world.outsider.token, world.teamId)).status).toBe(404)
    expect((await teamOf(world.invited.token, world.teamId)).status).toBe(404)
    const unknown = await teamOf(world.owner.token, 987_654)
    expect(unknown.status).toBe(404)
    expect(unknown.body.error).toBe("team not found")
    expect((await server.request("GET", "/api/v4/teams/abc", { token: world.owner.token })).status).toBe(400)
  })

  it("shows every team of the app to a platform administrator", async () => {
    const answer = await teamOf(adminToken, world.teamId, "?fields=is_owner_of")
    expect(answer.status).toBe(200)
    expect(answer.body.is_owner_of).toBe(false)
  })
})

describe("PATCH /api/v4/teams/{id}", () => {
  const patch = (token: string, team: Record<string, unknown>, id = world.teamId) =>
    server.request("PATCH", `/api/v4/teams/${id}`, { token, body: { team } })

  it("lets managers update the team's text, and nobody else", async () => {
    const answer = await patch(world.manager.token, { name: "River carers", location: "Hamilton", id: 5 })
    expect(answer.status).toBe(204)
    expect(answer.body).toBeUndefined()
    expect((await teamOf(world.member.token, world.teamId)).body).toMatchObject({
      id: world.teamId,
      name: "River carers",
      location: "Hamilton",
      industry: "Water",
    })
    const member = await patch(world.member.token, { name: "Mine now" })
    expect(member.status).toBe(403)
    expect(member.headers.get("content-type")).toContain("application/problem+json")
    expect((await patch(world.outsider.token, { name: "Mine now" })).status).toBe(404)
    expect((await patch(adminToken, { name: "Admin's" })).status).toBe(403)
    expect((await patch(world.manager.token, { name: "" })).status).toBe(422)
  })

  it("lets only the owner or a platform administrator switch task management", async () => {
    expect((await patch(world.manager.token, { feature_tasks_enabled: false })).status).toBe(403)
    expect((await patch(world.owner.token, { feature_tasks_enabled: false })).status).toBe(204)
    expect((await teamOf(world.member.token, world.teamId)).body.feature_tasks_enabled).toBe(false)
    expect((await patch(adminToken, { feature_tasks_enabled: true })).status).toBe(204)
    expect((await teamOf(world.member.token, world.teamId)).body.feature_tasks_enabled).toBe(true)
  })

  it("hands ownership to another team user; the old owner becomes a manager", async () => {
    const founder = await createPerson(server, "handover@example.com")
    const heir = await createPerson(server, "heir@example.com")
    const teamId = await createTeam(server, founder, "Handover")
    await joinTeam(server, teamId, heir, "team_member")
    const roles = async (token: string) =>
      (await teamOf(token, teamId, "?fields=is_owner_of,is_manager_of")).body as Record<string, unknown>

    expect((await patch(heir.token, { is_owner_change: true, user_id: heir.id }, teamId)).status).toBe(403)
    const missing = await patch(founder.token, { is_owner_change: true }, teamId)
    expect(missing.status).toBe(422)
    expect(missing.body.errors).toEqual({ "team.user_id": ["is required to change the owner"] })
    const stranger = await patch(founder.token, { is_owner_change: true, user_id: world.outsider.id }, teamId)
    expect(stranger.status).toBe(422)
    expect(Object.keys(stranger.body.errors)).toEqual(["team.user_id"])

    expect((await patch(founder.token, { is_owner_change: true, user_id: heir.id }, teamId)).status).toBe(204)
    expect(await roles(heir.token)).toMatchObject({ is_owner_of: true, is_manager_of: true })
    expect(await roles(founder.token)).toMatchObject({ is_owner_of: false, is_manager_of: true })
    expect((await patch(founder.token, { feature_tasks_enabled: false }, teamId)).status).toBe(403)
  })
})
