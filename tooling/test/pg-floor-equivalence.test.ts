/**
 * The PostgreSQL floor server does the API's work on PostgreSQL, no less: on a generated city
 * copied into a database of its own, for the same requests, it answers the same status, body bytes
 * and headers that matter (`Content-Type`, `Content-Range`, `Location`) as the API running on that
 * database, and runs the same statements with the same values, as a statement log in front of each
 * process (`pg-statement-log.ts`) shows.
 *
 * What legitimately differs between two calls is set aside by name, as in
 * `floor-equivalence.test.ts`: a created report's id and creation time, the expiry and signature of
 * signed file addresses; timestamps of now, random uuids and the created report's id among the
 * values, and `last_active_at`, which whichever server comes first in a minute writes. An update
 * is asked of the floor on the report as the API found it (its address and title put back).
 *
 * Needs `FIELDREPORT_TEST_DATABASE_URL` (a PostgreSQL server, on which it creates a database of its
 * own and drops it at the end); skipped without.
 */
import { randomBytes } from "node:crypto"
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs"
import { request } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { DatabaseSync } from "node:sqlite"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type LoadContext, type LoadScenario, loadScenarios } from "../bench/LoadScenarios.ts"
import { openTarget } from "../bench/LoadTarget.ts"
import { databaseUrlOf, dropDatabase } from "../bench/PgCity.ts"
import { type PgStatementLog, startStatementLog } from "../bench/pg-statement-log.ts"
import { type ServerProcess, startApi, startPgFloor } from "../bench/Servers.ts"
import type { LoggedStatement } from "../bench/statement-log.ts"
import type { Scenario } from "../generate/Generate.ts"
import { generateDatabase } from "../generate/GeneratedDatabase.ts"

const serverUrl = process.env.FIELDREPORT_TEST_DATABASE_URL || undefined
if (serverUrl === undefined)
  console.warn(
    "pg-floor-equivalence: skipped, set FIELDREPORT_TEST_DATABASE_URL to a PostgreSQL server to run it",
  )

const small: Scenario = {
  // Enough for the search the list and the poll page through to find more than a page of 25.
  reports: 4000,
  channels: 2,
  members: 20,
  followers: 3,
  areas: 30,
  shapes: 9,
  notifications: 0,
  reads: 0,
  images: 40,
  seed: 5,
}

/** Both servers are asked for the same host, so the addresses in their answers agree. */
const host = "fieldreport.test"

interface Answer {
  readonly status: number
  readonly headers: Readonly<Record<string, string | undefined>>
  readonly body: string
}

interface Call {
  readonly method: string
  readonly path: string
  readonly headers: Readonly<Record<string, string>>
  readonly body?: string
}

const ask = (server: ServerProcess, call: Call): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const url = new URL(server.url)
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method: call.method,
        path: call.path,
        headers: { ...call.headers, Host: host },
      },
      (res) => {
        const chunks: Array<Buffer> = []
        res.on("data", (chunk: Buffer) => chunks.push(chunk))
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: {
              "content-type": res.headers["content-type"],
              "content-range": res.headers["content-range"],
              location: res.headers.location,
            },
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        )
      },
    )
    req.on("error", reject)
    req.end(call.body)
  })

/** A server with the statements it runs logged. */
interface Logged {
  readonly server: ServerProcess
  readonly statements: PgStatementLog
  readonly file: string
}

/** `last_active_at`, written by whichever server is first to see the user in a minute. */
const touch = (statement: LoggedStatement) => statement.sql.startsWith("UPDATE users SET last_active_at")

const isoNow = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** The statements a call ran, their values of the moment set aside, and the created report's id named. */
const statementsOf = (file: string, createdId: number | undefined) => {
  const started = Date.now() - 60_000
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as LoggedStatement)
    .filter((statement) => !touch(statement))
    .map(({ sql, params }) => ({
      sql,
      params: params.map((value) => {
        if (typeof value === "string" && isoNow.test(value) && Date.parse(value) >= started) return "<now>"
        if (typeof value === "string" && uuid.test(value)) return "<uuid>"
        if (createdId !== undefined && value === String(createdId)) return "<created>"
        if (createdId !== undefined && value === JSON.stringify({ report_id: createdId })) return "<created>"
        return value
      }),
    }))
}

/** An answer's body with what legitimately differs set aside. */
const comparable = (answer: Answer): string => {
  const created =
    answer.status === 201 ? (JSON.parse(answer.body) as { id: number; iso_created_at: string }) : undefined
  const body = answer.body.replace(/expires=\d+&signature=[\w-]+/g, "expires=<expiry>&signature=<signature>")
  return created === undefined
    ? body
    : body.replace(`"id":${created.id},`, `"id":"<created>",`).replace(created.iso_created_at, "<now>")
}

let databaseUrl: string
let dataDir: string
let context: LoadContext
let api: Logged
let floor: Logged
let reader: pg.Client
/** Reports with photos: their fetches sign file addresses, their updates link the files again. */
let withPhotos: ReadonlyArray<number>

/** The report an update names, as it is now, and a way to put it back so. */
const reportBefore = async (call: Call): Promise<() => Promise<void>> => {
  const id = call.method === "PATCH" ? /\/reports\/(\d+)/.exec(call.path)?.[1] : undefined
  if (id === undefined) return async () => {}
  const { rows } = await reader.query<{ address: string; title: string }>(
    "SELECT address, title FROM reports WHERE id = $1",
    [Number(id)],
  )
  const [before] = rows
  return async () => {
    await reader.query("UPDATE reports SET address = $1, title = $2 WHERE id = $3", [
      before?.address,
      before?.title,
      Number(id),
    ])
  }
}

