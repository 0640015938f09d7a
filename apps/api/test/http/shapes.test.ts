import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as JobKinds from "../../src/jobs/JobKinds.ts"
import { JobRunner } from "../../src/jobs/JobRunner.ts"
import { Shapes } from "../../src/services/Shapes.ts"
import { createPerson, type Person } from "../support/People.ts"
import {
  adminEmail,
  adminPassword,
  bundleId,
  startTestServer,
  type TestServer,
} from "../support/TestServer.ts"
import { buildWorld, createApp, makeAppAdministrator, type World } from "../support/World.ts"

let server: TestServer
let world: World
let adminToken: string
/** Not in any team. */
let stranger: Person
/** An administrator of the app, in no team: manages its shapes. */
let appAdmin: Person

beforeAll(async () => {
  server = await startTestServer()
  world = await buildWorld(server)
  adminToken = await server.login(adminEmail, adminPassword)
  stranger = await createPerson(server, "stranger@example.com")
  appAdmin = await createPerson(server, "app-admin@example.com")
  await makeAppAdministrator(server, appAdmin)
})
afterAll(() => server.close())

const inApp = (bundle = bundleId) => ({ "X-AppId": bundle })

const createShape = (
  geom: string,
  metadata?: unknown,
  options: { readonly token?: string; readonly app?: string; readonly query?: string } = {},
) =>
  server.request("POST", `/api/v4/shapes${options.query ?? ""}`, {
    token: options.token ?? appAdmin.token,
    headers: inApp(options.app),
    body: { shape: { geom, ...(metadata === undefined ? {} : { metadata }) } },
  })

/** Creates a shape and answers its id, failing the test when it is refused. */
const shapeId = async (geom: string, options: { readonly token?: string; readonly app?: string } = {}) => {
  const answer = await createShape(geom, undefined, options)
  expect(answer.status).toBe(201)
  return answer.body.id as number
}

const getShape = (
  id: number,
  options: { readonly token?: string; readonly app?: string; readonly query?: string } = {},
) =>
  server.request("GET", `/api/v4/shapes/${id}${options.query ?? ""}`, {
    token: options.token ?? world.member.token,
    headers: inApp(options.app),
  })

/**
 * Another branded app with an administrator, who manages its shapes, and who owns a team in it
 * (so reads its shapes as any user with a team there does).
 */
const appWithAdministrator = async (
  name: string,
): Promise<{ readonly app: string; readonly administrator: Person }> => {
  const app = await createApp(server, `com.example.${name}`)
  const administrator = await createPerson(server, `${name}-administrator@example.com`)
  const team = await server.request("POST", "/api/v4/teams", {
    token: administrator.token,
    headers: inApp(app),
    body: { team: { name: `${name} team`, industry: "Water", location: "Waikato" } },
  })
  expect(team.status).toBe(201)
  await makeAppAdministrator(server, administrator, app)
  return { app, administrator }
}

describe("POST /api/v4/shapes", () => {
  it.each([
    ["POINT", "point(174.7 -41.3)", "POINT (174.7 -41.3)"],
    ["LINESTRING", "LINESTRING(0 0, 1 21)", "LINESTRING (0 0, 1 21)"],
    [
      "POLYGON with a hole",
      "POLYGON((0 0, 4 0, 4 4, 0 4, 0 0),(1 1, 2 1, 2 2, 1 1))",
      "POLYGON ((0 0, 4 0, 4 4, 0 4, 0 0), (1 1, 2 1, 2 2, 1 1))",
    ],
    ["MULTIPOINT", "MULTIPOINT((1 2),(3 4))", "MULTIPOINT (1 2, 3 4)"],
    ["MULTILINESTRING", "MULTILINESTRING((0 0, 1 1),(2 2, 3 3))", "MULTILINESTRING ((0 0, 1 1), (2 2, 3 3))"],
    [
      "MULTIPOLYGON",
      "MULTIPOLYGON(((0 0, 1 0, 1 1, 0 0)),((5 5, 6 5, 6 6, 5 5)))",
      "MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), ((5 5, 6 5, 6 6, 5 5)))",
    ],
  ])("creates a %s shape, its WKT written in one canonical form", async (_, geom, written) => {
    const metadata = { display: ["Block 3", "North"], raw: { source_id: 17, tags: ["a"] }, color: "#ffff00" }
    const answer = await createShape(geom, metadata)
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({ id: answer.body.id, geom: written, metadata })
    expect(answer.headers.get("location")).toBe(`/api/v4/shapes/${answer.body.id}`)
    const fetched = await getShape(answer.body.id)
    expect(fetched.status).toBe(200)
    expect(fetched.body).toEqual(answer.body)
  })

  it("gives a shape without metadata empty metadata and ignores an id or app in the body", async () => {
    const answer = await server.request("POST", "/api/v4/shapes", {
      token: appAdmin.token,
      headers: inApp(),
      body: { shape: { geom: "POINT (1 2)", id: 99_999, branded_app_id: 42 } },
    })
    expect(answer.status).toBe(201)
    expect(answer.body.metadata).toEqual({})
    expect(answer.body.id).not.toBe(99_999)
    expect((await getShape(answer.body.id, { query: "?fields=branded_app" })).body.branded_app_id).not.toBe(
      42,
    )
  })

  const longLine = `LINESTRING (${Array.from({ length: 10_001 }, (_, i) => `${(i / 1000).toFixed(3)} 1`).join(", ")})`

  it.each([
    ["text that is not WKT", "POLYGON((0 0, 1 0, 1 1", /is not valid WKT/],
    ["a ring that is not closed", "POLYGON((0 0, 1 0, 1 1, 0 1, 0.5 0.5))", /is not closed/],
    ["a ring that crosses itself", "POLYGON((0 0, 2 2, 2 0, 0 2, 0 0))", /intersects itself/],
    ["a latitude out of range", "POINT (10 95)", /latitude must be between -90 and 90/],
    ["more than 10,000 positions", longLine, /has 10001 positions; at most 10000/],
    ["a geometry collection", "GEOMETRYCOLLECTION(POINT(1 2))", /must be a POINT, LINESTRING, POLYGON/],
    ["a blank geometry", " ", /must not be blank/],
  ])("refuses %s with 422 naming shape.geom", async (_, geom, message) => {
    const answer = await createShape(geom)
    expect(answer.status).toBe(422)
    expect(Object.keys(answer.body.errors)).toEqual(["shape.geom"])
    expect(answer.body.errors["shape.geom"].join(" ")).toMatch(message)
  })

  it("refuses a missing geometry and metadata of the wrong shape, naming each field", async () => {
    const answer = await server.request("POST", "/api/v4/shapes", {
      token: world.manager.token,
      headers: inApp(),
      body: { shape: { metadata: { display: "Block 3", raw: [1] } } },
    })
    expect(answer.status).toBe(422)
    expect(Object.keys(answer.body.errors).sort()).toEqual([
      "shape.geom",
      "shape.metadata.display",
      "shape.metadata.raw",
    ])
  })

  it("lets platform administrators and the app's administrators create shapes", async () => {
    for (const token of [appAdmin.token, adminToken]) {
      expect((await createShape("POINT (1 1)", undefined, { token })).status).toBe(201)
    }
  })

  it("refuses every team role, invited users and users without a team (403)", async () => {
    const people = [world.owner, world.manager, world.outsider, world.member, world.operator]
    for (const person of [...people, world.invited, stranger]) {
      const answer = await createShape("POINT (1 1)", undefined, { token: person.token })
      expect(answer.status).toBe(403)
    }
  })
})

