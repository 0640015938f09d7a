/**
 * Sign-up through HTTP: only in an app whose `self_sign_up` is on, with a strong password and an
 * address without an account; the new user signs in at once, gets a verification e-mail whose
 * token works once within a week, and joins no team until verified (accepting an invitation,
 * being added directly, creating a team). A password reset verifies the address too. Throttled
 * with password resets; API tokens refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { manualClock } from "../../src/seed/ManualClock.ts"
import { mailsOf, tokenIn } from "../support/Mails.ts"
import { addUsers, runJobs } from "../support/Members.ts"
import { createPerson, type Person } from "../support/People.ts"
import {
  adminEmail,
  adminPassword,
  bundleId,
  startTestServer,
  type TestServer,
} from "../support/TestServer.ts"
import { createChannel, createTeam } from "../support/World.ts"

const time = manualClock("2030-06-01T08:00:00Z")
const openApp = "com.example.open"
const password = "kereru over the ridge"
let server: TestServer
let adminToken: string

let lastAddress = 0
const newAddress = () => `203.0.113.${++lastAddress}`

beforeAll(async () => {
  server = await startTestServer({ FIELDREPORT_JOB_WORKERS: "0" }, undefined, { clock: time.clock })
  adminToken = await server.login(adminEmail, adminPassword)
  const app = await server.request("POST", "/api/v4/admin/branded_apps", {
    token: adminToken,
    body: { branded_app: { bundle_id: openApp, name: "Open field", self_sign_up: true } },
  })
  expect(app.status).toBe(201)
})
afterAll(() => server.close())

const signUp = (
  user: Record<string, unknown>,
  options: { readonly app?: string | undefined; readonly token?: string; readonly from?: string } = {},
) =>
  server.request("POST", "/api/v4/users", {
    ...(options.token === undefined ? {} : { token: options.token }),
    body: { user },
    headers: {
      "X-Forwarded-For": options.from ?? newAddress(),
      ...("app" in options && options.app === undefined ? {} : { "X-AppId": options.app ?? openApp }),
    },
  })

const newcomer = (name: string) => ({
  email: `${name}@example.net`,
  first_name: name[0]?.toUpperCase() + name.slice(1),
  last_name: "Newcomer",
  password,
})

/** Signs someone up, runs the jobs, and answers them signed in with the token of their e-mail. */
const signedUp = async (name: string) => {
  const answer = await signUp(newcomer(name))
  expect(answer.status).toBe(201)
  await runJobs(server)
  const mail = mailsOf(server.dataDir).at(-1) ?? ""
  expect(mail).toContain(`${name}@example.net`)
  const person: Person = {
    id: answer.body.id,
    email: `${name}@example.net`,
    token: await server.login(`${name}@example.net`, password, openApp),
  }
  return { person, token: tokenIn(mail, "verify-email") }
}

const verify = (token: unknown) => server.request("POST", "/api/v4/email_verifications", { body: { token } })

