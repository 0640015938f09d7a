import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startTestServer, type TestServer } from "../support/TestServer.ts"
import { buildWorld, type ChannelInfo, fileReport, type World } from "../support/World.ts"

let server: TestServer
let world: World
let channel: ChannelInfo

beforeAll(async () => {
  server = await startTestServer()
  world = await buildWorld(server)
  channel = world.channel
})
afterAll(() => server.close())

const path = (suffix = "", channelId = channel.id) => `/api/v4/channels/${channelId}/categories${suffix}`

const create = (body: Record<string, unknown>, token = world.owner.token, channelId = channel.id) =>
  server.request("POST", path("", channelId), { token, body: { category: body } })

const pinUrls = (color: string, appearance: string) => ({
  at1x: `${server.url}/api/v4/pins/${encodeURIComponent(color)}/${appearance}@1x.png`,
  at2x: `${server.url}/api/v4/pins/${encodeURIComponent(color)}/${appearance}@2x.png`,
  at3x: `${server.url}/api/v4/pins/${encodeURIComponent(color)}/${appearance}@3x.png`,
})

describe("POST /api/v4/channels/{id}/categories", () => {
  it("creates a category under the root with every field, pin URLs of the server's own pins", async () => {
    const answer = await create({ name: "Potholes", pin_color: "red" })
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({
      id: answer.body.id,
      name: "Potholes",
      label_name: "Secondary category",
      depth: 1,
      max_subtree_extra_depth: 2,
      pin_color: "red",
      pin_appearance: "default",
      pin_urls: pinUrls("red", "default"),
      position: 1,
      account_id: channel.id,
      parent_id: channel.category_id,
      child_ids: [],
    })
    expect(answer.headers.get("location")).toBe(path(`/${answer.body.id}`))
  })

  it("nests at most three levels below the root", async () => {
    const second = (await create({ name: "Roads", pin_color: "#00aa00", pin_appearance: "flag" })).body
    expect(second).toMatchObject({ position: 2, pin_urls: pinUrls("#00aa00", "flag") })
    const third = (await create({ name: "Sealed", parent_id: second.id, pin_color: "blue" })).body
    expect(third).toMatchObject({ depth: 2, label_name: "Tertiary category", max_subtree_extra_depth: 1 })
    const fourth = (await create({ name: "Cracked", parent_id: third.id, pin_color: "blue" })).body
    expect(fourth).toMatchObject({ depth: 3, label_name: "Quaternary category", max_subtree_extra_depth: 0 })
    const tooDeep = await create({ name: "Hairline", parent_id: fourth.id, pin_color: "blue" })
    expect(tooDeep.status).toBe(422)
    expect(Object.keys(tooDeep.body.errors)).toEqual(["category.parent_id"])
    const parent = await server.request("GET", path(`/${second.id}`), { token: world.viewer.token })
    expect(parent.body.child_ids).toEqual([third.id])
  })

  it("ignores fields the client may not set, and names invalid ones", async () => {
    const answer = await create({
      name: "Sneaky",
      pin_color: "green",
      id: 88_888,
      account_id: world.outsiderChannel.id,
      depth: 0,
      label_name: "Mine",
      position: 40,
    })
    expect(answer.status).toBe(201)
    expect(answer.body).toMatchObject({ account_id: channel.id, depth: 1, label_name: "Secondary category" })
    expect(answer.body.id).not.toBe(88_888)
    expect(answer.body.position).not.toBe(40)
    const invalid = await create({ name: "", pin_color: "red; evil", pin_appearance: "Big Pin" })
    expect(invalid.status).toBe(422)
    expect(Object.keys(invalid.body.errors).sort()).toEqual([
      "category.name",
      "category.pin_appearance",
      "category.pin_color",
    ])
    const foreignParent = await create({
      name: "Astray",
      parent_id: world.outsiderChannel.category_id,
      pin_color: "red",
    })
    expect(foreignParent.status).toBe(422)
    expect(foreignParent.body.errors).toEqual({ "category.parent_id": ["is not a category of this channel"] })
  })

  it("gives a category created with a name alone its parent's pin colour", async () => {
    const root = await server.request("GET", path(`/${channel.category_id}`), { token: world.owner.token })
    const top = await create({ name: "Named only" })
    expect(top.status).toBe(201)
    expect(top.body).toMatchObject({
      pin_color: root.body.pin_color,
      pin_appearance: "default",
      pin_urls: pinUrls(root.body.pin_color, "default"),
    })
    const orange = (await create({ name: "Orange", pin_color: "#ff8800" })).body
    const child = await create({ name: "Orange child", parent_id: orange.id })
    expect(child.status).toBe(201)
    expect(child.body).toMatchObject({ pin_color: "#ff8800", parent_id: orange.id })
    const own = await create({ name: "Own colour", parent_id: orange.id, pin_color: "blue" })
    expect(own.body.pin_color).toBe("blue")
  })

  it("lets only the channel's admins create categories", async () => {
    const body = { name: "Not allowed", pin_color: "red" }
    for (const person of [world.viewer, world.reporter, world.operator, world.manager, world.member]) {
      expect((await create(body, person.token)).status).toBe(403)
    }
    expect((await create(body, world.outsider.token)).status).toBe(404)
    expect((await create(body, world.invited.token)).status).toBe(404)
    expect((await server.request("POST", path(), { body: { category: body } })).status).toBe(401)
  })
})

