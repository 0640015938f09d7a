/**
 * OWASP API2:2023 Broken Authentication, beyond what `test/http/session.test.ts` and
 * `test/http/admin.test.ts` show (wrong passwords, rotation, revocation on logout, deactivation,
 * personal API tokens): every operation that needs a user refuses a request without credentials,
 * with a malformed or expired token, or with a refresh token in place of an access token; access
 * and refresh tokens expire (docs/api.md, Signing in); and logins are throttled per e-mail address
 * and client address, per client address (also when one password is tried on many addresses by
 * someone who logs in to an account of their own in between), and per e-mail address by a growing
 * wait, without ever locking the real user out: an attacker's failures hold up the attacker's
 * address, and the e-mail's waits spare the addresses the user signs in from. The service trusts
 * `X-Forwarded-For` from a loopback proxy, which is how these requests come from other addresses.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as Document from "../../src/openapi/Document.ts"
import { type ManualClock, manualClock } from "../../src/seed/ManualClock.ts"
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
/** Failures per e-mail, from any address, before each further attempt waits. */
const emailFailures = 4
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
  server = await startTestServer(
    {
      FIELDREPORT_LOGIN_ATTEMPTS: String(loginAttempts),
      FIELDREPORT_LOGIN_EMAIL_FAILURES: String(emailFailures),
      FIELDREPORT_LOGIN_DELAY: "1 minute",
      FIELDREPORT_LOGIN_DELAY_MAX: "5 minutes",
    },
    undefined,
    { clock: time.clock },
  )
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
  it("hold up an attacker at one address, the right password too, and not the user at another address", async () => {
    time.set("2030-05-01T08:00:00.000Z")
    const attacker = "192.0.2.13"
    for (let attempt = 0; attempt < loginAttempts; attempt++)
      expect((await login(carol.email, `guess-${attempt}`, attacker)).status).toBe(401)
    // Many more attempts from there: refused without a check, so none of them counts.
    for (let attempt = 0; attempt < 20; attempt++) {
      const refused = await login(
        carol.email,
        attempt === 0 ? "member-password-1" : `guess-${attempt}`,
        attacker,
      )
      expect(refused.status).toBe(429)
      expect(refused.headers.get("content-type")).toContain("application/problem+json")
      expect(refused.headers.get("retry-after")).toBe(String(15 * 60))
    }
    // Carol, elsewhere, logs in; other people log in from the attacker's address.
    expect((await login(carol.email, "member-password-1", "198.51.100.30")).status).toBe(201)
    expect((await login(ana.email, "member-password-1", attacker)).status).toBe(201)
    // The attacker's pair is admitted again once its oldest failure has left the 15 minutes.
    time.set("2030-05-01T08:10:00.000Z")
    expect((await login(carol.email, "guess-x", attacker)).headers.get("retry-after")).toBe(String(5 * 60))
    time.set("2030-05-01T08:15:00.000Z")
    expect((await login(carol.email, "member-password-1", attacker)).status).toBe(201)
  })

  it("make each further attempt on an e-mail from many addresses wait longer, sparing the user's own address", async () => {
    // Made while the administrator's access token of the start still works.
    time.set(start)
    const dan = await createMember(server, admin, "Dan", "Dune")
    time.set("2030-07-01T08:00:00.000Z")
    const home = "198.51.100.80"
    expect((await login(dan.email, "member-password-1", home)).status).toBe(201)
    let bot = 0
    const fromBot = (password = "Summer2030!") => login(dan.email, password, `203.0.113.${++bot}`)
    // The first failures from anywhere are free.
    for (let attempt = 0; attempt < emailFailures; attempt++) expect((await fromBot()).status).toBe(401)
    // Then every failure makes the next attempt wait twice as long after it (1, 2, 4, then the 5-minute cap).
    let now = Date.parse("2030-07-01T08:00:00.000Z")
    for (const wait of [60, 120, 240, 300, 300]) {
      const early = await fromBot()
      expect(early.status).toBe(429)
      expect(early.headers.get("retry-after")).toBe(String(wait))
      // Half-way through, the rest of the wait.
      time.set(new Date(now + (wait / 2) * 1000).toISOString())
      expect((await fromBot()).headers.get("retry-after")).toBe(String(wait / 2))
      // Dan at home is not held up, and a right password does not end the bots' waits.
      expect((await login(dan.email, "member-password-1", home)).status).toBe(201)
      expect((await fromBot()).headers.get("retry-after")).toBe(String(wait / 2))
      now += wait * 1000
      time.set(new Date(now).toISOString())
      expect((await fromBot()).status).toBe(401)
    }
    // From an address Dan never signed in from, he waits like anyone else: a delay, not a wall.
    const laptop = "198.51.100.81"
    const waiting = await login(dan.email, "member-password-1", laptop)
    expect(waiting.status).toBe(429)
    expect(waiting.headers.get("retry-after")).toBe("300")
    time.set(new Date(now + 300_000).toISOString())
    expect((await login(dan.email, "member-password-1", laptop)).status).toBe(201)
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
