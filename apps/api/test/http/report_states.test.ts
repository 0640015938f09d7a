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
