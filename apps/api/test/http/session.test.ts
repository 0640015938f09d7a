import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { query } from "../support/ReportFixtures.ts"
import {
  adminEmail,
  adminPassword,
  bundleId,
  startTestServer,
  type TestServer,
} from "../support/TestServer.ts"

let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ FIELDREPORT_LOGIN_ATTEMPTS: "3", FIELDREPORT_BODY_LIMIT_BYTES: "2048" })
})
afterAll(() => server.close())

const login = (email: string, password: string, app = bundleId) =>
  server.request("POST", "/api/v4/session", { body: { session: { app_bundle_id: app, email, password } } })

describe("POST /api/v4/session", () => {
  it("logs the bootstrap administrator in to the bootstrap app", async () => {
    const answer = await login(adminEmail, adminPassword)
    expect(answer.status).toBe(201)
    const session = answer.body.session
    expect(session.access_token).toMatch(/^fra_[A-Za-z0-9_-]{43}$/)
    expect(session.refresh_token).toMatch(/^frr_[A-Za-z0-9_-]{43}$/)
    expect(session.app_bundle_id).toBe(bundleId)
    expect(Number.isInteger(session.branded_app_id)).toBe(true)
    expect(session.client_uuid).toMatch(/^[0-9a-f-]{36}$/)
    expect(session.profile).toEqual({ user_id: 1, preferred_team_id: null })
    expect(Date.parse(session.token_expire_at) - Date.now()).toBeGreaterThan(23 * 3600 * 1000)
  })

  it("answers 401 with WWW-Authenticate for a wrong password, and 404 for an unknown app", async () => {
    const wrong = await login(adminEmail, "not-the-password")
    expect(wrong.status).toBe(401)
    expect(wrong.headers.get("www-authenticate")).toBe('Token realm="api"')
    expect(wrong.headers.get("content-type")).toContain("application/problem+json")
    expect(wrong.body).toMatchObject({
      status: 401,
      title: "Unauthorized",
      error: "wrong e-mail or password",
    })
    expect((await login(adminEmail, adminPassword, "com.example.unknown")).status).toBe(404)
  })

  it("names every invalid field of the body", async () => {
    const answer = await server.request("POST", "/api/v4/session", { body: { session: { email: 3 } } })
    expect(answer.status).toBe(422)
    expect(Object.keys(answer.body.errors).sort()).toEqual([
      "session.app_bundle_id",
      "session.email",
      "session.password",
    ])
  })

  it("throttles repeated failures per e-mail and client address", async () => {
    const email = "nobody@example.com"
    for (let attempt = 0; attempt < 3; attempt++) expect((await login(email, "x")).status).toBe(401)
    const throttled = await login(email, "x")
    expect(throttled.status).toBe(429)
    expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(0)
  })
})

