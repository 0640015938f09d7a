import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { UserStore } from "../../src/store/UserStore.ts"
import { createPerson, type Person } from "../support/People.ts"
import { query } from "../support/ReportFixtures.ts"
import {
  adminEmail,
  adminPassword,
  bundleId,
  startTestServer,
  type TestServer,
} from "../support/TestServer.ts"

let server: TestServer
let adminToken: string
let someone: Person

beforeAll(async () => {
  server = await startTestServer()
  adminToken = await server.login(adminEmail, adminPassword)
  someone = await createPerson(server, "someone@example.com")
})
afterAll(() => server.close())

const asAdmin = (method: string, path: string, body?: unknown) =>
  server.request(method, path, { token: adminToken, ...(body === undefined ? {} : { body }) })

const createUser = async (user: Record<string, unknown>) => {
  const answer = await asAdmin("POST", "/api/v4/admin/users", { user })
  expect(answer.status).toBe(201)
  return answer.body as { id: number; email: string }
}

const loginAnswer = (email: string, password: string, app = bundleId) =>
  server.request("POST", "/api/v4/session", { body: { session: { app_bundle_id: app, email, password } } })

/** Every platform administration call, for the checks that apply to all of them. */
const adminCalls: ReadonlyArray<readonly [string, string, unknown?]> = [
  [
    "POST",
    "/api/v4/admin/branded_apps",
    { branded_app: { bundle_id: "com.example.denied", name: "Denied" } },
  ],
  ["GET", "/api/v4/admin/branded_apps"],
  [
    "POST",
    "/api/v4/admin/users",
    { user: { email: "denied@example.com", first_name: "D", last_name: "D", password: "long-enough-1" } },
  ],
  ["GET", "/api/v4/admin/users"],
  ["PATCH", "/api/v4/admin/users/1", { user: { admin: false } }],
  ["POST", "/api/v4/admin/users/1/api_tokens", { api_token: { name: "Denied" } }],
  ["GET", "/api/v4/admin/users/1/api_tokens"],
  ["DELETE", "/api/v4/admin/users/1/api_tokens/1"],
]

describe("who may administer the platform", () => {
  it("answers 401 with WWW-Authenticate without credentials, on every call", async () => {
    for (const [method, path, body] of adminCalls) {
      const answer = await server.request(method, path, body === undefined ? {} : { body })
      expect(answer.status, `${method} ${path}`).toBe(401)
      expect(answer.headers.get("www-authenticate")).toBe('Token realm="api"')
    }
  })

  it("answers 403 to a user who is not a platform administrator, on every call, changing nothing", async () => {
    for (const [method, path, body] of adminCalls) {
      const answer = await server.request(method, path, {
        token: someone.token,
        ...(body === undefined ? {} : { body }),
      })
      expect(answer.status, `${method} ${path}`).toBe(403)
      expect(answer.headers.get("content-type")).toContain("application/problem+json")
      expect(answer.body).toMatchObject({ status: 403, error: "only platform administrators may do this" })
    }
    const apps = await asAdmin("GET", "/api/v4/admin/branded_apps")
    expect(apps.body.map((app: { bundle_id: string }) => app.bundle_id)).not.toContain("com.example.denied")
    expect((await loginAnswer("denied@example.com", "long-enough-1")).status).toBe(401)
  })

  it("answers 403 before reading the body, so a non-administrator learns nothing from it", async () => {
    const answer = await server.request("POST", "/api/v4/admin/users", {
      token: someone.token,
      body: { user: { email: adminEmail } },
    })
    expect(answer.status).toBe(403)
  })
})

