/**
 * The importer end to end: the `fieldreport-import` program, in a child process, against a real
 * API started here; what it created is read back through the API.
 */
import { readFileSync, rmSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import {
  adminEmail,
  adminPassword,
  bundleId,
  startTestServer,
  type TestServer,
} from "../../api/test/support/TestServer.ts"
import * as GeoJsonGeometry from "../src/GeoJsonGeometry.ts"
import { type Feature, ogr2ogr, square, temporaryDirectory, writeGeoJson } from "./support/Fixtures.ts"
import * as Geometries from "./support/Geometries.ts"
import * as Importer from "./support/Importer.ts"

interface Listed {
  readonly id: number
  readonly geom: string
  readonly metadata: Record<string, unknown> & { readonly raw?: Record<string, unknown> }
}

const valid: ReadonlyArray<Feature> = [
  {
    type: "Feature",
    properties: { name: "North block", owner: "Ana", colour: "#ff0000" },
    geometry: {
      type: "Polygon",
      coordinates: [square(175.6, -40.35, 0.02), square(175.605, -40.345, 0.005)],
    },
  },
  {
    type: "Feature",
    properties: { name: "River flats", owner: "Rua", colour: "not a colour" },
    geometry: {
      type: "MultiPolygon",
      coordinates: [[square(175.62, -40.36, 0.01)], [square(175.64, -40.36, 0.01)]],
    },
  },
]

const invalid: ReadonlyArray<Feature> = [
  {
    type: "Feature",
    properties: { name: "Unclosed" },
    geometry: { type: "Polygon", coordinates: [square(175.7, -40.3, 0.01).slice(0, 4)] },
  },
  {
    type: "Feature",
    properties: { name: "Off the map" },
    geometry: { type: "Point", coordinates: [200, -40] },
  },
  { type: "Feature", properties: { name: "Nowhere" }, geometry: null },
]

let server: TestServer
let token: string
const directory = temporaryDirectory()

const connection = () => ["--server", server.url, "--token", token, "--app", bundleId]

/** Every shape of the app, a page at a time. */
const allShapes = async (): Promise<Array<Listed>> => {
  const shapes: Array<Listed> = []
  for (;;) {
    const answer = await server.request("GET", "/api/v4/shapes", {
      token,
      headers: { "X-AppId": bundleId, Range: `objects=${shapes.length}-${shapes.length + 99}` },
    })
    expect(answer.status).toBe(200)
    shapes.push(...answer.body)
    if (answer.body.length === 0) return shapes
  }
}

/** The shapes whose source key starts with `prefix`, by key. */
const shapesFrom = async (prefix: string) => {
  const shapes = (await allShapes()).filter((shape) => String(shape.metadata.source_key).startsWith(prefix))
  return new Map(shapes.map((shape) => [String(shape.metadata.source_key), shape]))
}

beforeAll(async () => {
  server = await startTestServer({
    FIELDREPORT_RATE_LIMIT_PER_TOKEN: "1000000",
    FIELDREPORT_RATE_LIMIT_PER_ADDRESS: "1000000",
  })
  token = await server.login(adminEmail, adminPassword)
  writeGeoJson(directory, "farm.geojson", [...valid, ...invalid])
  writeGeoJson(directory, "valid.geojson", valid)
  ogr2ogr(
    directory,
    "-f",
    "ESRI Shapefile",
    "-t_srs",
    "EPSG:2193",
    "-lco",
    "ENCODING=UTF-8",
    "-nln",
    "farm",
    "farm.shp.zip",
    "valid.geojson",
  )
  ogr2ogr(directory, "-f", "KML", "farm.kml", "valid.geojson")
  ogr2ogr(directory, "-f", "CSV", "-lco", "GEOMETRY=AS_WKT", "farm.csv", "valid.geojson")
})

afterAll(async () => {
  await server.close()
  rmSync(directory, { recursive: true, force: true })
})

describe("fieldreport-import", () => {
  const files = ["farm.geojson", "farm.shp.zip", "farm.kml", "farm.csv"]
  const args = [
    "--display",
    "name,owner",
    "--color-property",
    "colour",
    "--color",
    "teal",
    "--report",
    "report.csv",
  ]

  it("imports GeoJSON, Shapefile, KML and CSV; the shapes read back match the files", async () => {
    const run = await Importer.run(directory, [...connection(), ...args, ...files])
    expect(run.stdout).toMatch(
      /^created 8, skipped 3 \(0 already imported, 3 invalid\), failed 0, in [\d.]+ s\n$/,
    )
    // Invalid features make the import incomplete.
    expect(run.code).toBe(2)

    const shapes = await shapesFrom("farm.")
    expect([...shapes.keys()].sort()).toEqual(
      [
        "farm.csv#1",
        "farm.csv#2",
        "farm.geojson#1",
        "farm.geojson#2",
        "farm.kml#1",
        "farm.kml#2",
        "farm.shp.zip:farm.shp#1",
        "farm.shp.zip:farm.shp#2",
      ].sort(),
    )
    for (const [key, shape] of shapes) {
      const number = Number(key.split("#")[1])
      const source = valid[number - 1]
      const expected = Result.getOrThrow(GeoJsonGeometry.read(source?.geometry))
      // The projected Shapefile comes back within a centimetre or so.
      expect(Geometries.distance(Geometries.parse(shape.geom), expected), key).toBeLessThan(1e-7)
      expect(shape.metadata.display, key).toEqual([source?.properties.name, source?.properties.owner])
      expect(shape.metadata.normal_color, key).toBe(number === 1 ? "#ff0000" : "teal")
      expect(shape.metadata.raw, key).toMatchObject({
        name: source?.properties.name,
        owner: source?.properties.owner,
      })
    }

    expect(readFileSync(join(directory, "report.csv"), "utf8")).toBe(
      [
        "file,feature,outcome,reason",
        "farm.geojson,3,invalid,geometry: outer ring is not closed: its last position must repeat its first",
        'farm.geojson,4,invalid,"geometry: longitude must be between -180 and 180, not 200"',
        "farm.geojson,5,invalid,has no geometry",
        "",
      ].join("\n"),
    )
  })

  it("creates nothing new when run again", async () => {
    const before = (await allShapes()).length
    const run = await Importer.run(directory, [...connection(), ...args, ...files])
    expect(run.stdout).toMatch(/^created 0, skipped 11 \(8 already imported, 3 invalid\), failed 0/)
    expect((await allShapes()).length).toBe(before)
  })

  it("only counts what it would create in a dry run", async () => {
    writeGeoJson(directory, "planned.geojson", valid)
    const run = await Importer.run(directory, [...connection(), "--dry-run", "planned.geojson"])
    expect(run.stdout).toMatch(/^would create 2, skipped 0 \(0 already imported, 0 invalid\), failed 0/)
    expect(run.code).toBe(0)
    expect((await shapesFrom("planned.")).size).toBe(0)
  })

  it("sends each shape on its own with --batch-size 1", async () => {
    writeGeoJson(directory, "single.geojson", valid)
    const run = await Importer.run(directory, [...connection(), "--batch-size", "1", "single.geojson"])
    expect(run.stdout).toMatch(/^created 2, skipped 0 \(0 already imported, 0 invalid\), failed 0/)
    expect(run.code).toBe(0)
    expect([...(await shapesFrom("single.")).keys()].sort()).toEqual(["single.geojson#1", "single.geojson#2"])
  })

  it("finishes a killed import without duplicates when run again", { timeout: 60_000 }, async () => {
    const total = 600
    writeGeoJson(
      directory,
      "paddocks.geojson",
      Array.from({ length: total }, (_, i) => ({
        type: "Feature",
        properties: { paddock: i + 1 },
        geometry: {
          type: "Polygon",
          coordinates: [square(170 + (i % 50) * 0.01, -45 + Math.floor(i / 50) * 0.01, 0.005)],
        },
      })),
    )
    const first = Importer.start(directory, [
      ...connection(),
      ...["--concurrency", "2", "--batch-size", "10"],
      "paddocks.geojson",
    ])
    const killed = Importer.finished(first)
    // Killed as soon as some shapes were created, well before the end.
    for (;;) {
      const answer = await server.request("GET", "/api/v4/shapes", {
        token,
        headers: { "X-AppId": bundleId, Range: "objects=0-0" },
      })
      if (Number(answer.headers.get("content-range")?.split("/")[1]) >= 30) break
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    first.kill("SIGKILL")
    expect((await killed).signal).toBe("SIGKILL")
    const createdBefore = (await shapesFrom("paddocks.")).size
    expect(createdBefore).toBeLessThan(total)

    const resumed = await Importer.run(directory, [
      ...connection(),
      "--concurrency",
      "16",
      "paddocks.geojson",
    ])
    expect(resumed.code).toBe(0)
    const [, created, existing] =
      /^created (\d+), skipped \d+ \((\d+) already imported/.exec(resumed.stdout) ?? []
    expect(Number(created) + Number(existing)).toBe(total)
    expect(Number(existing)).toBeGreaterThanOrEqual(createdBefore)
    const shapes = (await allShapes()).filter((shape) =>
      String(shape.metadata.source_key).startsWith("paddocks."),
    )
    expect(shapes).toHaveLength(total)
    expect(new Set(shapes.map((shape) => shape.metadata.source_key)).size).toBe(total)
  })

  it("stops with exit code 1 and says why when the API refuses the token", async () => {
    const run = await Importer.run(directory, [
      "--server",
      server.url,
      "--token",
      "fra_wrong",
      "--app",
      bundleId,
      "farm.geojson",
    ])
    expect(run.code).toBe(1)
    expect(run.stderr).toContain(`cannot list the app's shapes at ${server.url}: 401`)
  })
})
