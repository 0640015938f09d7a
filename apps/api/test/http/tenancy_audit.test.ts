/**
 * The audit events of tenancy (docs/api.md, Audit events), read back through
 * `GET /api/v4/audit_events` by the platform administrator: app administrators added and removed,
 * shapes created and deleted, team users invited, added, accepting, changing role or channels, and
 * a team's ownership handed over. Each names who acted, in which app and team, on what, and nothing
 * more than it needs.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { addUsers, createMember, type Member } from "../support/Members.ts"
import {
  adminEmail,
  adminPassword,
  bundleId,
  startTestServer,
  type TestServer,
} from "../support/TestServer.ts"
import { type ChannelInfo, createChannel, createTeam, makeAppAdministrator } from "../support/World.ts"

let server: TestServer
let adminToken: string
let adminId: number
let appId: number
let owner: Member
let teamId: number
let alpha: ChannelInfo
let beta: ChannelInfo

interface Event {
  readonly kind: string
  readonly actor_id: number | null
  readonly branded_app_id: number | null
  readonly team_id: number | null
  readonly target_type: string | null
  readonly target_id: string | null
  readonly outcome: string
  readonly detail: Record<string, unknown> | null
}

/** The events of a kind, newest first. */
const events = async (kind: string): Promise<ReadonlyArray<Event>> => {
  const answer = await server.request("GET", `/api/v4/audit_events?kind=${kind}`, { token: adminToken })
  expect(answer.status).toBe(200)
  return answer.body
}

/** The team user id of a user in the team. */
const teamUserId = async (member: { readonly id: number }) => {
  const answer = await server.request("GET", `/api/v4/teams/${teamId}/team_users?user_ids=${member.id}`, {
    token: adminToken,
  })
  return answer.body[0].id as number
}

beforeAll(async () => {
  server = await startTestServer()
  adminToken = await server.login(adminEmail, adminPassword)
  const users = await server.request("GET", "/api/v4/admin/users", { token: adminToken })
  adminId = users.body.find((user: { email: string }) => user.email === adminEmail).id
  const apps = await server.request("GET", "/api/v4/admin/branded_apps", { token: adminToken })
  appId = apps.body.find((app: { bundle_id: string }) => app.bundle_id === bundleId).id
  owner = await createMember(server, adminToken, "Olga", "Owner")
  teamId = await createTeam(server, owner, "River care")
  alpha = await createChannel(server, owner, teamId, "Alpha")
  beta = await createChannel(server, owner, teamId, "Beta")
})
afterAll(() => server.close())