describe("POST /api/v4/users", () => {
  it("makes an account in an app that allows it, which signs in at once and is sent a verification e-mail", async () => {
    const before = mailsOf(server.dataDir).length
    const answer = await signUp({ ...newcomer("ana"), admin: true })
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({
      id: answer.body.id,
      email: "ana@example.net",
      first_name: "Ana",
      last_name: "Newcomer",
      admin: false,
    })
    expect(answer.headers.get("location")).toBe(`/api/v4/admin/users/${answer.body.id}`)
    const token = await server.login("ana@example.net", password, openApp)
    expect((await server.request("GET", "/api/v4/users/me", { token })).body).toMatchObject({
      id: answer.body.id,
      admin: false,
    })
    expect(mailsOf(server.dataDir)).toHaveLength(before)
    await runJobs(server)
    const sent = mailsOf(server.dataDir)
    expect(sent).toHaveLength(before + 1)
    const mail = sent.at(-1) ?? ""
    expect(mail).toMatch(/^To: Ana Newcomer <ana@example\.net>\r?$/m)
    expect(mail).toMatch(/^Subject: Verify your e-mail address for Open field\r?$/m)
    const link = tokenIn(mail, "verify-email")
    expect(link).toMatch(/^frv_[A-Za-z0-9_-]{43}$/)
    expect(mail).toContain(`${server.url}/admin/#/verify-email?token=${link}`)
    const events = await server.request("GET", "/api/v4/audit_events?kind=user.signed_up", {
      token: adminToken,
    })
    expect(events.body[0]).toMatchObject({ actor_id: answer.body.id, target_id: String(answer.body.id) })
  })

  it("is 403 where the app does not allow it, 404 for an unknown app, 400 without X-AppId", async () => {
    const refused = await signUp(newcomer("ben"), { app: bundleId })
    expect(refused.status).toBe(403)
    expect(refused.body.detail).toMatch(/does not allow signing up/)
    expect((await signUp(newcomer("ben"), { app: "com.example.nowhere" })).status).toBe(404)
    const withoutApp = await signUp(newcomer("ben"), { app: undefined })
    expect(withoutApp.status).toBe(400)
    expect(Object.keys(withoutApp.body.errors)).toEqual(["X-AppId"])
    // Closed again, the app refuses too.
    const apps = await server.request("GET", "/api/v4/admin/branded_apps", { token: adminToken })
    const open = apps.body.find((app: { bundle_id: string }) => app.bundle_id === openApp)
    const patch = (self_sign_up: boolean) =>
      server.request("PATCH", `/api/v4/admin/branded_apps/${open.id}`, {
        token: adminToken,
        body: { branded_app: { self_sign_up } },
      })
    expect((await patch(false)).status).toBe(200)
    expect((await signUp(newcomer("ben"))).status).toBe(403)
    expect((await patch(true)).status).toBe(200)
    expect(await loginStatus("ben@example.net")).toBe(401)
  })

  it("refuses a taken address, a weak password and fields at fault (422), and API tokens (403)", async () => {
    await createPerson(server, "cara@example.net")
    const taken = await signUp({ ...newcomer("cara"), email: "Cara@Example.net" })
    expect(taken.status).toBe(422)
    expect(taken.body.errors).toEqual({ "user.email": ["is taken"] })
    const weak = await signUp({ ...newcomer("dan"), password: "dan@example.net" })
    expect(weak.status).toBe(422)
    expect(Object.keys(weak.body.errors)).toEqual(["user.password"])
    const blank = await signUp({ email: "nope", first_name: " " })
    expect(Object.keys(blank.body.errors).sort()).toEqual([
      "user.email",
      "user.first_name",
      "user.last_name",
      "user.password",
    ])
    const apiToken = (
      await server.request("POST", "/api/v4/admin/users/1/api_tokens", {
        token: adminToken,
        body: { api_token: { name: "Integration" } },
      })
    ).body.token
    expect((await signUp(newcomer("dan"), { token: apiToken })).status).toBe(403)
    expect(await loginStatus("dan@example.net")).toBe(401)
  })

  it("counts with password resets: 3 an hour per e-mail address, 20 per client address", async () => {
    const from = newAddress()
    for (let attempt = 0; attempt < 2; attempt++)
      expect(
        (
          await server.request("POST", "/api/v4/reset_passwords/request_token", {
            body: { email: "eve@example.net" },
            headers: { "X-Forwarded-For": from },
          })
        ).status,
      ).toBe(200)
    expect((await signUp(newcomer("eve"), { from })).status).toBe(201)
    const refused = await signUp({ ...newcomer("eve"), email: "eve@example.net" })
    expect(refused.status).toBe(429)
    expect(refused.headers.get("retry-after")).not.toBeNull()
    const crowded = newAddress()
    for (let attempt = 0; attempt < 20; attempt++)
      expect((await signUp(newcomer(`crowd${attempt}`), { from: crowded })).status).toBe(201)
    expect((await signUp(newcomer("crowd20"), { from: crowded })).status).toBe(429)
    await runJobs(server)
  })
})

const loginStatus = async (email: string) =>
  (
    await server.request("POST", "/api/v4/session", {
      body: { session: { app_bundle_id: openApp, email, password } },
      headers: { "X-Forwarded-For": newAddress() },
    })
  ).status