describe("GET /api/v4/channels/{id}/categories", () => {
  it("renders only ids without fields, and exactly the named fields with them", async () => {
    const ids = await server.request("GET", path(), { token: world.viewer.token })
    expect(ids.status).toBe(200)
    expect(ids.body[0]).toEqual({ id: channel.category_id })
    expect(ids.body.every((category: object) => Object.keys(category).join() === "id")).toBe(true)
    const empty = await server.request("GET", path("?fields="), { token: world.viewer.token })
    expect(empty.body).toEqual(ids.body)
    const named = await server.request("GET", path("?fields=id,name,children,colour"), {
      token: world.viewer.token,
    })
    expect(named.headers.get("x-ignored-fields")).toBe("colour")
    expect(named.body[0]).toEqual({
      id: channel.category_id,
      name: "Cleaner streams",
      child_ids: expect.any(Array),
    })
    expect(Object.keys(named.body[1]).sort()).toEqual(["child_ids", "id", "name"])
  })

  it("refuses fields without id, naming fields", async () => {
    const answer = await server.request("GET", path("?fields=name,depth"), { token: world.viewer.token })
    expect(answer.status).toBe(400)
    expect(answer.body.errors).toEqual({ fields: ["must include id"] })
  })

  it("is 403 for team users outside the channel and 404 for other tenants", async () => {
    expect((await server.request("GET", path(), { token: world.member.token })).status).toBe(403)
    expect((await server.request("GET", path(), { token: world.manager.token })).status).toBe(200)
    expect((await server.request("GET", path(), { token: world.outsider.token })).status).toBe(404)
  })
})

describe("GET /api/v4/channels/{id}/categories/{cid}", () => {
  it("renders every field unless fields picks some", async () => {
    const created = (await create({ name: "Litter", pin_color: "orange" })).body
    const full = await server.request("GET", path(`/${created.id}`), { token: world.viewer.token })
    expect(full.body).toEqual(created)
    const picked = await server.request("GET", path(`/${created.id}?fields=name,parent,account`), {
      token: world.viewer.token,
    })
    // Exactly the named fields: one category does not insist on its id the way the list does.
    expect(picked.body).toEqual({
      name: "Litter",
      account_id: channel.id,
      parent_id: channel.category_id,
    })
    const without = await server.request("GET", path(`/${created.id}?fields=-pin_urls`), {
      token: world.viewer.token,
    })
    const { pin_urls: _, ...rest } = created
    expect(without.body).toEqual(rest)
  })

  it("is 404 for a category of another channel or an unknown id", async () => {
    const foreign = await server.request("GET", path(`/${world.outsiderChannel.category_id}`), {
      token: world.owner.token,
    })
    expect(foreign.status).toBe(404)
    expect(foreign.body.error).toBe("category not found")
    expect((await server.request("GET", path("/123456"), { token: world.owner.token })).status).toBe(404)
    expect((await server.request("GET", path("/x1"), { token: world.owner.token })).status).toBe(400)
  })
})

