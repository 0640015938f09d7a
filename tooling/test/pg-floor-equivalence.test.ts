/**
 * The PostgreSQL floor server does the API's work on PostgreSQL, no less: on a generated city
 * copied into a database of its own, for the same requests, it answers the same status, body bytes
 * and headers that matter (`Content-Type`, `Content-Range`, `Location`) as the API running on that
 * database, and runs the same statements with the same values, as a statement log in front of each
 * process (`pg-statement-log.ts`) shows. What legitimately differs between two calls is set aside
 * by name (`support/FloorComparison.ts`).
 *
 * Needs `FIELDREPORT_TEST_DATABASE_URL` (a PostgreSQL server, on which it creates a database of its
 * own and drops it at the end); skipped without.
 */
import { randomBytes } from "node:crypto"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { DatabaseSync } from "node:sqlite"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type LoadContext, loadScenarios } from "../bench/LoadScenarios.ts"
import { openTarget } from "../bench/LoadTarget.ts"
import { databaseUrlOf, dropDatabase } from "../bench/PgCity.ts"
import { type PgStatementLog, startStatementLog } from "../bench/pg-statement-log.ts"
import { type ServerProcess, startApi, startPgFloor } from "../bench/Servers.ts"
import { generateDatabase } from "../generate/GeneratedDatabase.ts"
import {
  askBoth,
  type Call,
  callsOf,
  host,
  type Logged as LoggedServer,
  small,
  updatedReportId,
} from "./support/FloorComparison.ts"

const serverUrl = process.env.FIELDREPORT_TEST_DATABASE_URL || undefined
if (serverUrl === undefined)
  console.warn(
    "pg-floor-equivalence: skipped, set FIELDREPORT_TEST_DATABASE_URL to a PostgreSQL server to run it",
  )

/** A server behind a statement log of its own. */
interface Logged extends LoggedServer {
  readonly statements: PgStatementLog
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
  const id = updatedReportId(call)
  if (id === undefined) return async () => {}
  const { rows } = await reader.query<{ address: string; title: string }>(
    "SELECT address, title FROM reports WHERE id = $1",
    [id],
  )
  const [before] = rows
  return async () => {
    await reader.query("UPDATE reports SET address = $1, title = $2 WHERE id = $3", [
      before?.address,
      before?.title,
      id,
    ])
  }
}

/** Asks both servers the same, the API first, and answers what each answered and ran. */
const both = async (call: Call) => askBoth(api, floor, call, await reportBefore(call))

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
        // Authentication at the least, read from the database on every request: the log does see it.
        expect(fromApi?.statements.some(({ sql }) => /\bFROM sessions\b/.test(sql))).toBe(true)
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
