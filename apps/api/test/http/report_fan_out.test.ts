/**
 * The notification fan-out of a filed report is a job stored with the report (docs/api.md,
 * Notifications): the answer to `POST /api/v4/reports` never waits for it, and a process that stops
 * right after answering loses none of it, for whichever process runs jobs next makes the
 * notifications. On SQLite, whose queries run on the thread that answers requests, a worker woken
 * by the filing starts the fan-out only once the answer is written.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { ServerResponse } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { DatabaseSync } from "node:sqlite"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { runJobs } from "../support/Members.ts"
import { postReport, query } from "../support/ReportFixtures.ts"
import { integrationEngine } from "../support/TestDatabase.ts"
import { startTestServer, type TestServer } from "../support/TestServer.ts"
import { buildWorld, type World } from "../support/World.ts"

const dir = mkdtempSync(join(tmpdir(), "fieldreport-fan-out-"))
/** The server of the moment: one without workers, then, once it stopped, one with a worker. */
let server: TestServer
let world: World

beforeAll(async () => {
  server = await startTestServer({ FIELDREPORT_JOB_WORKERS: "0" }, dir)
  world = await buildWorld(server)
  // The viewer follows the channel: every report filed in it notifies them.
  await query(
    server,
    (sql) =>
      sql`INSERT INTO channel_selections ${sql.insert({
        channel_id: world.channel.id,
        user_id: world.viewer.id,
        view: 1,
        follow: 1,
        alert: 0,
      })} RETURNING channel_id`,
  )
}, 60_000)
afterAll(async () => {
  await server.close()
  rmSync(dir, { recursive: true, force: true })
})

/** Files a report by the channel's reporter and answers its id. */
const file = async (): Promise<number> => {
  const answer = await postReport(server, world.reporter, {
    account_id: world.channel.id,
    location: { latitude: -41.29, longitude: 174.78 },
  })
  expect(answer.status).toBe(201)
  return answer.body.id
}

/** The users notified about a report. */
const notified = async (reportId: number): Promise<ReadonlyArray<number>> =>
  (
    await query<{ user_id: number }>(
      server,
      (sql) => sql`SELECT user_id FROM notifications WHERE report_id = ${reportId}`,
    )
  ).map((row) => row.user_id)

/** The fan-out jobs of a report, as stored. */
const fanOutJobs = (reportId: number) =>
  query<{ status: string }>(
    server,
    (sql) =>
      sql`SELECT status FROM jobs WHERE kind = 'report.created' AND payload = ${JSON.stringify({ report_id: reportId })}`,
  )

describe("the fan-out of a filed report", () => {
  it("comes after the answer, from a stored job, once the jobs run", async () => {
    const id = await file()
    expect(await notified(id)).toEqual([])
    expect(await fanOutJobs(id)).toEqual([{ status: "pending" }])
    await runJobs(server)
    expect(await notified(id)).toEqual([world.viewer.id])
    expect(await fanOutJobs(id)).toEqual([{ status: "done" }])
  })

  it("still comes when the process that answered stops before running it", async () => {
    const id = await file()
    await server.close()
    server = await startTestServer({ FIELDREPORT_JOB_WORKERS: "1" }, dir)
    await runJobs(server)
    expect(await notified(id)).toEqual([world.viewer.id])
  }, 60_000)

  // The database is read as the answer is written, which only an embedded one allows.
  it.skipIf(integrationEngine === "postgres")(
    "starts, with a worker in the process, only once the answer is written",
    async () => {
      const database = new DatabaseSync(join(dir, "fieldreport.db"), { readOnly: true })
      const count = () =>
        (database.prepare("SELECT COUNT(*) AS n FROM notifications").get() as { n: number }).n
      const before = count()
      let atAnswer: number | undefined
      const end = ServerResponse.prototype.end
      ServerResponse.prototype.end = function (this: ServerResponse, ...args: Array<unknown>) {
        if (this.req.method === "POST" && this.statusCode === 201) atAnswer = count()
        return Reflect.apply(end, this, args)
      } as typeof end
      try {
        await file()
      } finally {
        ServerResponse.prototype.end = end
      }
      await runJobs(server)
      expect([atAnswer, count()]).toEqual([before, before + 1])
      database.close()
    },
  )
})
