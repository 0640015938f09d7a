/**
 * Password resets through HTTP: asking answers the same for every address (and does the same
 * work), the e-mail goes only to an account's address, its token works once within an hour, sets a
 * strong password, ends every session and is recorded; asking is throttled per e-mail and per
 * client address; API tokens are refused.
 */
import { createHash } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { manualClock } from "../../src/seed/ManualClock.ts"
import { mailsOf, tokenIn } from "../support/Mails.ts"
import { runJobs } from "../support/Members.ts"
import { createPerson, type Person } from "../support/People.ts"
import { query } from "../support/ReportFixtures.ts"
import { statementsDuring } from "../support/Statements.ts"
import { integrationEngine } from "../support/TestDatabase.ts"
import {
  adminEmail,
  adminPassword,
  bundleId,
  startTestServer,
  type TestServer,
} from "../support/TestServer.ts"

const time = manualClock("2030-05-01T08:00:00Z")
let server: TestServer
let adminToken: string

/** A client address of its own per test, so that one test's requests never throttle another's. */
let lastAddress = 0
const newAddress = () => `198.51.100.${++lastAddress}`

beforeAll(async () => {
  server = await startTestServer({ FIELDREPORT_JOB_WORKERS: "0" }, undefined, { clock: time.clock })
  adminToken = await server.login(adminEmail, adminPassword)
})
afterAll(() => server.close())

const requestToken = (email: unknown, from: string, headers: Record<string, string> = {}) =>
  server.request("POST", "/api/v4/reset_passwords/request_token", {
    body: { email },
    headers: { "X-Forwarded-For": from, ...headers },
  })

const resetPassword = (body: unknown, headers: Record<string, string> = {}) =>
  server.request("POST", "/api/v4/reset_passwords", { body, headers })

/** Asks for a reset of the person's password, runs the jobs, and answers the token of the e-mail. */
const resetToken = async (person: { readonly email: string }): Promise<string> => {
  const before = mailsOf(server.dataDir).length
  expect((await requestToken(person.email, newAddress())).status).toBe(200)
  await runJobs(server)
  const sent = mailsOf(server.dataDir)
  expect(sent).toHaveLength(before + 1)
  return tokenIn(sent.at(-1) ?? "", "reset-password")
}

const newPassword = "tui song over the estuary"

const loginStatus = async (email: string, password: string) =>
  (
    await server.request("POST", "/api/v4/session", {
      body: { session: { app_bundle_id: bundleId, email, password } },
      headers: { "X-Forwarded-For": newAddress() },
    })
  ).status

