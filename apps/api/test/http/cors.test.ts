/**
 * Cross-origin use (docs/api.md, Running the service): only the origins of
 * `FIELDREPORT_CORS_ORIGINS` get CORS headers, with the request headers the admin elements send and
 * the response headers they read.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startTestServer, type TestServer } from "../support/TestServer.ts"

const intranet = "https://intranet.example.com"
const elsewhere = "https://elsewhere.example.net"

/** A browser's preflight for a `PATCH` with credentials and a page range. */
const preflight = (server: TestServer, origin: string) =>
  server.request("OPTIONS", "/api/v4/tasks", {
    headers: {
      Origin: origin,
      "Access-Control-Request-Method": "PATCH",
      "Access-Control-Request-Headers": "authorization, content-type, range, if-match, x-appid, x-teamid",
    },
  })

const listOf = (value: string | null): ReadonlyArray<string> =>
  (value ?? "")
    .split(",")
    .map((item) => item.trim().toLowerCase())
    .filter((item) => item !== "")
    .sort()

const corsHeadersOf = (headers: Headers): ReadonlyArray<string> =>
  [...headers.keys()].filter((name) => name.startsWith("access-control-"))

describe("with FIELDREPORT_CORS_ORIGINS set", () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ FIELDREPORT_CORS_ORIGINS: intranet })
  })
  afterAll(() => server.close())

  it("answers a preflight from that origin with the allowed methods and headers", async () => {
    const answer = await preflight(server, intranet)
    expect(answer.status).toBe(204)
    expect(answer.headers.get("access-control-allow-origin")).toBe(intranet)
    expect(answer.headers.get("vary")).toMatch(/origin/i)
    expect(listOf(answer.headers.get("access-control-allow-methods"))).toEqual(
      expect.arrayContaining(["get", "post", "put", "patch", "delete"]),
    )
    expect(listOf(answer.headers.get("access-control-allow-headers"))).toEqual([
      "authorization",
      "content-type",
      "if-match",
      "range",
      "x-appid",
      "x-teamid",
    ])
  })

  it("exposes the headers clients read on an actual request from that origin", async () => {
    const answer = await server.request("GET", "/api/v4/teams", { headers: { Origin: intranet } })
    // A request refused for its credentials still lets the page read the refusal.
    expect(answer.status).toBe(401)
    expect(answer.headers.get("access-control-allow-origin")).toBe(intranet)
    expect(listOf(answer.headers.get("access-control-expose-headers"))).toEqual([
      "accept-ranges",
      "content-range",
      "etag",
      "location",
      "retry-after",
      "x-ignored-fields",
    ])
  })

  it("gives another origin no Access-Control-Allow-Origin", async () => {
    const answer = await preflight(server, elsewhere)
    expect(answer.headers.get("access-control-allow-origin")).toBeNull()
    expect(answer.headers.get("access-control-allow-headers")).toBeNull()
    const actual = await server.request("GET", "/api/v4/teams", { headers: { Origin: elsewhere } })
    expect(corsHeadersOf(actual.headers)).toEqual([])
  })
})

describe("without FIELDREPORT_CORS_ORIGINS", () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server.close())

  it("sends no CORS headers to any origin", async () => {
    expect(corsHeadersOf((await preflight(server, intranet)).headers)).toEqual([])
    const actual = await server.request("GET", "/api/v4/teams", { headers: { Origin: intranet } })
    expect(corsHeadersOf(actual.headers)).toEqual([])
  })
})
