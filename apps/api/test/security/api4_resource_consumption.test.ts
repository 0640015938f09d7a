/**
 * OWASP API4:2023 Unrestricted Resource Consumption: the limits of docs/api.md (Limits) hold on
 * every operation they concern, each found in the OpenAPI document. A page is at most 100 records
 * (1,000 on the lists a field app syncs), however many are asked for; `fields` names at most 64 names; analytics span at most 5 years; WKT
 * has at most 10,000 positions, in shapes and shape searches too; a query string (its values
 * included) is bounded with the headers, at 16 KiB, before any route reads it; a client that sends
 * its headers or its body too slowly is answered `408` and cut off.
 * `test/http/input_limits.test.ts` (body size, alert area positions, Range order),
 * `test/http/attachments.test.ts` (upload size) and `test/http/rate_limits.test.ts` (requests per
 * minute) show the others.
 */
import { connect } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as Document from "../../src/openapi/Document.ts"
import {
  adminEmail,
  adminPassword,
  bundleId,
  startTestServer,
  type TestServer,
} from "../support/TestServer.ts"
import { buildWorld, type World } from "../support/World.ts"

const document = Document.make()

/** The operations of the document, their paths filled with `ids` by parameter name (1 otherwise). */
const operations = (ids: Readonly<Record<string, number>>) =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path: path.replace(/\{([^}]+)\}/g, (_, name: string) => String(ids[name] ?? 1)),
      parameters: (operation?.parameters ?? []).map((parameter) =>
        String(
          parameter.name ??
            String(parameter.$ref ?? "")
              .split("/")
              .pop(),
        ),
      ),
    })),
  )

/** The lists a field app syncs page up to 1,000 records (docs/api.md, Field apps and offline sync). */
const syncing = (parameters: ReadonlyArray<string>): boolean =>
  parameters.includes("preset_filter") || parameters.includes("deleted_after")

let server: TestServer
let world: World
let admin: string
let reportId: number

beforeAll(async () => {
  server = await startTestServer({ FIELDREPORT_RATE_LIMIT_PER_TOKEN: "100000" })
  world = await buildWorld(server, "limits")
  admin = await server.login(adminEmail, adminPassword)
  const report = await server.request("POST", "/api/v4/reports", {
    token: world.owner.token,
    body: { report: { account_id: world.channel.id, address: "Quay St" } },
  })
  reportId = report.body.id
  // More note comments than a page holds.
  await Promise.all(
    Array.from({ length: 105 }, (_, index) =>
      server.request("POST", `/api/v4/reports/${reportId}/note_comments`, {
        token: world.owner.token,
        body: { note_comment: { comment: `Note ${index}` } },
      }),
    ),
  )
}, 60_000)
afterAll(() => server.close())

describe("a page", () => {
  it("is at most 100 records on every paged list, however wide the Range", async () => {
    const paged = operations({ report_id: reportId, team_id: world.teamId }).filter(
      (operation) => operation.method === "GET" && operation.parameters.includes("Range"),
    )
    expect(paged.length).toBeGreaterThanOrEqual(6)
    for (const { path, parameters } of paged) {
      const answer = await server.request("GET", path, {
        token: admin,
        headers: { Range: "objects=0-100000", "X-AppId": bundleId },
      })
      if (answer.status !== 200) continue
      // A list is an array, or an array under one member (`deleted_resources`).
      const records: ReadonlyArray<unknown> = Array.isArray(answer.body)
        ? answer.body
        : (Object.values(answer.body)[0] as ReadonlyArray<unknown>)
      expect(records.length, path).toBeLessThanOrEqual(syncing(parameters) ? 1_000 : 100)
    }
    const notes = await server.request("GET", `/api/v4/reports/${reportId}/note_comments`, {
      token: world.owner.token,
      headers: { Range: "objects=0-100000" },
    })
    expect(notes.body).toHaveLength(100)
    expect(notes.headers.get("content-range")).toMatch(/ 0-99\/105$/)
  })
})

describe("fields", () => {
  it("is 400 naming fields past 64 names, on every operation that takes it", async () => {
    const selecting = operations({
      report_id: reportId,
      team_id: world.teamId,
      channel_id: world.channel.id,
    }).filter((operation) => operation.method === "GET" && operation.parameters.includes("fields"))
    expect(selecting.length).toBeGreaterThan(20)
    const names = Array.from({ length: 65 }, (_, index) => `name${index}`).join(",")
    for (const { path, parameters } of selecting) {
      // Analytics need their range besides, or they would name it first.
      const range = path.startsWith("/api/v4/analytics/")
        ? `&channel_id=${world.channel.id}&start_date=2024-01-01T00:00:00Z&end_date=2025-01-01T00:00:00Z`
        : parameters.includes("preset_filter")
          ? "&preset_filter=syncable_reports"
          : ""
      const answer = await server.request("GET", `${path}?fields=${names}${range}`, {
        token: world.owner.token,
        headers: { "X-AppId": bundleId },
      })
      expect(answer.status, path).toBe(400)
      expect(Object.keys(answer.body.errors), path).toEqual(["fields"])
    }
  })
})

