/**
 * Doors that rules fine alone could open together: users are one list for the whole platform,
 * while app administrators administer one branded app. An administrator of one app must not turn
 * a user of another app into a member of their team at once (which would show the administrator
 * that user's e-mail address, names and activity without the user's consent).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { addUsers, createMember, type Member } from "../support/Members.ts"
import { adminEmail, adminPassword, startTestServer, type TestServer } from "../support/TestServer.ts"
import { type ChannelInfo, createChannel, createTeam, makeAppAdministrator } from "../support/World.ts"

const rivers = "com.example.rivers"

let server: TestServer
let adminToken: string
let mallory: Member
let teamId: number
let channel: ChannelInfo

beforeAll(async () => {
  server = await startTestServer()
  adminToken = await server.login(adminEmail, adminPassword)
  const app = await server.request("POST", "/api/v4/admin/branded_apps", {
    token: adminToken,
    body: { branded_app: { bundle_id: rivers, name: "Rivers" } },
  })
  expect(app.status).toBe(201)
  const member = await createMember(server, adminToken, "Mallory", "Rivers")
  await makeAppAdministrator(server, member, rivers)
  mallory = { ...member, token: await server.login(member.email, "member-password-1", rivers) }
  teamId = await createTeam(server, mallory, "River keepers")
  channel = await createChannel(server, mallory, teamId, "Banks")
})
afterAll(() => server.close())

/** The team user of a user in the team, as its owner reads it. */
const teamUserOf = async (person: { readonly id: number }) => {
  const list = await server.request("GET", `/api/v4/teams/${teamId}/team_users?fields=status`, {
    token: mallory.token,
  })
  expect(list.status).toBe(200)
  return list.body.find((row: { user_id: number }) => row.user_id === person.id)
}

describe("an administrator of one app and the users of another", () => {
  it("invites a user who never signed in to the app nor joined a team of it, and learns nothing of them", async () => {
    // Vera signed in to the default app only.
    const vera: Member = await createMember(server, adminToken, "Vera", "Elsewhere")
    const answer = await addUsers(
      server,
      mallory.token,
      teamId,
      [{ user_id: vera.id, role: "admin" }],
      [channel.id],
    )
    expect(answer.status).toBe(200)
    const row = await teamUserOf(vera)
    expect(row).toMatchObject({ agreed_to_join: false, status: "invited" })
    expect(row.email).toBeUndefined()
    expect(row.first_name).toBeUndefined()
    // Nor does the channel list her as a member with a name.
    const channels = await server.request("GET", `/api/v4/channels`, { token: vera.token })
    expect(channels.body.map((c: { id: number }) => c.id)).not.toContain(channel.id)
  })

  it("adds at once a user who signed in to the app", async () => {
    const walt = await createMember(server, adminToken, "Walt", "Local")
    await server.login(walt.email, "member-password-1", rivers)
    const answer = await addUsers(
      server,
      mallory.token,
      teamId,
      [{ user_id: walt.id, role: "viewer" }],
      [channel.id],
    )
    expect(answer.status).toBe(200)
    expect(await teamUserOf(walt)).toMatchObject({
      agreed_to_join: true,
      status: "active",
      email: walt.email,
    })
  })

  it("adds at once a user who joined another team of the app", async () => {
    const xena = await createMember(server, adminToken, "Xena", "Joined")
    const xenaInRivers = { ...xena, token: await server.login(xena.email, "member-password-1", rivers) }
    await createTeam(server, xenaInRivers, "Xena's own")
    await server.request("DELETE", "/api/v4/session", { token: xenaInRivers.token })
    const answer = await addUsers(
      server,
      mallory.token,
      teamId,
      [{ user_id: xena.id, role: "viewer" }],
      [channel.id],
    )
    expect(answer.status).toBe(200)
    expect((await teamUserOf(xena)).agreed_to_join).toBe(true)
  })
})

describe("a team owner and the people they invite", () => {
  it("reads the team's events without the address and request id of what others did", async () => {
    const owen = await createMember(server, adminToken, "Owen", "Owner")
    const ownTeam = await createTeam(server, owen, "Owen's watch")
    const ownChannel = await createChannel(server, owen, ownTeam, "Creek")
    const ivy = await createMember(server, adminToken, "Ivy", "Invitee")
    expect(
      (await addUsers(server, owen.token, ownTeam, [{ user_id: ivy.id, role: "viewer" }], [ownChannel.id]))
        .status,
    ).toBe(200)
    const invitation = await server.request("GET", "/api/v4/teams?agreed_to_join=false", { token: ivy.token })
    expect(invitation.status).toBe(200)
    const list = await server.request("GET", `/api/v4/teams/${ownTeam}/team_users?agreed_to_join=false`, {
      token: owen.token,
    })
    const teamUserId = list.body.find((row: { user_id: number }) => row.user_id === ivy.id).id
    const accepted = await server.request("PATCH", `/api/v4/teams/${ownTeam}/team_users/${teamUserId}`, {
      token: ivy.token,
      body: { team_user: { agreed_to_join: true } },
      headers: { "X-Request-Id": "ivy-accepts" },
    })
    expect(accepted.status).toBe(204)

    const events = await server.request("GET", `/api/v4/audit_events?team_id=${ownTeam}`, {
      token: owen.token,
    })
    expect(events.status).toBe(200)
    const byKind = (kind: string) => events.body.find((event: { kind: string }) => event.kind === kind)
    expect(byKind("team_user.accepted")).toMatchObject({
      actor_id: ivy.id,
      client_address: null,
      request_id: null,
    })
    // The owner's own acts keep theirs.
    expect(byKind("team_user.invited")).toMatchObject({ actor_id: owen.id, client_address: "127.0.0.1" })
    // A platform administrator reads everything.
    const all = await server.request(
      "GET",
      `/api/v4/audit_events?team_id=${ownTeam}&kind=team_user.accepted`,
      {
        token: adminToken,
      },
    )
    expect(all.body[0]).toMatchObject({
      actor_id: ivy.id,
      client_address: "127.0.0.1",
      request_id: "ivy-accepts",
    })
  })
})
