/**
 * Every kind of background job is idempotent: a job whose process died after its effects but
 * before recording it done is left running under a lease that expires; another worker claims it
 * again and runs it a second time. Each test puts a finished job back in that state, runs the
 * queue, and checks that its effects exist once, as after the first run.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { Duration, Effect } from "effect"
import { TestClock } from "effect/testing"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Attachments } from "../../src/services/Attachments.ts"
import { addUsers, createMember, runJobs } from "../support/Members.ts"
import { png, query, upload } from "../support/ReportFixtures.ts"
import { awaitSearch, fileReportAt, startSearch } from "../support/Searches.ts"
import { adminEmail, adminPassword, startTestServer, type TestServer } from "../support/TestServer.ts"
import { buildWorld, type World } from "../support/World.ts"

let server: TestServer
let world: World

beforeAll(async () => {
  // No workers: jobs run when a test runs the queue dry.
  server = await startTestServer({ FIELDREPORT_JOB_WORKERS: "0" })
  world = await buildWorld(server, "rerun")
})
afterAll(() => server.close())

/** The newest job of a kind. */
const lastJobOf = async (kind: string) => {
  const [job] = await query<{ id: number; status: string; attempts: number }>(
    server,
    (sql) => sql`SELECT id, status, attempts FROM jobs WHERE kind = ${kind} ORDER BY id DESC LIMIT 1`,
  )
  if (job === undefined) throw new Error(`no ${kind} job`)
  return job
}

/**
 * Leaves a finished job as a worker that died before recording it would: running, its lease long
 * expired. Answers the job's id.
 */
const dieBeforeRecording = async (kind: string): Promise<number> => {
  const job = await lastJobOf(kind)
  expect(job).toMatchObject({ status: "done", attempts: 1 })
  const expired = "2000-01-01T00:00:00.000Z"
  await query(
    server,
    (sql) => sql`UPDATE jobs SET status = 'running', lease_until = ${expired}, finished_at = NULL
      WHERE id = ${job.id} RETURNING id`,
  )
  return job.id
}

/** Runs the queue and checks that the job was claimed again and is done after its second attempt. */
const runAgain = async (kind: string, id: number) => {
  await runJobs(server)
  expect(await lastJobOf(kind)).toEqual({ id, status: "done", attempts: 2 })
}

describe("a job run again after its process died", () => {
  it("report.created: notifies each recipient once", async () => {
    const follow = await server.request("PATCH", `/api/v4/channel_selections/${world.channel.id}`, {
      token: world.viewer.token,
      body: { channel_selection: { follow: true } },
    })
    expect(follow.status).toBe(204)
    const report = await fileReportAt(server, world.reporter, world.channel.id, [174.77, -41.28])
    await runJobs(server)
    const notifications = () =>
      query<{ id: number; user_id: number }>(
        server,
        (sql) => sql`SELECT id, user_id FROM notifications WHERE report_id = ${report.id} ORDER BY id`,
      )
    const first = await notifications()
    expect(first.map((row) => row.user_id)).toContain(world.viewer.id)
    await runAgain("report.created", await dieBeforeRecording("report.created"))
    expect(await notifications()).toEqual(first)
  })

  it("mail.invitation: leaves one message, with the same Message-ID", async () => {
    const guest = await createMember(server, await server.login(adminEmail, adminPassword), "Rae", "Rerun")
    const added = await addUsers(
      server,
      world.owner.token,
      world.teamId,
      [{ user_id: guest.id, role: "viewer", send_email: true }],
      [world.channel.id],
    )
    expect(added.status).toBe(200)
    await runJobs(server)
    const mailDir = join(server.dataDir, "mail")
    const id = await dieBeforeRecording("mail.invitation")
    const name = `invitation-${String(id).padStart(12, "0")}.eml`
    const before = readdirSync(mailDir)
    expect(before).toContain(name)
    const messageId = /^Message-ID: (.+?)\r?$/m.exec(readFileSync(join(mailDir, name), "utf8"))?.[1]
    expect(messageId).toMatch(/^<invitation-0+\d+@127\.0\.0\.1>$/)

    await runAgain("mail.invitation", id)
    expect(readdirSync(mailDir)).toEqual(before)
    expect(readFileSync(join(mailDir, name), "utf8")).toContain(`Message-ID: ${messageId}`)
  })

  it("attachment.renditions: makes the same renditions; what the dead attempt left goes with the sweep", async () => {
    const photo = await upload(server, world.reporter, await png(), "spill.png")
    await runJobs(server)
    const [row] = await query<{ storage_key: string; renditions_ready: number }>(
      server,
      (sql) => sql`SELECT storage_key, renditions_ready FROM attachments WHERE id = ${photo.id}`,
    )
    if (row === undefined) throw new Error("the upload was not stored")
    expect(row.renditions_ready).toBe(1)
    const original = join(server.dataDir, "uploads", row.storage_key)
    const directory = join(original, "..")
    const filesOf = () => readdirSync(directory).filter((file) => file.startsWith(row.storage_key.slice(3)))
    const thumb = readFileSync(`${original}.thumb`)

    const id = await dieBeforeRecording("attachment.renditions")
    // The dead worker was half-way through writing a rendition (beside its target, under a name of
    // its own, as the local store writes).
    const leftover = `${original}.thumb.0123456789abcdef.partial`
    writeFileSync(leftover, thumb.subarray(0, 10))
    await runAgain("attachment.renditions", id)
    expect(readFileSync(`${original}.thumb`)).toEqual(thumb)
    // The daily sweep removes the leftover once it is a day old, and keeps the attachment's files.
    const dayLater = Date.now() + Duration.toMillis(Duration.hours(25))
    await server.runtime.runPromise(
      Effect.gen(function* () {
        yield* TestClock.setTime(dayLater)
        return yield* (yield* Attachments).sweepOrphans
      }).pipe(Effect.provide(TestClock.layer())),
    )
    expect(existsSync(leftover)).toBe(false)
    expect(filesOf().sort()).toEqual(
      [row.storage_key, `${row.storage_key}.medium`, `${row.storage_key}.thumb`].map((key) => key.slice(3)),
    )
  })

  it("report_search.run: keeps the results it wrote, once each", async () => {
    await fileReportAt(server, world.reporter, world.channel.id, null)
    const started = await startSearch(server, world.owner, "order[id]=asc")
    expect(started.status).toBe(200)
    const path = `/api/v4/report_searches/${started.body.id}`
    await runJobs(server)
    const read = () => awaitSearch(server, world.owner, `${path}/reports`, { Range: "objects=0-99" })
    const first = await read()
    expect(first.status).toBe(200)
    expect(first.body.length).toBeGreaterThanOrEqual(2)
    await runAgain("report_search.run", await dieBeforeRecording("report_search.run"))
    const second = await read()
    expect(second.body).toEqual(first.body)
    expect(second.headers.get("content-range")).toBe(first.headers.get("content-range"))
  })
})
