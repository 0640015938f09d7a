import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { TestClock } from "effect/testing"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { AppServices } from "../../src/AppLayer.ts"
import { JobRunner } from "../../src/jobs/JobRunner.ts"
import { Attachments } from "../../src/services/Attachments.ts"
import { closedPort, type S3Server, startS3Server } from "../support/S3Server.ts"
import { adminEmail, adminPassword, startTestServer, type TestServer } from "../support/TestServer.ts"

const uploadLimit = 8 * 1024 * 1024
let s3: S3Server
let server: TestServer
let token: string

beforeAll(async () => {
  s3 = await startS3Server()
  // No background workers: renditions appear when a test runs the queue, never behind its back.
  server = await startTestServer({
    ...s3.env,
    FIELDREPORT_UPLOAD_LIMIT_BYTES: String(uploadLimit),
    FIELDREPORT_JOB_WORKERS: "0",
  })
  token = await server.login(adminEmail, adminPassword)
})
afterAll(async () => {
  await server?.close()
  await s3?.stop()
})

interface Answer {
  readonly status: number
  readonly headers: Headers
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever the API answered
  readonly body: any
}

const upload = async (
  on: TestServer,
  bearer: string,
  bytes: Uint8Array,
  filename: string,
): Promise<Answer> => {
  const form = new FormData()
  form.append("file", new Blob([new Uint8Array(bytes)]), filename)
  const response = await fetch(`${on.url}/api/v4/file_attachments`, {
    method: "POST",
    headers: { Authorization: `Token token=${bearer}` },
    body: form,
  })
  const text = await response.text()
  return {
    status: response.status,
    headers: response.headers,
    body: text === "" ? undefined : JSON.parse(text),
  }
}

const download = async (url: string) => {
  const response = await fetch(url)
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  }
}

const runOn = <A>(on: TestServer, effect: Effect.Effect<A, unknown, AppServices>) =>
  on.runtime.runPromise(Effect.orDie(effect))
const runJobs = (on: TestServer) =>
  runOn(
    on,
    Effect.flatMap(Effect.service(JobRunner), (jobs) => jobs.awaitIdle),
  )
/** Runs an effect of the attachment service with the clock at `millis`. */
const at = <A>(
  on: TestServer,
  millis: number,
  use: (attachments: Attachments["Service"]) => Effect.Effect<A, unknown>,
) =>
  on.runtime.runPromise(
    Effect.gen(function* () {
      yield* TestClock.setTime(millis)
      return yield* use(yield* Attachments)
    }).pipe(Effect.orDie, Effect.provide(TestClock.layer())),
  )
const storageKeyOf = async (on: TestServer, id: number): Promise<string> =>
  (
    await runOn(
      on,
      Effect.flatMap(Effect.service(Attachments), (a) => a.find(id)),
    )
  ).storage_key
const attachmentCount = (on: TestServer) =>
  runOn(
    on,
    Effect.flatMap(
      Effect.service(SqlClient.SqlClient),
      (sql) => sql<{ readonly n: number | string }>`SELECT COUNT(*) AS n FROM attachments`,
    ),
  ).then((rows) => Number(rows[0]?.n))

const filesIn = (directory: string): ReadonlyArray<string> =>
  existsSync(directory)
    ? readdirSync(directory, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => join(entry.parentPath, entry.name))
    : []

const photo = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: "#3a7d44" } })
    .png()
    .toBuffer()
const pdf = Buffer.from(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
)
const hours = (n: number) => n * 3600_000

