import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startTestServer, type TestServer } from "../support/TestServer.ts"
import { buildWorld, type ChannelInfo, createChannel, type World } from "../support/World.ts"

let server: TestServer
let world: World
let channel: ChannelInfo

beforeAll(async () => {
  server = await startTestServer()
  world = await buildWorld(server)
  channel = await createChannel(server, world.owner, world.teamId, "Workflow")
})
afterAll(() => server.close())

interface State {
  readonly id: number
  readonly name: string
  readonly initial: boolean
}

const statesOf = async (channelId: number, token = world.owner.token): Promise<ReadonlyArray<State>> =>
  (await server.request("GET", `/api/v4/report_states?channel_id=${channelId}`, { token })).body

const create = (body: Record<string, unknown>, token = world.owner.token) =>
  server.request("POST", "/api/v4/report_states", { token, body: { report_state: body } })

const patch = (id: number, body: Record<string, unknown>, token = world.owner.token) =>
  server.request("PATCH", `/api/v4/report_states/${id}`, { token, body: { report_state: body } })

const initialOf = async (channelId: number) =>
  (await statesOf(channelId)).filter((state) => state.initial).map((state) => state.name)

describe("GET /api/v4/report_states", () => {
  it("lists the states of a channel by position", async () => {
    const answer = await server.request("GET", `/api/v4/report_states?channel_id=${world.channel.id}`, {
      token: world.viewer.token,
    })
    expect(answer.status).toBe(200)
    expect(answer.body.map((state: State) => state.name)).toEqual(["New", "In progress", "Resolved"])
    expect(Object.keys(answer.body[0])).toEqual([
      "id",
      "channel_id",
      "name",
      "position",
      "initial",
      "appearance",
      "next_state_ids",
    ])
  })

  it("lists the states of every channel the user is a member of without channel_id", async () => {
    const viewer = await server.request("GET", "/api/v4/report_states", { token: world.viewer.token })
    expect(new Set(viewer.body.map((state: { channel_id: number }) => state.channel_id))).toEqual(
      new Set([world.channel.id]),
    )
    const outsider = await server.request("GET", "/api/v4/report_states?fields=-next_state_ids,colour", {
      token: world.outsider.token,
    })
    expect(outsider.headers.get("x-ignored-fields")).toBe("colour")
    expect(outsider.body).toHaveLength(3)
    expect(outsider.body[0]).toEqual({
      id: expect.any(Number),
      channel_id: world.outsiderChannel.id,
      name: "New",
      position: 1,
      initial: true,
      appearance: "normal",
    })
  })

  it("is 400 for a malformed channel_id and 404 for another tenant's channel", async () => {
    const malformed = await server.request("GET", "/api/v4/report_states?channel_id=first", {
      token: world.owner.token,
    })
    expect(malformed.status).toBe(400)
    expect(Object.keys(malformed.body.errors)).toEqual(["channel_id"])
    const foreign = await server.request("GET", `/api/v4/report_states?channel_id=${world.channel.id}`, {
      token: world.outsider.token,
    })
    expect(foreign.status).toBe(404)
  })
})