describe("who manages the app's shapes", () => {
  it("refuses the owner of a team they made themselves: 403 to create, bulk-create and delete", async () => {
    const id = await shapeId("POINT (7 7)", { token: adminToken })
    const self = await createPerson(server, "self-made-owner@example.com")
    const team = await server.request("POST", "/api/v4/teams?fields=is_owner_of", {
      token: self.token,
      headers: inApp(),
      body: { team: { name: "My own team", industry: "Water", location: "Waikato" } },
    })
    expect(team.status).toBe(201)
    expect(team.body.is_owner_of).toBe(true)
    const created = await createShape("POINT (1 1)", undefined, { token: self.token })
    expect(created.status).toBe(403)
    const bulk = await server.request("POST", "/api/v4/shapes/bulk_create", {
      token: self.token,
      headers: inApp(),
      body: [{ geom: "POINT (1 1)" }],
    })
    expect(bulk.status).toBe(403)
    const deleted = await server.request("DELETE", `/api/v4/shapes/${id}`, {
      token: self.token,
      headers: inApp(),
    })
    expect(deleted.status).toBe(403)
    // Reading stays open to every user with a team in the app.
    expect((await getShape(id, { token: self.token })).status).toBe(200)
  })

  it("lets the app's administrators and platform administrators create, bulk-create and delete", async () => {
    for (const token of [appAdmin.token, adminToken]) {
      const id = await shapeId("POINT (8 8)", { token })
      const bulk = await server.request("POST", "/api/v4/shapes/bulk_create", {
        token,
        headers: inApp(),
        body: [{ geom: "POINT (8 9)" }],
      })
      expect(bulk.status).toBe(200)
      const deleted = await server.request("DELETE", `/api/v4/shapes/${id}`, { token, headers: inApp() })
      expect(deleted.status).toBe(204)
    }
  })

  it("is not administration of another app", async () => {
    const other = await appWithAdministrator("elsewhere")
    const answer = await createShape("POINT (1 1)", undefined, { token: other.administrator.token })
    expect(answer.status).toBe(403)
    const theirs = await createShape("POINT (1 1)", undefined, { token: appAdmin.token, app: other.app })
    expect(theirs.status).toBe(403)
  })
})