describe("uploads in an S3-compatible bucket", () => {
  it("stores an image in the bucket, makes its renditions there, and serves them at the API's signed addresses", async () => {
    const png = await photo()
    const answer = await upload(server, token, png, "culvert.png")
    expect(answer.status).toBe(201)
    const { id } = answer.body
    expect(answer.body.original_url).toMatch(
      new RegExp(`^${server.url}/api/v4/files/${id}/original\\?expires=\\d+&signature=[\\w-]{43}$`),
    )
    const key = await storageKeyOf(server, id)
    expect((await s3.read(`uploads/${key}`))?.equals(png)).toBe(true)
    // Nothing of it on the local disk: neither the upload directory nor the file it was received into.
    expect(filesIn(join(server.dataDir, "uploads"))).toEqual([])
    expect(filesIn(join(server.dataDir, "incoming"))).toEqual([])

    const original = await download(answer.body.original_url)
    expect(original.status).toBe(200)
    expect(original.bytes.equals(png)).toBe(true)
    expect(original.headers.get("content-type")).toBe("image/png")
    expect(original.headers.get("content-length")).toBe(String(png.length))
    expect(original.headers.get("content-disposition")).toBe(
      `inline; filename="culvert.png"; filename*=UTF-8''culvert.png`,
    )
    // Until the job has run, a rendition's address answers the original.
    expect((await download(answer.body.style_url.thumb)).bytes.equals(png)).toBe(true)

    await runJobs(server)
    expect(await s3.keys(`uploads/${key}`)).toEqual([
      `uploads/${key}`,
      `uploads/${key}.medium`,
      `uploads/${key}.thumb`,
    ])
    const thumb = await download(answer.body.style_url.thumb)
    expect(thumb.headers.get("content-type")).toBe("image/png")
    expect(thumb.bytes.equals((await s3.read(`uploads/${key}.thumb`)) ?? Buffer.alloc(0))).toBe(true)
    expect(await sharp(thumb.bytes).metadata()).toMatchObject({ format: "png", width: 150, height: 113 })
    const medium = await download(answer.body.style_url.medium)
    expect(await sharp(medium.bytes).metadata()).toMatchObject({ width: 600, height: 450 })
  })

  it("stores a PDF and serves the same bytes for download", async () => {
    const answer = await upload(server, token, pdf, "scan.pdf")
    expect(answer.status).toBe(201)
    expect(answer.body.content_type).toBe("application/pdf")
    expect(answer.body.style_url).toEqual({})
    const file = await download(answer.body.original_url)
    expect(file.status).toBe(200)
    expect(file.bytes.equals(pdf)).toBe(true)
    expect(file.headers.get("content-disposition")).toBe(
      `attachment; filename="scan.pdf"; filename*=UTF-8''scan.pdf`,
    )
    const head = await fetch(answer.body.original_url, { method: "HEAD" })
    expect(head.status).toBe(200)
    expect(head.headers.get("content-length")).toBe(String(pdf.length))
  })

  it("sends a file larger than one part as a multipart upload, byte for byte", async () => {
    const large = Buffer.concat([
      Buffer.from("%PDF-1.4\n"),
      Buffer.alloc(6 * 1024 * 1024, "0123456789abcdef\n"),
      Buffer.from("%%EOF\n"),
    ])
    const answer = await upload(server, token, large, "survey.pdf")
    expect(answer.status).toBe(201)
    expect(answer.body.byte_size).toBe(large.length)
    const key = await storageKeyOf(server, answer.body.id)
    expect((await s3.read(`uploads/${key}`))?.equals(large)).toBe(true)
    expect((await download(answer.body.original_url)).bytes.equals(large)).toBe(true)
  })

  it("answers 404 for a file whose object is gone", async () => {
    const answer = await upload(server, token, Buffer.from("gone soon"), "gone.txt")
    const key = await storageKeyOf(server, answer.body.id)
    await s3.remove(`uploads/${key}`)
    expect((await download(answer.body.original_url)).status).toBe(404)
  })

  it("removes the objects of removed attachments, renditions included, and keeps the others", async () => {
    const unused = (await upload(server, token, await photo(), "unused.png")).body
    const kept = (await upload(server, token, Buffer.from("used by a report"), "kept.txt")).body
    await runJobs(server)
    const unusedKey = await storageKeyOf(server, unused.id)
    const keptKey = await storageKeyOf(server, kept.id)
    expect(await s3.keys(`uploads/${unusedKey}`)).toHaveLength(3)
    await runOn(
      server,
      Effect.flatMap(Effect.service(Attachments), (a) => a.markUsed([kept.id])),
    )

    const now = Date.now()
    expect(await at(server, now + hours(25), (a) => a.cleanup)).toBeGreaterThan(0)
    expect(await s3.keys(`uploads/${unusedKey}`)).toEqual([])
    expect((await download(unused.original_url)).status).toBe(404)
    expect(await s3.keys(`uploads/${keptKey}`)).toEqual([`uploads/${keptKey}`])
    expect((await download(kept.original_url)).status).toBe(200)
  })

  it("sweeps objects no attachment has once a day has passed, and leaves the rest of the bucket alone", async () => {
    const live = (await upload(server, token, Buffer.from("recorded"), "live.txt")).body
    const liveKey = await storageKeyOf(server, live.id)
    // What an upload leaves when its process dies between the object and the row, and a copy that never finished.
    const orphan = "uploads/0a/0a1b2c3d4e5f60718293a4b5c6d7e8f9"
    await s3.write(orphan, "never recorded")
    await s3.write(`${orphan}.thumb`, "never recorded")
    await s3.write(`uploads/${liveKey}.5f3a9c1e.partial`, "half")
    await s3.write("uploads/README.txt", "not an upload")
    await s3.write("backups/0a/0a1b2c3d4e5f60718293a4b5c6d7e8f9", "outside the prefix")
    // A file an upload was being received into when its process died.
    mkdirSync(join(server.dataDir, "incoming"), { recursive: true })
    const received = join(server.dataDir, "incoming", "c0ffee")
    writeFileSync(received, "half an upload")
    const yesterday = new Date(Date.now() - hours(25))
    utimesSync(received, yesterday, yesterday)

    const now = Date.now()
    // Within the grace period nothing goes: an upload may be between its object and its row.
    expect(await at(server, now, (a) => a.sweepOrphans)).toBe(1)
    expect(existsSync(received)).toBe(false)
    expect(await s3.keys("uploads/0a/")).toHaveLength(2)

    expect(await at(server, now + hours(25), (a) => a.sweepOrphans)).toBeGreaterThanOrEqual(3)
    const keys = await s3.keys()
    expect(keys).not.toContain(orphan)
    expect(keys).not.toContain(`${orphan}.thumb`)
    expect(keys).not.toContain(`uploads/${liveKey}.5f3a9c1e.partial`)
    expect(keys).toContain(`uploads/${liveKey}`)
    expect(keys).toContain("uploads/README.txt")
    expect(await s3.keys("backups/")).toHaveLength(1)
    expect((await download(live.original_url)).status).toBe(200)
  })

  it("schedules the sweep as a daily job", async () => {
    await runJobs(server)
    const jobs = await runOn(
      server,
      Effect.flatMap(
        Effect.service(SqlClient.SqlClient),
        (sql) =>
          sql<{ readonly status: string; readonly run_at: string }>`SELECT status, run_at FROM jobs
          WHERE kind = 'attachment.orphan_sweep' ORDER BY id`,
      ),
    )
    expect(jobs.map((job) => job.status)).toEqual(["done", "pending"])
    const next = Date.parse(jobs[1]?.run_at ?? "") - Date.now()
    expect(next).toBeGreaterThan(hours(24) - 60_000)
    expect(next).toBeLessThanOrEqual(hours(24))
  })
})

