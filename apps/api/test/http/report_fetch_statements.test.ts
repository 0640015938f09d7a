/**
 * What one report fetch asks of SQLite: the load benchmark found each statement costs far more in
 * the effect and `effect/sql` layers than in SQLite, so the fetch is kept to few of them. The
 * statements are seen by wrapping node:sqlite's statement methods while one fetch runs.
 */
import { StatementSync } from "node:sqlite"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { postReport } from "../support/ReportFixtures.ts"
import { integrationEngine } from "../support/TestDatabase.ts"
import { startTestServer, type TestServer } from "../support/TestServer.ts"
import { buildWorld, type World } from "../support/World.ts"

let server: TestServer
let world: World

beforeAll(async () => {
  server = await startTestServer({ FIELDREPORT_JOB_WORKERS: "0" })
  world = await buildWorld(server)
})
afterAll(() => server.close())

type Run = "all" | "get" | "run" | "iterate"
const runs: ReadonlyArray<Run> = ["all", "get", "run", "iterate"]

/** The SQL of every statement SQLite runs while `act` does. */
const statementsDuring = async (act: () => Promise<unknown>): Promise<ReadonlyArray<string>> => {
  const seen: Array<string> = []
  const methods = StatementSync.prototype as unknown as Record<Run, (...args: Array<unknown>) => unknown>
  const originals = runs.map((name) => [name, methods[name]] as const)
  for (const [name, original] of originals)
    methods[name] = function (this: StatementSync, ...args: Array<unknown>) {
      seen.push(this.sourceSQL.replace(/\s+/g, " ").trim())
      return original.apply(this, args)
    }
  try {
    await act()
  } finally {
    for (const [name, original] of originals) methods[name] = original
  }
  return seen
}

describe.skipIf(integrationEngine !== "sqlite")("a report fetch", () => {
  it("reads the session, user and app in one statement and records the open in one INSERT", async () => {
    const filed = await postReport(server, world.owner, {
      account_id: world.channel.id,
      title: "Fallen tree",
      location: { latitude: -41.2865, longitude: 174.7762 },
    })
    expect(filed.status).toBe(201)
    const path = `/api/v4/reports/${filed.body.id}`
    // The first fetch prepares the statements; the second shows the steady state.
    expect((await server.request("GET", path, { token: world.owner.token })).status).toBe(200)
    let status = 0
    const statements = await statementsDuring(async () => {
      status = (await server.request("GET", path, { token: world.owner.token })).status
    })
    expect(status).toBe(200)
    expect(statements.filter((sql) => /^(BEGIN|COMMIT|SAVEPOINT)/.test(sql))).toEqual([])
    expect(statements.filter((sql) => sql.startsWith("INSERT INTO report_reads"))).toHaveLength(1)
    expect(statements.filter((sql) => sql.startsWith("UPDATE notifications"))).toEqual([])
    expect(statements.filter((sql) => /\bFROM (users|branded_apps)\b/.test(sql))).toEqual([])
    // The session with its user and app, teams, report, channel, unread notification, the open.
    expect(statements.length).toBeLessThanOrEqual(6)
  })
})