/** Asks both servers the same, the API first, and answers what each answered and ran. */
const both = async (call: Call) => {
  const heard = []
  const putBack = await reportBefore(call)
  for (const { server, file } of [api, floor]) {
    if (server === floor.server) await putBack()
    truncateSync(file)
    const answer = await ask(server, call)
    const createdId = answer.status === 201 ? (JSON.parse(answer.body) as { id: number }).id : undefined
    heard.push({
      status: answer.status,
      headers: {
        ...answer.headers,
        location: answer.headers.location?.replace(String(createdId), "<created>"),
      },
      body: comparable(answer),
      statements: statementsOf(file, createdId),
    })
  }
  const [fromApi, fromFloor] = heard
  return { fromApi, fromFloor }
}

/** Starts a server behind a statement log of its own. */
const logged = async (name: string, start: (url: string) => Promise<ServerProcess>): Promise<Logged> => {
  const file = join(dataDir, `${name}-statements.jsonl`)
  writeFileSync(file, "")
  const statements = await startStatementLog(databaseUrl, file)
  return { server: await start(statements.url), statements, file }
}

beforeAll(async () => {
  if (serverUrl === undefined) return
  databaseUrl = databaseUrlOf(
    serverUrl,
    `fieldreport_pg_floor_test_${process.pid}_${randomBytes(4).toString("hex")}`,
  )
  dataDir = mkdtempSync(join(tmpdir(), "fieldreport-pg-floor-test-"))
  await generateDatabase(dataDir, small, () => {})
  // The first API copies the city into the database, logs in and runs the search the scenarios
  // list and poll, then makes way.
  const target = await openTarget({
    dataDir,
    databaseUrl,
    reports: small.reports,
    seed: small.seed,
    log: () => {},
  })
  context = target.context
  await target.close()
  const files = new DatabaseSync(join(dataDir, "fieldreport.db"), { readOnly: true })
  withPhotos = files
    .prepare("SELECT DISTINCT report_id FROM report_attachments ORDER BY report_id LIMIT 3")
    .all()
    .map((row) => Number(row.report_id))
  files.close()
  reader = new pg.Client({ connectionString: databaseUrl })
  await reader.connect()
  // Without job workers, the API runs no statement but those of the requests.
  api = await logged("api", (url) => startApi(dataDir, { databaseUrl: url, jobWorkers: 0 }))
  floor = await logged("floor", (url) => startPgFloor(url))
}, 600_000)

afterAll(async () => {
  if (serverUrl === undefined) return
  for (const each of [api, floor]) {
    await each?.server.stop()
    await each?.statements.close()
  }
  await reader?.end()
  await dropDatabase(databaseUrl)
  rmSync(dataDir, { recursive: true, force: true })
}, 120_000)

/** Calls of a scenario, afresh each time, as the load benchmark makes them. */
const callsOf = (scenario: LoadScenario, count: number): ReadonlyArray<Call> =>
  Array.from({ length: count }, () => ({
    method: scenario.method,
    headers: scenario.headers,
    ...scenario.next(),
  }))

describe.skipIf(serverUrl === undefined)("the PostgreSQL floor server", () => {
  const hot = () => loadScenarios(context).filter((scenario) => scenario.floor)

  it("answers each hot request as the API on PostgreSQL does, with the same statements", async () => {
    for (const scenario of hot()) {
      const [first] = callsOf(scenario, 1)
      const photos = withPhotos.flatMap((id) =>
        scenario.key === "fetch-form" || scenario.key === "update"
          ? [{ ...(first as Call), path: (first as Call).path.replace(/\/reports\/\d+/, `/reports/${id}`) }]
          : [],
      )
      for (const call of [...callsOf(scenario, 3), ...photos]) {
        const { fromApi, fromFloor } = await both(call)
        expect({ scenario: scenario.key, status: fromApi?.status }).toEqual({
          scenario: scenario.key,
          status: scenario.status,
        })
        // Authentication and the request's own work, at the least: the log does see them.
        expect(fromApi?.statements.length).toBeGreaterThanOrEqual(2)
        expect({ scenario: scenario.key, ...fromFloor }).toEqual({ scenario: scenario.key, ...fromApi })
      }
    }
  }, 300_000)

  it("signs the file addresses of reports with photos as the API does", async () => {
    const { fromApi, fromFloor } = await both({
      method: "GET",
      path: `/api/v4/reports/${withPhotos[0]}?fields=form_fields`,
      headers: { Authorization: `Token token=${context.token}` },
    })
    expect(fromApi?.body).toContain(`"original_url":"http://${host}/api/v4/files/`)
    expect(fromFloor?.body).toBe(fromApi?.body)
  })

  it("authenticates every request against the database", async () => {
    const { fromApi, fromFloor } = await both({
      method: "GET",
      path: "/api/v4/users/me",
      headers: { Authorization: "Token token=fra_not-a-session" },
    })
    expect([fromApi?.status, fromFloor?.status]).toEqual([401, 401])
    expect(fromFloor?.statements).toEqual(fromApi?.statements)
  })
})