describe("X-AppId", () => {
  let id: number
  beforeAll(async () => {
    id = await shapeId("POINT (3 3)")
  })

  const calls = (headers: Record<string, string>) => [
    server.request("POST", "/api/v4/shapes", {
      token: world.manager.token,
      headers,
      body: { shape: { geom: "POINT (1 1)" } },
    }),
    server.request("GET", "/api/v4/shapes", { token: world.manager.token, headers }),
    server.request("GET", `/api/v4/shapes/${id}`, { token: world.manager.token, headers }),
    server.request("DELETE", `/api/v4/shapes/${id}`, { token: world.manager.token, headers }),
    server.request("POST", "/api/v4/shape_searches", {
      token: world.manager.token,
      headers,
      body: { shape_search: { bbox: [0, 0, 5, 5] } },
    }),
  ]

  it("is required by every shapes endpoint: 400 naming it when missing", async () => {
    for (const answer of await Promise.all(calls({}))) {
      expect(answer.status).toBe(400)
      expect(Object.keys(answer.body.errors)).toEqual(["X-AppId"])
    }
    expect((await getShape(id)).status).toBe(200)
  })

  it("must name a known app: 404", async () => {
    for (const answer of await Promise.all(calls({ "X-AppId": "com.example.nowhere" }))) {
      expect(answer.status).toBe(404)
    }
    expect((await getShape(id)).status).toBe(200)
  })

  it("needs credentials first: 401 without them", async () => {
    expect((await server.request("GET", "/api/v4/shapes", { headers: inApp() })).status).toBe(401)
  })
})

describe("shapes of another app", () => {
  let other: { readonly app: string; readonly administrator: Person }
  let theirs: number

  beforeAll(async () => {
    other = await appWithAdministrator("harbour")
    theirs = await shapeId("POINT (5 5)", { token: other.administrator.token, app: other.app })
  })

  it("are not found in this app, to fetch or to delete", async () => {
    expect((await getShape(theirs, { token: world.manager.token })).status).toBe(404)
    expect((await getShape(theirs, { token: adminToken })).status).toBe(404)
    // Not even an administrator of this app finds it here.
    const deleted = await server.request("DELETE", `/api/v4/shapes/${theirs}`, {
      token: appAdmin.token,
      headers: inApp(),
    })
    expect(deleted.status).toBe(404)
    expect((await getShape(theirs, { token: other.administrator.token, app: other.app })).status).toBe(200)
  })

  it("are not readable by users without a team in that app (403)", async () => {
    expect((await getShape(theirs, { token: world.manager.token, app: other.app })).status).toBe(403)
    const list = await server.request("GET", "/api/v4/shapes", {
      token: world.manager.token,
      headers: inApp(other.app),
    })
    expect(list.status).toBe(403)
  })
})

describe("GET /api/v4/shapes/{id}", () => {
  it("is readable by every user with a team in the app, and not by invited users or users without a team", async () => {
    const id = await shapeId("POINT (2 2)")
    for (const person of [world.member, world.viewer, world.outsider]) {
      expect((await getShape(id, { token: person.token })).status).toBe(200)
    }
    expect((await getShape(id, { token: adminToken })).status).toBe(200)
    expect((await getShape(id, { token: world.invited.token })).status).toBe(403)
    expect((await getShape(id, { token: stranger.token })).status).toBe(403)
  })

  it("is 404 for an unknown shape and 400 for an id that is not one", async () => {
    expect((await getShape(987_654)).status).toBe(404)
    const malformed = await server.request("GET", "/api/v4/shapes/abc", {
      token: world.member.token,
      headers: inApp(),
    })
    expect(malformed.status).toBe(400)
  })

  it("adds branded_app_id, cache_key and colours when selected, removes defaults with -, and lists unknown names", async () => {
    const created = await createShape("POINT (2 2)", {
      color: "#ffff00",
      highlight_color: "rgba(255, 0, 0, 0.5)",
    })
    const { id } = created.body
    const answer = await getShape(id, {
      query: "?fields=branded_app,cache_key,highlight_color,normal_color,-metadata,colour",
    })
    expect(answer.status).toBe(200)
    const app = await server.request("GET", "/api/v4/branded_app", {
      token: world.member.token,
      headers: inApp(),
    })
    expect(answer.body).toEqual({
      id,
      geom: "POINT (2 2)",
      branded_app_id: app.body.id,
      cache_key: expect.any(String),
      highlight_color: "rgba(255, 0, 0, 0.5)",
      normal_color: "#ffff00",
    })
    expect(answer.headers.get("x-ignored-fields")).toBe("colour")
  })

  it("takes normal_color before the legacy color, and uses defaults for missing or invalid colours", async () => {
    const colours = async (metadata: unknown) => {
      const { id } = (await createShape("POINT (2 2)", metadata)).body
      const { body } = await getShape(id, { query: "?fields=highlight_color,normal_color" })
      return [body.normal_color, body.highlight_color]
    }
    expect(await colours({ color: "red", normal_color: "teal", highlight_color: "orange" })).toEqual([
      "teal",
      "orange",
    ])
    expect(await colours(undefined)).toEqual(["#3388ff", "#ff7800"])
    expect(await colours({ color: "red; background: url(x)", highlight_color: 7 })).toEqual([
      "#3388ff",
      "#ff7800",
    ])
  })

  it("gives each shape its own cache_key, the same on every read while the shape is unchanged", async () => {
    const key = async (id: number) => (await getShape(id, { query: "?fields=cache_key" })).body.cache_key
    const first = await shapeId("POINT (4 4)")
    const second = await shapeId("POINT (4 4)")
    expect(await key(first)).toBe(await key(first))
    expect(await key(first)).not.toBe(await key(second))
    const created = await createShape("POINT (4 4)", undefined, { query: "?fields=cache_key" })
    expect(created.body.cache_key).toBe(await key(created.body.id))
  })
})

