/**
 * OWASP API8:2023 Security Misconfiguration: every kind of answer (JSON, a problem, the missing
 * credentials problem, the reference page and document, a pin image) carries the security headers
 * and no header that names the software; a method the API does not serve is a problem, never an
 * echo of the request; and CORS (docs/api.md, Running the service) allows exactly the configured
 * origins, compared whole, never with credentials, never the `null` origin.
 * `test/http/cors.test.ts` shows the allowed origin's preflight and exposed headers,
 * `test/http/attachments.test.ts` the headers of served files. A client's `X-Request-Id` is taken
 * (and echoed, and logged) only when it is a plain token of at most 64 characters. `/metrics` asks
 * for `Authorization: Bearer` with the token of `FIELDREPORT_METRICS_TOKEN` when one is set.
 */
import { request } from "node:http"
import { connect } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { adminEmail, adminPassword, startTestServer, type TestServer } from "../support/TestServer.ts"

const intranet = "https://intranet.example.com"

let server: TestServer
let token: string

beforeAll(async () => {
  server = await startTestServer({ FIELDREPORT_CORS_ORIGINS: intranet })
  token = await server.login(adminEmail, adminPassword)
})
afterAll(() => server.close())

describe("every kind of answer", () => {
  it("carries the security headers and names no software", async () => {
    const answers = [
      ["JSON", "/api/v4/users/me", true],
      ["a problem", "/api/v4/nowhere", true],
      ["missing credentials", "/api/v4/users/me", false],
      ["the reference page", "/docs", false],
      ["the reference document", "/api/v4/openapi.json", false],
      ["a pin", "/api/v4/pins/3a7d44/normal@2x.png", false],
    ] as const
    for (const [kind, path, authenticated] of answers) {
      const answer = await fetch(`${server.url}${path}`, {
        headers: authenticated ? { Authorization: `Token token=${token}` } : {},
      })
      const header = (name: string) => answer.headers.get(name)
      expect(header("x-content-type-options"), kind).toBe("nosniff")
      expect(header("referrer-policy"), kind).toBe("no-referrer")
      expect(header("content-security-policy"), kind).toMatch(/default-src 'self'/)
      expect(header("content-security-policy"), kind).toMatch(/object-src 'none'/)
      expect(header("content-security-policy"), kind).toMatch(/frame-ancestors 'self'/)
      expect(header("x-powered-by"), kind).toBeNull()
      expect(header("server"), kind).toBeNull()
    }
  })
})

describe("a method the API does not serve", () => {
  it("is a 404 problem that does not echo the request", async () => {
    for (const method of ["TRACE", "PROPFIND", "LINK"]) {
      const answer = await new Promise<{ status: number; type: string; text: string }>((resolve, reject) => {
        const outgoing = request(
          `${server.url}/api/v4/users/me`,
          { method, headers: { Authorization: `Token token=${token}`, "X-Probe": "echo-me" } },
          (response) => {
            let text = ""
            response.setEncoding("utf8")
            response.on("data", (chunk: string) => {
              text += chunk
            })
            response.on("end", () =>
              resolve({
                status: response.statusCode ?? 0,
                type: String(response.headers["content-type"]),
                text,
              }),
            )
          },
        )
        outgoing.on("error", reject)
        outgoing.end()
      })
      expect(answer.status, method).toBe(404)
      expect(answer.type, method).toContain("application/problem+json")
      expect(answer.text, method).not.toContain("echo-me")
      expect(answer.text, method).not.toContain(token)
    }
  })
})

