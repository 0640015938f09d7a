import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createPerson, joinChannel, joinTeam, type Person } from "../support/People.ts"
import { startTestServer, type TestServer } from "../support/TestServer.ts"
import { buildWorld, type ChannelInfo, createApp, createChannel, type World } from "../support/World.ts"

let server: TestServer
let world: World
let second: ChannelInfo

beforeAll(async () => {
  server = await startTestServer()
  world = await buildWorld(server)
  second = await createChannel(server, world.owner, world.teamId, "Second channel")
  await joinChannel(server, second.id, world.viewer, "reporter")
})
afterAll(() => server.close())

const list = (person: Person, headers: Record<string, string> = {}) =>
  server.request("GET", "/api/v4/channel_selections", { token: person.token, headers })

const select = (person: Person, channelId: number | string, selection: unknown) =>
  server.request("PATCH", `/api/v4/channel_selections/${channelId}`, {
    token: person.token,
    body: { channel_selection: selection },
  })

describe("channel selections", () => {
  it("lists nothing before the user selects anything", async () => {
    const answer = await list(world.reporter)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual([])
  })

  it("stores an update and lists it, by channel id, only for its user", async () => {
    expect((await select(world.viewer, second.id, { view: true, follow: false, alert: true })).status).toBe(
      204,
    )
    expect(
      (await select(world.viewer, world.channel.id, { view: false, follow: true, alert: false })).status,
    ).toBe(204)
    expect((await list(world.viewer)).body).toEqual([
      { id: world.channel.id, view: false, follow: true, alert: false },
      { id: second.id, view: true, follow: false, alert: true },
    ])
    expect((await list(world.operator)).body).toEqual([])
  })

  it("keeps the flags an update leaves out", async () => {
    expect(
      (await select(world.operator, world.channel.id, { view: true, follow: true, alert: true })).status,
    ).toBe(204)
    expect((await select(world.operator, world.channel.id, { follow: false })).status).toBe(204)
    expect((await list(world.operator)).body).toEqual([
      { id: world.channel.id, view: true, follow: false, alert: true },
    ])
  })

  it("deletes the selection when all three end false", async () => {
    expect(
      (await select(world.reporter, world.channel.id, { view: true, follow: false, alert: false })).status,
    ).toBe(204)
    expect((await list(world.reporter)).body).toHaveLength(1)
    expect((await select(world.reporter, world.channel.id, { view: false })).status).toBe(204)
    expect((await list(world.reporter)).body).toEqual([])
    const stored = await server.runtime.runPromise(
      Effect.flatMap(
        Effect.service(SqlClient.SqlClient),
        (sql) => sql`SELECT * FROM channel_selections WHERE user_id = ${world.reporter.id}`,
      ).pipe(Effect.orDie),
    )
    expect(stored).toEqual([])
    // Nothing stored and nothing selected: still 204, still nothing stored.
    expect(
      (await select(world.reporter, world.channel.id, { view: false, follow: false, alert: false })).status,
    ).toBe(204)
    expect((await list(world.reporter)).body).toEqual([])
  })

  it("lets a team manager select a channel of the team they are not a member of", async () => {
    expect((await select(world.manager, world.channel.id, { alert: true })).status).toBe(204)
    expect((await list(world.manager)).body).toEqual([
      { id: world.channel.id, view: false, follow: false, alert: true },
    ])
  })

  it("answers 404 for a channel the user cannot see, and stores nothing", async () => {
    const cases: ReadonlyArray<readonly [Person, number]> = [
      [world.outsider, world.channel.id],
      [world.viewer, world.outsiderChannel.id],
      // In the team but not in the channel.
      [world.member, world.channel.id],
      // Invited to the team and the channel, not yet agreed to join.
      [world.invited, world.channel.id],
      [world.viewer, 999_999],
    ]
    for (const [person, channelId] of cases) {
      expect((await select(person, channelId, { view: true })).status).toBe(404)
    }
    expect((await list(world.member)).body).toEqual([])
    expect((await list(world.invited)).body).toEqual([])
  })

  it("refuses a bad body with 422 naming the field, and a bad id with 400", async () => {
    const flag = await select(world.viewer, world.channel.id, { view: "yes", follow: true })
    expect(flag.status).toBe(422)
    expect(Object.keys(flag.body.errors)).toEqual(["channel_selection.view"])
    const missing = await server.request("PATCH", `/api/v4/channel_selections/${world.channel.id}`, {
      token: world.viewer.token,
      body: { view: true },
    })
    expect(missing.status).toBe(422)
    expect(Object.keys(missing.body.errors)).toEqual(["channel_selection"])
    expect((await select(world.viewer, "abc", { view: true })).status).toBe(400)
    // Nothing changed by the refused updates.
    expect((await list(world.viewer)).body).toContainEqual({
      id: world.channel.id,
      view: false,
      follow: true,
      alert: false,
    })
  })

  it("lists only the selections of the current app", async () => {
    const other = await createApp(server, "com.example.selections-other")
    const otherTeam = await server.request("POST", "/api/v4/teams", {
      token: world.viewer.token,
      headers: { "X-AppId": other },
      body: { team: { name: "Abroad team" } },
    })
    const abroad = await server.request("POST", "/api/v4/channels", {
      token: world.viewer.token,
      headers: { "X-AppId": other },
      body: { channel: { name: "Abroad", team_id: otherTeam.body.id } },
    })
    expect(abroad.status).toBe(201)
    const selected = await server.request("PATCH", `/api/v4/channel_selections/${abroad.body.id}`, {
      token: world.viewer.token,
      headers: { "X-AppId": other },
      body: { channel_selection: { follow: true } },
    })
    expect(selected.status).toBe(204)
    expect((await list(world.viewer, { "X-AppId": other })).body).toEqual([
      { id: abroad.body.id, view: false, follow: true, alert: false },
    ])
    expect((await list(world.viewer)).body.map((selection: { id: number }) => selection.id)).toEqual([
      world.channel.id,
      second.id,
    ])
    // A channel of the other app is unknown from this one.
    expect((await select(world.viewer, abroad.body.id, { view: true })).status).toBe(404)
  })

  it("stops listing a selection once its user can no longer read the channel", async () => {
    const leaver = await createPerson(server, "leaver@example.com")
    await joinTeam(server, world.teamId, leaver, "team_member")
    await joinChannel(server, world.channel.id, leaver, "viewer")
    expect((await select(leaver, world.channel.id, { follow: true })).status).toBe(204)
    expect((await list(leaver)).body).toHaveLength(1)
    await server.runtime.runPromise(
      Effect.flatMap(
        Effect.service(SqlClient.SqlClient),
        (sql) => sql`DELETE FROM channel_members WHERE user_id = ${leaver.id}`,
      ).pipe(Effect.orDie),
    )
    expect((await list(leaver)).body).toEqual([])
  })

  it("requires credentials", async () => {
    expect((await server.request("GET", "/api/v4/channel_selections")).status).toBe(401)
  })
})
