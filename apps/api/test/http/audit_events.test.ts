/**
 * `GET /api/v4/audit_events`: a channel deletion recorded with who, where from and in which
 * request; the filters and paging of the list; who reads which events (platform administrators
 * all, app administrators their app's, team owners their teams', anybody else `403`); and the
 * clean-up that keeps events for the retention only.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as JobKinds from "../../src/jobs/JobKinds.ts"
import { JobRunner } from "../../src/jobs/JobRunner.ts"
import { manualClock } from "../../src/seed/ManualClock.ts"
import { AuditStore, everyEvent } from "../../src/store/AuditStore.ts"
import { createPerson, joinTeam } from "../support/People.ts"
import {
  adminEmail,
  adminPassword,
  bundleId,
  startTestServer,
  type TestServer,
} from "../support/TestServer.ts"
import {
  buildWorld,
  type ChannelInfo,
  createApp,
  createChannel,
  createTeam,
  type World,
} from "../support/World.ts"

let server: TestServer
let world: World
let adminToken: string
let appId: number

/** Deletes a channel as `person`, under a request id of the test's choosing. */
const deleteChannel = async (
  person: { readonly token: string },
  channel: ChannelInfo,
  requestId: string,
  bundle = bundleId,
) => {
  const answer = await server.request("DELETE", `/api/v4/channels/${channel.id}`, {
    token: person.token,
    headers: { "X-Request-Id": requestId, "X-AppId": bundle },
  })
  expect(answer.status).toBe(204)
}

const list = (token: string, query = "", headers: Record<string, string> = {}) =>
  server.request("GET", `/api/v4/audit_events${query === "" ? "" : `?${query}`}`, { token, headers })

/** The channel deletions an answer lists, by channel id. */
const deletedChannels = (body: ReadonlyArray<{ kind: string; target_id: string }>) =>
  body.filter((event) => event.kind === "channel.deleted").map((event) => Number(event.target_id))

let ownersChannel: ChannelInfo
let outsidersChannel: ChannelInfo
let otherAppChannel: ChannelInfo
let otherAppTeamId: number

beforeAll(async () => {
  server = await startTestServer()
  world = await buildWorld(server, "audit")
  adminToken = await server.login(adminEmail, adminPassword)
  const apps = await server.request("GET", "/api/v4/admin/branded_apps", { token: adminToken })
  appId = apps.body.find((app: { bundle_id: string }) => app.bundle_id === bundleId).id

  ownersChannel = await createChannel(server, world.owner, world.teamId, "Old drains")
  await deleteChannel(world.owner, ownersChannel, "audit-owner-1")
  outsidersChannel = await createChannel(server, world.outsider, world.outsiderTeamId, "Old wharf")
  await deleteChannel(world.outsider, outsidersChannel, "audit-outsider-1")

  // A deletion in another app, by a platform administrator signed in there.
  const other = await createApp(server, "com.example.audit-other")
  const adminThere = { token: await server.login(adminEmail, adminPassword, other) }
  const created = await server.request("POST", "/api/v4/teams", {
    token: adminThere.token,
    headers: { "X-AppId": other },
    body: { team: { name: "Elsewhere", industry: "Water", location: "Otago" } },
  })
  expect(created.status).toBe(201)
  otherAppTeamId = created.body.id
  const channel = await server.request("POST", "/api/v4/channels", {
    token: adminThere.token,
    headers: { "X-AppId": other },
    body: { channel: { name: "Far away", team_id: otherAppTeamId } },
  })
  expect(channel.status).toBe(201)
  otherAppChannel = channel.body
  await deleteChannel(adminThere, otherAppChannel, "audit-other-app-1", other)
})
afterAll(() => server.close())