describe("presigned addresses of the bucket", () => {
  let presigned: TestServer
  let presignedToken: string
  beforeAll(async () => {
    presigned = await startTestServer({
      ...s3.env,
      FIELDREPORT_S3_PRESIGNED: "true",
      FIELDREPORT_URL_LIFETIME_SECONDS: "600",
      FIELDREPORT_JOB_WORKERS: "0",
    })
    presignedToken = await presigned.login(adminEmail, adminPassword)
  })
  afterAll(() => presigned?.close())

  it("answers addresses of the bucket itself, which give the bytes with the API's headers", async () => {
    const png = await photo()
    const answer = await upload(presigned, presignedToken, png, "outfall.png")
    expect(answer.status).toBe(201)
    const key = await storageKeyOf(presigned, answer.body.id)
    const url = new URL(answer.body.original_url)
    expect(`${url.origin}${url.pathname}`).toBe(`${s3.endpoint}/${s3.bucket}/uploads/${key}`)
    expect(url.searchParams.get("X-Amz-Expires")).toBe("660")
    const original = await download(answer.body.original_url)
    expect(original.status).toBe(200)
    expect(original.bytes.equals(png)).toBe(true)
    expect(original.headers.get("content-type")).toBe("image/png")
    expect(original.headers.get("content-disposition")).toBe(
      `inline; filename="outfall.png"; filename*=UTF-8''outfall.png`,
    )
    expect(original.headers.get("cache-control")).toBe("private, max-age=600")
    // A rendition not made yet: its address is the original's.
    expect(new URL(answer.body.style_url.thumb).pathname).toBe(url.pathname)

    await runJobs(presigned)
    const record = await runOn(
      presigned,
      Effect.flatMap(Effect.service(Attachments), (a) =>
        Effect.flatMap(a.find(answer.body.id), (row) => a.urlsOf(row, presigned.url)),
      ),
    )
    expect(new URL(record.style_url.thumb ?? "").pathname).toBe(`/${s3.bucket}/uploads/${key}.thumb`)
    const thumb = await download(record.style_url.thumb ?? "")
    expect(thumb.status).toBe(200)
    expect(thumb.headers.get("content-disposition")).toBe(
      `inline; filename="outfall-thumb.png"; filename*=UTF-8''outfall-thumb.png`,
    )
    expect(await sharp(thumb.bytes).metadata()).toMatchObject({ width: 150, height: 113 })
  })

  it("presigns the renditions of lists of images, and keeps the API's path for the channel logo", async () => {
    const png = await photo()
    const { body } = await upload(presigned, presignedToken, png, "inlet.png")
    await runJobs(presigned)
    const key = await storageKeyOf(presigned, body.id)
    const styles = await runOn(
      presigned,
      Effect.flatMap(Effect.service(Attachments), (a) =>
        Effect.map(a.renditionSigner(presigned.url, [{ id: body.id }]), (sign) => sign({ id: body.id })),
      ),
    )
    expect(new URL(styles.medium).pathname).toBe(`/${s3.bucket}/uploads/${key}.medium`)
    expect(await sharp((await download(styles.medium)).bytes).metadata()).toMatchObject({ width: 600 })
    const urls = await runOn(
      presigned,
      Effect.flatMap(Effect.service(Attachments), (a) =>
        Effect.flatMap(a.find(body.id), (row) => a.urlsOf(row, presigned.url)),
      ),
    )
    expect(urls.original_path).toMatch(new RegExp(`^/api/v4/files/${body.id}/original\\?expires=`))
    const viaApi = await download(`${presigned.url}${urls.original_path}`)
    expect(viaApi.status).toBe(200)
    expect(viaApi.bytes.equals(png)).toBe(true)
  })
})