describe("GET, PATCH and DELETE /api/v4/session", () => {
  it("reads the session with either header form, without its tokens", async () => {
    const token = await server.login(adminEmail, adminPassword)
    const legacy = await server.request("GET", "/api/v4/session", { token })
    expect(legacy.status).toBe(200)
    expect(legacy.body.session.access_token).toBeUndefined()
    expect(legacy.body.session.profile.user_id).toBe(1)
    const bearer = await server.request("GET", "/api/v4/session", {
      headers: { Authorization: `Bearer ${token}` },
    })
    expect(bearer.status).toBe(200)
  })

  it("rotates both tokens; the old pair stops working at once", async () => {
    const first = (await login(adminEmail, adminPassword)).body.session
    const rotated = await server.request("PATCH", "/api/v4/session", {
      token: first.access_token,
      body: { session: { access_token: first.access_token, refresh_token: first.refresh_token } },
    })
    expect(rotated.status).toBe(200)
    const second = rotated.body.session
    expect(second.access_token).not.toBe(first.access_token)
    expect((await server.request("GET", "/api/v4/session", { token: first.access_token })).status).toBe(401)
    expect((await server.request("GET", "/api/v4/session", { token: second.access_token })).status).toBe(200)
    const again = await server.request("PATCH", "/api/v4/session", {
      body: { session: { access_token: first.access_token, refresh_token: first.refresh_token } },
    })
    expect(again.status).toBe(401)
  })

  it("revokes the session on DELETE", async () => {
    const token = await server.login(adminEmail, adminPassword)
    const answer = await server.request("DELETE", "/api/v4/session", {
      token,
      headers: { "Content-Type": "text/plain" },
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({})
    expect((await server.request("GET", "/api/v4/session", { token })).status).toBe(401)
  })

  it("with an API token, revokes that token: it stops working at once", async () => {
    const admin = await server.login(adminEmail, adminPassword)
    const created = await server.request("POST", "/api/v4/admin/users/1/api_tokens", {
      token: admin,
      body: { api_token: { name: "Leaving integration", scope: "read" } },
    })
    const token: string = created.body.token
    expect((await server.request("GET", "/api/v4/session", { token })).status).toBe(200)
    const answer = await server.request("DELETE", "/api/v4/session", { token })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({})
    const after = await server.request("GET", "/api/v4/users/me", { token })
    expect(after.status).toBe(401)
    expect(after.body.error).toBe("the token is not valid")
    const listed = await server.request("GET", "/api/v4/admin/users/1/api_tokens", { token: admin })
    expect(listed.body.map((row: { id: number }) => row.id)).not.toContain(created.body.id)
    // The administrator's session is untouched.
    expect((await server.request("GET", "/api/v4/session", { token: admin })).status).toBe(200)
  })

  it("refuses missing, malformed and unknown credentials", async () => {
    expect((await server.request("GET", "/api/v4/session")).status).toBe(401)
    const malformed = await server.request("GET", "/api/v4/session", {
      headers: { Authorization: "Basic abc" },
    })
    expect(malformed.status).toBe(401)
    expect(malformed.body.error).toContain("malformed")
    expect((await server.request("GET", "/api/v4/session", { token: "fra_unknown" })).status).toBe(401)
  })
})

describe("X-InstallationId", () => {
  /** The installation the session of an access token was last used from. */
  const installationOf = async (accessToken: string) => {
    const answer = await server.request("GET", "/api/v4/session", { token: accessToken })
    const rows = await query<{ installation_id: string | null }>(
      server,
      (sql) =>
        sql`SELECT installation_id FROM sessions WHERE client_uuid = ${answer.body.session.client_uuid}`,
    )
    return rows[0]?.installation_id
  }

  it("is recorded on the session at login, and again when a request sends another", async () => {
    const first = "c9Fh2tq8RkGv0-Wj3mYpLx"
    const answer = await server.request("POST", "/api/v4/session", {
      headers: { "X-InstallationId": first },
      body: { session: { app_bundle_id: bundleId, email: adminEmail, password: adminPassword } },
    })
    expect(answer.status).toBe(201)
    const token: string = answer.body.session.access_token
    expect(await installationOf(token)).toBe(first)
    const second = crypto.randomUUID()
    expect(
      (await server.request("GET", "/api/v4/users/me", { token, headers: { "X-InstallationId": second } }))
        .status,
    ).toBe(200)
    expect(await installationOf(token)).toBe(second)
    // A request without it leaves the one recorded.
    expect((await server.request("GET", "/api/v4/users/me", { token })).status).toBe(200)
    expect(await installationOf(token)).toBe(second)
    const unrecorded = await server.login(adminEmail, adminPassword)
    expect(await installationOf(unrecorded)).toBeNull()
  })

  it("is at most 128 visible characters: anything else is 400 naming it, and nothing is recorded", async () => {
    const token = await server.login(adminEmail, adminPassword)
    for (const value of ["x".repeat(129), "two words", "tab\there"]) {
      const answer = await server.request("GET", "/api/v4/users/me", {
        token,
        headers: { "X-InstallationId": value },
      })
      expect(answer.status, value).toBe(400)
      expect(Object.keys(answer.body.errors)).toEqual(["X-InstallationId"])
    }
    expect(await installationOf(token)).toBeNull()
    const atLogin = await server.request("POST", "/api/v4/session", {
      headers: { "X-InstallationId": "x".repeat(129) },
      body: { session: { app_bundle_id: bundleId, email: adminEmail, password: adminPassword } },
    })
    expect(atLogin.status).toBe(400)
    const longest = "x".repeat(128)
    expect(
      (await server.request("GET", "/api/v4/users/me", { token, headers: { "X-InstallationId": longest } }))
        .status,
    ).toBe(200)
    expect(await installationOf(token)).toBe(longest)
  })
})

describe("the bootstrap administrator's password", () => {
  it("must be strong: a weak one stops the start with a message that says why", async () => {
    for (const password of ["password123", "short"]) {
      const dir = mkdtempSync(join(tmpdir(), "fieldreport-test-"))
      try {
        await expect(
          startTestServer({ FIELDREPORT_BOOTSTRAP_ADMIN_PASSWORD: password }, dir),
        ).rejects.toThrow(
          /FIELDREPORT_BOOTSTRAP_ADMIN_PASSWORD (is too easy to guess|must be at least 10 characters).*admin@example\.com was not created/,
        )
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    }
  })
})

describe("wire conventions", () => {
  it("answers malformed JSON with 400, a wrong content type with 415, an oversized body with 413", async () => {
    const malformed = await server.request("POST", "/api/v4/session", { raw: "{nope" })
    expect(malformed.status).toBe(400)
    expect(malformed.body.errors).toEqual({ body: ["is not valid JSON"] })
    for (const raw of ["false", "1", '"text"', "null"]) {
      const scalar = await server.request("POST", "/api/v4/session", { raw })
      expect(scalar.status).toBe(400)
      expect(scalar.body.errors).toEqual({ body: ["must be a JSON object"] })
    }
    const text = await server.request("POST", "/api/v4/session", {
      raw: "x",
      headers: { "Content-Type": "text/plain" },
    })
    expect(text.status).toBe(415)
    const large = await server.request("POST", "/api/v4/session", {
      raw: JSON.stringify({ x: "y".repeat(4096) }),
    })
    expect(large.status).toBe(413)
  })

  it("answers unknown routes with a problem body, and sends security headers and a request id", async () => {
    const answer = await server.request("GET", "/api/v4/nothing-here")
    expect(answer.status).toBe(404)
    expect(answer.headers.get("content-type")).toContain("application/problem+json")
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff")
    expect(answer.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/)
  })

  it("serves health, readiness and metrics", async () => {
    expect((await server.request("GET", "/healthz")).body).toEqual({ status: "ok" })
    expect((await server.request("GET", "/readyz")).body).toEqual({ status: "ready" })
    const metrics = await fetch(`${server.url}/metrics`).then((response) => response.text())
    expect(metrics).toContain("http_request_duration_seconds_bucket")
  })
})
