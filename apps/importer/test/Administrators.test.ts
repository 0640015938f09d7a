/**
 * Whose token imports (docs/api.md, Shapes): shapes are the app's, so only the API token of an
 * administrator of the app or of a platform administrator creates them. Anyone else's token stops
 * the import with exit code 1 and says whose token it must be; nothing is created.
 */
import { rmSync } from "node:fs"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import {
  adminEmail,
  adminPassword,
  bundleId,
  startTestServer,
  type TestServer,
} from "../../api/test/support/TestServer.ts"
import { type Feature, square, temporaryDirectory, writeGeoJson } from "./support/Fixtures.ts"
import * as Importer from "./support/Importer.ts"

const features: ReadonlyArray<Feature> = [
  {
    type: "Feature",
    properties: { name: "North block" },
    geometry: { type: "Polygon", coordinates: [square(175.6, -40.35, 0.02)] },
  },
  {
    type: "Feature",
    properties: { name: "River flats" },
    geometry: { type: "Polygon", coordinates: [square(175.62, -40.36, 0.01)] },
  },
]

let server: TestServer
let adminToken: string
const directory = temporaryDirectory()

beforeAll(async () => {
  server = await startTestServer()
  adminToken = await server.login(adminEmail, adminPassword)
  writeGeoJson(directory, "blocks.geojson", features)
})

afterAll(async () => {
  await server.close()
  rmSync(directory, { recursive: true, force: true })
})

/** A user with a personal API token, both made by the platform administrator. */
const userWithToken = async (name: string) => {
  const password = "importer-person-1"
  const email = `${name}@example.com`
  const user = await server.request("POST", "/api/v4/admin/users", {
    token: adminToken,
    body: { user: { email, first_name: name, last_name: "Importer", password } },
  })
  expect(user.status).toBe(201)
  const apiToken = await server.request("POST", `/api/v4/admin/users/${user.body.id}/api_tokens`, {
    token: adminToken,
    body: { api_token: { name: "importer" } },
  })
  expect(apiToken.status).toBe(201)
  return {
    id: user.body.id as number,
    session: await server.login(email, password),
    apiToken: apiToken.body.token as string,
  }
}

/** How many of the app's shapes came from `blocks.geojson`. */
const imported = async () => {
  const answer = await server.request("GET", "/api/v4/shapes", {
    token: adminToken,
    headers: { "X-AppId": bundleId, Range: "objects=0-99" },
  })
  expect(answer.status).toBe(200)
  return answer.body.filter((shape: { metadata: { source_key?: string } }) =>
    String(shape.metadata.source_key).startsWith("blocks."),
  ).length
}

const importAs = (token: string, ...extra: ReadonlyArray<string>) =>
  Importer.run(directory, [
    "--server",
    server.url,
    "--token",
    token,
    "--app",
    bundleId,
    ...extra,
    "blocks.geojson",
  ])

describe("fieldreport-import's token", () => {
  it("stops with exit code 1, saying whose token it must be, for a team's owner or a user without a team", async () => {
    const owner = await userWithToken("owner")
    // The owner of a team of their own reads the app's shapes, but may not create them.
    const team = await server.request("POST", "/api/v4/teams", {
      token: owner.session,
      body: { team: { name: "Owner's own", industry: "Farming", location: "Manawatu" } },
    })
    expect(team.status).toBe(201)
    const loner = await userWithToken("loner")
    for (const [person, extra] of [
      [owner, []],
      [owner, ["--batch-size", "1"]],
      [loner, []],
    ] as const) {
      const run = await importAs(person.apiToken, ...extra)
      expect(run.code, run.stderr).toBe(1)
      expect(run.stderr).toContain("403")
      expect(run.stderr).toContain(
        `the token must belong to an administrator of the app ${bundleId} or a platform administrator`,
      )
    }
    expect(await imported()).toBe(0)
  })

  it("imports with the token of an administrator of the app", async () => {
    const administrator = await userWithToken("administrator")
    const apps = await server.request("GET", "/api/v4/admin/branded_apps", { token: adminToken })
    const app = apps.body.find((candidate: { bundle_id: string }) => candidate.bundle_id === bundleId)
    const made = await server.request("POST", `/api/v4/admin/branded_apps/${app.id}/administrators`, {
      token: adminToken,
      body: { user_id: administrator.id },
    })
    expect(made.status).toBe(201)
    const run = await importAs(administrator.apiToken)
    expect(run.code, run.stderr).toBe(0)
    expect(await imported()).toBe(features.length)
  })
})