describe("until the address is verified", () => {
  it("joins no team: accepting an invitation, being added directly and creating a team are 403", async () => {
    const { person: fay, token } = await signedUp("fay")
    const owner = await createPerson(server, "fay-owner@example.com")
    const teamId = await createTeam(server, owner, "Ridge care")
    const channel = await createChannel(server, owner, teamId, "Tracks")

    // A manager's invitation stands; accepting waits for the verification.
    const invited = await addUsers(
      server,
      owner.token,
      teamId,
      [{ user_id: fay.id, role: "viewer" }],
      [channel.id],
    )
    expect(invited.body.teams[0][0].http_status).toBe(201)
    const pending = await server.request("GET", "/api/v4/teams?agreed_to_join=false&fields=team_user_id", {
      token: fay.token,
      headers: { "X-AppId": bundleId },
    })
    const teamUserId = pending.body[0].team_user_id
    const accept = () =>
      server.request("PATCH", `/api/v4/teams/${teamId}/team_users/${teamUserId}`, {
        token: fay.token,
        headers: { "X-AppId": bundleId },
        body: { team_user: { agreed_to_join: true } },
      })
    const readChannel = () =>
      server.request("GET", `/api/v4/channels/${channel.id}`, {
        token: fay.token,
        headers: { "X-AppId": bundleId },
      })
    const refused = await accept()
    expect(refused.status).toBe(403)
    expect(refused.body.detail).toMatch(/verify your e-mail address before joining a team/)

    const created = () =>
      server.request("POST", "/api/v4/teams", {
        token: fay.token,
        headers: { "X-AppId": openApp },
        body: { team: { name: "Fay's team", industry: "Farming", location: "Otago" } },
      })
    expect((await created()).status).toBe(403)

    // A platform administrator adding them directly is refused for them alone.
    const gus = await createPerson(server, "gus-verified@example.com")
    const direct = await addUsers(
      server,
      adminToken,
      teamId,
      [
        { user_id: fay.id, role: "viewer" },
        { user_id: gus.id, role: "viewer" },
      ],
      [channel.id],
    )
    expect(direct.status).toBe(207)
    expect(direct.body.teams[0]).toEqual([
      {
        object: { user_id: fay.id, role: "viewer", send_email: false },
        http_status: 403,
        status: "error",
        errors: { "users.0.user_id": ["has not verified their e-mail address yet"] },
      },
      {
        object: { user_id: gus.id, role: "viewer", send_email: false },
        http_status: 201,
        status: "success",
        errors: {},
      },
    ])
    expect((await readChannel()).status).toBe(404)

    // Verified, they accept and create teams.
    const verified = await verify(token)
    expect(verified.status).toBe(200)
    expect(verified.body).toEqual({ email: "fay@example.net" })
    expect((await accept()).status).toBe(204)
    expect((await readChannel()).status).toBe(200)
    expect((await created()).status).toBe(201)
  })
})

describe("POST /api/v4/email_verifications", () => {
  it("takes the token once, within a week, and records the verification", async () => {
    const { person: hal, token } = await signedUp("hal")
    const { token: late } = await signedUp("ivy")
    time.set("2030-06-08T08:00:00Z")
    const expired = await verify(late)
    time.set("2030-06-01T08:00:00Z")
    expect(expired.status).toBe(422)
    expect(expired.body.errors).toEqual({
      token: ["is not a valid verification token, or it was used or expired"],
    })
    expect((await verify(token)).status).toBe(200)
    const again = await verify(token)
    expect(again.status).toBe(422)
    expect(Object.keys(again.body.errors)).toEqual(["token"])
    expect((await verify("frv_unknown")).status).toBe(422)
    expect((await verify(undefined)).status).toBe(422)
    const events = await server.request("GET", "/api/v4/audit_events?kind=email.verified", {
      token: adminToken,
    })
    expect(events.body[0]).toMatchObject({ actor_id: hal.id, target_type: "user", target_id: String(hal.id) })
  })

  it("is made up for by a password reset, which verifies the address of the account it reaches", async () => {
    const { person: jo } = await signedUp("jo")
    expect(
      (
        await server.request("POST", "/api/v4/reset_passwords/request_token", {
          body: { email: jo.email },
          headers: { "X-Forwarded-For": newAddress() },
        })
      ).status,
    ).toBe(200)
    await runJobs(server)
    const reset = tokenIn(mailsOf(server.dataDir).at(-1) ?? "", "reset-password")
    // A reset token is no verification token.
    expect((await verify(reset)).status).toBe(422)
    const answer = await server.request("POST", "/api/v4/reset_passwords", {
      body: { token: reset, password: "a new song for the ridge" },
    })
    expect(answer.status).toBe(200)
    const token = await server.login(jo.email, "a new song for the ridge", openApp)
    const team = await server.request("POST", "/api/v4/teams", {
      token,
      body: { team: { name: "Jo's team", industry: "Farming", location: "Otago" } },
    })
    expect(team.status).toBe(201)
  })

  it("refuses an API token (403)", async () => {
    const apiToken = (
      await server.request("POST", "/api/v4/admin/users/1/api_tokens", {
        token: adminToken,
        body: { api_token: { name: "Verifier" } },
      })
    ).body.token
    const refused = await server.request("POST", "/api/v4/email_verifications", {
      token: apiToken,
      body: { token: "frv_x" },
    })
    expect(refused.status).toBe(403)
  })
})
