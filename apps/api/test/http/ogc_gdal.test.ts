/**
 * GDAL's own OGC API – Features client (its OAPIF driver, as QGIS uses it) against the service:
 * `ogrinfo` lists the collections and counts their features with a token sent as Basic's password
 * or in a header, pushes a state filter to the server, and `ogr2ogr` copies a collection page by
 * page into a GeoPackage whose features are the API's reports. GDAL runs as a child process; the
 * server answers it from this one, so the child is awaited, never run synchronously.
 */
import { execFile } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { DatabaseSync } from "node:sqlite"
import { promisify } from "node:util"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { insertReports, issueToken, type ReportRow } from "../support/OgcFixtures.ts"
import { putTestForm, statesOf, type TestForm } from "../support/ReportFixtures.ts"
import {
  adminEmail,
  adminPassword,
  bundleId,
  startTestServer,
  type TestServer,
} from "../support/TestServer.ts"
import { buildWorld, type World } from "../support/World.ts"

const run = promisify(execFile)

let server: TestServer
let world: World
let form: TestForm
let token: string
let states: Readonly<Record<string, number>>
let reportIds: ReadonlyArray<number>
let directory: string

const collection = () => `reports-${world.channel.id}`
const source = () => `OAPIF:${server.url}/ogc/features`
const asBasic = () => [
  "--config",
  "GDAL_HTTP_AUTH",
  "BASIC",
  "--config",
  "GDAL_HTTP_USERPWD",
  `qgis:${token}`,
]

/** Runs a GDAL command; answers its output, or its failure with what it wrote. */
const gdal = async (command: string, args: ReadonlyArray<string>) => {
  try {
    const { stdout, stderr } = await run(command, [...args], { timeout: 120_000 })
    return { ok: true, output: `${stdout}${stderr}` }
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string }
    return { ok: false, output: `${failed.stdout ?? ""}${failed.stderr ?? ""}` }
  }
}

const featureCount = (output: string) => Number(/Feature Count: (\d+)/.exec(output)?.[1])

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), "fieldreport-ogc-gdal-"))
  server = await startTestServer()
  world = await buildWorld(server)
  form = await putTestForm(server, world.owner, world.channel.id)
  states = await statesOf(server, world.owner, world.channel.id)
  token = (await issueToken(server, world.viewer, "read")).token
  // 25 reports: GDAL's pages of 10 take three requests, by next links.
  const reports: ReadonlyArray<ReportRow> = Array.from({ length: 25 }, (_, index) => ({
    position: [(17_470 + index) / 100, (-41_300 + index * 3) / 1000] as const,
    createdAt: `2026-03-${String(index + 1).padStart(2, "0")}T09:30:00.000Z`,
    userId: world.reporter.id,
    categoryId: world.channel.category_id,
    stateId: index % 5 === 0 ? (states.Resolved ?? 0) : (states.New ?? 0),
    title: `Blocked drain ${index + 1}`,
    answers: {
      [form.what]: `Drain ${index + 1}`,
      [form.choice]: form.choiceOptions[index % 2],
      [form.secret]: `private ${index + 1}`,
    },
  }))
  reportIds = await insertReports(server, world.channel.id, reports)
  const admin = await server.login(adminEmail, adminPassword)
  for (const [west, south] of [
    [174.7, -41.3],
    [174.8, -41.2],
  ] as const) {
    const shape = await server.request("POST", "/api/v4/shapes", {
      token: admin,
      headers: { "X-AppId": bundleId },
      body: {
        shape: {
          geom: `POLYGON((${west} ${south}, ${west + 0.05} ${south}, ${west + 0.05} ${south + 0.05}, ${west} ${south + 0.05}, ${west} ${south}))`,
          metadata: { display: ["Suburb"] },
        },
      },
    })
    expect(shape.status).toBe(201)
  }
})
afterAll(async () => {
  await server.close()
  rmSync(directory, { recursive: true, force: true })
})