describe("GET /api/v4/shapes", () => {
  let paging: { readonly app: string; readonly administrator: Person }
  let ids: ReadonlyArray<number>

  beforeAll(async () => {
    paging = await appWithAdministrator("paging")
    const created: Array<number> = []
    for (let i = 0; i < 5; i++)
      created.push(await shapeId(`POINT (${i} ${i})`, { token: paging.administrator.token, app: paging.app }))
    ids = created
    // A shape of another app at the same place, which the list must leave out.
    await shapeId("POINT (1 1)")
  })

  const list = (range?: string, query = "") =>
    server.request("GET", `/api/v4/shapes${query}`, {
      token: paging.administrator.token,
      headers: { ...inApp(paging.app), ...(range === undefined ? {} : { Range: range }) },
    })

  it("lists the app's shapes by id, only theirs", async () => {
    const answer = await list()
    expect(answer.status).toBe(200)
    expect(answer.body.map((shape: { id: number }) => shape.id)).toEqual(ids)
    expect(answer.headers.get("accept-ranges")).toBe("shapes")
    expect(answer.headers.get("content-range")).toBe("shapes 0-4/5")
  })

  it("pages with Range", async () => {
    const first = await list("objects=0-1")
    expect(first.body.map((shape: { id: number }) => shape.id)).toEqual(ids.slice(0, 2))
    expect(first.headers.get("content-range")).toBe("shapes 0-1/5")
    const last = await list("objects=4-10")
    expect(last.body.map((shape: { id: number }) => shape.id)).toEqual(ids.slice(4))
    expect(last.headers.get("content-range")).toBe("shapes 4-4/5")
    const past = await list("objects=10-19")
    expect(past.body).toEqual([])
    expect(past.headers.get("content-range")).toBe("shapes */5")
    expect((await list("bytes=0-1")).status).toBe(400)
  })

  it("renders the selected fields", async () => {
    const answer = await list("objects=0-0", "?fields=-geom,-metadata,branded_app")
    expect(Object.keys(answer.body[0]).sort()).toEqual(["branded_app_id", "id"])
  })
})

