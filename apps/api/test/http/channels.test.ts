import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { AttachmentStore } from "../../src/store/AttachmentStore.ts"
import { runJobs } from "../support/Members.ts"
import { joinChannel } from "../support/People.ts"
import { postReport } from "../support/ReportFixtures.ts"
import { startTestServer, type TestServer } from "../support/TestServer.ts"
import { buildWorld, createChannel, fileReport, type World } from "../support/World.ts"

let server: TestServer
let world: World

beforeAll(async () => {
  server = await startTestServer()
  world = await buildWorld(server)
})
afterAll(() => server.close())

const channelOf = (token: string, id: number) => server.request("GET", `/api/v4/channels/${id}`, { token })

/** An image a user uploaded, as the attachments endpoint records it. */
const insertImage = async (userId: number, key: string) =>
  (
    await server.runtime.runPromise(
      Effect.flatMap(Effect.service(AttachmentStore), (attachments) =>
        attachments.insert({
          user_id: userId,
          filename: "logo.png",
          content_type: "image/png",
          byte_size: 100,
          storage_key: key,
          image: true,
          created_at: new Date().toISOString(),
        }),
      ),
    )
  ).id

const attachmentUsed = (id: number) =>
  server.runtime.runPromise(
    Effect.map(
      Effect.flatMap(Effect.service(AttachmentStore), (attachments) => attachments.find(id)),
      (attachment) => attachment?.used,
    ),
  )

describe("POST /api/v4/channels", () => {
  it("creates a channel with its root category and form, its creator an admin", async () => {
    const answer = await server.request("POST", "/api/v4/channels", {
      token: world.manager.token,
      body: { channel: { name: "Flood watch", team_id: world.teamId } },
    })
    expect(answer.status).toBe(201)
    const { id, category_id, form_id } = answer.body
    expect(answer.body).toEqual({ id, name: "Flood watch", team_id: world.teamId, category_id, form_id })
    expect([id, category_id, form_id].every(Number.isInteger)).toBe(true)
    expect(answer.headers.get("location")).toBe(`/api/v4/channels/${id}`)
    expect((await channelOf(world.manager.token, id)).body).toEqual(answer.body)
    // Administering is for channel admins: the creator is one.
    const renamed = await server.request("PATCH", `/api/v4/channels/${id}`, {
      token: world.manager.token,
      body: { channel: { name: "Flood watch (north)" } },
    })
    expect(renamed.status).toBe(204)
  })

  it("gives a new channel a root category, the three default states and the default form", async () => {
    const channel = await createChannel(server, world.owner, world.teamId, "Default contents")
    const token = world.owner.token
    const categories = await server.request(
      "GET",
      `/api/v4/channels/${channel.id}/categories?fields=id,name,depth,parent,label_name,account`,
      { token },
    )
    expect(categories.body).toEqual([
      {
        id: channel.category_id,
        name: "Default contents",
        label_name: "Main category",
        depth: 0,
        account_id: channel.id,
        parent_id: null,
      },
    ])
    const states = await server.request("GET", `/api/v4/report_states?channel_id=${channel.id}`, { token })
    expect(states.body.map((state: Record<string, unknown>) => ({ ...state, id: typeof state.id }))).toEqual([
      {
        id: "number",
        channel_id: channel.id,
        name: "New",
        position: 1,
        initial: true,
        appearance: "normal",
        next_state_ids: null,
      },
      {
        id: "number",
        channel_id: channel.id,
        name: "In progress",
        position: 2,
        initial: false,
        appearance: "normal",
        next_state_ids: null,
      },
      {
        id: "number",
        channel_id: channel.id,
        name: "Resolved",
        position: 3,
        initial: false,
        appearance: "normal",
        next_state_ids: null,
      },
    ])
    const form = await server.request("GET", `/api/v4/channels/${channel.id}/form`, { token })
    expect(form.status).toBe(200)
    const field = (label: string, field_type: string, form_order: number) => ({
      id: expect.any(Number),
      label,
      key: expect.stringMatching(new RegExp(`^f_${channel.form_id}_\\d+_${form_order + 1}$`)),
      field_type,
      form_order,
      data: "",
      mandatory: null,
      visibility: "public",
      field_visibility: "public",
      value: null,
      editable: true,
    })
    expect(form.body).toEqual({
      id: channel.form_id,
      name: "Default contents",
      version: 1,
      fields: [
        field("Category", "Category", 0),
        field("Description", "Description", 1),
        field("Image", "Image", 2),
      ],
    })
    for (const { id, key } of form.body.fields)
      expect(key).toBe(`f_${channel.form_id}_${id}_${key.split("_")[3]}`)
  })

  it("lets only the team's managers and owner create channels", async () => {
    const body = { channel: { name: "Not mine", team_id: world.teamId } }
    const member = await server.request("POST", "/api/v4/channels", { token: world.member.token, body })
    expect(member.status).toBe(403)
    expect(
      (await server.request("POST", "/api/v4/channels", { token: world.operator.token, body })).status,
    ).toBe(403)
    const outsider = await server.request("POST", "/api/v4/channels", { token: world.outsider.token, body })
    expect(outsider.status).toBe(422)
    expect(outsider.body.errors).toEqual({ "channel.team_id": ["is not a team of yours"] })
    const invited = await server.request("POST", "/api/v4/channels", { token: world.invited.token, body })
    expect(invited.status).toBe(422)
    expect((await server.request("POST", "/api/v4/channels", { body })).status).toBe(401)
  })

  it("names invalid fields and ignores those the client may not set", async () => {
    const invalid = await server.request("POST", "/api/v4/channels", {
      token: world.owner.token,
      body: { channel: { name: "", team_id: "one" } },
    })
    expect(invalid.status).toBe(422)
    expect(Object.keys(invalid.body.errors).sort()).toEqual(["channel.name", "channel.team_id"])
    const sneaky = await server.request("POST", "/api/v4/channels", {
      token: world.owner.token,
      body: { channel: { name: "Sneaky", team_id: world.teamId, id: 99_999, category_id: 1, form_id: 1 } },
    })
    expect(sneaky.status).toBe(201)
    expect(sneaky.body.id).not.toBe(99_999)
    expect(sneaky.body.category_id).not.toBe(1)
    expect(sneaky.body.form_id).not.toBe(1)
  })
})