describe("POST /api/v4/reset_passwords/request_token", () => {
  it("answers 200 with the address and mails a link to the admin UI's reset page, valid an hour", async () => {
    const ana = await createPerson(server, "ana.reset@example.com")
    const before = mailsOf(server.dataDir).length
    const answer = await requestToken("Ana.Reset@example.com", newAddress())
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ email: "Ana.Reset@example.com" })
    // Sent in the background, not by the request.
    expect(mailsOf(server.dataDir)).toHaveLength(before)
    await runJobs(server)
    const sent = mailsOf(server.dataDir)
    expect(sent).toHaveLength(before + 1)
    const mail = sent.at(-1) ?? ""
    expect(mail).toMatch(/^To: "ana\.reset Tester" <ana\.reset@example\.com>\r?$/m)
    expect(mail).toMatch(/^Subject: Reset your Fieldreport password\r?$/m)
    expect(mail).toMatch(/^Message-ID: <password-reset-\d{12}@127\.0\.0\.1>\r?$/m)
    const token = tokenIn(mail, "reset-password")
    expect(mail).toContain(`${server.url}/admin/#/reset-password?token=${token}`)
    expect(token).toMatch(/^frp_[A-Za-z0-9_-]{43}$/)
    // Only the token's digest is kept, expiring an hour after the request.
    const stored = await query<{ token_hash: string; expires_at: string; user_id: number }>(
      server,
      (sql) => sql`SELECT token_hash, expires_at, user_id FROM emailed_tokens WHERE user_id = ${ana.id}`,
    )
    expect(stored).toEqual([
      {
        token_hash: createHash("sha256").update(token).digest("hex"),
        expires_at: "2030-05-01T09:00:00.000Z",
        user_id: ana.id,
      },
    ])
    const jobs = await query<{ payload: string }>(
      server,
      (sql) => sql`SELECT payload FROM jobs WHERE kind = 'mail.password_reset'`,
    )
    expect(jobs.map((job) => job.payload).join()).not.toContain("frp_")
  })

  it("names the app of X-AppId in the e-mail, and is 404 for an unknown app", async () => {
    await createPerson(server, "ben.reset@example.com")
    const other = await server.request("POST", "/api/v4/admin/branded_apps", {
      token: adminToken,
      body: { branded_app: { bundle_id: "com.example.tides", name: "Tide watch" } },
    })
    expect(other.status).toBe(201)
    expect(
      (await requestToken("ben.reset@example.com", newAddress(), { "X-AppId": "com.example.tides" })).status,
    ).toBe(200)
    await runJobs(server)
    expect(mailsOf(server.dataDir).at(-1)).toMatch(/^Subject: Reset your Tide watch password\r?$/m)
    const unknown = await requestToken("ben.reset@example.com", newAddress(), {
      "X-AppId": "com.example.nowhere",
    })
    expect(unknown.status).toBe(404)
  })

  it("answers the same for an address without an account, or a deactivated one's, and mails nothing", async () => {
    const gone = await createPerson(server, "gone.reset@example.com")
    expect(
      (
        await server.request("PATCH", `/api/v4/admin/users/${gone.id}`, {
          token: adminToken,
          body: { user: { deactivated: true } },
        })
      ).status,
    ).toBe(200)
    const known = await requestToken("ana.reset@example.com", newAddress())
    await runJobs(server)
    const before = mailsOf(server.dataDir).length
    for (const email of ["nobody.here@example.com", "gone.reset@example.com"]) {
      const answer = await requestToken(email, newAddress())
      expect(answer.status).toBe(known.status)
      expect(answer.body).toEqual({ email })
      expect([...answer.headers.keys()].sort()).toEqual([...known.headers.keys()].sort())
    }
    await runJobs(server)
    expect(mailsOf(server.dataDir)).toHaveLength(before)
  })

  it.skipIf(integrationEngine === "postgres")(
    "does the same work for an address with an account as for one without",
    async () => {
      await createPerson(server, "cara.reset@example.com")
      const known = await statementsDuring(() => requestToken("cara.reset@example.com", newAddress()))
      const unknown = await statementsDuring(() => requestToken("no.cara@example.com", newAddress()))
      expect(known.length).toBeGreaterThan(0)
      expect(unknown).toEqual(known)
      expect(known.join("\n")).not.toMatch(/FROM users/)
      await runJobs(server)
    },
  )

  it("refuses what is not an e-mail address (422), and API tokens (403)", async () => {
    const malformed = await requestToken("not an address", newAddress())
    expect(malformed.status).toBe(422)
    expect(malformed.body.errors).toEqual({ email: ["must be an e-mail address"] })
    const none = await server.request("POST", "/api/v4/reset_passwords/request_token", {
      headers: { "X-Forwarded-For": newAddress() },
    })
    expect(none.status).toBe(422)
    const apiToken = (
      await server.request("POST", "/api/v4/admin/users/1/api_tokens", {
        token: adminToken,
        body: { api_token: { name: "Integration" } },
      })
    ).body.token
    const refused = await server.request("POST", "/api/v4/reset_passwords/request_token", {
      token: apiToken,
      body: { email: adminEmail },
    })
    expect(refused.status).toBe(403)
  })

  it("takes 3 requests an hour per e-mail address, whoever asks and whether or not it has an account", async () => {
    for (const email of ["dan.reset@example.com", "no.dan@example.com"]) {
      if (email.startsWith("dan")) await createPerson(server, email)
      for (let attempt = 0; attempt < 3; attempt++)
        expect((await requestToken(email, newAddress())).status).toBe(200)
      const refused = await requestToken(email.toUpperCase(), newAddress())
      expect(refused.status).toBe(429)
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3500)
    }
    await runJobs(server)
    time.set("2030-05-01T09:00:01Z")
    expect((await requestToken("no.dan@example.com", newAddress())).status).toBe(200)
    time.set("2030-05-01T08:00:00Z")
    await runJobs(server)
  })

  it("takes 20 requests an hour per client address, over all e-mail addresses", async () => {
    const from = newAddress()
    for (let attempt = 0; attempt < 20; attempt++)
      expect((await requestToken(`someone${attempt}@example.org`, from)).status).toBe(200)
    const refused = await requestToken("someone.else@example.org", from)
    expect(refused.status).toBe(429)
    expect(refused.headers.get("retry-after")).not.toBeNull()
    // The refused request is not counted: the address it named may still be asked for elsewhere.
    expect((await requestToken("someone.else@example.org", newAddress())).status).toBe(200)
    await runJobs(server)
  })
})