describe("POST /api/v4/shapes/bulk_create", () => {
  let bulk: { readonly app: string; readonly administrator: Person }

  beforeAll(async () => {
    bulk = await appWithAdministrator("bulk")
  })

  const bulkCreate = (
    body: unknown,
    options: {
      readonly token?: string
      readonly headers?: Record<string, string>
      readonly query?: string
    } = {},
  ) =>
    server.request("POST", `/api/v4/shapes/bulk_create${options.query ?? ""}`, {
      token: options.token ?? bulk.administrator.token,
      headers: options.headers ?? inApp(bulk.app),
      body,
    })

  /** The app's last shapes, by id. */
  const lastShapes = async (count: number) => {
    const total = await shapeCount()
    const answer = await server.request("GET", "/api/v4/shapes", {
      token: bulk.administrator.token,
      headers: { ...inApp(bulk.app), Range: `objects=${total - count}-${total - 1}` },
    })
    expect(answer.status).toBe(200)
    return answer.body as ReadonlyArray<{ id: number; geom: string; metadata: unknown }>
  }

  /** How many shapes the app has, from the listing's `Content-Range`. */
  const shapeCount = async () => {
    const answer = await server.request("GET", "/api/v4/shapes?fields=-geom,-metadata", {
      token: bulk.administrator.token,
      headers: { ...inApp(bulk.app), Range: "objects=0-0" },
    })
    expect(answer.status).toBe(200)
    return Number(answer.headers.get("content-range")?.split("/")[1])
  }

  it("creates every item in request order and answers each with its ref", async () => {
    const before = await shapeCount()
    const answer = await bulkCreate([
      { geom: "polygon((0 0, 2 0, 2 2, 0 0))", metadata: { display: ["Paddock 1"], raw: { id: 1 } } },
      { geom: "POINT (174.7 -41.3)" },
      { geom: "MULTIPOLYGON(((10 10, 11 10, 11 11, 10 10)), ((20 20, 21 20, 21 21, 20 20)))" },
    ])
    expect(answer.status).toBe(200)
    expect(
      answer.body.map((result: { ref: number; http_status: number }) => [result.ref, result.http_status]),
    ).toEqual([
      [0, 201],
      [1, 201],
      [2, 201],
    ])
    const ids = answer.body.map((result: { data: { id: number } }) => result.data.id)
    expect(answer.body[0]).toEqual({
      ref: 0,
      data: {
        id: ids[0],
        geom: "POLYGON ((0 0, 2 0, 2 2, 0 0))",
        metadata: { display: ["Paddock 1"], raw: { id: 1 } },
      },
      http_status: 201,
      errors: {},
    })
    expect(await shapeCount()).toBe(before + 3)
    expect(await lastShapes(3)).toEqual([
      {
        id: ids[0],
        geom: "POLYGON ((0 0, 2 0, 2 2, 0 0))",
        metadata: { display: ["Paddock 1"], raw: { id: 1 } },
      },
      { id: ids[1], geom: "POINT (174.7 -41.3)", metadata: {} },
      {
        id: ids[2],
        geom: "MULTIPOLYGON (((10 10, 11 10, 11 11, 10 10)), ((20 20, 21 20, 21 21, 20 20)))",
        metadata: {},
      },
    ])
    // Each new shape is in the spatial index, as a single create's is.
    const found = await server.request("POST", "/api/v4/shape_searches", {
      token: bulk.administrator.token,
      headers: inApp(bulk.app),
      body: { shape_search: { contains: { longitude: 10.8, latitude: 10.2 } } },
    })
    const listed = await server.request(
      "GET",
      `/api/v4/shapes?shape_search_id=${found.body.id}&fields=-geom,-metadata`,
      {
        token: bulk.administrator.token,
        headers: inApp(bulk.app),
      },
    )
    expect(listed.body).toEqual([{ id: ids[2] }])
  })

  it("renders the selected fields of each created shape", async () => {
    const answer = await bulkCreate([{ geom: "POINT (1 1)" }, { geom: "POINT (2 2)" }], {
      query: "?fields=-geom,-metadata",
    })
    expect(answer.status).toBe(200)
    expect(answer.body.map((result: { data: object }) => Object.keys(result.data))).toEqual([["id"], ["id"]])
  })

  it("creates the valid items and answers each refused one with its reasons, by the item's fields", async () => {
    const before = await shapeCount()
    const answer = await bulkCreate([
      { geom: "POINT (3 3)" },
      { geom: "POLYGON ((0 0, 2 2, 2 0, 0 2, 0 0))" },
      { metadata: { display: "not a list" } },
      "not a shape",
      { geom: "POINT (200 0)" },
      { geom: "POINT (4 4)", metadata: { display: ["Kept"] } },
    ])
    expect(answer.status).toBe(207)
    expect(answer.body.map((result: { http_status: number }) => result.http_status)).toEqual([
      201, 422, 422, 422, 422, 201,
    ])
    const refused = answer.body.filter((result: { http_status: number }) => result.http_status === 422)
    expect(refused.map((result: { ref: number }) => result.ref)).toEqual([1, 2, 3, 4])
    expect(refused.every((result: object) => !("data" in result))).toBe(true)
    expect(Object.keys(refused[0].errors)).toEqual(["geom"])
    expect(refused[0].errors.geom[0]).toMatch(/intersect|cross|touch/i)
    expect(Object.keys(refused[1].errors).sort()).toEqual(["geom", "metadata.display"])
    expect(Object.keys(refused[2].errors)).toEqual([""])
    expect(refused[3].errors).toEqual({ geom: [expect.stringMatching(/longitude/)] })
    expect(await shapeCount()).toBe(before + 2)
    expect((await lastShapes(2)).map((shape) => shape.geom)).toEqual(["POINT (3 3)", "POINT (4 4)"])
  })

  it("refuses a body that is not 1 to 200 items, naming shapes, and creates nothing", async () => {
    const before = await shapeCount()
    for (const body of [
      [],
      Array.from({ length: 201 }, (_, i) => ({ geom: `POINT (${i % 180} 0)` })),
      { shape: {} },
    ]) {
      const answer = await bulkCreate(body)
      expect(answer.status).toBe(422)
      expect(answer.headers.get("content-type")).toMatch(/application\/problem\+json/)
      expect(Object.keys(answer.body.errors)).toEqual(["shapes"])
    }
    expect(
      (await bulkCreate(Array.from({ length: 200 }, (_, i) => ({ geom: `POINT (${i % 180} 1)` })))).status,
    ).toBe(200)
    expect(await shapeCount()).toBe(before + 200)
  })

  it("is for the app's administrators, with X-AppId", async () => {
    const before = await shapeCount()
    for (const person of [world.owner, world.manager, world.member]) {
      const answer = await bulkCreate([{ geom: "POINT (5 5)" }], { token: person.token, headers: inApp() })
      expect(answer.status).toBe(403)
    }
    const asStranger = await bulkCreate([{ geom: "POINT (5 5)" }], { token: stranger.token })
    expect(asStranger.status).toBe(403)
    const withoutApp = await bulkCreate([{ geom: "POINT (5 5)" }], { headers: {} })
    expect(withoutApp.status).toBe(400)
    expect(Object.keys(withoutApp.body.errors)).toEqual(["X-AppId"])
    expect(await shapeCount()).toBe(before)
  })
})

/** The shape's box as the shapes table and the spatial index hold it. */
const storedBoxes = (id: number) =>
  server.runtime.runPromise(
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const shapes = yield* sql`SELECT min_longitude, min_latitude, max_longitude, max_latitude, area
        FROM shapes WHERE id = ${id}`
      const index = yield* sql`SELECT min_longitude, min_latitude, max_longitude, max_latitude
        FROM shapes_box WHERE id = ${id}`
      return { shapes, index }
    }),
  )

describe("DELETE /api/v4/shapes/{id}", () => {
  const remove = (id: number, token: string) =>
    server.request("DELETE", `/api/v4/shapes/${id}`, { token, headers: inApp() })

  it("keeps a new shape's box in the shapes and the spatial index, with its area, and deletes both", async () => {
    const id = await shapeId("POLYGON ((1 -2, 3 -2, 3 4, 1 -2))")
    const box = { min_longitude: 1, min_latitude: -2, max_longitude: 3, max_latitude: 4 }
    const { shapes, index } = await storedBoxes(id)
    expect(shapes).toEqual([{ ...box, area: expect.any(Number) }])
    expect(shapes[0]?.area).toBeGreaterThan(0)
    expect(index).toEqual([box])
    expect((await remove(id, appAdmin.token)).status).toBe(204)
    expect(await storedBoxes(id)).toEqual({ shapes: [], index: [] })
  })

  it("deletes a shape for its app's administrators: 204, then 404", async () => {
    const id = await shapeId("POINT (6 6)")
    for (const person of [world.member, world.manager, world.owner]) {
      expect((await remove(id, person.token)).status).toBe(403)
    }
    expect((await getShape(id)).status).toBe(200)
    const answer = await remove(id, appAdmin.token)
    expect(answer.status).toBe(204)
    expect(answer.body).toBeUndefined()
    expect((await getShape(id)).status).toBe(404)
    expect((await remove(id, appAdmin.token)).status).toBe(404)
  })
})