describe("GET /api/v4/channels", () => {
  it("lists the channels the user is a member of, by name, optionally of one team", async () => {
    const viewer = await server.request("GET", "/api/v4/channels", { token: world.viewer.token })
    expect(viewer.status).toBe(200)
    expect(viewer.body).toEqual([world.channel])
    const outsider = await server.request("GET", "/api/v4/channels", { token: world.outsider.token })
    expect(outsider.body).toEqual([world.outsiderChannel])
    const owner = await server.request("GET", `/api/v4/channels?team_id=${world.teamId}`, {
      token: world.owner.token,
    })
    const names = owner.body.map((channel: { name: string }) => channel.name)
    expect(names).toEqual([...names].sort())
    expect(names).toContain("Cleaner streams")
    const elsewhere = await server.request("GET", `/api/v4/channels?team_id=${world.outsiderTeamId}`, {
      token: world.owner.token,
    })
    expect(elsewhere.body).toEqual([])
  })

  it("lists nothing for an invitation not yet accepted, and refuses a malformed team_id", async () => {
    expect((await server.request("GET", "/api/v4/channels", { token: world.invited.token })).body).toEqual([])
    const malformed = await server.request("GET", "/api/v4/channels?team_id=abc", {
      token: world.owner.token,
    })
    expect(malformed.status).toBe(400)
    expect(Object.keys(malformed.body.errors)).toEqual(["team_id"])
  })
})

describe("GET /api/v4/channels/{id}", () => {
  it("shows the channel to its members and the team's managers", async () => {
    expect((await channelOf(world.viewer.token, world.channel.id)).body).toEqual(world.channel)
    expect((await channelOf(world.manager.token, world.channel.id)).status).toBe(200)
  })

  it("is 403 for a team user outside the channel, 404 for other tenants and unknown ids", async () => {
    expect((await channelOf(world.member.token, world.channel.id)).status).toBe(403)
    expect((await channelOf(world.outsider.token, world.channel.id)).status).toBe(404)
    expect((await channelOf(world.invited.token, world.channel.id)).status).toBe(404)
    const unknown = await channelOf(world.owner.token, 424_242)
    expect(unknown.status).toBe(404)
    expect(unknown.body.error).toBe("channel not found")
  })
})