describe("POST /api/v4/reset_passwords", () => {
  it("sets the new password, ends every session, voids other reset tokens and records the reset", async () => {
    const eve: Person = await createPerson(server, "eve.reset@example.com")
    const second = await server.login(eve.email, "person-password-1")
    const older = await resetToken(eve)
    const token = await resetToken(eve)
    const answer = await resetPassword({ token, password: newPassword })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ email: "eve.reset@example.com" })
    for (const session of [eve.token, second])
      expect((await server.request("GET", "/api/v4/users/me", { token: session })).status).toBe(401)
    expect(await loginStatus(eve.email, "person-password-1")).toBe(401)
    expect(await loginStatus(eve.email, newPassword)).toBe(201)

    // Once only; the older e-mail's token is void too.
    for (const used of [token, older]) {
      const again = await resetPassword({ token: used, password: "another long passphrase here" })
      expect(again.status).toBe(422)
      expect(Object.keys(again.body.errors)).toEqual(["token"])
    }
    const events = await server.request("GET", "/api/v4/audit_events?kind=password.reset", {
      token: adminToken,
    })
    expect(events.body[0]).toMatchObject({
      kind: "password.reset",
      actor_id: eve.id,
      target_type: "user",
      target_id: String(eve.id),
      outcome: "success",
    })
  })

  it("holds the new password to the rules and keeps the token for another try", async () => {
    const fay = await createPerson(server, "fay.reset@example.com")
    const token = await resetToken(fay)
    for (const password of ["password123", "fay.reset@example.com"]) {
      const weak = await resetPassword({ token, password })
      expect(weak.status).toBe(422)
      expect(Object.keys(weak.body.errors)).toEqual(["password"])
    }
    const short = await resetPassword({ token, password: "short" })
    expect(short.body.errors).toEqual({ password: ["must be at least 10 characters"] })
    expect((await server.request("GET", "/api/v4/users/me", { token: fay.token })).status).toBe(200)
    expect((await resetPassword({ token, password: newPassword })).status).toBe(200)
  })

  it("refuses an unknown or expired token naming token, and an API token (403)", async () => {
    const gil = await createPerson(server, "gil.reset@example.com")
    const token = await resetToken(gil)
    const unknown = await resetPassword({ token: "frp_not-a-token", password: newPassword })
    expect(unknown.status).toBe(422)
    expect(unknown.body.errors).toEqual({ token: ["is not a valid reset token, or it was used or expired"] })
    expect((await resetPassword({})).status).toBe(422)
    time.set("2030-05-01T09:00:00Z")
    const expired = await resetPassword({ token, password: newPassword })
    time.set("2030-05-01T08:00:00Z")
    expect(expired.status).toBe(422)
    expect(Object.keys(expired.body.errors)).toEqual(["token"])
    const apiToken = (
      await server.request("POST", `/api/v4/admin/users/${gil.id}/api_tokens`, {
        token: adminToken,
        body: { api_token: { name: "Integration" } },
      })
    ).body.token
    const refused = await server.request("POST", "/api/v4/reset_passwords", {
      token: apiToken,
      body: { token, password: newPassword },
    })
    expect(refused.status).toBe(403)
    expect(await loginStatus(gil.email, "person-password-1")).toBe(201)
  })
})

