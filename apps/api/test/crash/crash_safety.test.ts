/**
 * Crash safety: the server runs as its own process while concurrent writers file reports (some with
 * photos), upsert reports, create tasks and upload files; it is killed with SIGKILL at a random
 * moment, twenty times over, and restarted on the same data directory. After each kill the
 * database passes SQLite's integrity and foreign key checks, every write the server acknowledged
 * with a 2xx is stored, and every stored row is one the writers sent, complete (no report without
 * its answers, no attachment without all of its file); after each restart the acknowledged writes
 * of the cycle read back through the API. At the end, the background jobs left behind by the
 * kills (photo renditions, notification fan-outs) all finish.
 */
import { createHash } from "node:crypto"
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { setTimeout as sleep } from "node:timers/promises"
import sharp from "sharp"
import { afterAll, expect, it } from "vitest"
import { type ChildServer, startChildServer } from "../support/ChildServer.ts"
import { adminEmail, adminPassword, bundleId } from "../support/TestServer.ts"
import { readStored, type Stored } from "./Stored.ts"
import { runWriters, type Target, type Write, type WriteLog } from "./Workload.ts"

const cycles = 20
const writers = 6

const sha256 = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex")

/** Logs in as the bootstrap administrator and makes the team and channel the writes go to. */
const prepare = async (server: ChildServer): Promise<Target> => {
  const session = await server.request("POST", "/api/v4/session", {
    body: { session: { app_bundle_id: bundleId, email: adminEmail, password: adminPassword } },
  })
  const token: string = session.body.session.access_token
  const call = async (method: string, path: string, body?: unknown) => {
    const answer = await server.request(method, path, { token, ...(body === undefined ? {} : { body }) })
    expect(answer.status, `${method} ${path}`).toBeLessThan(300)
    return answer.body
  }
  const team = await call("POST", "/api/v4/teams", { team: { name: "River care" } })
  const channel = await call("POST", "/api/v4/channels", { channel: { name: "Streams", team_id: team.id } })
  const form = await call("GET", `/api/v4/channels/${channel.id}/form`)
  const keyOf = (type: string): string =>
    form.fields.find((field: { field_type: string }) => field.field_type === type).key
  return {
    token,
    userId: session.body.session.profile.user_id,
    teamId: team.id,
    channelId: channel.id,
    descriptionKey: keyOf("Description"),
    imageKey: keyOf("Image"),
  }
}

/**
 * What a killed server left: sound, with every acknowledged write, and with nothing that is not
 * exactly something a writer sent.
 */
const expectStoredSound = (
  stored: Stored,
  log: WriteLog,
  target: Target,
  images: ReadonlyArray<Uint8Array>,
  dataDir: string,
) => {
  expect(stored.integrity).toEqual(["ok"])
  expect(stored.danglingReferences).toBe(0)
  expect(stored.failedJobs).toEqual([])
  const { writes } = log

  const reportsByUuid = new Map(
    stored.reports.flatMap((report) =>
      report.source_id === null && report.uuid !== null ? [[report.uuid, report]] : [],
    ),
  )
  for (const write of writes) {
    if (write.kind !== "report") continue
    const report = reportsByUuid.get(write.uuid)
    if (write.ackedId !== undefined)
      expect(report?.id, `acknowledged report ${write.uuid}`).toBe(write.ackedId)
    if (report === undefined) continue
    // Stored means complete: the address, the answer and the photo of the one request that sent it.
    expect(report.address).toBe(write.address)
    const answers = JSON.parse(report.answers)
    expect(answers[target.descriptionKey]).toBe(write.description)
    expect(answers[target.imageKey] ?? undefined).toEqual(
      write.attachmentId === undefined ? undefined : [write.attachmentId],
    )
    reportsByUuid.delete(write.uuid)
  }
  const upserts = writes.filter((write) => write.kind === "upsert")
  const upserted = stored.reports.filter((report) => report.source_id !== null)
  for (const report of upserted) {
    const sent = upserts.filter((write) => write.sourceId === report.source_id).map((write) => write.address)
    expect(sent, `report ${report.id} of ${report.source_id}`).toContain(report.address)
  }
  for (const write of upserts)
    if (write.ackedId !== undefined) expect(upserted.map((report) => report.id)).toContain(write.ackedId)
  // Every report of the channel is one a writer sent.
  expect([...reportsByUuid.keys()]).toEqual([])
  // Every upserted report is one per source id.
  expect(upserted.length).toBe(new Set(upserted.map((report) => report.source_id)).size)

  const tasksByUuid = new Map(stored.tasks.map((task) => [task.uuid, task]))
  const taskWrites = writes.filter((write) => write.kind === "task")
  for (const write of taskWrites) {
    const task = tasksByUuid.get(write.uuid)
    if (write.acked === true) expect(task, `acknowledged task ${write.uuid}`).toBeDefined()
    if (task !== undefined)
      expect(task).toEqual({ uuid: write.uuid, title: write.title, report_id: write.reportId })
  }
  expect(stored.tasks.length).toBe(taskWrites.filter((write) => tasksByUuid.has(write.uuid)).length)

  // Every attachment row has all of its file: the bytes of one of the images sent.
  const hashes = new Set(images.map(sha256))
  const attachmentIds = new Set(stored.attachments.map((attachment) => attachment.id))
  for (const attachment of stored.attachments) {
    const file = join(dataDir, "uploads", attachment.storage_key)
    expect(statSync(file).size).toBe(attachment.byte_size)
    expect(hashes.has(sha256(readFileSync(file)))).toBe(true)
  }
  for (const write of writes)
    if (write.kind === "upload" && write.acked !== undefined)
      expect(attachmentIds.has(write.acked.id)).toBe(true)
  expect(stored.attachments.length).toBeLessThanOrEqual(
    writes.filter((write) => write.kind === "upload").length,
  )
}