describe("GET /api/v4/audit_events", () => {
  it("shows a platform administrator a channel deletion with its actor, address, request id and outcome", async () => {
    const answer = await list(adminToken, "kind=channel.deleted")
    expect(answer.status).toBe(200)
    const event = answer.body.find((one: { target_id: string }) => one.target_id === String(ownersChannel.id))
    expect(event).toEqual({
      id: event.id,
      occurred_at: event.occurred_at,
      kind: "channel.deleted",
      actor_id: world.owner.id,
      branded_app_id: appId,
      team_id: world.teamId,
      target_type: "channel",
      target_id: String(ownersChannel.id),
      outcome: "success",
      client_address: "127.0.0.1",
      request_id: "audit-owner-1",
      detail: { name: "Old drains" },
    })
    expect(Number.isInteger(event.id)).toBe(true)
    expect(Math.abs(Date.parse(event.occurred_at) - Date.now())).toBeLessThan(60_000)
    expect(event.occurred_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    // Every app's events, newest first.
    expect(deletedChannels(answer.body)).toEqual([otherAppChannel.id, outsidersChannel.id, ownersChannel.id])
  })

  it("filters by actor, team, kind and time", async () => {
    const byOutsider = await list(adminToken, `actor_id=${world.outsider.id}`)
    expect(deletedChannels(byOutsider.body)).toEqual([outsidersChannel.id])
    expect(byOutsider.body.every((event: { actor_id: number }) => event.actor_id === world.outsider.id)).toBe(
      true,
    )
    const ofTeam = await list(adminToken, `team_id=${world.teamId}`)
    expect(deletedChannels(ofTeam.body)).toEqual([ownersChannel.id])
    expect(ofTeam.body.every((event: { team_id: number }) => event.team_id === world.teamId)).toBe(true)
    const kinds = await list(adminToken, "kind[]=team.deleted&kind[]=channel.deleted")
    expect(deletedChannels(kinds.body)).toHaveLength(3)
    expect((await list(adminToken, "kind=team.deleted")).body).toEqual([])
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString()
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString()
    expect(deletedChannels((await list(adminToken, `since=${hourAgo}&until=${inAnHour}`)).body)).toHaveLength(
      3,
    )
    expect((await list(adminToken, `since=${inAnHour}`)).body).toEqual([])
    expect((await list(adminToken, `until=${hourAgo}`)).body).toEqual([])
  })

  it("pages with Range, newest first, and says which records it holds", async () => {
    const all = await list(adminToken, "kind=channel.deleted")
    expect(all.headers.get("accept-ranges")).toBe("audit_events")
    expect(all.headers.get("content-range")).toBe("audit_events 0-2/3")
    const second = await list(adminToken, "kind=channel.deleted", { Range: "objects=1-1" })
    expect(second.status).toBe(200)
    expect(second.headers.get("content-range")).toBe("audit_events 1-1/3")
    expect(second.body).toEqual([all.body[1]])
    const past = await list(adminToken, "kind=channel.deleted", { Range: "objects=10-19" })
    expect(past.body).toEqual([])
    expect(past.headers.get("content-range")).toBe("audit_events */3")
    expect((await list(adminToken, "", { Range: "rows=0-1" })).status).toBe(400)
    const ids = all.body.map((event: { id: number }) => event.id)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
  })

  it("shows a team owner their team's events, not another team's", async () => {
    const own = await list(world.owner.token)
    expect(own.status).toBe(200)
    expect(deletedChannels(own.body)).toEqual([ownersChannel.id])
    expect(own.body.every((event: { team_id: number }) => event.team_id === world.teamId)).toBe(true)
    const named = await list(world.owner.token, `team_id=${world.teamId}&kind=channel.deleted`)
    expect(deletedChannels(named.body)).toEqual([ownersChannel.id])
    const outsider = await list(world.outsider.token)
    expect(deletedChannels(outsider.body)).toEqual([outsidersChannel.id])
  })

  it("answers 404 for another tenant's team, and 403 for a team the owner is in but does not own", async () => {
    const other = await list(world.owner.token, `team_id=${world.outsiderTeamId}`)
    expect(other.status).toBe(404)
    expect(other.headers.get("content-type")).toContain("application/problem+json")
    expect((await list(world.owner.token, "team_id=999999")).status).toBe(404)
    // The owner of one team who is a manager of another.
    const both = await createPerson(server, "audit-both@example.com")
    const ownTeam = await createTeam(server, both, "Both ways")
    await joinTeam(server, world.teamId, both, "manager")
    expect((await list(both.token, `team_id=${world.teamId}`)).status).toBe(403)
    expect((await list(both.token, `team_id=${ownTeam}`)).status).toBe(200)
  })

  it("answers 403 to anybody who is neither an administrator nor a team owner", async () => {
    for (const person of [world.manager, world.member, world.viewer, world.invited]) {
      const answer = await list(person.token)
      expect(answer.status).toBe(403)
      expect(answer.body.detail).toContain("team owners")
    }
    expect((await list(world.member.token, `team_id=${world.teamId}`)).status).toBe(403)
    expect((await server.request("GET", "/api/v4/audit_events")).status).toBe(401)
  })

  it("shows an app administrator every event of their app, and no other app's", async () => {
    const appAdmin = await createPerson(server, "audit-app-admin@example.com")
    const made = await server.request("POST", `/api/v4/admin/branded_apps/${appId}/administrators`, {
      token: adminToken,
      body: { user_id: appAdmin.id },
    })
    expect(made.status).toBe(201)
    const answer = await list(appAdmin.token, "kind=channel.deleted")
    expect(answer.status).toBe(200)
    expect(deletedChannels(answer.body)).toEqual([outsidersChannel.id, ownersChannel.id])
    expect(answer.body.every((event: { branded_app_id: number }) => event.branded_app_id === appId)).toBe(
      true,
    )
    const team = await list(appAdmin.token, `team_id=${world.outsiderTeamId}&kind=channel.deleted`)
    expect(deletedChannels(team.body)).toEqual([outsidersChannel.id])
    expect((await list(appAdmin.token, `team_id=${otherAppTeamId}`)).status).toBe(404)
  })

  it.each([
    ["actor_id=me", "actor_id"],
    ["team_id=-4", "team_id"],
    ["team_id=1&team_id=2", "team_id"],
    ["kind=channel.renamed", "kind"],
    ["kind=channel.deleted,nothing", "kind"],
    ["since=yesterday", "since"],
    ["until=2026-01-01T00:00:00", "until"],
    ["since=2026-02-01T00:00:00Z&until=2026-01-01T00:00:00Z", "until"],
  ])("answers 400 naming the parameter for %s", async (query, parameter) => {
    const answer = await list(adminToken, query)
    expect(answer.status).toBe(400)
    expect(Object.keys(answer.body.errors)).toEqual([parameter])
  })
})

describe("audit event retention", () => {
  it("deletes the events older than FIELDREPORT_AUDIT_RETENTION_DAYS and keeps the recent ones", async () => {
    const time = manualClock("2030-01-01T00:00:00Z")
    const local = await startTestServer({ FIELDREPORT_AUDIT_RETENTION_DAYS: "100" }, undefined, {
      clock: time.clock,
    })
    try {
      const owner = await createPerson(local, "retention-owner@example.com")
      const teamId = await createTeam(local, owner, "Long memory")
      const deleteAt = async (instant: string, name: string) => {
        time.set(instant)
        const token = await local.login(owner.email, "person-password-1")
        const channel = await createChannel(local, { ...owner, token }, teamId, name)
        const answer = await local.request("DELETE", `/api/v4/channels/${channel.id}`, { token })
        expect(answer.status).toBe(204)
        return channel.id
      }
      const old = await deleteAt("2030-01-01T00:00:00Z", "Old")
      const recent = await deleteAt("2030-02-20T00:00:00Z", "Recent")
      time.set("2030-04-30T00:00:00Z")
      const kept = await local.runtime.runPromise(
        Effect.gen(function* () {
          const jobs = yield* JobRunner
          yield* jobs.enqueue(JobKinds.AuditEventCleanup, {})
          yield* jobs.awaitIdle
          const sql = yield* SqlClient.SqlClient
          const scheduled = yield* sql<{ readonly n: number }>`SELECT COUNT(*) AS n FROM jobs
            WHERE kind = 'audit_event.cleanup' AND status = 'pending'`.pipe(Effect.orDie)
          expect(Number(scheduled[0]?.n)).toBe(1)
          return yield* (yield* AuditStore).list({ ...everyEvent, kinds: ["channel.deleted"] }, 0, 10)
        }),
      )
      expect(kept.map((event) => Number(event.target_id))).toEqual([recent])
      expect(kept.map((event) => event.occurred_at)).toEqual(["2030-02-20T00:00:00.000Z"])
      expect(old).not.toBe(recent)
    } finally {
      await local.close()
    }
  })

  it("refuses a retention shorter than a day at start-up", async () => {
    await expect(startTestServer({ FIELDREPORT_AUDIT_RETENTION_DAYS: "0" })).rejects.toThrow(
      /FIELDREPORT_AUDIT_RETENTION_DAYS/,
    )
  })
})