describe("PATCH /api/v4/channels/{id}", () => {
  it("renames the channel for its admins only", async () => {
    const channel = await createChannel(server, world.owner, world.teamId, "Rename me")
    const patch = (token: string, body: unknown) =>
      server.request("PATCH", `/api/v4/channels/${channel.id}`, { token, body })
    expect((await patch(world.owner.token, { channel: { name: "Renamed", team_id: 1 } })).status).toBe(204)
    expect((await channelOf(world.owner.token, channel.id)).body).toEqual({ ...channel, name: "Renamed" })
    expect((await patch(world.manager.token, { channel: { name: "Manager's" } })).status).toBe(403)
    expect((await patch(world.outsider.token, { channel: { name: "Outsider's" } })).status).toBe(404)
    const blank = await patch(world.owner.token, { channel: { name: " " } })
    expect(blank.status).toBe(422)
    expect(Object.keys(blank.body.errors)).toEqual(["channel.name"])
  })

  it("sets a logo only from an image the admin uploaded, releasing the one it replaces", async () => {
    const patchLogo = (logo: unknown) =>
      server.request("PATCH", `/api/v4/channels/${world.channel.id}`, {
        token: world.owner.token,
        body: { channel: { logo_attachment_id: logo } },
      })
    const own = await insertImage(world.owner.id, "logo-own")
    const foreign = await insertImage(world.outsider.id, "logo-foreign")
    expect((await patchLogo(own)).status).toBe(204)
    expect(await attachmentUsed(own)).toBe(1)
    const refused = await patchLogo(foreign)
    expect(refused.status).toBe(422)
    expect(refused.body.errors).toEqual({ "channel.logo_attachment_id": ["must be an image you uploaded"] })
    expect(await attachmentUsed(foreign)).toBe(0)
    expect((await patchLogo(777_777)).status).toBe(422)
    const next = await insertImage(world.owner.id, "logo-next")
    expect((await patchLogo(next)).status).toBe(204)
    expect([await attachmentUsed(own), await attachmentUsed(next)]).toEqual([0, 1])
    expect((await patchLogo(null)).status).toBe(204)
    expect(await attachmentUsed(next)).toBe(0)
    expect((await patchLogo("x")).status).toBe(422)
  })
})

describe("DELETE /api/v4/channels/{id}", () => {
  it("deletes the channel with its contents, reports included, releasing its files, for its admins only", async () => {
    const channel = await createChannel(server, world.owner, world.teamId, "Short lived")
    const category = await server.request("POST", `/api/v4/channels/${channel.id}/categories`, {
      token: world.owner.token,
      body: { category: { name: "Spills", pin_color: "red" } },
    })
    await fileReport(server, channel.id, category.body.id, world.owner.id)
    const logo = await insertImage(world.owner.id, "logo-short-lived")
    await server.request("PATCH", `/api/v4/channels/${channel.id}`, {
      token: world.owner.token,
      body: { channel: { logo_attachment_id: logo } },
    })
    expect(await attachmentUsed(logo)).toBe(1)
    const remove = (token: string) => server.request("DELETE", `/api/v4/channels/${channel.id}`, { token })
    expect((await remove(world.manager.token)).status).toBe(403)
    expect((await remove(world.outsider.token)).status).toBe(404)
    const answer = await remove(world.owner.token)
    expect(answer.status).toBe(204)
    expect(answer.body).toBeUndefined()
    expect((await channelOf(world.owner.token, channel.id)).status).toBe(404)
    const form = await server.request("GET", `/api/v4/channels/${channel.id}/form`, {
      token: world.owner.token,
    })
    expect(form.status).toBe(404)
    // Its files are left to the clean-up of unused uploads.
    expect(await attachmentUsed(logo)).toBe(0)
    expect((await remove(world.owner.token)).status).toBe(404)
  })

  it("deletes a channel whose reports notified someone, on both engines", async () => {
    const channel = await createChannel(server, world.owner, world.teamId, "Followed")
    await server.request("PATCH", `/api/v4/channel_selections/${channel.id}`, {
      token: world.owner.token,
      body: { channel_selection: { follow: true } },
    })
    await joinChannel(server, channel.id, world.member, "reporter")
    const filed = await postReport(server, world.member, { account_id: channel.id, address: "Quay St" })
    expect(filed.status).toBe(201)
    await runJobs(server)
    const notified = await server.request("GET", "/api/v4/notifications", { token: world.owner.token })
    expect(
      notified.body.some((notification: { report_id: number }) => notification.report_id === filed.body.id),
    ).toBe(true)
    const removed = await server.request("DELETE", `/api/v4/channels/${channel.id}`, {
      token: world.owner.token,
    })
    expect(removed.status).toBe(204)
    expect((await channelOf(world.owner.token, channel.id)).status).toBe(404)
  })

  it("frees the client uuids of the channel's reports, so another channel can file with them", async () => {
    const channel = await createChannel(server, world.owner, world.teamId, "Soon gone")
    const report = { address: "Quay St", uuid: "0b6f1f5e-8f0e-4c1e-9d3a-2f1d4c5b6a79" }
    const first = await postReport(server, world.owner, { ...report, account_id: channel.id })
    expect(first.status).toBe(201)
    // While the report exists its uuid is taken everywhere: sent to another channel, it answers the report.
    const again = await postReport(server, world.owner, { ...report, account_id: world.channel.id })
    expect([again.status, again.body.id]).toEqual([200, first.body.id])
    const removed = await server.request("DELETE", `/api/v4/channels/${channel.id}`, {
      token: world.owner.token,
    })
    expect(removed.status).toBe(204)
    expect((await postReport(server, world.owner, { ...report, account_id: world.channel.id })).status).toBe(
      201,
    )
  })
})
