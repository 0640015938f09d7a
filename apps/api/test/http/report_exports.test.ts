/**
 * Exports of report searches through HTTP (docs/api.md, Exports): each format is downloaded from its
 * signed address and read back twice, by GDAL (`ogrinfo`, as QGIS would open it) and by a parser of
 * the format (csv-parse, JSON, an XML DOM, `node:sqlite`, read-excel-file); what a file holds
 * follows the reader's access (only reports of channels they read, private answers of others left
 * out); bad requests name their field; a user lists their own exports as they stand; exports and
 * their files go after 24 hours.
 *
 * The server runs no job workers: each test runs the jobs when it means to (`runJobs`), so a
 * search or an export is found pending exactly when the test says.
 */
import { spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { DatabaseSync } from "node:sqlite"
import { DOMParser } from "@xmldom/xmldom"
import { parse as parseCsv } from "csv-parse/sync"
import { Effect } from "effect"
import readXlsxFile from "read-excel-file/node"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as JobKinds from "../../src/jobs/JobKinds.ts"
import { JobRunner } from "../../src/jobs/JobRunner.ts"
import { runJobs } from "../support/Members.ts"
import type { Person } from "../support/People.ts"
import { pdf, png, postReport, putTestForm, query, type TestForm, upload } from "../support/ReportFixtures.ts"
import { startTestServer, type TestServer } from "../support/TestServer.ts"
import { buildWorld, type World } from "../support/World.ts"

let server: TestServer
let world: World
let form: TestForm
let located: number
let addressOnly: number
let outsiderReport: number
let photoId: number
let scratch: string

/** Text a reporter typed that CSV must quote and a spreadsheet must not run. */
const what = '=HYPERLINK("http://x"), "quoted"\nsecond line'

beforeAll(async () => {
  server = await startTestServer({ FIELDREPORT_JOB_WORKERS: "0" })
  scratch = mkdtempSync(join(tmpdir(), "fieldreport-exports-"))
  world = await buildWorld(server)
  form = await putTestForm(server, world.owner, world.channel.id)
  const photo = await upload(server, world.reporter, await png(), "spill.png")
  const document = await upload(server, world.reporter, pdf, "notes.pdf")
  photoId = photo.id
  const first = await postReport(server, world.reporter, {
    account_id: world.channel.id,
    location: { latitude: -41.2889, longitude: 174.7772 },
    [form.what]: what,
    [form.when]: "2026-11-27T09:00:00+13:00",
    [form.checks]: [form.checkOptions[0], form.checkOptions[1]],
    [form.choice]: form.choiceOptions[1],
    [form.photos]: [photo.id],
    [form.files]: [document.id],
    [form.secret]: "gate code 1234",
  })
  expect(first.status, JSON.stringify(first.body)).toBe(201)
  located = first.body.id
  const second = await postReport(server, world.operator, {
    account_id: world.channel.id,
    address: "1 Lambton Quay, Wellington",
    is_anonymous: true,
  })
  expect(second.status, JSON.stringify(second.body)).toBe(201)
  addressOnly = second.body.id
  const elsewhere = await postReport(server, world.outsider, {
    account_id: world.outsiderChannel.id,
    location: { latitude: -36.85, longitude: 174.76 },
  })
  outsiderReport = elsewhere.body.id
  await runJobs(server)
})

afterAll(async () => {
  await server.close()
  rmSync(scratch, { recursive: true, force: true })
})

/** Starts a search of every channel the person reads, in id order, and runs it. */
const search = async (person: Person): Promise<number> => {
  const started = await server.request("GET", "/api/v4/reports/search?order[id]=asc", { token: person.token })
  expect(started.status, JSON.stringify(started.body)).toBe(200)
  await runJobs(server)
  return started.body.id
}

const startExport = (person: Person, body: Record<string, unknown>) =>
  server.request("POST", "/api/v4/report_exports", { token: person.token, body: { report_export: body } })

/** Exports a search as the person, runs the export, downloads the file into the scratch directory. */
const exported = async (person: Person, body: Record<string, unknown>) => {
  const started = await startExport(person, body)
  expect(started.status, JSON.stringify(started.body)).toBe(202)
  expect(started.body.url).toBe(`${server.url}/api/v4/report_exports/${started.body.id}`)
  await runJobs(server)
  const done = await server.request("GET", `/api/v4/report_exports/${started.body.id}`, {
    token: person.token,
  })
  expect(done.status, JSON.stringify(done.body)).toBe(200)
  const download = await fetch(done.body.download_url)
  expect(download.status).toBe(200)
  const bytes = Buffer.from(await download.arrayBuffer())
  expect(bytes.length).toBe(done.body.bytes)
  const path = join(scratch, `export-${started.body.id}.${body.format}`)
  writeFileSync(path, bytes)
  return { id: started.body.id as number, done: done.body, download, bytes, path }
}

/** What `ogrinfo` says of a file's layers, failing the test when it warns or fails. */
const ogrinfo = (path: string, ...options: ReadonlyArray<string>): string => {
  const run = spawnSync("ogrinfo", ["-ro", "-al", "-so", ...options, path], { encoding: "utf8" })
  expect(run.stderr).toBe("")
  expect(run.status).toBe(0)
  return run.stdout
}

describe("POST /api/v4/report_exports", () => {
  it("exports a search as CSV: one row per report, labels as headers, option labels, file addresses and the position", async () => {
    const searchId = await search(world.operator)
    const { done, download, bytes, path } = await exported(world.operator, {
      report_search_id: searchId,
      format: "csv",
    })
    expect(done).toMatchObject({ state: "done", format: "csv", rows: 2 })
    expect(download.headers.get("content-type")).toBe("text/csv; charset=utf-8")
    expect(download.headers.get("content-disposition")).toContain(`reports-${done.id}.csv`)
    const text = bytes.toString("utf8")
    expect(text.charCodeAt(0)).not.toBe(0xfeff)
    expect(text.split("\r\n")[0]).toMatch(/^id,account_id,account_name,title,/)
    const [header, ...rows] = parseCsv(text) as Array<Array<string>>
    const cell = (row: ReadonlyArray<string> | undefined, name: string) => row?.[header!.indexOf(name)]
    expect(rows.map((row) => Number(cell(row, "id")))).toEqual([located, addressOnly])
    const [first, second] = rows
    expect(cell(first, "What")).toBe(what)
    expect(cell(first, "Checks")).toBe("Gloves; Mask")
    expect(cell(first, "Choice")).toBe("High")
    expect(cell(first, "Category")).toBe(cell(first, "category_name"))
    expect(cell(first, "When")).toBe("2026-11-26T20:00:00.000Z")
    expect(cell(first, "Photos")).toMatch(
      new RegExp(`/api/v4/files/${photoId}/original\\?expires=\\d+&signature=`),
    )
    expect(cell(first, "Files")).toMatch(/\/api\/v4\/files\/\d+\/original\?/)
    expect(cell(first, "Secret")).toBe("gate code 1234")
    expect(cell(first, "latitude")).toBe("-41.2889")
    expect(cell(first, "wkt")).toBe("POINT (174.7772 -41.2889)")
    expect(cell(first, "report_state_name")).toBe("New")
    expect(cell(first, "user_short_name")).toMatch(/^w-reporter T\.$/)
    expect(header).not.toContain("<p>Take care</p>")
    expect(cell(second, "is_anonymous")).toBe("true")
    expect(cell(second, "user_id")).toBe("")
    expect(cell(second, "latitude")).toBe("")
    expect(cell(second, "address")).toBe("1 Lambton Quay, Wellington")
    expect(ogrinfo(path)).toContain("Feature Count: 2")
  })

  it("starts a CSV for Excel with a byte order mark and keeps formulas typed by reporters inert", async () => {
    const { bytes, path } = await exported(world.operator, {
      report_search_id: await search(world.operator),
      format: "csv",
      fields: ["id", form.what, "latitude"],
      excel: true,
    })
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const rows = parseCsv(bytes.toString("utf8").slice(1)) as Array<Array<string>>
    expect(rows).toEqual([
      ["id", "What", "latitude"],
      [String(located), `'${what}`, "-41.2889"],
      [String(addressOnly), "", ""],
    ])
    expect(ogrinfo(path)).toContain("Feature Count: 2")
  })

  it("exports GeoJSON: a FeatureCollection of points, null geometry for an address only", async () => {
    const { bytes, path, download } = await exported(world.operator, {
      report_search_id: await search(world.operator),
      format: "geojson",
    })
    expect(download.headers.get("content-type")).toBe("application/geo+json")
    const collection = JSON.parse(bytes.toString("utf8"))
    expect(collection.type).toBe("FeatureCollection")
    expect(collection.features.map((feature: { id: number }) => feature.id)).toEqual([located, addressOnly])
    expect(collection.features[0].geometry).toEqual({ type: "Point", coordinates: [174.7772, -41.2889] })
    expect(collection.features[0].properties).toMatchObject({
      id: located,
      Checks: "Gloves; Mask",
      is_anonymous: false,
    })
    expect(collection.features[1].geometry).toBeNull()
    const info = ogrinfo(path)
    expect(info).toContain("Geometry: Point")
    expect(info).toContain("Feature Count: 2")
  })

  it("exports KML with each category's pin colour as the placemark's style", async () => {
    const { bytes, path } = await exported(world.operator, {
      report_search_id: await search(world.operator),
      format: "kml",
    })
    const document = new DOMParser().parseFromString(bytes.toString("utf8"), "text/xml")
    const placemarks = Array.from(document.getElementsByTagName("Placemark"))
    expect(placemarks.map((placemark) => placemark.getAttribute("id"))).toEqual([
      `report-${located}`,
      `report-${addressOnly}`,
    ])
    const styleUrl = placemarks[0]!.getElementsByTagName("styleUrl")[0]?.textContent
    const style = Array.from(document.getElementsByTagName("Style")).find(
      (candidate) => `#${candidate.getAttribute("id")}` === styleUrl,
    )
    const [category] = await query<{ pin_color: string }>(
      server,
      (sql) =>
        sql`SELECT c.pin_color FROM reports r JOIN categories c ON c.id = r.category_id WHERE r.id = ${located}`,
    )
    // A new channel's root category has a green pin: CSS green, #008000, is ff008000 in KML.
    expect(category?.pin_color).toBe("green")
    expect(style?.getElementsByTagName("color")[0]?.textContent).toBe("ff008000")
    expect(style?.getElementsByTagName("href")[0]?.textContent).toBe(
      `${server.url}/api/v4/pins/%23ffffff/default@2x.png`,
    )
    expect(placemarks[0]!.getElementsByTagName("coordinates")[0]?.textContent).toBe("174.7772,-41.2889")
    const data = Array.from(placemarks[0]!.getElementsByTagName("Data")).find(
      (candidate) => candidate.getAttribute("name") === "What",
    )
    expect(data?.getElementsByTagName("value")[0]?.textContent).toBe(what)
    expect(ogrinfo(path)).toContain("Feature Count: 2")
  })

  it("exports a GeoPackage that GDAL opens: its metadata tables, typed columns and binary points", async () => {
    const { path, download } = await exported(world.operator, {
      report_search_id: await search(world.operator),
      format: "gpkg",
    })
    expect(download.headers.get("content-type")).toBe("application/geopackage+sqlite3")
    const info = ogrinfo(path)
    expect(info).toContain("Geometry: Point")
    expect(info).toContain("Feature Count: 2")
    expect(info).toContain('ID["EPSG",4326]')
    expect(info).toContain("Extent: (174.777200, -41.288900) - (174.777200, -41.288900)")
    const database = new DatabaseSync(path, { readOnly: true })
    try {
      expect(database.prepare("PRAGMA application_id").get()).toEqual({ application_id: 0x47504b47 })
      expect(database.prepare("SELECT table_name, data_type, srs_id FROM gpkg_contents").all()).toEqual([
        { table_name: "reports", data_type: "features", srs_id: 4326 },
      ])
      expect(
        database.prepare("SELECT column_name, geometry_type_name FROM gpkg_geometry_columns").all(),
      ).toEqual([{ column_name: "geom", geometry_type_name: "POINT" }])
      const rows = database
        .prepare('SELECT geom, "id", "is_anonymous", "Checks" FROM reports ORDER BY fid')
        .all()
      const geom = rows[0]?.geom as Uint8Array
      const view = new DataView(geom.buffer, geom.byteOffset, geom.byteLength)
      expect([
        geom[0],
        geom[1],
        view.getInt32(4, true),
        view.getFloat64(13, true),
        view.getFloat64(21, true),
      ]).toEqual([0x47, 0x50, 4326, 174.7772, -41.2889])
      expect(rows.map((row) => [row.id, row.is_anonymous, row.Checks])).toEqual([
        [located, 0, "Gloves; Mask"],
        [addressOnly, 1, null],
      ])
      expect(rows[1]?.geom).toBeNull()
    } finally {
      database.close()
    }
    const checked = spawnSync(
      "ogrinfo",
      ["-ro", "-q", path, "-sql", "SELECT COUNT(*) FROM reports WHERE ST_X(geom) > 174"],
      {
        encoding: "utf8",
      },
    )
    expect(checked.stdout).toContain("= 1")
  })

  it("exports XLSX with typed cells: numbers, booleans and dates", async () => {
    const { path, download } = await exported(world.operator, {
      report_search_id: await search(world.operator),
      format: "xlsx",
      fields: ["id", "is_anonymous", "iso_created_at", form.choice, "latitude"],
    })
    expect(download.headers.get("content-type")).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    )
    const [sheet, ...others] = await readXlsxFile(path)
    expect(others).toEqual([])
    expect(sheet?.sheet).toBe("reports")
    const [header, first, second] = sheet?.data ?? []
    expect(header).toEqual(["id", "is_anonymous", "iso_created_at", "Choice", "latitude"])
    expect(first?.slice(0, 2)).toEqual([located, false])
    expect(first?.[2]).toBeInstanceOf(Date)
    expect(first?.slice(3)).toEqual(["High", -41.2889])
    expect(second?.slice(0, 2)).toEqual([addressOnly, true])
    expect(ogrinfo(path)).toContain("Feature Count: 2")
  })

  it("holds only what the reader may see: no other team's reports, no private answers of others", async () => {
    const { path } = await exported(world.viewer, {
      report_search_id: await search(world.viewer),
      format: "csv",
    })
    const [header, ...rows] = parseCsv(readFileSync(path, "utf8")) as Array<Array<string>>
    const cell = (row: ReadonlyArray<string> | undefined, name: string) => row?.[header!.indexOf(name)]
    expect(rows.map((row) => Number(cell(row, "id")))).toEqual([located, addressOnly])
    expect(rows.map((row) => Number(cell(row, "id")))).not.toContain(outsiderReport)
    expect(cell(rows[0], "Secret")).toBe("")
    expect(cell(rows[0], "What")).toBe(what)
    const own = await exported(world.reporter, {
      report_search_id: await search(world.reporter),
      format: "csv",
    })
    const [ownHeader, ...ownRows] = parseCsv(readFileSync(own.path, "utf8")) as Array<Array<string>>
    expect(ownRows[0]?.[ownHeader!.indexOf("Secret")]).toBe("gate code 1234")
  })

  it("leaves out reports of a channel the reader no longer reads when the export runs", async () => {
    const searchId = await search(world.viewer)
    await query(
      server,
      (sql) => sql`DELETE FROM channel_members WHERE user_id = ${world.viewer.id} RETURNING user_id`,
    )
    try {
      const { done } = await exported(world.viewer, { report_search_id: searchId, format: "geojson" })
      expect(done.rows).toBe(0)
    } finally {
      await query(
        server,
        (sql) =>
          sql`INSERT INTO channel_members (channel_id, user_id, role) VALUES (${world.channel.id}, ${world.viewer.id}, 'viewer') RETURNING user_id`,
      )
    }
  })

  it("waits for a search still running, answering 202 with the progress meanwhile", async () => {
    const started = await server.request("GET", "/api/v4/reports/search", { token: world.operator.token })
    const exporting = await startExport(world.operator, { report_search_id: started.body.id, format: "csv" })
    expect(exporting.status).toBe(202)
    const pending = await server.request("GET", `/api/v4/report_exports/${exporting.body.id}`, {
      token: world.operator.token,
    })
    expect(pending.status).toBe(202)
    expect(pending.body).toEqual({
      id: exporting.body.id,
      state: "pending",
      rows_written: 0,
      rows_total: null,
    })
    await runJobs(server)
    const done = await server.request("GET", `/api/v4/report_exports/${exporting.body.id}`, {
      token: world.operator.token,
    })
    expect(done.status).toBe(200)
    expect(done.body.rows).toBe(2)
  })

  it.each([
    ["an unknown format", { format: "shp" }, "report_export.format"],
    ["an unknown column", { format: "csv", fields: ["id", "colour"] }, "report_export.fields.1"],
    [
      "too many columns",
      { format: "csv", fields: Array.from({ length: 101 }, () => "id") },
      "report_export.fields",
    ],
    ["Excel as text", { format: "csv", excel: "yes" }, "report_export.excel"],
  ])("refuses %s with 422 naming the field", async (_, body, field) => {
    const answer = await startExport(world.operator, {
      report_search_id: await search(world.operator),
      ...body,
    })
    expect(answer.status).toBe(422)
    expect(answer.headers.get("content-type")).toContain("application/problem+json")
    expect(Object.keys(answer.body.errors)).toEqual([field])
  })

  it("answers 404 for a search of someone else, and to anyone but its owner for an export", async () => {
    const searchId = await search(world.operator)
    const refused = await startExport(world.outsider, { report_search_id: searchId, format: "csv" })
    expect(refused.status).toBe(404)
    expect(refused.body.detail).toBe("report search not found")
    const { id } = await exported(world.operator, { report_search_id: searchId, format: "csv" })
    for (const someone of [world.outsider, world.owner]) {
      const answer = await server.request("GET", `/api/v4/report_exports/${id}`, { token: someone.token })
      expect(answer.status).toBe(404)
    }
    expect((await server.request("GET", `/api/v4/report_exports/${id}`)).status).toBe(401)
    expect(
      (await server.request("POST", "/api/v4/report_exports", { body: { report_export: {} } })).status,
    ).toBe(401)
  })

  it("refuses a download address that was changed, and one of another export", async () => {
    const first = await exported(world.operator, {
      report_search_id: await search(world.operator),
      format: "csv",
    })
    const second = await exported(world.operator, {
      report_search_id: await search(world.operator),
      format: "csv",
    })
    const url = new URL(first.done.download_url)
    url.searchParams.set("expires", String(Number(url.searchParams.get("expires")) + 60))
    expect((await fetch(url)).status).toBe(403)
    const swapped = new URL(second.done.download_url)
    swapped.pathname = new URL(first.done.download_url).pathname.replace(String(first.id), String(second.id))
    swapped.search = new URL(first.done.download_url).search
    expect((await fetch(swapped)).status).toBe(403)
    expect((await fetch(`${server.url}/api/v4/report_exports/${first.id}/file`)).status).toBe(403)
  })

  it("answers 500 with state failed when its search expired before it ran", async () => {
    const searchId = await search(world.operator)
    const started = await startExport(world.operator, { report_search_id: searchId, format: "kml" })
    await query(server, (sql) => sql`DELETE FROM report_searches WHERE id = ${searchId} RETURNING id`)
    await runJobs(server)
    const failed = await server.request("GET", `/api/v4/report_exports/${started.body.id}`, {
      token: world.operator.token,
    })
    expect(failed.status).toBe(500)
    expect(failed.headers.get("content-type")).toContain("application/problem+json")
    expect(failed.body).toMatchObject({ id: started.body.id, state: "failed", status: 500 })
    expect(failed.body.detail).toContain("expired")
  })

  it("refuses a sixth export while five of the user's wait or run", async () => {
    const searchId = await search(world.manager)
    const answers = []
    for (let n = 0; n < 6; n++)
      answers.push(await startExport(world.manager, { report_search_id: searchId, format: "csv" }))
    expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202, 202, 202, 429])
    await runJobs(server)
    expect((await startExport(world.manager, { report_search_id: searchId, format: "csv" })).status).toBe(202)
    await runJobs(server)
  })
})