describe("POST and GET /api/v4/admin/branded_apps", () => {
  it("creates a branded app, and lists it after the bootstrap app", async () => {
    const created = await asAdmin("POST", "/api/v4/admin/branded_apps", {
      branded_app: { bundle_id: "com.example.riverwatch", name: "River watch" },
    })
    expect(created.status).toBe(201)
    expect(created.body).toEqual({
      id: created.body.id,
      bundle_id: "com.example.riverwatch",
      name: "River watch",
      self_sign_up: false,
    })
    expect(created.headers.get("location")).toBe(`/api/v4/admin/branded_apps/${created.body.id}`)
    const listed = await asAdmin("GET", "/api/v4/admin/branded_apps")
    expect(listed.status).toBe(200)
    expect(listed.body[0]).toEqual({
      id: 1,
      bundle_id: bundleId,
      name: "Fieldreport",
      self_sign_up: false,
      administrators: [],
    })
    expect(listed.body).toContainEqual({ ...created.body, administrators: [] })
  })

  it("lets the bootstrap administrator log in to a new branded app", async () => {
    const created = await asAdmin("POST", "/api/v4/admin/branded_apps", {
      branded_app: { bundle_id: "com.example.harbour", name: "Harbour" },
    })
    const login = await loginAnswer(adminEmail, adminPassword, "com.example.harbour")
    expect(login.status).toBe(201)
    expect(login.body.session).toMatchObject({
      app_bundle_id: "com.example.harbour",
      branded_app_id: created.body.id,
    })
    const current = await server.request("GET", "/api/v4/branded_app", {
      token: login.body.session.access_token,
    })
    expect(current.body).toEqual({ ...created.body, is_administrator: true })
  })

  it("refuses a taken bundle id with 422 naming branded_app.bundle_id", async () => {
    const answer = await asAdmin("POST", "/api/v4/admin/branded_apps", {
      branded_app: { bundle_id: bundleId, name: "Another" },
    })
    expect(answer.status).toBe(422)
    expect(answer.body.errors).toEqual({ "branded_app.bundle_id": ["is taken"] })
  })

  it("names every invalid field, and answers 400 for malformed JSON", async () => {
    const invalid = await asAdmin("POST", "/api/v4/admin/branded_apps", {
      branded_app: { bundle_id: "not a bundle id", name: " " },
    })
    expect(invalid.status).toBe(422)
    expect(invalid.body.errors).toEqual({
      "branded_app.bundle_id": ["must be a bundle id such as com.example.fieldapp"],
      "branded_app.name": ["must not be blank"],
    })
    const missing = await asAdmin("POST", "/api/v4/admin/branded_apps", {})
    expect(missing.status).toBe(422)
    const malformed = await server.request("POST", "/api/v4/admin/branded_apps", {
      token: adminToken,
      raw: '{"branded_app": {',
    })
    expect(malformed.status).toBe(400)
    expect(malformed.body.errors).toEqual({ body: ["is not valid JSON"] })
  })
})

describe("GET /api/v4/branded_app", () => {
  it("answers the app of X-AppId, else the app of the session; 404 for an unknown app; 401 without credentials", async () => {
    const other = await asAdmin("POST", "/api/v4/admin/branded_apps", {
      branded_app: { bundle_id: "com.example.coast", name: "Coast" },
    })
    const byHeader = await server.request("GET", "/api/v4/branded_app", {
      token: someone.token,
      headers: { "X-AppID": "com.example.coast" },
    })
    expect(byHeader.status).toBe(200)
    expect(byHeader.body).toEqual({ ...other.body, is_administrator: false })
    const bySession = await server.request("GET", "/api/v4/branded_app", { token: someone.token })
    expect(bySession.body).toEqual({
      id: 1,
      bundle_id: bundleId,
      name: "Fieldreport",
      self_sign_up: false,
      is_administrator: false,
    })
    const unknown = await server.request("GET", "/api/v4/branded_app", {
      token: someone.token,
      headers: { "X-AppId": "com.example.nowhere" },
    })
    expect(unknown.status).toBe(404)
    expect((await server.request("GET", "/api/v4/branded_app")).status).toBe(401)
  })
})

