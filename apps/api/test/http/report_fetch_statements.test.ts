/**
 * What one report fetch asks of SQLite: the load benchmark found each statement costs far more in
 * the effect and `effect/sql` layers than in SQLite, so the fetch is kept to few of them. The
 * statements are seen by wrapping node:sqlite's statement methods while one fetch runs.
 */
import { StatementSync } from "node:sqlite"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { postReport } from "../support/ReportFixtures.ts"
import { integrationEngine } from "../support/TestDatabase.ts"
import { bundleId, startTestServer, type TestServer } from "../support/TestServer.ts"
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

/** The statements of the second of two fetches of `path` by the owner (the first prepares them). */
const steadyFetch = async (
  path: string,
  headers: Record<string, string> = {},
): Promise<ReadonlyArray<string>> => {
  expect((await server.request("GET", path, { token: world.owner.token, headers })).status).toBe(200)
  let status = 0
  const statements = await statementsDuring(async () => {
    status = (await server.request("GET", path, { token: world.owner.token, headers })).status
  })
  expect(status).toBe(200)
  return statements
}

/** The statements that read a channel with the caller's roles in it: the access decision. */
const channelAccessReads = (statements: ReadonlyArray<string>) =>
  statements.filter((sql) => sql.includes("cm.role AS channel_role"))

describe.skipIf(integrationEngine !== "sqlite")("a report fetch", () => {
  const fileReport = async () => {
    const filed = await postReport(server, world.owner, {
      account_id: world.channel.id,
      title: "Fallen tree",
      location: { latitude: -41.2865, longitude: 174.7762 },
    })
    expect(filed.status).toBe(201)
    return `/api/v4/reports/${filed.body.id}`
  }

  it("reads the session, user, app and preferred team in one statement and records the open in one INSERT", async () => {
    const statements = await steadyFetch(await fileReport())
    expect(statements.filter((sql) => /^(BEGIN|COMMIT|SAVEPOINT)/.test(sql))).toEqual([])
    expect(statements.filter((sql) => sql.startsWith("INSERT INTO report_reads"))).toHaveLength(1)
    expect(statements.filter((sql) => sql.startsWith("UPDATE notifications"))).toEqual([])
    const apart = statements.filter((sql) => !/\bFROM sessions\b/.test(sql))
    expect(apart.filter((sql) => /\bFROM (users|branded_apps|team_users)\b/.test(sql))).toEqual([])
    expect(channelAccessReads(statements)).toHaveLength(1)
    // The session with its user, app and team, the report, channel, unread notification, the open.
    expect(statements.length).toBeLessThanOrEqual(5)
  })

  it("takes the session's app, read with the session, for an X-AppId that names it, as mobile clients send", async () => {
    const statements = await steadyFetch(await fileReport(), { "X-AppId": bundleId })
    const apart = statements.filter((sql) => !/\bFROM sessions\b/.test(sql))
    expect(apart.filter((sql) => /\bFROM (users|branded_apps|team_users)\b/.test(sql))).toEqual([])
    expect(statements.length).toBeLessThanOrEqual(5)
  })

  it("decides the caller's access to the channel once, also when the fields that depend on it are selected", async () => {
    const path = `${await fileReport()}?fields=is_manageable_by,note_comments,note_comment_ids,form_fields`
    const statements = await steadyFetch(path)
    // Found readable by Reports.get, rendered by ReportView with that decision.
    expect(channelAccessReads(statements)).toHaveLength(1)
    // Those of the default fields, then the notes, the comments, the form and its fields.
    expect(statements.length).toBeLessThanOrEqual(10)
  })
})