describe("a bucket that is down or refuses", () => {
  const pdfUpload = async (on: TestServer, bearer: string) => {
    const before = await attachmentCount(on)
    const answer = await upload(on, bearer, pdf, "scan.pdf")
    expect(answer.status).toBe(503)
    expect(answer.headers.get("retry-after")).toBe("30")
    expect(answer.headers.get("content-type")).toContain("application/problem+json")
    expect(answer.body.error).toContain("file store")
    // Nothing recorded, nothing left behind.
    expect(await attachmentCount(on)).toBe(before)
    expect(filesIn(join(on.dataDir, "incoming"))).toEqual([])
  }

  it("answers 503 with Retry-After to an upload when nothing listens at the endpoint, and records nothing", async () => {
    const down = await startTestServer({
      ...s3.env,
      FIELDREPORT_S3_ENDPOINT: `http://127.0.0.1:${await closedPort()}`,
      FIELDREPORT_JOB_WORKERS: "0",
    })
    try {
      await pdfUpload(down, await down.login(adminEmail, adminPassword))
    } finally {
      await down.close()
    }
  })

  it("answers 503 when the bucket refuses the keys", async () => {
    const refused = await startTestServer({
      ...s3.env,
      FIELDREPORT_S3_ACCESS_KEY_ID: "NOT-A-USER",
      FIELDREPORT_JOB_WORKERS: "0",
    })
    try {
      await pdfUpload(refused, await refused.login(adminEmail, adminPassword))
    } finally {
      await refused.close()
    }
  })

  it("answers 503 to uploads and downloads once the store stops", async () => {
    const own = await startS3Server("stopping-bucket")
    const on = await startTestServer({ ...own.env, FIELDREPORT_JOB_WORKERS: "0" })
    try {
      const bearer = await on.login(adminEmail, adminPassword)
      const stored = await upload(on, bearer, pdf, "before.pdf")
      expect(stored.status).toBe(201)
      await own.stop()
      await pdfUpload(on, bearer)
      const file = await download(stored.body.original_url)
      expect(file.status).toBe(503)
      expect(file.headers.get("retry-after")).toBe("30")
    } finally {
      await on.close()
      await own.stop()
    }
  })
})