describe("GET /api/v4/report_states/{id}", () => {
  it("answers a state of a channel the user reads, 404 otherwise", async () => {
    const [first] = await statesOf(world.channel.id)
    const answer = await server.request("GET", `/api/v4/report_states/${first!.id}`, {
      token: world.reporter.token,
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual(first)
    const foreign = await server.request("GET", `/api/v4/report_states/${first!.id}`, {
      token: world.outsider.token,
    })
    expect(foreign.status).toBe(404)
    expect(foreign.body.error).toBe("report state not found")
    expect(
      (await server.request("GET", "/api/v4/report_states/8888888", { token: world.owner.token })).status,
    ).toBe(404)
  })
})

describe("POST /api/v4/report_states", () => {
  it("creates a state last in the channel, with defaults for what is not given", async () => {
    const answer = await create({ channel_id: channel.id, name: "Escalated", id: 1, initial: false })
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({
      id: answer.body.id,
      channel_id: channel.id,
      name: "Escalated",
      position: 4,
      initial: false,
      appearance: "normal",
      next_state_ids: null,
    })
    expect(answer.body.id).not.toBe(1)
    expect(answer.headers.get("location")).toBe(`/api/v4/report_states/${answer.body.id}`)
  })

  it("makes a new initial state the only one, and restricts next states to the channel's", async () => {
    const [first, second] = await statesOf(channel.id)
    const answer = await create({
      channel_id: channel.id,
      name: "Triage",
      position: 0,
      initial: true,
      appearance: "loud",
      next_state_ids: [first!.id, second!.id],
    })
    expect(answer.status).toBe(201)
    expect(answer.body).toMatchObject({
      position: 0,
      initial: true,
      appearance: "loud",
      next_state_ids: [first!.id, second!.id],
    })
    expect(await initialOf(channel.id)).toEqual(["Triage"])
    const [foreignState] = await statesOf(world.outsiderChannel.id, world.outsider.token)
    const foreign = await create({
      channel_id: channel.id,
      name: "Astray",
      next_state_ids: [first!.id, foreignState!.id],
    })
    expect(foreign.status).toBe(422)
    expect(Object.keys(foreign.body.errors)).toEqual(["report_state.next_state_ids"])
  })

  it("names invalid fields, and lets only the channel's admins create states", async () => {
    const invalid = await create({ channel_id: "x", name: "", appearance: "shiny" })
    expect(invalid.status).toBe(422)
    expect(Object.keys(invalid.body.errors).sort()).toEqual([
      "report_state.appearance",
      "report_state.channel_id",
      "report_state.name",
    ])
    for (const person of [world.viewer, world.operator, world.manager]) {
      expect((await create({ channel_id: world.channel.id, name: "Mine" }, person.token)).status).toBe(403)
    }
    const outsider = await create({ channel_id: world.channel.id, name: "Mine" }, world.outsider.token)
    expect(outsider.status).toBe(422)
    expect(outsider.body.errors).toEqual({ "report_state.channel_id": ["is not a channel you can see"] })
    expect((await server.request("POST", "/api/v4/report_states", { body: {} })).status).toBe(401)
  })
})

describe("PATCH /api/v4/report_states/{id}", () => {
  it("updates a state and answers it; the channel cannot change", async () => {
    const [state] = (await statesOf(channel.id)).filter((candidate) => candidate.name === "Escalated")
    const answer = await patch(state!.id, {
      name: "Escalated!",
      appearance: "attention",
      channel_id: world.channel.id,
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ ...state, name: "Escalated!", appearance: "attention" })
  })

  it("moves the initial flag, and never leaves a channel without an initial state", async () => {
    const states = await statesOf(channel.id)
    const initial = states.find((state) => state.initial)!
    const other = states.find((state) => state.name === "Resolved")!
    const refused = await patch(initial.id, { initial: false })
    expect(refused.status).toBe(422)
    expect(Object.keys(refused.body.errors)).toEqual(["report_state.initial"])
    expect((await patch(other.id, { initial: true })).status).toBe(200)
    expect(await initialOf(channel.id)).toEqual(["Resolved"])
    expect((await patch(initial.id, { next_state_ids: [other.id] })).body.next_state_ids).toEqual([other.id])
    expect((await patch(initial.id, { next_state_ids: null })).body.next_state_ids).toBeNull()
  })

  it("lets only the channel's admins change states", async () => {
    const [state] = await statesOf(world.channel.id)
    expect((await patch(state!.id, { name: "Mine" }, world.operator.token)).status).toBe(403)
    expect((await patch(state!.id, { name: "Mine" }, world.outsider.token)).status).toBe(404)
    expect((await patch(state!.id, { name: "Mine" }, world.invited.token)).status).toBe(404)
  })
})

const remove = (id: number, token = world.owner.token) =>
  server.request("DELETE", `/api/v4/report_states/${id}`, { token })

/** A new channel's states, by name. */
const freshChannel = async (name: string) => {
  const made = await createChannel(server, world.owner, world.teamId, name)
  const states = await statesOf(made.id)
  const byName = Object.fromEntries(states.map((state) => [state.name, state.id]))
  return { channel: made, states: byName as Readonly<Record<string, number>> }
}

const fileReport = async (channelId: number) => {
  const answer = await server.request("POST", "/api/v4/reports", {
    token: world.owner.token,
    body: { report: { account_id: channelId, address: "1 Quay Street" } },
  })
  expect(answer.status).toBe(201)
  return answer.body.id as number
}

const moveReport = async (reportId: number, stateId: number) =>
  expect(
    (
      await server.request("PATCH", `/api/v4/reports/${reportId}`, {
        token: world.owner.token,
        body: { report: { report_state_id: stateId } },
      })
    ).status,
  ).toBe(200)

describe("DELETE /api/v4/report_states/{id}", () => {
  it("deletes a state nothing needs, and the others stop naming it as a next state", async () => {
    const { channel: made, states } = await freshChannel("Deletions")
    expect(
      (await patch(states.New!, { next_state_ids: [states["In progress"]!, states.Resolved!] })).status,
    ).toBe(200)
    const answer = await remove(states.Resolved!)
    expect(answer.status).toBe(204)
    expect(answer.body).toBeUndefined()
    const left = await statesOf(made.id)
    expect(left.map((state) => state.name)).toEqual(["New", "In progress"])
    expect(left.find((state) => state.name === "New")).toMatchObject({
      next_state_ids: [states["In progress"]],
    })
    expect(
      (await server.request("GET", `/api/v4/report_states/${states.Resolved}`, { token: world.owner.token }))
        .status,
    ).toBe(404)
    expect((await remove(states.Resolved!)).status).toBe(404)
  })

  it("keeps the initial state, a state reports are in and one their history names (409)", async () => {
    const { channel: made, states } = await freshChannel("Busy states")
    const initial = await remove(states.New!)
    expect(initial.status).toBe(409)
    expect(initial.body.detail).toMatch(/initial state/)
    const reportId = await fileReport(made.id)
    await moveReport(reportId, states["In progress"]!)
    const inUse = await remove(states["In progress"]!)
    expect(inUse.status).toBe(409)
    expect(inUse.body.detail).toMatch(/reports are in this state/)
    await moveReport(reportId, states.Resolved!)
    const named = await remove(states["In progress"]!)
    expect(named.status).toBe(409)
    expect(named.body.detail).toMatch(/history/)
    expect((await statesOf(made.id)).map((state) => state.name)).toEqual(["New", "In progress", "Resolved"])
  })

  it("lets only the channel's admins delete states", async () => {
    const [state] = (await statesOf(world.channel.id)).filter((candidate) => candidate.name === "Resolved")
    expect((await remove(state!.id, world.operator.token)).status).toBe(403)
    expect((await remove(state!.id, world.outsider.token)).status).toBe(404)
    expect((await remove(state!.id, world.invited.token)).status).toBe(404)
    expect((await server.request("DELETE", `/api/v4/report_states/${state!.id}`)).status).toBe(401)
  })
})

describe("/api/v4/channels/{channel_id}/report_states", () => {
  const path = (channelId: number, id?: number) =>
    `/api/v4/channels/${channelId}/report_states${id === undefined ? "" : `/${id}`}`

  it("lists a channel's states as report_states?channel_id= does", async () => {
    const answer = await server.request("GET", `${path(world.channel.id)}?fields=-next_state_ids`, {
      token: world.viewer.token,
    })
    expect(answer.status).toBe(200)
    const plain = await server.request(
      "GET",
      `/api/v4/report_states?channel_id=${world.channel.id}&fields=-next_state_ids`,
      {
        token: world.viewer.token,
      },
    )
    expect(answer.body).toEqual(plain.body)
    expect(answer.body[0]).not.toHaveProperty("next_state_ids")
    expect(
      (await server.request("GET", path(world.channel.id), { token: world.outsider.token })).status,
    ).toBe(404)
    expect((await server.request("GET", path(world.channel.id))).status).toBe(401)
  })

  it("creates, updates and deletes a state of the channel in the path", async () => {
    const { channel: made } = await freshChannel("Path states")
    const created = await server.request("POST", path(made.id), {
      token: world.owner.token,
      // A channel_id in the body is not read: the path names the channel.
      body: { report_state: { name: "Checked", appearance: "loud", channel_id: world.channel.id } },
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      channel_id: made.id,
      name: "Checked",
      appearance: "loud",
      initial: false,
    })
    expect(created.headers.get("location")).toBe(`/api/v4/report_states/${created.body.id}`)

    const updated = await server.request("PATCH", path(made.id, created.body.id), {
      token: world.owner.token,
      body: { report_state: { name: "Inspected" } },
    })
    expect(updated.status).toBe(200)
    expect(updated.body).toEqual({ ...created.body, name: "Inspected" })

    // Another channel's path does not reach the state.
    const elsewhere = path(world.channel.id, created.body.id)
    const body = { report_state: { name: "Moved" } }
    expect((await server.request("PATCH", elsewhere, { token: world.owner.token, body })).status).toBe(404)
    expect((await server.request("DELETE", elsewhere, { token: world.owner.token })).status).toBe(404)

    expect(
      (await server.request("DELETE", path(made.id, created.body.id), { token: world.owner.token })).status,
    ).toBe(204)
    expect((await statesOf(made.id)).map((state) => state.name)).toEqual(["New", "In progress", "Resolved"])
  })

  it("lets only the channel's admins write, and hides other tenants' channels", async () => {
    const body = { report_state: { name: "Mine" } }
    const [state] = await statesOf(world.channel.id)
    const as = (token: string) => ({ token, body })
    expect((await server.request("POST", path(world.channel.id), as(world.operator.token))).status).toBe(403)
    expect((await server.request("POST", path(world.channel.id), as(world.outsider.token))).status).toBe(404)
    expect((await server.request("POST", path(world.channel.id), as(world.invited.token))).status).toBe(404)
    expect(
      (await server.request("PATCH", path(world.channel.id, state!.id), as(world.operator.token))).status,
    ).toBe(403)
    expect(
      (await server.request("DELETE", path(world.channel.id, state!.id), { token: world.outsider.token }))
        .status,
    ).toBe(404)
    const blank = await server.request("POST", path(world.channel.id), {
      token: world.owner.token,
      body: { report_state: { name: "" } },
    })
    expect(blank.status).toBe(422)
    expect(Object.keys(blank.body.errors)).toEqual(["report_state.name"])
  })
})