describe("GET /api/v4/report_exports", () => {
  const list = (person: Person, range?: string) =>
    server.request("GET", "/api/v4/report_exports", {
      token: person.token,
      ...(range === undefined ? {} : { headers: { Range: range } }),
    })

  /** The member's exports, oldest first: one done, one failed, one waiting for its job. */
  const threeExports = async () => {
    const searchId = await search(world.member)
    const done = await exported(world.member, { report_search_id: searchId, format: "csv" })
    const doomed = await search(world.member)
    const failed = await startExport(world.member, { report_search_id: doomed, format: "kml" })
    await query(server, (sql) => sql`DELETE FROM report_searches WHERE id = ${doomed} RETURNING id`)
    await runJobs(server)
    const pending = await startExport(world.member, { report_search_id: searchId, format: "geojson" })
    return { done, failed: failed.body.id as number, pending: pending.body.id as number }
  }

  it("lists the caller's exports newest first, each as it stands, paged with Range", async () => {
    const { done, failed, pending } = await threeExports()
    const answer = await list(world.member)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.headers.get("content-range")).toBe("report_exports 0-2/3")
    expect(answer.headers.get("accept-ranges")).toBe("report_exports")
    expect(answer.body.map((listed: { id: number }) => listed.id)).toEqual([pending, failed, done.id])
    const [waiting, gaveUp, finished] = answer.body
    expect(waiting).toEqual({
      id: pending,
      state: "pending",
      format: "geojson",
      rows_written: 0,
      rows_total: null,
      bytes: null,
      download_url: null,
      error: null,
      created_at: expect.any(String),
      expires_at: expect.any(String),
    })
    expect(Date.parse(waiting.expires_at) - Date.parse(waiting.created_at)).toBe(24 * 3600 * 1000)
    expect(gaveUp).toMatchObject({
      id: failed,
      state: "failed",
      format: "kml",
      bytes: null,
      download_url: null,
    })
    expect(gaveUp.error).toContain("expired")
    expect(finished).toMatchObject({
      id: done.id,
      state: "done",
      format: "csv",
      rows_written: done.done.rows,
      bytes: done.bytes.length,
      error: null,
      expires_at: done.done.expires_at,
    })
    const download = await fetch(finished.download_url)
    expect(download.status).toBe(200)
    expect(Buffer.from(await download.arrayBuffer())).toEqual(done.bytes)

    const second = await list(world.member, "objects=1-1")
    expect(second.headers.get("content-range")).toBe("report_exports 1-1/3")
    expect(second.body.map((listed: { id: number }) => listed.id)).toEqual([failed])
    await runJobs(server)
    expect((await list(world.member)).body[0]).toMatchObject({ id: pending, state: "done" })
  })

  it("lists only the caller's own exports, and nothing without credentials", async () => {
    const mine = (await list(world.member)).body.map((listed: { id: number }) => listed.id)
    expect(mine.length).toBeGreaterThan(0)
    for (const someone of [world.outsider, world.owner, world.operator]) {
      const answer = await list(someone)
      expect(answer.status).toBe(200)
      for (const listed of answer.body) expect(mine).not.toContain(listed.id)
    }
    expect((await server.request("GET", "/api/v4/report_exports")).status).toBe(401)
  })

  it("leaves out exports past their 24 hours, before the clean-up deletes them", async () => {
    const before = (await list(world.member)).body.map((listed: { id: number }) => listed.id)
    const [newest, ...older] = before
    await query(
      server,
      (sql) =>
        sql`UPDATE report_exports SET expires_at = '2000-01-01T00:00:00.000Z' WHERE id = ${newest} RETURNING id`,
    )
    const after = await list(world.member)
    expect(after.body.map((listed: { id: number }) => listed.id)).toEqual(older)
    expect(after.headers.get("content-range")).toBe(`report_exports 0-${older.length - 1}/${older.length}`)
  })
})

describe("the clean-up", () => {
  it("deletes exports 24 hours old and their files", async () => {
    const { id, done } = await exported(world.operator, {
      report_search_id: await search(world.operator),
      format: "gpkg",
    })
    const stored = join(server.dataDir, "uploads", "report_exports", `${id}.gpkg`)
    expect(existsSync(stored)).toBe(true)
    await query(
      server,
      (sql) =>
        sql`UPDATE report_exports SET expires_at = '2000-01-01T00:00:00.000Z' WHERE id = ${id} RETURNING id`,
    )
    await server.runtime.runPromise(
      Effect.gen(function* () {
        const jobs = yield* JobRunner
        yield* jobs.enqueue(JobKinds.ReportExportCleanup, {})
        yield* jobs.awaitIdle
      }),
    )
    expect(existsSync(stored)).toBe(false)
    expect(
      (await server.request("GET", `/api/v4/report_exports/${id}`, { token: world.operator.token })).status,
    ).toBe(404)
    expect((await fetch(done.download_url)).status).toBe(404)
  })
})