describe("CORS", () => {
  const preflight = (origin: string) =>
    server.request("OPTIONS", "/api/v4/users/me", {
      headers: {
        Origin: origin,
        "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "authorization",
      },
    })

  it("compares origins whole: a look-alike, another scheme or port, and null are not allowed", async () => {
    for (const origin of [
      "https://intranet.example.com.evil.example",
      "https://evil-intranet.example.com",
      "http://intranet.example.com",
      "https://intranet.example.com:8443",
      "null",
    ]) {
      const answer = await preflight(origin)
      expect(answer.headers.get("access-control-allow-origin"), origin).toBeNull()
      expect(answer.headers.get("access-control-allow-methods"), origin).toBeNull()
      const actual = await server.request("GET", "/api/v4/users/me", { token, headers: { Origin: origin } })
      expect(actual.headers.get("access-control-allow-origin"), origin).toBeNull()
    }
  })

  it("never allows credentials, not even to the configured origin, and tells caches the answer varies by origin", async () => {
    const allowed = await preflight(intranet)
    expect(allowed.headers.get("access-control-allow-origin")).toBe(intranet)
    expect(allowed.headers.get("access-control-allow-credentials")).toBeNull()
    const actual = await server.request("GET", "/api/v4/users/me", { token, headers: { Origin: intranet } })
    expect(actual.headers.get("access-control-allow-credentials")).toBeNull()
    expect(actual.headers.get("vary")).toMatch(/origin/i)
  })
})

describe("X-Request-Id", () => {
  const echoed = async (id: string) =>
    (await fetch(`${server.url}/healthz`, { headers: { "X-Request-Id": id } })).headers.get("x-request-id")

  it("is echoed when it is a plain token of at most 64 characters", async () => {
    for (const id of ["abc-123", "req_7.A", "x".repeat(64)]) expect(await echoed(id), id).toBe(id)
  })

  it("is replaced by one of the server's when it is longer or holds other characters", async () => {
    for (const id of [
      "x".repeat(65),
      "x".repeat(200),
      "with space",
      'quote"d',
      "<script>",
      "tab\there",
      "é",
    ]) {
      const answer = await echoed(id)
      expect(answer, id).not.toBe(id)
      expect(answer, id).toMatch(/^[0-9a-f-]{36}$/)
    }
  })

  it("never echoes a line break", async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(new URL(server.url).port), "127.0.0.1", () => {
        socket.write(
          "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Request-Id: one\ntwo\r\nConnection: close\r\n\r\n",
        )
      })
      let text = ""
      socket.setEncoding("utf8")
      socket.on("data", (chunk: string) => {
        text += chunk
      })
      socket.on("end", () => resolve(text))
      socket.on("error", reject)
    })
    const id = /^x-request-id: (.*)$/im.exec(raw)?.[1]?.trim()
    if (id !== undefined) expect(id).toMatch(/^[0-9a-f-]{36}$/)
    expect(raw).not.toMatch(/one\r?\ntwo/)
  })
})

describe("/metrics", () => {
  it("is open when no metrics token is configured", async () => {
    const answer = await fetch(`${server.url}/metrics`)
    expect(answer.status).toBe(200)
    expect(await answer.text()).toContain("http_request_duration_seconds")
  })

  it("asks for the configured token as a bearer token", async () => {
    const guarded = await startTestServer({ FIELDREPORT_METRICS_TOKEN: "scrape-secret-1" })
    try {
      const scrape = (headers: Record<string, string>) => fetch(`${guarded.url}/metrics`, { headers })
      for (const headers of [
        {},
        { Authorization: "Bearer wrong-secret-1" },
        { Authorization: "Bearer scrape-secret" },
        { Authorization: "Bearer scrape-secret-12" },
        { Authorization: "Basic scrape-secret-1" },
        { Authorization: `Token token=${token}` },
      ]) {
        const answer = await scrape(headers)
        expect(answer.status, JSON.stringify(headers)).toBe(401)
        expect(answer.headers.get("content-type")).toContain("application/problem+json")
        expect(await answer.text()).not.toContain("http_request_duration_seconds")
      }
      const allowed = await scrape({ Authorization: "Bearer scrape-secret-1" })
      expect(allowed.status).toBe(200)
      expect(await allowed.text()).toContain("http_request_duration_seconds")
    } finally {
      await guarded.close()
    }
  })
})