describe("ogrinfo", () => {
  it("lists the collections the token reads, with the token as Basic's password", async () => {
    const listed = await gdal("ogrinfo", ["-ro", "-so", ...asBasic(), source()])
    expect(listed.ok, listed.output).toBe(true)
    expect(listed.output).toContain(`\n1: ${collection()} (title: Cleaner streams) (Point)\n`)
    expect(listed.output).toContain("\n2: shapes (title: Shapes) (Polygon)\n")
    expect(listed.output).not.toContain("\n3: ")
  })

  it("counts each collection's features", async () => {
    const reports = await gdal("ogrinfo", ["-ro", "-so", ...asBasic(), source(), collection()])
    expect(reports.ok, reports.output).toBe(true)
    expect(featureCount(reports.output)).toBe(25)
    expect(reports.output).toMatch(/Geometry: Point/)
    const shapes = await gdal("ogrinfo", ["-ro", "-so", ...asBasic(), source(), "shapes"])
    expect(featureCount(shapes.output)).toBe(2)
  })

  it("takes the token in a header too", async () => {
    const header = await gdal("ogrinfo", [
      "-ro",
      "-so",
      "--config",
      "GDAL_HTTP_HEADERS",
      `Authorization: Token token=${token}`,
      source(),
      collection(),
    ])
    expect(header.ok, header.output).toBe(true)
    expect(featureCount(header.output)).toBe(25)
  })

  it("pushes a filter on a declared parameter to the server, and a bbox", async () => {
    const resolved = await gdal("ogrinfo", [
      "-ro",
      "-al",
      ...asBasic(),
      "--debug",
      "on",
      "-where",
      `report_state_id = ${states.Resolved}`,
      source(),
      collection(),
    ])
    expect(resolved.ok, resolved.output).toBe(true)
    expect(resolved.output).toContain(`report_state_id=${states.Resolved}`)
    expect(resolved.output.match(/^OGRFeature\(/gm)?.length).toBe(5)
    const inBox = await gdal("ogrinfo", [
      "-ro",
      "-al",
      "-q",
      ...asBasic(),
      "-spat",
      "174.7",
      "-41.3",
      "174.745",
      "-41.2",
      source(),
      collection(),
    ])
    expect(inBox.output.match(/^OGRFeature\(/gm)?.length).toBe(5)
  })

  it("is refused without a token", async () => {
    const refused = await gdal("ogrinfo", ["-ro", "-so", source(), collection()])
    expect(refused.ok).toBe(false)
    expect(refused.output).toMatch(/401/)
  })
})

/** The longitude and latitude of a GeoPackage point: its header, an envelope per its flags, then WKB. */
const pointOf = (blob: Uint8Array): readonly [number, number] => {
  const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength)
  expect(String.fromCharCode(blob[0] ?? 0, blob[1] ?? 0)).toBe("GP")
  const flags = blob[3] ?? 0
  const envelope = [0, 32, 48, 48, 64][(flags >> 1) & 0b111] ?? 0
  const wkb = 8 + envelope
  const little = blob[wkb] === 1
  expect(view.getUint32(wkb + 1, little)).toBe(1)
  return [view.getFloat64(wkb + 5, little), view.getFloat64(wkb + 13, little)]
}

describe("ogr2ogr", () => {
  it("copies a collection into a GeoPackage whose features are the API's reports", async () => {
    const target = join(directory, "reports.gpkg")
    const copied = await gdal("ogr2ogr", ["-f", "GPKG", ...asBasic(), target, source(), collection()])
    expect(copied.ok, copied.output).toBe(true)
    const database = new DatabaseSync(target, { readOnly: true })
    try {
      const [contents] = database
        .prepare("SELECT table_name, data_type, srs_id FROM gpkg_contents")
        .all() as Array<{ table_name: string; data_type: string; srs_id: number }>
      expect(contents).toEqual({ table_name: collection(), data_type: "features", srs_id: 4326 })
      const rows = database.prepare(`SELECT * FROM "${collection()}" ORDER BY fid`).all() as Array<
        Record<string, unknown> & { fid: number; geom: Uint8Array }
      >
      expect(rows.map((row) => row.fid)).toEqual(reportIds)
      for (const row of rows) {
        const report = await server.request("GET", `/api/v4/reports/${row.fid}?fields=form_fields`, {
          token: world.viewer.token,
        })
        expect(report.status).toBe(200)
        const answers = Object.fromEntries(
          report.body.form_fields.map((field: { key: string; value: unknown }) => [field.key, field.value]),
        )
        expect(pointOf(row.geom)).toEqual([report.body.location.longitude, report.body.location.latitude])
        expect(row).toMatchObject({
          title: report.body.title,
          address: report.body.address,
          category_id: report.body.category_id,
          report_state_id: report.body.report_state_id,
          user_id: report.body.user_id,
          [form.what]: answers[form.what],
          [form.choice]: answers[form.choice],
          // The viewer is not the channel's staff: the private answer is left out.
          [form.secret]: null,
        })
        expect(new Date(String(row.iso_created_at)).toISOString()).toBe(report.body.iso_created_at)
      }
    } finally {
      database.close()
    }
  })
})