describe("audit events of tenancy", () => {
  it("records app administrators added (once) and removed", async () => {
    const ana = await createMember(server, adminToken, "Ana", "Admin")
    const path = `/api/v4/admin/branded_apps/${appId}/administrators`
    expect(
      (await server.request("POST", path, { token: adminToken, body: { user_id: ana.id } })).status,
    ).toBe(201)
    expect(
      (await server.request("POST", path, { token: adminToken, body: { user_id: ana.id } })).status,
    ).toBe(200)
    expect((await server.request("DELETE", `${path}/${ana.id}`, { token: adminToken })).status).toBe(204)
    const expected = {
      actor_id: adminId,
      branded_app_id: appId,
      team_id: null,
      target_type: "user",
      target_id: String(ana.id),
      outcome: "success",
    }
    const added = (await events("app_administrator.added")).filter(
      (event) => event.target_id === String(ana.id),
    )
    expect(added).toEqual([expect.objectContaining({ kind: "app_administrator.added", ...expected })])
    const removed = await events("app_administrator.removed")
    expect(removed.filter((event) => event.target_id === String(ana.id))).toEqual([
      expect.objectContaining({ kind: "app_administrator.removed", ...expected }),
    ])
  })

  it("records shapes created, created in bulk (one event with the count) and deleted", async () => {
    const app = { "X-AppId": bundleId }
    const created = await server.request("POST", "/api/v4/shapes", {
      token: adminToken,
      headers: app,
      body: { shape: { geom: "POINT (1 1)" } },
    })
    expect(created.status).toBe(201)
    const bulk = await server.request("POST", "/api/v4/shapes/bulk_create", {
      token: adminToken,
      headers: app,
      body: [{ geom: "POINT (1 2)" }, { geom: "POINT (1 3)" }, { geom: "not WKT" }],
    })
    expect(bulk.status).toBe(207)
    const deleted = await server.request("DELETE", `/api/v4/shapes/${created.body.id}`, {
      token: adminToken,
      headers: app,
    })
    expect(deleted.status).toBe(204)
    const [bulkEvent, single] = await events("shape.created")
    expect(single).toMatchObject({
      actor_id: adminId,
      branded_app_id: appId,
      target_type: "shape",
      target_id: String(created.body.id),
      outcome: "success",
    })
    expect(bulkEvent).toMatchObject({
      actor_id: adminId,
      branded_app_id: appId,
      target_type: "shape",
      target_id: null,
      detail: { count: 2 },
    })
    expect((await events("shape.deleted"))[0]).toMatchObject({
      actor_id: adminId,
      branded_app_id: appId,
      target_type: "shape",
      target_id: String(created.body.id),
    })
  })

  it("records an invitation by a team's owner, the invitee's acceptance and an administrator adding directly", async () => {
    const ivy = await createMember(server, adminToken, "Ivy", "Invitee")
    expect(
      (await addUsers(server, owner.token, teamId, [{ user_id: ivy.id, role: "viewer" }], [alpha.id])).status,
    ).toBe(200)
    const ivyTeamUser = await teamUserId(ivy)
    const [invited] = await events("team_user.invited")
    expect(invited).toMatchObject({
      actor_id: owner.id,
      branded_app_id: appId,
      team_id: teamId,
      target_type: "team_user",
      target_id: String(ivyTeamUser),
      outcome: "success",
      detail: { user_id: ivy.id, role: "viewer", channel_ids: String(alpha.id), send_email: false },
    })
    const accepted = await server.request("PATCH", `/api/v4/teams/${teamId}/team_users/${ivyTeamUser}`, {
      token: ivy.token,
      body: { team_user: { agreed_to_join: true } },
    })
    expect(accepted.status).toBe(204)
    expect((await events("team_user.accepted"))[0]).toMatchObject({
      actor_id: ivy.id,
      team_id: teamId,
      target_type: "team_user",
      target_id: String(ivyTeamUser),
    })

    const appAdmin = await createMember(server, adminToken, "Abe", "Appadmin")
    await makeAppAdministrator(server, appAdmin)
    const dan = await createMember(server, adminToken, "Dan", "Direct")
    const direct = await addUsers(
      server,
      appAdmin.token,
      teamId,
      [{ user_id: dan.id, role: "reporter" }],
      [beta.id],
    )
    expect(direct.status).toBe(200)
    expect((await events("team_user.added"))[0]).toMatchObject({
      actor_id: appAdmin.id,
      team_id: teamId,
      target_type: "team_user",
      target_id: String(await teamUserId(dan)),
      detail: { user_id: dan.id, role: "reporter", channel_ids: String(beta.id), send_email: false },
    })
  })

  it("records the channels and role of someone who joined changing, and the ownership handed over", async () => {
    const mo = await createMember(server, adminToken, "Mo", "Member")
    expect(
      (await addUsers(server, adminToken, teamId, [{ user_id: mo.id, role: "viewer" }], [alpha.id])).status,
    ).toBe(200)
    const moTeamUser = await teamUserId(mo)
    const before = (await events("team_user.channels_changed")).length
    // Alpha again with the same role changes nothing; Beta is new.
    expect(
      (await addUsers(server, owner.token, teamId, [{ user_id: mo.id, role: "viewer" }], [alpha.id, beta.id]))
        .status,
    ).toBe(200)
    const changed = await events("team_user.channels_changed")
    expect(changed).toHaveLength(before + 1)
    expect(changed[0]).toMatchObject({
      actor_id: owner.id,
      team_id: teamId,
      target_type: "team_user",
      target_id: String(moTeamUser),
      detail: { user_id: mo.id, role: "viewer", channel_ids: String(beta.id) },
    })
    expect(
      (await addUsers(server, owner.token, teamId, [{ user_id: mo.id, role: "viewer" }], [beta.id])).status,
    ).toBe(200)
    expect(await events("team_user.channels_changed")).toHaveLength(before + 1)

    const promoted = await server.request("PATCH", `/api/v4/teams/${teamId}/team_users/${moTeamUser}`, {
      token: owner.token,
      body: { team_user: { role: "manager" } },
    })
    expect(promoted.status).toBe(204)
    expect((await events("team_user.role_changed"))[0]).toMatchObject({
      actor_id: owner.id,
      team_id: teamId,
      target_type: "team_user",
      target_id: String(moTeamUser),
      detail: { user_id: mo.id, from: "team_member", to: "manager" },
    })

    const handedOver = await server.request("PATCH", `/api/v4/teams/${teamId}`, {
      token: owner.token,
      body: { team: { is_owner_change: true, user_id: mo.id } },
    })
    expect(handedOver.status).toBe(204)
    expect((await events("team.ownership_transferred"))[0]).toMatchObject({
      actor_id: owner.id,
      branded_app_id: appId,
      team_id: teamId,
      target_type: "team",
      target_id: String(teamId),
      detail: { from_user_id: owner.id, to_user_id: mo.id },
    })
  })
})
