/**
 * Request rate limits: past `FIELDREPORT_RATE_LIMIT_PER_TOKEN` requests a minute a token gets
 * `429` with `Retry-After` and a problem body, without limiting other tokens; past
 * `FIELDREPORT_RATE_LIMIT_PER_ADDRESS` an address's requests get the same, without limiting other
 * addresses. Every counted answer carries the IETF draft-7 headers of the limit that counted it
 * last (the token's when there is one): `RateLimit-Policy: <limit>;w=60` and
 * `RateLimit: limit=<limit>, remaining=<left>, reset=<seconds>`. A client's window is a minute from
 * its first request. The service trusts `X-Forwarded-For` from a loopback proxy, which is how these
 * tests come from other addresses.
 */
import { afterEach, describe, expect, it, vi } from "vitest"
import { createPerson } from "../support/People.ts"
import { query } from "../support/ReportFixtures.ts"
import type { Answer } from "../support/TestServer.ts"
import { adminEmail, adminPassword, startTestServer } from "../support/TestServer.ts"

/** The parts of an answer's `RateLimit` header, which must be there and well formed. */
const rateLimitOf = (answer: Answer) => {
  const header = answer.headers.get("ratelimit") ?? ""
  const parts = /^limit=(\d+), remaining=(\d+), reset=(\d+)$/.exec(header)
  expect(parts, header).not.toBeNull()
  const [, limit, remaining, reset] = parts ?? []
  return { limit: Number(limit), remaining: Number(remaining), reset: Number(reset) }
}

/** Checks an answer was counted under `limit` with `remaining` requests left in a window of a minute. */
const expectCounted = (answer: Answer, limit: number, remaining: number) => {
  expect(answer.headers.get("ratelimit-policy")).toBe(`${limit};w=60`)
  const counted = rateLimitOf(answer)
  expect(counted).toMatchObject({ limit, remaining })
  expect(counted.reset).toBeGreaterThanOrEqual(1)
  expect(counted.reset).toBeLessThanOrEqual(60)
}

/** Checks an answer is the refusal of the rate limit of `limit` requests a minute. */
const expectLimited = (answer: Answer, limit: number) => {
  expect(answer.status).toBe(429)
  expect(answer.headers.get("content-type")).toMatch(/^application\/problem\+json/)
  expect(answer.body).toMatchObject({
    type: "urn:fieldreport:problem:too-many-requests",
    status: 429,
    title: "Too many requests",
  })
  expect(answer.body.detail).toMatch(/^too many requests; retry after [\d.]+ s$/)
  expectCounted(answer, limit, 0)
  // Within the one-minute window: a whole number of seconds, at least one, when the window ends.
  const retryAfter = answer.headers.get("retry-after")
  expect(retryAfter).toMatch(/^\d+$/)
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(1)
  expect(Number(retryAfter)).toBeLessThanOrEqual(60)
  expect(Math.abs(Number(retryAfter) - rateLimitOf(answer).reset)).toBeLessThanOrEqual(1)
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe("the limit per token", () => {
  it("refuses a token past its limit with 429, and not another token from the same address", async () => {
    const server = await startTestServer({ FIELDREPORT_RATE_LIMIT_PER_TOKEN: "5" })
    try {
      const ana = await createPerson(server, "ana@example.com")
      const ben = await createPerson(server, "ben@example.com")
      const asAna = () => server.request("GET", "/api/v4/users/me", { token: ana.token })
      for (let n = 0; n < 5; n++) {
        const answer = await asAna()
        expect(answer.status).toBe(200)
        expectCounted(answer, 5, 4 - n)
      }
      expectLimited(await asAna(), 5)
      // Writes are limited alike, and nothing is done.
      const write = await server.request("POST", "/api/v4/teams", {
        token: ana.token,
        body: { team: { name: "Too fast", industry: "Water", location: "Waikato" } },
      })
      expectLimited(write, 5)

      expect(await query(server, (sql) => sql`SELECT id FROM teams`)).toEqual([])

      const asBen = await server.request("GET", "/api/v4/users/me", { token: ben.token })
      expect(asBen.status).toBe(200)
      expectCounted(asBen, 5, 4)
      // The same address without a token is counted under the address's limit alone.
      const anonymous = await server.request("GET", "/api/v4/openapi.json")
      expect(anonymous.status).toBe(200)
      expect(rateLimitOf(anonymous).limit).toBe(2400)
    } finally {
      await server.close()
    }
  })

  it("counts a token afresh once its minute is over", async () => {
    const server = await startTestServer({ FIELDREPORT_RATE_LIMIT_PER_TOKEN: "2" })
    try {
      const token = await server.login(adminEmail, adminPassword)
      const me = () => server.request("GET", "/api/v4/users/me", { token })
      expect((await me()).status).toBe(200)
      expect((await me()).status).toBe(200)
      expectLimited(await me(), 2)
      const later = Date.now() + 60_000
      vi.spyOn(Date, "now").mockImplementation(() => later)
      const again = await me()
      expect(again.status).toBe(200)
      expectCounted(again, 2, 1)
      expect(rateLimitOf(again).reset).toBe(60)
    } finally {
      await server.close()
    }
  })
})

describe("the limit per address", () => {
  it("refuses an address's requests past its limit, and not another address's", async () => {
    const server = await startTestServer({ FIELDREPORT_RATE_LIMIT_PER_ADDRESS: "5" })
    try {
      const token = await server.login(adminEmail, adminPassword)
      const from = (address: string) =>
        server.request("GET", "/api/v4/openapi.json", { headers: { "X-Forwarded-For": address } })
      for (let n = 0; n < 5; n++) {
        const answer = await from("203.0.113.7")
        expect(answer.status).toBe(200)
        expectCounted(answer, 5, 4 - n)
      }
      expectLimited(await from("203.0.113.7"), 5)
      // A login from there is refused before the password is checked.
      const login = await server.request("POST", "/api/v4/session", {
        headers: { "X-Forwarded-For": "203.0.113.7" },
        body: { session: { app_bundle_id: "com.fieldreport.app", email: "a@example.com", password: "x" } },
      })
      expectLimited(login, 5)
      // So is a token's request from there, under the address's limit.
      const withToken = await server.request("GET", "/api/v4/users/me", {
        token,
        headers: { "X-Forwarded-For": "203.0.113.7" },
      })
      expectLimited(withToken, 5)
      const other = await from("198.51.100.20")
      expect(other.status).toBe(200)
      expectCounted(other, 5, 4)
    } finally {
      await server.close()
    }
  })

  it("counts an address afresh once its minute is over", async () => {
    const server = await startTestServer({ FIELDREPORT_RATE_LIMIT_PER_ADDRESS: "1" })
    try {
      const from = () =>
        server.request("GET", "/api/v4/openapi.json", { headers: { "X-Forwarded-For": "203.0.113.7" } })
      expect((await from()).status).toBe(200)
      const start = Date.now()
      vi.spyOn(Date, "now").mockImplementation(() => start + 30_000)
      const refused = await from()
      expectLimited(refused, 1)
      // The window is the minute from the first request, not from the last.
      expect(rateLimitOf(refused).reset).toBeLessThanOrEqual(30)
      vi.spyOn(Date, "now").mockImplementation(() => start + 61_000)
      const again = await from()
      expect(again.status).toBe(200)
      expectCounted(again, 1, 0)
    } finally {
      await server.close()
    }
  })
})