/** The acknowledged writes read back through the API of the restarted server. */
const expectServed = async (
  url: string,
  target: Target,
  images: ReadonlyArray<Uint8Array>,
  writes: ReadonlyArray<Write>,
) => {
  const get = (path: string) =>
    fetch(`${url}${path}`, { headers: { Authorization: `Token token=${target.token}` } })
  for (const write of writes) {
    if (write.kind === "report" && write.ackedId !== undefined) {
      const report = await (await get(`/api/v4/reports/${write.ackedId}?fields=uuid`)).json()
      expect(report).toMatchObject({ id: write.ackedId, uuid: write.uuid, address: write.address })
    }
    if (write.kind === "task" && write.acked === true) {
      const answer = await get(`/api/v4/tasks/${write.uuid}`)
      expect(answer.status).toBe(200)
      expect(await answer.json()).toMatchObject({
        uuid: write.uuid,
        title: write.title,
        report_id: write.reportId,
      })
    }
    if (write.kind === "upload" && write.acked !== undefined) {
      const file = await fetch(`${url}${write.acked.originalPath}`)
      expect(file.status).toBe(200)
      expect(sha256(new Uint8Array(await file.arrayBuffer()))).toBe(
        sha256(images[write.image] ?? new Uint8Array()),
      )
    }
  }
}

/** The server process running now: killed after the test even when the test timed out. */
let current: ChildServer | undefined
afterAll(() => current?.kill())

it(`keeps every acknowledged write, complete, across ${cycles} kills with SIGKILL`, {
  timeout: 240_000,
}, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "fieldreport-crash-"))
  const database = join(dataDir, "fieldreport.db")
  const env = {
    FIELDREPORT_DATA_DIR: dataDir,
    FIELDREPORT_RATE_LIMIT_PER_TOKEN: "1000000",
    FIELDREPORT_RATE_LIMIT_PER_ADDRESS: "1000000",
    // Jobs a killed process held are taken over once their lease expires: soon, in this test.
    FIELDREPORT_JOB_LEASE: "1 second",
    FIELDREPORT_JOB_POLL_INTERVAL: "100 millis",
  }
  const images = await Promise.all(
    ["#3a7d44", "#1f4e79", "#c0504d"].map((background) =>
      sharp({ create: { width: 40, height: 30, channels: 3, background } })
        .png()
        .toBuffer(),
    ),
  )
  let server: ChildServer = await startChildServer(env)
  current = server
  try {
    const target = await prepare(server)
    const log: WriteLog = { writes: [], unexpected: [] }
    for (let cycle = 0; cycle < cycles; cycle++) {
      const checkedBefore = log.writes.length
      const stop = new AbortController()
      const writing = runWriters(server.url, target, images, log, writers, stop.signal)
      await sleep(100 + Math.random() * 400)
      await server.kill()
      stop.abort()
      await writing
      expect(log.unexpected).toEqual([])
      expectStoredSound(readStored(database, target.channelId), log, target, images, dataDir)
      server = await startChildServer(env)
      current = server
      await expectServed(server.url, target, images, log.writes.slice(checkedBefore))
    }
    // Every kind of write was acknowledged, so each was checked across kills.
    const acknowledgedKinds = new Set(
      log.writes
        .filter((write) =>
          write.kind === "task"
            ? write.acked === true
            : write.kind === "upload"
              ? write.acked !== undefined
              : write.ackedId !== undefined,
        )
        .map((write) => write.kind),
    )
    expect([...acknowledgedKinds].sort()).toEqual(["report", "task", "upload", "upsert"])

    // The jobs the kills left pending or running all finish on the last server.
    let stored = readStored(database, target.channelId, { readOnly: true })
    while (stored.dueJobs > 0) {
      await sleep(100)
      stored = readStored(database, target.channelId, { readOnly: true })
    }
    expect(stored.failedJobs).toEqual([])
    const stills = stored.attachments.filter((attachment) => attachment.image === 1)
    expect(stills.length).toBeGreaterThan(0)
    expect(stills.filter((attachment) => attachment.renditions_ready !== 1)).toEqual([])
    for (const write of log.writes) {
      if (write.kind !== "upload" || write.acked === undefined) continue
      const thumb = await fetch(`${server.url}${write.acked.thumbPath}`)
      expect(thumb.status).toBe(200)
    }
  } finally {
    await server.kill()
    rmSync(dataDir, { recursive: true, force: true })
  }
})