describe("a query string", () => {
  it("is refused with the headers past 16 KiB, however its values are split", async () => {
    for (const query of [
      `fields=${"id,".repeat(7_000)}`,
      `filter[tile_id]=${"A".repeat(20_000)}`,
      `filter[id][id_array]=${"1,".repeat(10_000)}`,
    ]) {
      const answer = await fetch(`${server.url}/api/v4/reports/search?${query}`, {
        headers: { Authorization: `Token token=${world.owner.token}` },
      })
      expect(answer.status, query.slice(0, 20)).toBe(431)
      await answer.arrayBuffer()
    }
  })
})

describe("analytics", () => {
  it("refuse a range longer than 5 years with 400 naming end_date, every one of them", async () => {
    const analytics = operations({}).filter((operation) => operation.path.startsWith("/api/v4/analytics/"))
    expect(analytics).toHaveLength(9)
    for (const { path } of analytics) {
      const range = `channel_id=${world.channel.id}&start_date=2020-01-01T00:00:00Z&end_date=2025-01-01T00:00:00.001Z`
      const answer = await server.request("GET", `${path}?${range}&field_id=1`, { token: world.owner.token })
      expect(answer.status, path).toBe(400)
      expect(answer.body.errors.end_date, path).toEqual(["must be at most 5 years after start_date"])
    }
  })
})

describe("WKT past 10,000 positions", () => {
  /** A closed ring of `count` positions on a circle around Wellington. */
  const ring = (count: number) => {
    const positions = Array.from({ length: count - 1 }, (_, index) => {
      const angle = (2 * Math.PI * index) / (count - 1)
      return `${(174.7 + 0.1 * Math.cos(angle)).toFixed(7)} ${(-41.3 + 0.1 * Math.sin(angle)).toFixed(7)}`
    })
    return `POLYGON((${[...positions, positions[0]].join(", ")}))`
  }

  it("is refused as a shape, naming shape.geom, and stored nowhere; 10,000 positions are taken", async () => {
    const create = (geom: string) =>
      server.request("POST", "/api/v4/shapes", {
        token: admin,
        headers: { "X-AppId": bundleId },
        body: { shape: { geom } },
      })
    const tooMany = await create(ring(10_001))
    expect(tooMany.status).toBe(422)
    expect(Object.keys(tooMany.body.errors)).toEqual(["shape.geom"])
    const list = await server.request("GET", "/api/v4/shapes", {
      token: admin,
      headers: { "X-AppId": bundleId },
    })
    expect(list.body).toEqual([])
    expect((await create(ring(10_000))).status).toBe(201)
  })

  it("is refused in a shape search, naming the geometry", async () => {
    const answer = await server.request("POST", "/api/v4/shape_searches", {
      token: admin,
      headers: { "X-AppId": bundleId },
      body: { shape_search: { intersects: ring(10_001) } },
    })
    expect(answer.status).toBe(422)
    expect(Object.keys(answer.body.errors)).toEqual(["shape_search.intersects"])
  })
})

describe("a slow client", () => {
  let slow: TestServer
  beforeAll(async () => {
    slow = await startTestServer({
      FIELDREPORT_HEADERS_TIMEOUT_SECONDS: "1",
      FIELDREPORT_REQUEST_TIMEOUT_SECONDS: "2",
    })
  })
  afterAll(() => slow.close())

  /** Writes `text` on a fresh connection, sends nothing more, and answers what came back before the server closed it. */
  const trickle = (text: string) =>
    new Promise<string>((resolve, reject) => {
      const { hostname, port } = new URL(slow.url)
      const socket = connect(Number(port), hostname)
      let received = ""
      socket.setEncoding("latin1")
      socket.on("data", (chunk: string) => {
        received += chunk
      })
      socket.on("close", () => resolve(received))
      socket.on("error", reject)
      socket.write(text)
    })

  it("is answered 408 and cut off when its headers do not all arrive", async () => {
    const received = await trickle("GET /api/v4/users/me HTTP/1.1\r\nHost: fieldreport\r\nAuthorization: Tok")
    expect(received).toMatch(/^HTTP\/1\.1 408 /)
    expect(received).toContain('"type":"urn:fieldreport:problem:request-timeout"')
  })

  it("is answered 408 and cut off when its body does not all arrive", async () => {
    const received = await trickle(
      'POST /api/v4/session HTTP/1.1\r\nHost: fieldreport\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"session":',
    )
    expect(received).toMatch(/^HTTP\/1\.1 408 /)
    expect(received).toContain('"type":"urn:fieldreport:problem:request-timeout"')
  })
})