describe("PATCH /api/v4/channels/{id}/categories/{cid}", () => {
  it("changes name and pin, and answers the category", async () => {
    const created = (await create({ name: "Grafitti", pin_color: "purple" })).body
    const answer = await server.request("PATCH", path(`/${created.id}`), {
      token: world.owner.token,
      body: { category: { name: "Graffiti", pin_color: "#123456", depth: 3, account_id: 1 } },
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      ...created,
      name: "Graffiti",
      pin_color: "#123456",
      pin_urls: pinUrls("#123456", "default"),
    })
    const viewer = await server.request("PATCH", path(`/${created.id}`), {
      token: world.viewer.token,
      body: { category: { name: "Mine" } },
    })
    expect(viewer.status).toBe(403)
  })

  it("moves a category with its subtree, within the depth limit", async () => {
    const a = (await create({ name: "A", pin_color: "red" })).body
    const b = (await create({ name: "B", parent_id: a.id, pin_color: "red" })).body
    const c = (await create({ name: "C", pin_color: "red" })).body
    const move = (id: number, parent_id: number) =>
      server.request("PATCH", path(`/${id}`), { token: world.owner.token, body: { category: { parent_id } } })
    const moved = await move(a.id, c.id)
    expect(moved.status).toBe(200)
    expect(moved.body).toMatchObject({
      parent_id: c.id,
      depth: 2,
      label_name: "Tertiary category",
      child_ids: [b.id],
    })
    const child = await server.request("GET", path(`/${b.id}?fields=id,depth,label_name`), {
      token: world.owner.token,
    })
    expect(child.body).toEqual({ id: b.id, depth: 3, label_name: "Quaternary category" })
    const d = (await create({ name: "D", pin_color: "red" })).body
    const e = (await create({ name: "E", parent_id: d.id, pin_color: "red" })).body
    const tooDeep = await move(c.id, e.id)
    expect(tooDeep.status).toBe(422)
    expect(Object.keys(tooDeep.body.errors)).toEqual(["category.parent_id"])
    expect((await move(c.id, b.id)).status).toBe(422)
    expect((await move(channel.category_id, c.id)).status).toBe(422)
    expect((await move(c.id, world.outsiderChannel.category_id)).status).toBe(422)
  })
})

describe("DELETE /api/v4/channels/{id}/categories/{cid}", () => {
  it("deletes a category without children or reports, for admins only", async () => {
    const leaf = (await create({ name: "Leaf", pin_color: "green" })).body
    const remove = (id: number, token = world.owner.token) =>
      server.request("DELETE", path(`/${id}`), { token })
    expect((await remove(leaf.id, world.operator.token)).status).toBe(403)
    const answer = await remove(leaf.id)
    expect(answer.status).toBe(204)
    expect(answer.body).toBeUndefined()
    expect((await server.request("GET", path(`/${leaf.id}`), { token: world.owner.token })).status).toBe(404)
    expect((await remove(leaf.id)).status).toBe(404)
  })

  it("is 409 for the root, a category with children, or one reports use", async () => {
    const parent = (await create({ name: "Parent", pin_color: "green" })).body
    const child = (await create({ name: "Child", parent_id: parent.id, pin_color: "green" })).body
    const remove = (id: number) => server.request("DELETE", path(`/${id}`), { token: world.owner.token })
    const withChildren = await remove(parent.id)
    expect(withChildren.status).toBe(409)
    expect(withChildren.body.error).toContain("subcategories")
    expect((await remove(channel.category_id)).status).toBe(409)
    await fileReport(server, channel.id, child.id, world.reporter.id)
    const used = await remove(child.id)
    expect(used.status).toBe(409)
    expect(used.body.error).toContain("reports")
  })
})

describe("GET /api/v4/pins/{color}/{appearance}@{n}x.png", () => {
  it("draws a pin in the colour, at 1x, 2x and 3x, cacheable and embeddable", async () => {
    for (const [scale, width, height] of [
      [1, 25, 41],
      [3, 75, 123],
    ] as const) {
      const response = await fetch(pinUrls("#00aa00", "default")[`at${scale}x`])
      expect(response.status).toBe(200)
      expect(response.headers.get("content-type")).toBe("image/png")
      expect(response.headers.get("cache-control")).toBe("public, max-age=604800, immutable")
      expect(response.headers.get("cross-origin-resource-policy")).toBe("cross-origin")
      const image = sharp(Buffer.from(await response.arrayBuffer()))
      expect(await image.metadata()).toMatchObject({ format: "png", width, height })
      const { data, info } = await image.raw().toBuffer({ resolveWithObject: true })
      // The body of the pin, below its white eye, is the category's colour.
      const at = (Math.round(24 * scale) * info.width + Math.round(12.5 * scale)) * info.channels
      expect([...data.subarray(at, at + 3)]).toEqual([0x00, 0xaa, 0x00])
    }
  })

  it("is 404 for a colour or file name that is not a pin", async () => {
    for (const bad of [
      "red%3B/default@1x.png",
      "red/default@4x.png",
      "red/default.png",
      "red/Big%20Pin@1x.png",
    ]) {
      const response = await server.request("GET", `/api/v4/pins/${bad}`)
      expect(response.status).toBe(404)
    }
  })
})
