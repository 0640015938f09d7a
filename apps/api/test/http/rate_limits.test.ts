/**
 * Request rate limits: past `FIELDREPORT_RATE_LIMIT_PER_TOKEN` requests a minute a token gets
 * `429` with `Retry-After` and a problem body, without limiting other tokens; past
 * `FIELDREPORT_RATE_LIMIT_PER_ADDRESS` an address's unauthenticated requests get the same, without
 * limiting other addresses. The service trusts `X-Forwarded-For` from a loopback proxy, which is how
 * these tests come from other addresses.
 */
import { describe, expect, it } from "vitest"
import { createPerson } from "../support/People.ts"
import { query } from "../support/ReportFixtures.ts"
import type { Answer } from "../support/TestServer.ts"
import { startTestServer } from "../support/TestServer.ts"

/** Checks an answer is the rate limit's refusal. */
const expectLimited = (answer: Answer) => {
  expect(answer.status).toBe(429)
  expect(answer.headers.get("content-type")).toMatch(/^application\/problem\+json/)
  expect(answer.body).toMatchObject({ status: 429, title: "Too many requests" })
  // Within the one-minute window: a whole number of seconds, at least one.
  const retryAfter = answer.headers.get("retry-after")
  expect(retryAfter).toMatch(/^\d+$/)
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(1)
  expect(Number(retryAfter)).toBeLessThanOrEqual(60)
}

describe("the limit per token", () => {
  it("refuses a token past its limit with 429, and not another token from the same address", async () => {
    const server = await startTestServer({ FIELDREPORT_RATE_LIMIT_PER_TOKEN: "5" })
    try {
      const ana = await createPerson(server, "ana@example.com")
      const ben = await createPerson(server, "ben@example.com")
      const asAna = () => server.request("GET", "/api/v4/users/me", { token: ana.token })
      for (let n = 0; n < 5; n++) expect((await asAna()).status).toBe(200)
      expectLimited(await asAna())
      // Writes are limited alike, and nothing is done.
      const write = await server.request("POST", "/api/v4/teams", {
        token: ana.token,
        body: { team: { name: "Too fast", industry: "Water", location: "Waikato" } },
      })
      expectLimited(write)

      expect(await query(server, (sql) => sql`SELECT id FROM teams`)).toEqual([])

      expect((await server.request("GET", "/api/v4/users/me", { token: ben.token })).status).toBe(200)
    } finally {
      await server.close()
    }
  })
})

describe("the limit per address", () => {
  it("refuses an address's unauthenticated requests past its limit, and not another address's", async () => {
    const server = await startTestServer({ FIELDREPORT_RATE_LIMIT_PER_ADDRESS: "5" })
    try {
      const from = (address: string) =>
        server.request("GET", "/api/v4/openapi.json", { headers: { "X-Forwarded-For": address } })
      for (let n = 0; n < 5; n++) expect((await from("203.0.113.7")).status).toBe(200)
      expectLimited(await from("203.0.113.7"))
      // A login from there is refused before the password is checked.
      const login = await server.request("POST", "/api/v4/session", {
        headers: { "X-Forwarded-For": "203.0.113.7" },
        body: { session: { app_bundle_id: "com.fieldreport.app", email: "a@example.com", password: "x" } },
      })
      expectLimited(login)
      expect((await from("198.51.100.20")).status).toBe(200)
    } finally {
      await server.close()
    }
  })
})
