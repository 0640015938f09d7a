/**
 * Who may call the OGC API – Features service (docs/security.md): the landing page, conformance
 * classes and API definition are anyone's; collections and features need a credential, sent as
 * everywhere else or, for GIS tools, with HTTP Basic: any user name and a token as the password.
 * Basic is read on these routes only, takes tokens and never passwords, and its credential never
 * reaches the log.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startChildServer } from "../support/ChildServer.ts"
import { type Credential, issueToken, ogc } from "../support/OgcFixtures.ts"
import { integrationEngine, postgresUrlFor } from "../support/TestDatabase.ts"
import {
  adminEmail,
  adminPassword,
  bundleId,
  startTestServer,
  type TestServer,
} from "../support/TestServer.ts"
import { buildWorld, type World } from "../support/World.ts"

let server: TestServer
let world: World
let readToken: { readonly id: number; readonly token: string }
let writeToken: { readonly id: number; readonly token: string }

const collections = "/collections"
const basic = (user: string, password: string): Credential => ({ basic: [user, password] })

beforeAll(async () => {
  server = await startTestServer()
  world = await buildWorld(server)
  readToken = await issueToken(server, world.viewer, "read")
  writeToken = await issueToken(server, world.viewer, "write")
})
afterAll(() => server.close())

const listed = async (credential: Credential) => {
  const answer = await ogc(server, collections, credential)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body.collections.map((collection: { id: string }) => collection.id)
}

describe("the OGC service's credentials", () => {
  it("lets anyone read the landing page, the conformance classes and the API definition", async () => {
    for (const path of ["", "/conformance", "/api"]) expect((await ogc(server, path)).status).toBe(200)
  })

  it("answers 401 without a credential, challenging for Basic as well as the API's token", async () => {
    for (const path of [
      collections,
      `/collections/reports-${world.channel.id}`,
      "/collections/shapes/items",
    ]) {
      const answer = await ogc(server, path)
      expect(answer.status).toBe(401)
      expect(answer.headers.get("content-type")).toMatch(/^application\/problem\+json/)
      expect(answer.headers.get("www-authenticate")).toBe(
        'Basic realm="fieldreport", charset="UTF-8", Token realm="api"',
      )
      expect(answer.body).toMatchObject({ status: 401, title: "Unauthorized" })
    }
  })

  it("takes a read token and a write token, in the API's headers or as Basic's password with any user name", async () => {
    const expected = [`reports-${world.channel.id}`, "shapes"]
    for (const token of [readToken.token, writeToken.token]) {
      expect(await listed({ token })).toEqual(expected)
      expect(await listed({ header: `Bearer ${token}` })).toEqual(expected)
      expect(await listed(basic("qgis", token))).toEqual(expected)
      expect(await listed(basic("", token))).toEqual(expected)
      expect(await listed(basic(world.viewer.email, token))).toEqual(expected)
    }
  })

  it("takes a session's access token as Basic's password, as in the API's headers", async () => {
    expect(await listed(basic("me", world.viewer.token))).toEqual([`reports-${world.channel.id}`, "shapes"])
  })

  it("refuses a refresh token, a password, a revoked token and malformed Basic, all alike", async () => {
    const session = await server.request("POST", "/api/v4/session", {
      body: { session: { app_bundle_id: bundleId, email: adminEmail, password: adminPassword } },
    })
    const revoked = await issueToken(server, world.viewer, "read")
    const admin = await server.login(adminEmail, adminPassword)
    const revocation = await server.request(
      "DELETE",
      `/api/v4/admin/users/${world.viewer.id}/api_tokens/${revoked.id}`,
      { token: admin },
    )
    expect(revocation.status).toBe(204)
    for (const credential of [
      basic("admin", session.body.session.refresh_token),
      basic(adminEmail, adminPassword),
      basic("qgis", revoked.token),
      basic("qgis", ""),
      basic(readToken.token, ""),
      { header: `Basic ${readToken.token}` },
      { header: "Basic !!!" },
      { header: `Digest username="qgis", response="${readToken.token}"` },
    ]) {
      const answer = await ogc(server, collections, credential)
      expect(answer.status, JSON.stringify(credential)).toBe(401)
      expect(answer.body.error).not.toContain(readToken.token)
    }
  })

  it("is read on the OGC routes only: Basic opens nothing of /api/v4", async () => {
    const credential = Buffer.from(`qgis:${writeToken.token}`).toString("base64")
    for (const [method, path] of [
      ["GET", "/api/v4/users/me"],
      ["GET", `/api/v4/channels`],
      ["POST", "/api/v4/reports"],
      ["DELETE", "/api/v4/session"],
    ] as const) {
      const answer = await server.request(method, path, {
        headers: { Authorization: `Basic ${credential}` },
        ...(method === "POST" ? { body: { report: { account_id: world.channel.id, address: "Quay" } } } : {}),
      })
      expect(answer.status, `${method} ${path}`).toBe(401)
      expect(answer.headers.get("www-authenticate")).toBe('Token realm="api"')
    }
    // The token itself still works there, and was not ended by the DELETE above.
    expect((await server.request("GET", "/api/v4/users/me", { token: writeToken.token })).status).toBe(200)
  })

  it("lets no credential change anything: the service answers reads only", async () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const answer = await server.request(
        method,
        `/ogc/features/collections/reports-${world.channel.id}/items`,
        {
          headers: { Authorization: `Basic ${Buffer.from(`qgis:${writeToken.token}`).toString("base64")}` },
        },
      )
      expect(answer.status, method).toBe(404)
    }
  })
})

describe("the rate limits", () => {
  it("count Basic requests per credential and refuse past the limit with 429", async () => {
    const limited = await startTestServer({ FIELDREPORT_RATE_LIMIT_PER_TOKEN: "3" })
    try {
      const credential = basic("qgis", "frt_not-a-real-token")
      const statuses: Array<number> = []
      for (let i = 0; i < 4; i++) statuses.push((await ogc(limited, collections, credential)).status)
      expect(statuses).toEqual([401, 401, 401, 429])
      const refused = await ogc(limited, collections, credential)
      expect(refused.headers.get("retry-after")).not.toBeNull()
    } finally {
      await limited.close()
    }
  })
})

describe("the log", () => {
  it("never holds a credential sent with Basic, taken or refused", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "fieldreport-ogc-log-"))
    const databaseUrl = integrationEngine === "postgres" ? await postgresUrlFor(dataDir) : undefined
    const child = await startChildServer({
      FIELDREPORT_DATA_DIR: dataDir,
      FIELDREPORT_LOG_LEVEL: "debug",
      ...(databaseUrl === undefined ? {} : { FIELDREPORT_DATABASE_URL: databaseUrl }),
    })
    try {
      const admin = await child.login(adminEmail, adminPassword)
      const issued = await child.request("POST", "/api/v4/admin/users/1/api_tokens", {
        token: admin,
        body: { api_token: { name: "QGIS", scope: "read" } },
      })
      const token: string = issued.body.token
      const wrong = `${token.slice(0, -4)}abcd`
      const headerOf = (password: string) => `Basic ${Buffer.from(`qgis:${password}`).toString("base64")}`
      for (const password of [token, wrong]) {
        for (const path of ["/ogc/features/collections", "/ogc/features/collections/shapes/items?limit=1"]) {
          const response = await fetch(`${child.url}${path}`, {
            headers: { Authorization: headerOf(password) },
          })
          expect(response.status).toBe(password === token ? 200 : 401)
        }
      }
      const log = child.output()
      expect(log).toContain("/ogc/features/collections")
      for (const secret of [token, wrong, headerOf(token).slice(6), headerOf(wrong).slice(6), admin])
        expect(log).not.toContain(secret)
    } finally {
      await child.stop()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