describe("PATCH and PUT /api/v4/shapes/{id}", () => {
  const update = (
    method: "PATCH" | "PUT",
    id: number,
    shape: unknown,
    options: { readonly token?: string; readonly app?: string; readonly query?: string } = {},
  ) =>
    server.request(method, `/api/v4/shapes/${id}${options.query ?? ""}`, {
      token: options.token ?? appAdmin.token,
      headers: inApp(options.app),
      body: { shape },
    })

  const key = async (id: number) => (await getShape(id, { query: "?fields=cache_key" })).body.cache_key

  it("moves a shape's geometry, with its box in the shapes and the spatial index, and keeps its metadata", async () => {
    const created = await createShape("POLYGON ((1 1, 2 1, 2 2, 1 2, 1 1))", { display: ["Paddock 4"] })
    const { id } = created.body
    const before = await key(id)
    const {
      shapes: [old],
    } = await storedBoxes(id)
    const answer = await update(
      "PATCH",
      id,
      { geom: "POLYGON((11 1, 13 1, 13 3, 11 3, 11 1))" },
      { query: "?fields=cache_key" },
    )
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      id,
      geom: "POLYGON ((11 1, 13 1, 13 3, 11 3, 11 1))",
      metadata: { display: ["Paddock 4"] },
      cache_key: expect.any(String),
    })
    expect(answer.body.cache_key).not.toBe(before)
    expect(await key(id)).toBe(answer.body.cache_key)
    const box = { min_longitude: 11, min_latitude: 1, max_longitude: 13, max_latitude: 3 }
    const { shapes, index } = await storedBoxes(id)
    expect(shapes).toEqual([{ ...box, area: expect.any(Number) }])
    expect(shapes[0]?.area).toBeGreaterThan(old?.area as number)
    expect(index).toEqual([box])
    expect((await getShape(id)).body).toEqual({
      id,
      geom: answer.body.geom,
      metadata: { display: ["Paddock 4"] },
    })
  })

  it("replaces the metadata as a whole and keeps the geometry; PUT updates as PATCH does", async () => {
    const id = (await createShape("POINT (7 7)", { display: ["Gate"], raw: { code: "G1" } })).body.id
    const patched = await update("PATCH", id, { metadata: { display: ["Gate 1"] } })
    expect(patched.status).toBe(200)
    expect(patched.body).toEqual({ id, geom: "POINT (7 7)", metadata: { display: ["Gate 1"] } })
    const put = await update("PUT", id, { metadata: { raw: { code: "G2" } } })
    expect(put.status).toBe(200)
    expect(put.body).toEqual({ id, geom: "POINT (7 7)", metadata: { raw: { code: "G2" } } })
    const moved = await update("PUT", id, { geom: "POINT (8 8)" })
    expect(moved.body).toEqual({ id, geom: "POINT (8 8)", metadata: { raw: { code: "G2" } } })
  })

  it("changes nothing for an empty update, and refuses an invalid geometry naming shape.geom", async () => {
    const id = await shapeId("POINT (9 9)")
    const before = await key(id)
    const empty = await update("PATCH", id, {})
    expect(empty.status).toBe(200)
    expect(empty.body).toEqual({ id, geom: "POINT (9 9)", metadata: {} })
    expect(await key(id)).toBe(before)
    for (const method of ["PATCH", "PUT"] as const) {
      const refused = await update(method, id, { geom: "POLYGON ((0 0, 1 1, 1 0, 0 1, 0 0))" })
      expect(refused.status).toBe(422)
      expect(Object.keys(refused.body.errors)).toEqual(["shape.geom"])
      const blank = await update(method, id, { geom: " ", metadata: [] })
      expect(blank.status).toBe(422)
      expect(Object.keys(blank.body.errors).sort()).toEqual(["shape.geom", "shape.metadata"])
    }
    expect((await getShape(id)).body.geom).toBe("POINT (9 9)")
    expect(await key(id)).toBe(before)
  })

  it("is for the app's administrators, in the shape's app, and is recorded in the audit log", async () => {
    const id = await shapeId("POINT (10 10)")
    const change = { metadata: { display: ["Mine"] } }
    for (const person of [world.member, world.manager, world.owner, stranger]) {
      expect((await update("PATCH", id, change, { token: person.token })).status).toBe(403)
      expect((await update("PUT", id, change, { token: person.token })).status).toBe(403)
    }
    const other = await appWithAdministrator("updates")
    expect(
      (await update("PATCH", id, change, { token: other.administrator.token, app: other.app })).status,
    ).toBe(404)
    const withoutApp = await server.request("PATCH", `/api/v4/shapes/${id}`, {
      token: appAdmin.token,
      body: { shape: change },
    })
    expect(withoutApp.status).toBe(400)
    expect(
      (await server.request("PUT", `/api/v4/shapes/${id}`, { headers: inApp(), body: { shape: change } }))
        .status,
    ).toBe(401)
    expect((await getShape(id)).body.metadata).toEqual({})

    expect((await update("PATCH", id, change, { token: adminToken })).status).toBe(200)
    const events = await server.request("GET", "/api/v4/audit_events?kind=shape.updated", {
      token: adminToken,
    })
    expect(events.body[0]).toMatchObject({
      kind: "shape.updated",
      actor_id: 1,
      target_type: "shape",
      target_id: String(id),
    })
  })
})

