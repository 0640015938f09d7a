/**
 * OWASP API2:2023 Broken Authentication, beyond what `test/http/session.test.ts` and
 * `test/http/admin.test.ts` show (wrong passwords, rotation, revocation on logout, deactivation,
 * personal API tokens): every operation that needs a user refuses a request without credentials,
 * with a malformed or expired token, or with a refresh token in place of an access token; access
 * and refresh tokens expire (api-decisions §2); and logins are throttled per e-mail address and per
 * client address, also when one password is tried on many addresses by someone who logs in to an
 * account of their own in between.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as Document from "../../src/openapi/Document.ts"
import { type ManualClock, manualClock } from "../support/ManualClock.ts"
import { createMember, type Member } from "../support/Members.ts"
import {
  adminEmail,
  adminPassword,
  bundleId,
  startTestServer,
  type TestServer,
} from "../support/TestServer.ts"

/** The operations of the document that need a user (every one but the public ones). */
const needingAUser = Object.entries(Document.make().paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([, operation]) => operation?.security === undefined || operation.security.length > 0)
    .map(([method]) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, "1") })),
)

const loginAttempts = 3
const start = "2030-03-01T08:00:00.000Z"

let server: TestServer
let time: ManualClock
let admin: string
let ana: Member
let ben: Member
let carol: Member

const login = (email: string, password: string, address = "203.0.113.1") =>
  server.request("POST", "/api/v4/session", {
    headers: { "X-Forwarded-For": address },
    body: { session: { app_bundle_id: bundleId, email, password } },
  })

const sessionOf = async (email: string, password: string) => {
  const answer = await login(email, password, "198.51.100.7")
  expect(answer.status).toBe(201)
  return answer.body.session as { access_token: string; refresh_token: string }
}

const read = (token: string) => server.request("GET", "/api/v4/users/me", { token })

beforeAll(async () => {
  time = manualClock(start)
  server = await startTestServer({ FIELDREPORT_LOGIN_ATTEMPTS: String(loginAttempts) }, undefined, {
    clock: time.clock,
  })
  admin = await server.login(adminEmail, adminPassword)
  ana = await createMember(server, admin, "Ana", "Aro")
  ben = await createMember(server, admin, "Ben", "Bell")
  carol = await createMember(server, admin, "Carol", "Cole")
})
afterAll(() => server.close())

describe("every operation that needs a user", () => {
  it("is 401 with WWW-Authenticate and a problem body without credentials", async () => {
    expect(needingAUser.length).toBeGreaterThan(70)
    for (const { method, path } of needingAUser) {
      const answer = await server.request(method, path)
      expect(answer.status, `${method} ${path}`).toBe(401)
      expect(answer.headers.get("www-authenticate")).toBe('Token realm="api"')
      expect(answer.headers.get("content-type")).toContain("application/problem+json")
    }
  })

  it("is 401 for malformed credentials, altered tokens and a refresh token used as an access token", async () => {
    const { access_token, refresh_token } = await sessionOf(ana.email, "member-password-1")
    const altered = `${access_token.slice(0, -1)}${access_token.endsWith("A") ? "B" : "A"}`
    const headers = [
      "Token",
      "Token token=",
      "Token token=''",
      "Bearer",
      `Basic ${Buffer.from(`${ana.email}:member-password-1`).toString("base64")}`,
      `Token token=${altered}`,
      `Bearer ${access_token.slice(0, 20)}`,
      `Token token=${refresh_token}`,
      `Bearer ${refresh_token}`,
      `Token token=${access_token.toUpperCase()}`,
    ]
    for (const Authorization of headers) {
      for (const { method, path } of needingAUser.filter((_, index) => index % 7 === 0)) {
        const answer = await server.request(method, path, { headers: { Authorization } })
        expect(answer.status, `${Authorization} on ${method} ${path}`).toBe(401)
      }
    }
    expect((await read(access_token)).status).toBe(200)
  })
})

describe("tokens expire", () => {
  it("refuses an access token from its 24th hour, on every operation, until the refresh token renews it", async () => {
    time.set(start)
    const first = await sessionOf(ana.email, "member-password-1")
    time.set("2030-03-02T07:59:59.000Z")
    expect((await read(first.access_token)).status).toBe(200)
    time.set("2030-03-02T08:00:00.000Z")
    const expired = await read(first.access_token)
    expect(expired.status).toBe(401)
    expect(expired.body.error).toBe("the token has expired")
    for (const { method, path } of needingAUser) {
      const answer = await server.request(method, path, { token: first.access_token })
      expect(answer.status, `${method} ${path}`).toBe(401)
    }
    const renewed = await server.request("PATCH", "/api/v4/session", { body: { session: first } })
    expect(renewed.status).toBe(200)
    expect((await read(renewed.body.session.access_token)).status).toBe(200)
  })

  it("refuses to renew with a refresh token from its 30th day, or with a renewed pair's old refresh token", async () => {
    time.set(start)
    const first = await sessionOf(ben.email, "member-password-1")
    const second = await server.request("PATCH", "/api/v4/session", { body: { session: first } })
    expect(second.status).toBe(200)
    // The replaced pair cannot be replayed, not even to renew.
    expect((await server.request("PATCH", "/api/v4/session", { body: { session: first } })).status).toBe(401)
    time.set("2030-03-31T07:59:59.000Z")
    const late = await sessionOf(ben.email, "member-password-1")
    time.set("2030-04-30T07:59:58.000Z")
    expect((await server.request("PATCH", "/api/v4/session", { body: { session: late } })).status).toBe(200)
    time.set("2030-03-31T08:00:00.000Z")
    expect(
      (await server.request("PATCH", "/api/v4/session", { body: { session: second.body.session } })).status,
    ).toBe(401)
  })
})

describe("logins", () => {
  it("are throttled per e-mail address from any client address, the right password too, with Retry-After", async () => {
    time.set("2030-05-01T08:00:00.000Z")
    for (let attempt = 0; attempt < loginAttempts; attempt++)
      expect((await login(carol.email, "wrong-password", `192.0.2.${attempt}`)).status).toBe(401)
    const throttled = await login(carol.email, "member-password-1", "192.0.2.200")
    expect(throttled.status).toBe(429)
    expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(0)
    // Other people log in meanwhile, and Carol does once the window has passed.
    expect((await login(ana.email, "member-password-1", "192.0.2.200")).status).toBe(201)
    time.set("2030-05-01T08:15:01.000Z")
    expect((await login(carol.email, "member-password-1", "192.0.2.200")).status).toBe(201)
  })

  it("are throttled per client address when one password is tried on many e-mail addresses", async () => {
    time.set("2030-06-01T08:00:00.000Z")
    const address = "192.0.2.66"
    // Each e-mail address is tried once, so none reaches its own limit; the attacker logs in to
    // their own account in between, which must not wipe out what the client address did.
    let throttled = false
    for (let tried = 0; tried < 40 && !throttled; tried++) {
      const guess = await login(`nobody-${tried}@example.com`, "Summer2030!", address)
      if (guess.status === 429) throttled = true
      else {
        expect(guess.status).toBe(401)
        const own = await login(ben.email, "member-password-1", address)
        if (own.status === 429) throttled = true
        else expect(own.status).toBe(201)
      }
    }
    expect(throttled).toBe(true)
    // Another client address is not held up.
    expect((await login(ana.email, "member-password-1", "192.0.2.67")).status).toBe(201)
  })
})
