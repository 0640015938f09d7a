import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createMember, type Member } from "../support/Members.ts"
import { adminEmail, adminPassword, startTestServer, type TestServer } from "../support/TestServer.ts"

let server: TestServer
let adminToken: string
let appId: number
let ana: Member
let zed: Member

beforeAll(async () => {
  server = await startTestServer()
  adminToken = await server.login(adminEmail, adminPassword)
  ana = await createMember(server, adminToken, "Ana", "Moss")
  zed = await createMember(server, adminToken, "Zed", "Abbott")
  const app = await server.request("POST", "/api/v4/admin/branded_apps", {
    token: adminToken,
    body: { branded_app: { bundle_id: "com.example.rivers", name: "Rivers" } },
  })
  expect(app.status).toBe(201)
  appId = app.body.id
})
afterAll(() => server.close())

const administrators = (id = appId) => `/api/v4/admin/branded_apps/${id}/administrators`
const add = (userId: unknown, token = adminToken, id = appId) =>
  server.request("POST", administrators(id), { token, body: { user_id: userId } })
const remove = (userId: number, token = adminToken, id = appId) =>
  server.request("DELETE", `${administrators(id)}/${userId}`, { token })
const getApp = (token = adminToken, id = appId) =>
  server.request("GET", `/api/v4/admin/branded_apps/${id}`, { token })

/** An administrator as the app lists them. */
const listed = (member: Member) => {
  const [first_name, last_name] = member === ana ? ["Ana", "Moss"] : ["Zed", "Abbott"]
  return { id: member.id, email: member.email, first_name, last_name }
}

describe("app administrators", () => {
  it("are told so by the current app, as platform administrators are, and nobody else", async () => {
    const rivers = { "X-AppId": "com.example.rivers" }
    const current = (token: string) =>
      server.request("GET", "/api/v4/branded_app", { token, headers: rivers })
    const before = await current(ana.token)
    expect(before.status).toBe(200)
    expect(before.body).toMatchObject({ bundle_id: "com.example.rivers", is_administrator: false })
    expect((await add(ana.id)).status).toBeLessThan(300)
    expect((await current(ana.token)).body.is_administrator).toBe(true)
    expect((await current(zed.token)).body.is_administrator).toBe(false)
    expect((await current(adminToken)).body.is_administrator).toBe(true)
    // Administering one app says nothing of another.
    const own = await server.request("GET", "/api/v4/branded_app", { token: ana.token })
    expect(own.body.is_administrator).toBe(false)
    expect((await remove(ana.id)).status).toBe(204)
    expect((await current(ana.token)).body.is_administrator).toBe(false)
  })

  it("are added with 201, again with 200, and listed on the app by name", async () => {
    const first = await add(ana.id)
    expect(first.status).toBe(201)
    expect(first.body).toEqual(listed(ana))
    expect(first.headers.get("location")).toBe(`${administrators()}/${ana.id}`)
    const again = await add(ana.id)
    expect(again.status).toBe(200)
    expect(again.body).toEqual(listed(ana))
    expect(again.headers.get("location")).toBeNull()
    expect((await add(zed.id)).status).toBe(201)

    const app = await getApp()
    expect(app.status).toBe(200)
    expect(app.body).toEqual({
      id: appId,
      bundle_id: "com.example.rivers",
      name: "Rivers",
      self_sign_up: false,
      administrators: [listed(zed), listed(ana)],
    })
    const apps = await server.request("GET", "/api/v4/admin/branded_apps", { token: adminToken })
    expect(apps.status).toBe(200)
    expect(apps.body.find((item: { id: number }) => item.id === appId)).toEqual(app.body)
    // Administration of one app is not of another.
    expect(apps.body[0]).toMatchObject({ id: 1, administrators: [] })
  })

  it("are removed with 204, and a second removal is 404", async () => {
    const cleo = await createMember(server, adminToken, "Cleo", "Vance")
    expect((await add(cleo.id)).status).toBe(201)
    expect((await remove(cleo.id)).status).toBe(204)
    expect((await getApp()).body.administrators.map((row: { id: number }) => row.id)).not.toContain(cleo.id)
    const again = await remove(cleo.id)
    expect(again.status).toBe(404)
    expect(again.headers.get("content-type")).toContain("application/problem+json")
  })

  it("answers 404 for an unknown app or user", async () => {
    expect((await add(ana.id, adminToken, 999_999)).status).toBe(404)
    expect((await add(999_999)).status).toBe(404)
    expect((await remove(ana.id, adminToken, 999_999)).status).toBe(404)
    expect((await getApp(adminToken, 999_999)).status).toBe(404)
  })

  it("refuses a bad body or a deactivated user with 422 naming user_id", async () => {
    for (const body of [{}, { user_id: "seven" }, { user_id: 0 }, { user_id: 1.5 }]) {
      const answer = await server.request("POST", administrators(), { token: adminToken, body })
      expect(answer.status, JSON.stringify(body)).toBe(422)
      expect(Object.keys(answer.body.errors)).toEqual(["user_id"])
    }
    const gone = await createMember(server, adminToken, "Gus", "Hale")
    const deactivated = await server.request("PATCH", `/api/v4/admin/users/${gone.id}`, {
      token: adminToken,
      body: { user: { deactivated: true } },
    })
    expect(deactivated.status).toBe(200)
    const answer = await add(gone.id)
    expect(answer.status).toBe(422)
    expect(answer.body.errors).toEqual({ user_id: ["is deactivated"] })
  })

  it("are for platform administrators only, signed in as a person, not with an API token", async () => {
    const token = await server.request("POST", `/api/v4/admin/users/${ana.id}/api_tokens`, {
      token: adminToken,
      body: { api_token: { name: "Importer" } },
    })
    expect(token.status).toBe(201)
    const [admin] = (await server.request("GET", "/api/v4/admin/users", { token: adminToken })).body.filter(
      (user: { email: string }) => user.email === adminEmail,
    )
    const adminApiToken = await server.request("POST", `/api/v4/admin/users/${admin.id}/api_tokens`, {
      token: adminToken,
      body: { api_token: { name: "Scripts" } },
    })
    expect(adminApiToken.status).toBe(201)
    // An app administrator is not a platform administrator.
    for (const caller of [ana.token, token.body.token, adminApiToken.body.token]) {
      expect((await add(zed.id, caller)).status).toBe(403)
      expect((await server.request("POST", administrators(), { token: caller, body: {} })).status).toBe(403)
      expect((await remove(zed.id, caller)).status).toBe(403)
      expect((await getApp(caller)).status).toBe(403)
    }
    expect((await server.request("POST", administrators(), { body: { user_id: zed.id } })).status).toBe(401)
    expect((await getApp()).body.administrators.map((row: { id: number }) => row.id)).toContain(zed.id)
  })
})