describe("shape searches", () => {
  let searching: { readonly app: string; readonly administrator: Person }
  const shape: Record<string, number> = {}

  const create = async (name: string, geom: string) => {
    shape[name] = await shapeId(geom, { token: searching.administrator.token, app: searching.app })
  }

  beforeAll(async () => {
    searching = await appWithAdministrator("search")
    // A 10 × 10 square with a hole from 4 to 6, a 4 × 4 square overlapping the hole, a 1 × 1 square
    // in both, a triangle whose box (not itself) holds the small square, lines and a point up north.
    await create("big", "POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (4 4, 6 4, 6 6, 4 6, 4 4))")
    await create("medium", "POLYGON ((1 1, 5 1, 5 5, 1 5, 1 1))")
    await create("small", "POLYGON ((2 2, 3 2, 3 3, 2 3, 2 2))")
    await create("triangle", "POLYGON ((0 0, 3 0, 0 3, 0 0))")
    await create("line", "LINESTRING (0 20, 10 20)")
    await create("point", "POINT (5 20)")
    await create("diagonal", "LINESTRING (20 0, 30 10)")
    // The same place in another app, which no search here may find.
    await shapeId("POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0))")
  })

  const start = (body: unknown, token = searching.administrator.token) =>
    server.request("POST", "/api/v4/shape_searches", {
      token,
      headers: inApp(searching.app),
      body: { shape_search: body },
    })

  const results = async (url: string, range?: string) => {
    const { pathname, search } = new URL(url)
    return server.request("GET", `${pathname}${search}`, {
      token: searching.administrator.token,
      headers: { ...inApp(searching.app), ...(range === undefined ? {} : { Range: range }) },
    })
  }

  /** The ids a search finds, in its order. */
  const found = async (body: unknown): Promise<ReadonlyArray<number>> => {
    const answer = await start(body)
    expect(answer.status).toBe(201)
    const page = await results(answer.body.url)
    expect(page.status).toBe(200)
    return page.body.map((item: { id: number }) => item.id)
  }

  it("answers 201 with the search's id and the absolute address of its shapes", async () => {
    const answer = await start({ contains: { latitude: 2.5, longitude: 2.5 } })
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({
      id: answer.body.id,
      url: `${server.url}/api/v4/shapes?shape_search_id=${answer.body.id}`,
    })
    expect(answer.headers.get("location")).toBeNull()
  })

  it("finds the shapes that contain a point, smallest first, boundaries included, holes and boxes not", async () => {
    expect(await found({ contains: { latitude: 2.5, longitude: 2.5 } })).toEqual([
      shape.small,
      shape.medium,
      shape.big,
    ])
    // In the big square's hole, but inside the medium square.
    expect(await found({ contains: { latitude: 4.5, longitude: 4.5 } })).toEqual([shape.medium])
    expect(await found({ contains: { latitude: 5.5, longitude: 5.5 } })).toEqual([])
    expect(await found({ contains: { latitude: 5, longitude: 10 } })).toEqual([shape.big])
    // Lines and points hold the positions on them; shapes without area come first, by id.
    expect(await found({ contains: { latitude: 20, longitude: 5 } })).toEqual([shape.line, shape.point])
  })

  it("finds the shapes that intersect a geometry, smallest first", async () => {
    expect(await found({ intersects: "LINESTRING (2.5 -1, 2.5 2.5)" })).toEqual([
      shape.small,
      shape.triangle,
      shape.medium,
      shape.big,
    ])
    expect(await found({ intersects: "POLYGON ((4.2 5.2, 4.8 5.2, 4.8 5.8, 4.2 5.8, 4.2 5.2))" })).toEqual([])
    expect(await found({ intersects: "MULTIPOINT ((5 20), (50 50))" })).toEqual([shape.line, shape.point])
  })

  it("finds the shapes that meet a box, and not those whose box only does", async () => {
    expect(await found({ bbox: [2.2, 2.2, 2.4, 2.4] })).toEqual([shape.small, shape.medium, shape.big])
    expect(await found({ bbox: [-1, 15, 11, 25] })).toEqual([shape.line, shape.point])
    expect(await found({ bbox: [28, 0, 30, 2] })).toEqual([])
    expect(await found({ bbox: [5, 20, 5, 20] })).toEqual([shape.line, shape.point])
  })

  it("pages the results with Range", async () => {
    const answer = await start({ contains: { latitude: 2.5, longitude: 2.5 } })
    const page = await results(answer.body.url, "objects=1-5")
    expect(page.body.map((item: { id: number }) => item.id)).toEqual([shape.medium, shape.big])
    expect(page.headers.get("content-range")).toBe("shapes 1-2/3")
  })

  it("leaves out shapes deleted since the search", async () => {
    const doomed = await shapeId("POLYGON ((2.4 2.4, 2.6 2.4, 2.6 2.6, 2.4 2.4))", {
      token: searching.administrator.token,
      app: searching.app,
    })
    const answer = await start({ bbox: [2.45, 2.41, 2.46, 2.42] })
    expect((await results(answer.body.url)).body.map((item: { id: number }) => item.id)).toEqual([
      doomed,
      shape.small,
      shape.medium,
      shape.big,
    ])
    const deleted = await server.request("DELETE", `/api/v4/shapes/${doomed}`, {
      token: searching.administrator.token,
      headers: inApp(searching.app),
    })
    expect(deleted.status).toBe(204)
    const page = await results(answer.body.url)
    expect(page.body.map((item: { id: number }) => item.id)).toEqual([shape.small, shape.medium, shape.big])
    expect(page.headers.get("content-range")).toBe("shapes 0-2/3")
    expect(await found({ bbox: [2.45, 2.41, 2.46, 2.42] })).toEqual([shape.small, shape.medium, shape.big])
  })

  it("refuses searches that give not exactly one criterion, or invalid ones, naming the field (422)", async () => {
    const names = async (body: unknown) => {
      const answer = await start(body)
      expect(answer.status).toBe(422)
      return Object.keys(answer.body.errors)
    }
    expect(await names({})).toEqual(["shape_search"])
    expect(await names({ bbox: [0, 0, 1, 1], intersects: "POINT (1 1)" })).toEqual(["shape_search"])
    expect(await names({ intersects: "POLYGON ((0 0, 1 0" })).toEqual(["shape_search.intersects"])
    expect(await names({ intersects: "POLYGON ((0 0, 2 2, 2 0, 0 2, 0 0))" })).toEqual([
      "shape_search.intersects",
    ])
    expect(await names({ contains: { latitude: 91, longitude: 0 } })).toEqual([
      "shape_search.contains.latitude",
    ])
    expect(await names({ bbox: [5, 0, 1, 1] })).toEqual(["shape_search.bbox.2"])
  })

  it("is readable only in its app, while it is kept, by users with a team there", async () => {
    const answer = await start({ contains: { latitude: 2.5, longitude: 2.5 } })
    const id = answer.body.id
    const list = (
      headers: Record<string, string>,
      token = searching.administrator.token,
      query = `?shape_search_id=${id}`,
    ) => server.request("GET", `/api/v4/shapes${query}`, { token, headers })
    expect((await list(inApp(searching.app))).status).toBe(200)
    // The search of another app is unknown here, even to a manager there.
    expect((await list(inApp(), world.manager.token)).status).toBe(404)
    expect((await list(inApp(searching.app), world.manager.token)).status).toBe(403)
    expect((await start({ bbox: [0, 0, 1, 1] }, world.manager.token)).status).toBe(403)
    expect(
      (await list(inApp(searching.app), searching.administrator.token, "?shape_search_id=987654")).status,
    ).toBe(404)
    expect(
      (await list(inApp(searching.app), searching.administrator.token, "?shape_search_id=abc")).status,
    ).toBe(400)
    await server.runtime.runPromise(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        yield* sql`UPDATE shape_searches SET expires_at = ${new Date(Date.now() - 1000).toISOString()} WHERE id = ${id}`
      }),
    )
    expect((await list(inApp(searching.app))).status).toBe(404)
    // The clean-up job deletes it with its results.
    const remaining = await server.runtime.runPromise(
      Effect.gen(function* () {
        const jobs = yield* JobRunner
        yield* jobs.enqueue(JobKinds.ShapeSearchCleanup, {})
        yield* jobs.awaitIdle
        const sql = yield* SqlClient.SqlClient
        return {
          searches: yield* sql`SELECT id FROM shape_searches WHERE id = ${id}`,
          results: yield* sql`SELECT shape_id FROM shape_search_results WHERE search_id = ${id}`,
        }
      }),
    )
    expect(remaining).toEqual({ searches: [], results: [] })
  })

  it("lets any team user of the app search, members included", async () => {
    const answer = await server.request("POST", "/api/v4/shape_searches", {
      token: world.member.token,
      headers: inApp(),
      body: { shape_search: { bbox: [-180, -90, 180, 90] } },
    })
    expect(answer.status).toBe(201)
  })

  it("places a point in the smallest polygon of the app containing it, never a line or point (for reports)", async () => {
    const app = await server.request("GET", "/api/v4/branded_app", {
      token: searching.administrator.token,
      headers: inApp(searching.app),
    })
    const smallest = (longitude: number, latitude: number) =>
      server.runtime.runPromise(
        Effect.flatMap(Effect.service(Shapes), (shapes) =>
          shapes.smallestContaining(app.body.id, [longitude, latitude]),
        ),
      )
    expect(await smallest(2.5, 2.5)).toBe(shape.small)
    expect(await smallest(4.5, 4.5)).toBe(shape.medium)
    expect(await smallest(0.5, 0.5)).toBe(shape.triangle)
    expect(await smallest(5.5, 5.5)).toBeUndefined()
    expect(await smallest(5, 20)).toBeUndefined()
  })
})