describe("PUT /api/v4/reset_passwords/update_password", () => {
  const updatePassword = (body: unknown, options: { token?: string } = {}) =>
    server.request("PUT", "/api/v4/reset_passwords/update_password", {
      body,
      headers: { "X-AppId": bundleId },
      ...options,
    })

  it("sets the new password with the address, the token and the password twice, as older clients send", async () => {
    const hal = await createPerson(server, "hal.reset@example.com")
    const token = await resetToken(hal)
    const answer = await updatePassword({
      email: "Hal.Reset@example.com",
      reset_token: token,
      password: newPassword,
      password_confirmation: newPassword,
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ email: "hal.reset@example.com" })
    expect((await server.request("GET", "/api/v4/users/me", { token: hal.token })).status).toBe(401)
    expect(await loginStatus(hal.email, newPassword)).toBe(201)
    const again = await updatePassword({
      email: hal.email,
      reset_token: token,
      password: "another long passphrase here",
      password_confirmation: "another long passphrase here",
    })
    expect(again.status).toBe(422)
    expect(again.body.errors).toEqual({
      reset_token: ["is not a valid reset token, or it was used or expired"],
    })
  })

  it("names the field at fault and keeps the token: another address, a confirmation that differs, a weak password", async () => {
    const ida = await createPerson(server, "ida.reset@example.com")
    await createPerson(server, "ida.other@example.com")
    const token = await resetToken(ida)
    const body = {
      email: ida.email,
      reset_token: token,
      password: newPassword,
      password_confirmation: newPassword,
    }
    const otherAddress = await updatePassword({ ...body, email: "ida.other@example.com" })
    expect(otherAddress.status).toBe(422)
    expect(otherAddress.body.errors).toEqual({ email: ["is not the address the reset e-mail was sent to"] })
    const differing = await updatePassword({ ...body, password_confirmation: "tui song over the harbour" })
    expect(differing.status).toBe(422)
    expect(differing.body.errors).toEqual({ password_confirmation: ["does not match password"] })
    const weak = await updatePassword({
      ...body,
      password: "password123",
      password_confirmation: "password123",
    })
    expect(weak.status).toBe(422)
    expect(Object.keys(weak.body.errors)).toEqual(["password"])
    const missing = await updatePassword({ email: ida.email, password: newPassword })
    expect(missing.status).toBe(422)
    expect(Object.keys(missing.body.errors).sort()).toEqual(["password_confirmation", "reset_token"])
    expect(await loginStatus(ida.email, "person-password-1")).toBe(201)
    expect((await updatePassword(body)).status).toBe(200)
  })

  it("takes the fields as an HTML form too, as those clients send them by default", async () => {
    const kim = await createPerson(server, "kim.reset@example.com")
    const token = await resetToken(kim)
    const form = (fields: Record<string, string>) =>
      server.request("PUT", "/api/v4/reset_passwords/update_password", {
        raw: new URLSearchParams(fields).toString(),
        headers: { "Content-Type": "application/x-www-form-urlencoded", "X-AppId": bundleId },
      })
    const fields = {
      email: kim.email,
      reset_token: token,
      password: newPassword,
      password_confirmation: newPassword,
    }
    // A repeated name is a list, which no field takes: refused by name, the token kept.
    const repeated = await server.request("PUT", "/api/v4/reset_passwords/update_password", {
      raw: `${new URLSearchParams(fields).toString()}&password=${encodeURIComponent(newPassword)}`,
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-AppId": bundleId },
    })
    expect(repeated.status).toBe(422)
    expect(Object.keys(repeated.body.errors)).toEqual(["password"])
    const answer = await form(fields)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ email: kim.email })
    expect(await loginStatus(kim.email, newPassword)).toBe(201)
  })

  it("refuses an API token (403), and an HTML form anywhere else (415)", async () => {
    const jo = await createPerson(server, "jo.reset@example.com")
    const token = await resetToken(jo)
    const apiToken = (
      await server.request("POST", `/api/v4/admin/users/${jo.id}/api_tokens`, {
        token: adminToken,
        body: { api_token: { name: "Integration" } },
      })
    ).body.token
    const body = {
      email: jo.email,
      reset_token: token,
      password: newPassword,
      password_confirmation: newPassword,
    }
    expect((await updatePassword(body, { token: apiToken })).status).toBe(403)
    // The same reset's other spelling, and an endpoint a signed-in browser could be led to post to.
    const elsewhere = [
      ["POST", "/api/v4/reset_passwords", new URLSearchParams({ token, password: newPassword })],
      ["PATCH", "/api/v4/users/me", new URLSearchParams({ "user[first_name]": "Forged" })],
    ] as const
    for (const [method, path, fields] of elsewhere) {
      const form = await server.request(method, path, {
        token: jo.token,
        raw: fields.toString(),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      })
      expect(form.status, path).toBe(415)
    }
    expect(await loginStatus(jo.email, "person-password-1")).toBe(201)
  })
})