describe("POST /api/v4/admin/users", () => {
  it("creates a user who can log in, admin false unless asked, the password hashed with Argon2id", async () => {
    const answer = await asAdmin("POST", "/api/v4/admin/users", {
      user: { email: "Ana.Lee@Example.com", first_name: "Ana", last_name: "Lee", password: "ana-password-1" },
    })
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({
      id: answer.body.id,
      email: "ana.lee@example.com",
      first_name: "Ana",
      last_name: "Lee",
      admin: false,
    })
    expect(answer.headers.get("location")).toBe(`/api/v4/admin/users/${answer.body.id}`)
    const stored = await server.runtime.runPromise(
      Effect.flatMap(Effect.service(UserStore), (users) => users.findById(answer.body.id)),
    )
    expect(stored?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(stored?.password_hash).not.toContain("ana-password-1")
    expect((await loginAnswer("ana.lee@example.com", "ana-password-1")).status).toBe(201)
  })

  it("creates platform administrators, who may administer at once", async () => {
    const created = await createUser({
      email: "second-admin@example.com",
      first_name: "Sam",
      last_name: "Second",
      password: "second-password-1",
      admin: true,
    })
    expect(created).toMatchObject({ admin: true })
    const token = await server.login("second-admin@example.com", "second-password-1")
    expect((await server.request("GET", "/api/v4/admin/users", { token })).status).toBe(200)
  })

  it("refuses a taken e-mail address, whatever its case, with 422 naming user.email", async () => {
    const answer = await asAdmin("POST", "/api/v4/admin/users", {
      user: {
        email: "ADMIN@example.com",
        first_name: "Copy",
        last_name: "Cat",
        password: "copycat-password",
      },
    })
    expect(answer.status).toBe(422)
    expect(answer.body.errors).toEqual({ "user.email": ["is taken"] })
  })

  it("refuses a weak password and names every invalid field", async () => {
    const answer = await asAdmin("POST", "/api/v4/admin/users", {
      user: { email: "no-at-sign", first_name: "", last_name: "Short", password: "short", admin: "yes" },
    })
    expect(answer.status).toBe(422)
    expect(answer.body.errors).toEqual({
      "user.email": ["must be an e-mail address"],
      "user.first_name": ["must not be blank"],
      "user.password": ["must be at least 10 characters"],
      "user.admin": ["must be a boolean"],
    })
    const malformed = await server.request("POST", "/api/v4/admin/users", { token: adminToken, raw: "{user" })
    expect(malformed.status).toBe(400)
  })

  it("refuses a password that is easy to guess, also from the user's own e-mail address and names", async () => {
    for (const password of ["password123", "1234567890", "quinn.quill@example.com", "QuinnQuill"]) {
      const answer = await asAdmin("POST", "/api/v4/admin/users", {
        user: { email: "quinn.quill@example.com", first_name: "Quinn", last_name: "Quill", password },
      })
      expect(answer.status, password).toBe(422)
      expect(Object.keys(answer.body.errors), password).toEqual(["user.password"])
      expect(answer.body.errors["user.password"][0], password).toMatch(/^is too easy to guess/)
    }
    expect((await loginAnswer("quinn.quill@example.com", "password123")).status).toBe(401)
  })
})

describe("GET /api/v4/admin/users", () => {
  it("lists users by id with deactivated, paginated by Range", async () => {
    const all = await asAdmin("GET", "/api/v4/admin/users")
    expect(all.status).toBe(200)
    const total = all.body.length
    expect(all.headers.get("accept-ranges")).toBe("users")
    expect(all.headers.get("content-range")).toBe(`users 0-${total - 1}/${total}`)
    expect(all.body[0]).toEqual({
      id: 1,
      email: adminEmail,
      first_name: "Platform",
      last_name: "Administrator",
      admin: true,
      deactivated: false,
    })
    const ids = all.body.map((user: { id: number }) => user.id)
    expect(ids).toEqual([...ids].sort((a, b) => a - b))

    const second = await server.request("GET", "/api/v4/admin/users", {
      token: adminToken,
      headers: { Range: "objects=1-2" },
    })
    expect(second.status).toBe(200)
    expect(second.body).toEqual(all.body.slice(1, 3))
    expect(second.headers.get("content-range")).toBe(`users 1-2/${total}`)

    const past = await server.request("GET", "/api/v4/admin/users", {
      token: adminToken,
      headers: { Range: `objects=${total + 10}-${total + 20}` },
    })
    expect(past.body).toEqual([])
    expect(past.headers.get("content-range")).toBe(`users */${total}`)
  })

  it("answers 400 for a malformed Range", async () => {
    const answer = await server.request("GET", "/api/v4/admin/users", {
      token: adminToken,
      headers: { Range: "objects=9-2" },
    })
    expect(answer.status).toBe(400)
    expect(Object.keys(answer.body.errors)).toEqual(["Range"])
  })
})

describe("PATCH /api/v4/admin/users/{id}", () => {
  it("changes names and administration and answers the user", async () => {
    const user = await createUser({
      email: "renamed@example.com",
      first_name: "Old",
      last_name: "Name",
      password: "renamed-password",
    })
    const answer = await asAdmin("PATCH", `/api/v4/admin/users/${user.id}`, {
      user: { first_name: "New", last_name: "Surname", admin: true, email: "stolen@example.com" },
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      id: user.id,
      email: "renamed@example.com",
      first_name: "New",
      last_name: "Surname",
      admin: true,
      deactivated: false,
    })
  })

  it("deactivation revokes the user's sessions at once and blocks login; reactivation lets them in again", async () => {
    const user = await createUser({
      email: "leaver@example.com",
      first_name: "Lee",
      last_name: "Leaver",
      password: "leaver-password",
    })
    const first = await server.login("leaver@example.com", "leaver-password")
    const second = await server.login("leaver@example.com", "leaver-password")
    const apiToken = (
      await asAdmin("POST", `/api/v4/admin/users/${user.id}/api_tokens`, { api_token: { name: "Sync" } })
    ).body.token
    const answer = await asAdmin("PATCH", `/api/v4/admin/users/${user.id}`, { user: { deactivated: true } })
    expect(answer.status).toBe(200)
    expect(answer.body.deactivated).toBe(true)
    for (const token of [first, second, apiToken])
      expect((await server.request("GET", "/api/v4/users/me", { token })).status).toBe(401)
    expect((await loginAnswer("leaver@example.com", "leaver-password")).status).toBe(401)

    await asAdmin("PATCH", `/api/v4/admin/users/${user.id}`, { user: { deactivated: false } })
    expect((await server.request("GET", "/api/v4/users/me", { token: first })).status).toBe(401)
    expect((await loginAnswer("leaver@example.com", "leaver-password")).status).toBe(201)
  })

  it("a new password revokes the user's sessions; only the new password logs in", async () => {
    const user = await createUser({
      email: "forgetful@example.com",
      first_name: "Fran",
      last_name: "Forgetful",
      password: "forgotten-password",
    })
    const old = await server.login("forgetful@example.com", "forgotten-password")
    const answer = await asAdmin("PATCH", `/api/v4/admin/users/${user.id}`, {
      user: { password: "remembered-password" },
    })
    expect(answer.status).toBe(200)
    expect((await server.request("GET", "/api/v4/users/me", { token: old })).status).toBe(401)
    expect((await loginAnswer("forgetful@example.com", "forgotten-password")).status).toBe(401)
    expect((await loginAnswer("forgetful@example.com", "remembered-password")).status).toBe(201)
  })

  it("keeps the administrator's own session when they change their own password", async () => {
    await createUser({
      email: "self-admin@example.com",
      first_name: "Sol",
      last_name: "Self",
      password: "self-password-1",
      admin: true,
    })
    const current = await server.login("self-admin@example.com", "self-password-1")
    const other = await server.login("self-admin@example.com", "self-password-1")
    const me = (await server.request("GET", "/api/v4/users/me", { token: current })).body
    const answer = await server.request("PATCH", `/api/v4/admin/users/${me.id}`, {
      token: current,
      body: { user: { password: "self-password-2" } },
    })
    expect(answer.status).toBe(200)
    expect((await server.request("GET", "/api/v4/users/me", { token: current })).status).toBe(200)
    expect((await server.request("GET", "/api/v4/users/me", { token: other })).status).toBe(401)
  })

  it("does not let administrators deactivate themselves or give up their own administration", async () => {
    const deactivate = await asAdmin("PATCH", "/api/v4/admin/users/1", { user: { deactivated: true } })
    expect(deactivate.status).toBe(422)
    expect(deactivate.body.errors).toEqual({ "user.deactivated": ["you may not deactivate yourself"] })
    const demote = await asAdmin("PATCH", "/api/v4/admin/users/1", { user: { admin: false } })
    expect(demote.status).toBe(422)
    expect(demote.body.errors).toEqual({ "user.admin": ["you may not give up your own administration"] })
    expect((await asAdmin("GET", "/api/v4/admin/users")).body[0]).toMatchObject({
      admin: true,
      deactivated: false,
    })
  })

  it("answers 404 for an unknown user, 400 for an id that is not one, 422 for a weak password", async () => {
    expect((await asAdmin("PATCH", "/api/v4/admin/users/999999", { user: { first_name: "X" } })).status).toBe(
      404,
    )
    expect((await asAdmin("PATCH", "/api/v4/admin/users/abc", { user: { first_name: "X" } })).status).toBe(
      400,
    )
    const weak = await asAdmin("PATCH", `/api/v4/admin/users/${someone.id}`, { user: { password: "1234" } })
    expect(weak.status).toBe(422)
    expect(weak.body.errors).toEqual({ "user.password": ["must be at least 10 characters"] })
    const guessable = await asAdmin("PATCH", `/api/v4/admin/users/${someone.id}`, {
      user: { password: "password123" },
    })
    expect(guessable.status).toBe(422)
    expect(guessable.body.errors["user.password"][0]).toMatch(/^is too easy to guess/)
    expect((await server.request("GET", "/api/v4/users/me", { token: someone.token })).status).toBe(200)
  })
})

describe("API tokens", () => {
  it("create → use with either header form → list without the secret → revoke → 401", async () => {
    const user = await createUser({
      email: "integration@example.com",
      first_name: "Gauge",
      last_name: "Importer",
      password: "integration-password",
    })
    const created = await asAdmin("POST", `/api/v4/admin/users/${user.id}/api_tokens`, {
      api_token: { name: "Gauge importer" },
    })
    expect(created.status).toBe(201)
    expect(created.body).toEqual({
      id: created.body.id,
      name: "Gauge importer",
      scope: "write",
      token: expect.stringMatching(/^frt_[A-Za-z0-9_-]{43}$/),
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    })
    expect(created.headers.get("location")).toBe(
      `/api/v4/admin/users/${user.id}/api_tokens/${created.body.id}`,
    )
    const token: string = created.body.token

    const legacy = await server.request("GET", "/api/v4/users/me", { token })
    expect(legacy.status).toBe(200)
    expect(legacy.body.id).toBe(user.id)
    const bearer = await server.request("GET", "/api/v4/users/me", {
      headers: { Authorization: `Bearer ${token}` },
    })
    expect(bearer.status).toBe(200)
    expect(bearer.body.id).toBe(user.id)
    // Without a session, the app is the bootstrap app unless X-AppId names another.
    expect((await server.request("GET", "/api/v4/branded_app", { token })).body.bundle_id).toBe(bundleId)

    const listed = await asAdmin("GET", `/api/v4/admin/users/${user.id}/api_tokens`)
    expect(listed.status).toBe(200)
    expect(listed.body).toEqual([
      { id: created.body.id, name: "Gauge importer", scope: "write", created_at: created.body.created_at },
    ])

    const revoked = await asAdmin("DELETE", `/api/v4/admin/users/${user.id}/api_tokens/${created.body.id}`)
    expect(revoked.status).toBe(204)
    expect(revoked.body).toBeUndefined()
    const after = await server.request("GET", "/api/v4/users/me", { token })
    expect(after.status).toBe(401)
    expect(after.headers.get("www-authenticate")).toBe('Token realm="api"')
    expect((await asAdmin("GET", `/api/v4/admin/users/${user.id}/api_tokens`)).body).toEqual([])
    const again = await asAdmin("DELETE", `/api/v4/admin/users/${user.id}/api_tokens/${created.body.id}`)
    expect(again.status).toBe(404)
  })

  it("answers 404 for an unknown user or a token of another user, which stays valid", async () => {
    const owner = await createUser({
      email: "token-owner@example.com",
      first_name: "Tess",
      last_name: "Owner",
      password: "token-owner-password",
    })
    const created = await asAdmin("POST", `/api/v4/admin/users/${owner.id}/api_tokens`, {
      api_token: { name: "Mine" },
    })
    expect(
      (await asAdmin("DELETE", `/api/v4/admin/users/${someone.id}/api_tokens/${created.body.id}`)).status,
    ).toBe(404)
    expect((await server.request("GET", "/api/v4/users/me", { token: created.body.token })).status).toBe(200)
    expect(
      (await asAdmin("POST", "/api/v4/admin/users/999999/api_tokens", { api_token: { name: "Ghost" } }))
        .status,
    ).toBe(404)
    expect((await asAdmin("GET", "/api/v4/admin/users/999999/api_tokens")).status).toBe(404)
    expect((await asAdmin("DELETE", "/api/v4/admin/users/999999/api_tokens/1")).status).toBe(404)
    const blank = await asAdmin("POST", `/api/v4/admin/users/${owner.id}/api_tokens`, {
      api_token: { name: " " },
    })
    expect(blank.status).toBe(422)
    expect(blank.body.errors).toEqual({ "api_token.name": ["must not be blank"] })
  })
})

describe("API token scopes", () => {
  const tokenOf = async (userId: number, api_token: Record<string, unknown>) => {
    const created = await asAdmin("POST", `/api/v4/admin/users/${userId}/api_tokens`, { api_token })
    expect(created.status).toBe(201)
    return created.body as { id: number; name: string; scope: string; token: string }
  }
  const newTeam = (token: string) =>
    server.request("POST", "/api/v4/teams", {
      token,
      body: { team: { name: "Scoped", industry: "Water", location: "Waikato" } },
    })

  it("are read or write (the default), shown on creation and when listed; anything else is 422", async () => {
    const owner = await createUser({
      email: "scopes@example.com",
      first_name: "Sky",
      last_name: "Scopes",
      password: "scoped-password-1",
    })
    const reader = await tokenOf(owner.id, { name: "Dashboard", scope: "read" })
    const writer = await tokenOf(owner.id, { name: "Importer" })
    expect([reader.scope, writer.scope]).toEqual(["read", "write"])
    const listed = await asAdmin("GET", `/api/v4/admin/users/${owner.id}/api_tokens`)
    expect(listed.body.map((token: { name: string; scope: string }) => [token.name, token.scope])).toEqual([
      ["Dashboard", "read"],
      ["Importer", "write"],
    ])
    for (const scope of ["admin", "READ", "", 1, null]) {
      const answer = await asAdmin("POST", `/api/v4/admin/users/${owner.id}/api_tokens`, {
        api_token: { name: "Odd", scope },
      })
      expect(answer.status, JSON.stringify(scope)).toBe(422)
      expect(Object.keys(answer.body.errors), JSON.stringify(scope)).toEqual(["api_token.scope"])
    }
    expect((await asAdmin("GET", `/api/v4/admin/users/${owner.id}/api_tokens`)).body).toHaveLength(2)
  })

  it("a read token may only GET, HEAD and OPTIONS: anything else is 403 saying it is read-only", async () => {
    const owner = await createUser({
      email: "reader@example.com",
      first_name: "Rae",
      last_name: "Reader",
      password: "reading-password-1",
    })
    const { token } = await tokenOf(owner.id, { name: "Dashboard", scope: "read" })
    expect((await server.request("GET", "/api/v4/users/me", { token })).status).toBe(200)
    expect((await server.request("GET", "/api/v4/teams", { token })).status).toBe(200)
    const head = await fetch(`${server.url}/api/v4/users/me`, {
      method: "HEAD",
      headers: { Authorization: `Token token=${token}` },
    })
    expect(head.status).toBe(200)
    const refused = await newTeam(token)
    expect(refused.status).toBe(403)
    expect(refused.headers.get("content-type")).toContain("application/problem+json")
    expect(refused.body.error).toContain("read-only")
    const writes: ReadonlyArray<readonly [string, string, unknown]> = [
      ["PATCH", "/api/v4/users/me", { user: { first_name: "Changed" } }],
      ["POST", "/api/v4/channels", { channel: { name: "Nope", team_id: 1 } }],
      ["PUT", "/api/v4/channels/1/form", { form: { name: "Nope", fields: [] } }],
      ["DELETE", "/api/v4/channels/1", undefined],
    ]
    for (const [method, path, body] of writes) {
      const answer = await server.request(method, path, { token, ...(body === undefined ? {} : { body }) })
      expect(answer.status, `${method} ${path}`).toBe(403)
      expect(answer.body.error, `${method} ${path}`).toContain("read-only")
    }
    expect((await server.request("GET", "/api/v4/users/me", { token })).body.first_name).toBe("Rae")
    expect(await query(server, (sql) => sql`SELECT id FROM teams WHERE name = 'Scoped'`)).toEqual([])
  })

  it("a write token changes data, but never the password, the sessions, the tokens or the administration", async () => {
    // The token of a platform administrator: what it may not do, no role would change.
    const { token } = await tokenOf(1, { name: "Admin's integration" })
    expect((await newTeam(token)).status).toBe(201)
    const renamed = await server.request("PATCH", "/api/v4/users/me", {
      token,
      body: { user: { app_version: "9.9.9" } },
    })
    expect(renamed.status).toBe(200)
    const password = await server.request("PATCH", "/api/v4/users/me", {
      token,
      body: { user: { password: "kiwi fern harbour tide", current_password: adminPassword } },
    })
    expect(password.status).toBe(403)
    expect(password.body.error).toContain("API tokens may not")
    for (const [method, path, body] of adminCalls) {
      const answer = await server.request(method, path, { token, ...(body === undefined ? {} : { body }) })
      expect(answer.status, `${method} ${path}`).toBe(403)
      expect(answer.body.error, `${method} ${path}`).toContain("API tokens may not")
    }
    // Paths that reach the same routes (case, a trailing slash) meet the same refusal.
    for (const path of ["/API/V4/ADMIN/USERS", "/api/v4/Admin/users/1/api_tokens", "/api/v4/admin/users/"]) {
      expect((await server.request("GET", path, { token })).status, path).toBe(403)
    }
    const login = await server.request("POST", "/api/v4/session", {
      token,
      body: { session: { app_bundle_id: bundleId, email: adminEmail, password: adminPassword } },
    })
    expect(login.status).toBe(403)
    const session = (await loginAnswer(adminEmail, adminPassword)).body.session
    const rotate = await server.request("PATCH", "/api/v4/session", {
      token,
      body: { session: { access_token: session.access_token, refresh_token: session.refresh_token } },
    })
    expect(rotate.status).toBe(403)
    // Nothing was changed: the administrator's password and session stand, and so does the token.
    expect((await server.request("GET", "/api/v4/session", { token: session.access_token })).status).toBe(200)
    expect((await loginAnswer(adminEmail, adminPassword)).status).toBe(201)
    expect(
      (await asAdmin("GET", "/api/v4/admin/users/1/api_tokens")).body.map((t: { name: string }) => t.name),
    ).toContain("Admin's integration")
  })
})

describe("the audit log", () => {
  interface Event {
    readonly kind: string
    readonly actor_id: number | null
    readonly target_type: string | null
    readonly target_id: string | null
    readonly outcome: string
    readonly client_address: string | null
    readonly detail: Record<string, unknown> | null
  }
  const events = async (query: string): Promise<ReadonlyArray<Event>> => {
    const answer = await server.request("GET", `/api/v4/audit_events?${query}`, {
      token: adminToken,
      headers: { Range: "objects=0-99" },
    })
    expect(answer.status).toBe(200)
    return answer.body
  }
  const brief = (event: Event) => [
    event.kind,
    event.actor_id,
    event.target_type,
    event.target_id,
    event.outcome,
  ]

  it("records users created and changed, passwords, logins, sessions and tokens, never a secret", async () => {
    const user = await createUser({
      email: "audited@example.com",
      first_name: "Audrey",
      last_name: "Audited",
      password: "audited-password-1",
    })
    const id = String(user.id)
    await asAdmin("PATCH", `/api/v4/admin/users/${user.id}`, {
      user: { first_name: "Aud", password: "renewed-password-2" },
    })
    const failed = await server.request("POST", "/api/v4/session", {
      headers: { "X-Forwarded-For": "203.0.113.77" },
      body: {
        session: { app_bundle_id: bundleId, email: "audited@example.com", password: "wrong-password" },
      },
    })
    expect(failed.status).toBe(401)
    const session = (await loginAnswer("audited@example.com", "renewed-password-2")).body.session
    const changed = await server.request("PATCH", "/api/v4/users/me", {
      token: session.access_token,
      body: { user: { password: "third-password-3", current_password: "renewed-password-2" } },
    })
    expect(changed.status).toBe(200)
    const created = await asAdmin("POST", `/api/v4/admin/users/${user.id}/api_tokens`, {
      api_token: { name: "Audited sync", scope: "read" },
    })
    const ended = await asAdmin("POST", `/api/v4/admin/users/${user.id}/api_tokens`, {
      api_token: { name: "Audited export" },
    })
    expect((await server.request("DELETE", "/api/v4/session", { token: created.body.token })).status).toBe(
      200,
    )
    await asAdmin("DELETE", `/api/v4/admin/users/${user.id}/api_tokens/${ended.body.id}`)
    expect((await server.request("DELETE", "/api/v4/session", { token: session.access_token })).status).toBe(
      200,
    )

    // What the administrator did to the user and their tokens.
    const tokenIds = [String(created.body.id), String(ended.body.id)]
    const byAdmin = (await events("actor_id=1")).filter(
      (event) =>
        (event.target_type === "user" && event.target_id === id) ||
        (event.target_type === "api_token" && tokenIds.includes(event.target_id ?? "")),
    )
    expect(byAdmin.map(brief).reverse()).toEqual([
      ["user.created", 1, "user", id, "success"],
      ["user.changed", 1, "user", id, "success"],
      ["password.changed", 1, "user", id, "success"],
      ["api_token.created", 1, "api_token", String(created.body.id), "success"],
      ["api_token.created", 1, "api_token", String(ended.body.id), "success"],
      ["api_token.revoked", 1, "api_token", String(ended.body.id), "success"],
    ])
    expect(byAdmin.find((event) => event.kind === "user.changed")?.detail).toEqual({
      fields: "first_name,password",
    })
    expect(byAdmin.find((event) => event.target_id === String(created.body.id))?.detail).toMatchObject({
      scope: "read",
    })
    // What the user did, and what was done with their credentials.
    const own = await events(`actor_id=${user.id}`)
    expect(own.map(brief).reverse()).toEqual([
      ["login.failed", user.id, "user", id, "failure"],
      ["login.succeeded", user.id, "session", expect.any(String), "success"],
      ["password.changed", user.id, "user", id, "success"],
      ["api_token.revoked", user.id, "api_token", String(created.body.id), "success"],
      ["session.revoked", user.id, "session", expect.any(String), "success"],
    ])
    expect(own.at(-1)?.client_address).toBe("203.0.113.77")
    const text = JSON.stringify([...own, ...byAdmin])
    for (const secret of ["audited-password-1", "renewed-password-2", "third-password-3", "wrong-password"])
      expect(text).not.toContain(secret)
    expect(text).not.toContain(created.body.token)
    // A failed login of an e-mail nobody has is recorded without an actor.
    await loginAnswer("nobody-at-all@example.com", "some-password")
    const anonymous = (await events("kind=login.failed")).find((event) => event.actor_id === null)
    expect(anonymous).toMatchObject({ kind: "login.failed", target_type: null, outcome: "failure" })
  })
})

describe("API tokens and the access token lifetime", () => {
  let shortLived: TestServer

  beforeAll(async () => {
    shortLived = await startTestServer({ FIELDREPORT_ACCESS_TOKEN_TTL: "1 second" })
  })
  afterAll(() => shortLived.close())

  it("keeps working after access tokens have expired", async () => {
    const access = await shortLived.login(adminEmail, adminPassword)
    const created = await shortLived.request("POST", "/api/v4/admin/users/1/api_tokens", {
      token: access,
      body: { api_token: { name: "Long lived" } },
    })
    expect(created.status).toBe(201)
    await new Promise((resolve) => setTimeout(resolve, 1_100))
    const expired = await shortLived.request("GET", "/api/v4/users/me", { token: access })
    expect(expired.status).toBe(401)
    expect(expired.body.error).toBe("the token has expired")
    expect((await shortLived.request("GET", "/api/v4/users/me", { token: created.body.token })).status).toBe(
      200,
    )
  })
})

describe("PATCH /api/v4/admin/branded_apps/{id}", () => {
  it("turns sign-up on and off and renames the app; the bundle id stays", async () => {
    const created = await asAdmin("POST", "/api/v4/admin/branded_apps", {
      branded_app: { bundle_id: "com.example.open", name: "Open", self_sign_up: true },
    })
    expect(created.status).toBe(201)
    expect(created.body.self_sign_up).toBe(true)
    const path = `/api/v4/admin/branded_apps/${created.body.id}`
    const closed = await asAdmin("PATCH", path, {
      branded_app: { self_sign_up: false, name: "Closed", bundle_id: "com.example.moved" },
    })
    expect(closed.status).toBe(200)
    expect(closed.body).toEqual({
      id: created.body.id,
      bundle_id: "com.example.open",
      name: "Closed",
      self_sign_up: false,
      administrators: [],
    })
    expect((await asAdmin("GET", path)).body).toEqual(closed.body)
    const current = await server.request("GET", "/api/v4/branded_app", {
      token: someone.token,
      headers: { "X-AppId": "com.example.open" },
    })
    expect(current.body).toEqual({
      id: created.body.id,
      bundle_id: "com.example.open",
      name: "Closed",
      self_sign_up: false,
      is_administrator: false,
    })
    expect((await asAdmin("PATCH", path, { branded_app: {} })).body).toEqual(closed.body)
  })

  it("names what is wrong, is 404 for an unknown app, and is for platform administrators with a session", async () => {
    const refused = await asAdmin("PATCH", "/api/v4/admin/branded_apps/1", {
      branded_app: { name: " ", self_sign_up: "yes" },
    })
    expect(refused.status).toBe(422)
    expect(Object.keys(refused.body.errors).sort()).toEqual(["branded_app.name", "branded_app.self_sign_up"])
    expect(
      (await asAdmin("PATCH", "/api/v4/admin/branded_apps/999999", { branded_app: { name: "X" } })).status,
    ).toBe(404)
    const body = { branded_app: { self_sign_up: true } }
    expect(
      (await server.request("PATCH", "/api/v4/admin/branded_apps/1", { token: someone.token, body })).status,
    ).toBe(403)
    expect((await server.request("PATCH", "/api/v4/admin/branded_apps/1", { body })).status).toBe(401)
    const token = (
      await asAdmin("POST", "/api/v4/admin/users/1/api_tokens", { api_token: { name: "Integration" } })
    ).body.token
    expect((await server.request("PATCH", "/api/v4/admin/branded_apps/1", { token, body })).status).toBe(403)
    expect((await asAdmin("GET", "/api/v4/admin/branded_apps/1")).body.self_sign_up).toBe(false)
  })
})
