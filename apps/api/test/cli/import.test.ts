/**
 * `fieldreport import …` is the shapes importer given the same arguments: against a running API it
 * imports a GeoJSON file (exit 0), finds its features there on a second run (exit 0), and exits 2
 * when a file has an invalid feature (the importer's code for an incomplete import); the
 * importer's own message of a run that cannot start is shown once, exit 1. The files are found
 * from the caller's directory (`INIT_CWD`, as under npm).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  adminEmail,
  adminPassword,
  bundleId,
  startTestServer,
  type TestServer,
} from "../support/TestServer.ts"
import { fieldreport } from "./Fieldreport.ts"

const features = [
  {
    type: "Feature",
    properties: { name: "Paddock" },
    geometry: { type: "Point", coordinates: [174.7, -41.3] },
  },
  {
    type: "Feature",
    properties: { name: "Woolshed" },
    geometry: { type: "Point", coordinates: [174.8, -41.2] },
  },
  {
    type: "Feature",
    properties: { name: "Off the globe" },
    geometry: { type: "Point", coordinates: [200, -40] },
  },
]

describe("fieldreport import", () => {
  let server: TestServer
  let token: string
  const directory = mkdtempSync(join(tmpdir(), "fieldreport-cli-import-"))

  beforeAll(async () => {
    server = await startTestServer()
    token = await server.login(adminEmail, adminPassword)
    writeFileSync(join(directory, "farm.geojson"), JSON.stringify({ type: "FeatureCollection", features }))
    const valid = features.slice(0, 2)
    writeFileSync(
      join(directory, "valid.geojson"),
      JSON.stringify({ type: "FeatureCollection", features: valid }),
    )
  })
  afterAll(async () => {
    await server.close()
    rmSync(directory, { recursive: true, force: true })
  })

  it("runs the importer with the same arguments and keeps its exit codes", async () => {
    const args = [
      "import",
      "--server",
      server.url,
      "--token",
      token,
      "--app",
      bundleId,
      "--report",
      "report.csv",
    ]
    const imported = await fieldreport([...args, "valid.geojson"], { INIT_CWD: directory })
    expect(imported.stdout).toMatch(
      /^created 2, skipped 0 \(0 already imported, 0 invalid\), failed 0, in [\d.]+ s\n$/,
    )
    expect(imported.code).toBe(0)
    const again = await fieldreport([...args, "valid.geojson"], { INIT_CWD: directory })
    expect(again.stdout).toMatch(/^created 0, skipped 2 \(2 already imported, 0 invalid\)/)
    expect(again.code).toBe(0)

    const incomplete = await fieldreport([...args, "farm.geojson"], { INIT_CWD: directory })
    expect(incomplete.stdout).toMatch(/^created 2, skipped 1 \(0 already imported, 1 invalid\)/)
    expect(incomplete.code).toBe(2)
    expect(incomplete.stderr.match(/features were not imported/g)).toHaveLength(1)

    const unreachable = await fieldreport(
      ["import", "--server", "http://127.0.0.1:9", "--token", token, "--app", bundleId, "farm.geojson"],
      { INIT_CWD: directory },
    )
    expect(unreachable.code).toBe(1)
    expect(unreachable.stderr.match(/cannot list the app's shapes/g)).toHaveLength(1)
  }, 60_000)
})
