import { randomBytes } from "node:crypto"
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { TestClock } from "effect/testing"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { AppServices } from "../../src/AppLayer.ts"
import { JobRunner } from "../../src/jobs/JobRunner.ts"
import { Attachments } from "../../src/services/Attachments.ts"
import { adminEmail, adminPassword, startTestServer, type TestServer } from "../support/TestServer.ts"

const uploadLimit = 200_000
let server: TestServer
let token: string

beforeAll(async () => {
  // No background workers: renditions appear when a test runs the queue, never behind its back.
  server = await startTestServer({
    FIELDREPORT_UPLOAD_LIMIT_BYTES: String(uploadLimit),
    FIELDREPORT_JOB_WORKERS: "0",
  })
  token = await server.login(adminEmail, adminPassword)
})
afterAll(() => server.close())

interface Uploaded {
  readonly status: number
  readonly headers: Headers
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever the API answered
  readonly body: any
}

const upload = async (
  bytes: Uint8Array,
  filename: string,
  options: { readonly authorized?: boolean; readonly field?: string } = {},
): Promise<Uploaded> => {
  const form = new FormData()
  form.append(options.field ?? "file", new Blob([new Uint8Array(bytes)]), filename)
  return post(form, options.authorized ?? true)
}

const post = async (body: FormData | string, authorized = true, contentType?: string): Promise<Uploaded> => {
  const headers: Record<string, string> = authorized ? { Authorization: `Token token=${token}` } : {}
  if (contentType !== undefined) headers["Content-Type"] = contentType
  const response = await fetch(`${server.url}/api/v4/file_attachments`, { method: "POST", headers, body })
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

const run = <A>(effect: Effect.Effect<A, never, AppServices>) => server.runtime.runPromise(effect)
const runJobs = () => run(Effect.flatMap(Effect.service(JobRunner), (jobs) => jobs.awaitIdle))
/** Runs an effect of the attachment service with the clock at `millis`. */
const at = <A>(millis: number, use: (attachments: Attachments["Service"]) => Effect.Effect<A, unknown>) =>
  server.runtime.runPromise(
    Effect.gen(function* () {
      yield* TestClock.setTime(millis)
      return yield* use(yield* Attachments)
    }).pipe(Effect.provide(TestClock.layer())),
  )

/** The files of the upload directory, and those uploads are received into. */
const filesOnDisk = (): ReadonlyArray<string> =>
  ["uploads", "incoming"].flatMap((name) => {
    const directory = join(server.dataDir, name)
    if (!existsSync(directory)) return []
    return readdirSync(directory, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name))
  })

const photo = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: "#3a7d44" } })
    .png()
    .toBuffer()
const pdf = Buffer.from(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
)
const hours = (n: number) => n * 3600_000

describe("POST /api/v4/file_attachments", () => {
  it("stores a png: 201 with the attachment record, its renditions made in the background", async () => {
    const png = await photo()
    const answer = await upload(png, "site photo.png")
    expect(answer.status).toBe(201)
    const { id } = answer.body
    expect(Object.keys(answer.body).sort()).toEqual([
      "byte_size",
      "content_type",
      "filename",
      "id",
      "original_url",
      "style_url",
    ])
    expect(answer.body).toMatchObject({
      filename: "site photo.png",
      content_type: "image/png",
      byte_size: png.length,
    })
    expect(Number.isInteger(id)).toBe(true)
    const signed = (style: string) =>
      new RegExp(`^${server.url}/api/v4/files/${id}/${style}\\?expires=\\d+&signature=[\\w-]{43}$`)
    expect(answer.body.original_url).toMatch(signed("original"))
    expect(Object.keys(answer.body.style_url).sort()).toEqual(["medium", "thumb"])
    expect(answer.body.style_url.thumb).toMatch(signed("thumb"))
    expect(answer.body.style_url.medium).toMatch(signed("medium"))

    // Until the job has run, a rendition's address answers the original.
    const early = await download(answer.body.style_url.thumb)
    expect(early.status).toBe(200)
    expect(early.bytes.equals(png)).toBe(true)

    await runJobs()
    const thumb = await download(answer.body.style_url.thumb)
    expect(thumb.headers.get("content-type")).toBe("image/png")
    expect(await sharp(thumb.bytes).metadata()).toMatchObject({ format: "png", width: 150, height: 113 })
    const medium = await download(answer.body.style_url.medium)
    expect(await sharp(medium.bytes).metadata()).toMatchObject({ width: 600, height: 450 })
  })

  it("types an upload by its bytes: a PDF named .png is a PDF, with no renditions", async () => {
    const answer = await upload(pdf, "scan.png")
    expect(answer.status).toBe(201)
    expect(answer.body.content_type).toBe("application/pdf")
    expect(answer.body.style_url).toEqual({})
    const file = await download(answer.body.original_url)
    expect(file.headers.get("content-type")).toBe("application/pdf")
    expect(file.headers.get("content-disposition")).toBe(
      `attachment; filename="scan.png"; filename*=UTF-8''scan.png`,
    )
  })

  it("keeps only the last segment of the client's filename", async () => {
    const answer = await upload(Buffer.from("Slip on Ōhāriu Road\n"), "../../etc/Tēnā koe.txt")
    expect(answer.status).toBe(201)
    expect(answer.body.filename).toBe("Tēnā koe.txt")
    expect(answer.body.content_type).toBe("text/plain")
    const file = await download(answer.body.original_url)
    expect(file.headers.get("content-type")).toBe("text/plain; charset=utf-8")
    expect(file.headers.get("content-disposition")).toBe(
      `attachment; filename="T_n_ koe.txt"; filename*=UTF-8''T%C4%93n%C4%81%20koe.txt`,
    )
  })

  it("refuses an unknown type with 415 and an oversized file with 413, leaving nothing on disk", async () => {
    const before = filesOnDisk()
    const unknown = randomBytes(2048)
    unknown[0] = 0
    const refused = await upload(unknown, "photo.jpg")
    expect(refused.status).toBe(415)
    expect(refused.headers.get("content-type")).toContain("application/problem+json")
    expect(refused.body.error).toContain("file")
    const large = await upload(Buffer.alloc(uploadLimit + 1, "a"), "big.txt")
    expect(large.status).toBe(413)
    expect(large.body.error).toContain("file")
    expect(filesOnDisk()).toEqual(before)
    const exactly = await upload(Buffer.alloc(uploadLimit, "a"), "limit.txt")
    expect(exactly.status).toBe(201)
  })

  it("refuses with 422 an image whose bytes past the signature are no image", async () => {
    const fake = Buffer.concat([(await photo()).subarray(0, 8), Buffer.alloc(64, 7)])
    const answer = await upload(fake, "fake.png")
    expect(answer.status).toBe(422)
    expect(answer.body.errors).toEqual({ file: ["is not a readable image"] })
  })

  it("answers 401 without credentials, before reading the upload", async () => {
    const answer = await upload(pdf, "scan.pdf", { authorized: false })
    expect(answer.status).toBe(401)
    expect(answer.headers.get("www-authenticate")).toBe('Token realm="api"')
  })

  it("names the missing file part or key with 422, and refuses a body neither multipart nor JSON with 415", async () => {
    const missing = await upload(pdf, "scan.pdf", { field: "document" })
    expect(missing.status).toBe(422)
    expect(missing.body.errors).toEqual({ file: ["is required"] })
    const text = new FormData()
    text.append("file", "not a file")
    const field = await post(text)
    expect(field.status).toBe(422)
    expect(field.body.errors).toEqual({ file: ["must be a file, not a text field"] })
    // JSON names the key of an authorized upload.
    const json = await post(JSON.stringify({ file: "x" }), true, "application/json")
    expect(json.status).toBe(422)
    expect(Object.keys(json.body.errors)).toEqual(["file_attachment"])
    const xml = await post("<file>x</file>", true, "application/xml")
    expect(xml.status).toBe(415)
  })
})

describe("GET /api/v4/files/{id}/{style}", () => {
  it("serves the bytes at the signed address without credentials, inline, with safe headers", async () => {
    const png = await photo()
    const { body } = await upload(png, "culvert.png")
    const file = await download(body.original_url)
    expect(file.status).toBe(200)
    expect(file.bytes.equals(png)).toBe(true)
    expect(file.headers.get("content-type")).toBe("image/png")
    expect(file.headers.get("content-disposition")).toBe(
      `inline; filename="culvert.png"; filename*=UTF-8''culvert.png`,
    )
    expect(file.headers.get("x-content-type-options")).toBe("nosniff")
    expect(file.headers.get("cross-origin-resource-policy")).toBe("cross-origin")
    const maxAge = Number(file.headers.get("cache-control")?.match(/^private, max-age=(\d+)$/)?.[1])
    expect(maxAge).toBeGreaterThan(3500)
    expect(maxAge).toBeLessThanOrEqual(3660)
  })

  it("refuses a tampered or expired address with 403", async () => {
    const { body } = await upload(pdf, "scan.pdf")
    const url = new URL(body.original_url)
    const signature = url.searchParams.get("signature") ?? ""
    url.searchParams.set("signature", `${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`)
    const tampered = await download(url.toString())
    expect(tampered.status).toBe(403)
    expect(tampered.headers.get("content-type")).toContain("application/problem+json")
    const otherFile = await download(
      body.original_url.replace(`/files/${body.id}/`, `/files/${body.id - 1}/`),
    )
    expect(otherFile.status).toBe(403)
    const unsigned = await download(body.original_url.split("?")[0])
    expect(unsigned.status).toBe(403)

    const old = await at(Date.now() - hours(2), (attachments) =>
      Effect.flatMap(attachments.find(body.id), (row) => attachments.urlsOf(row, server.url)),
    )
    const expired = await download(old.original_url)
    expect(expired.status).toBe(403)
    expect(JSON.parse(expired.bytes.toString()).error).toContain("expired")
  })

  it("answers 404 for a style it does not know", async () => {
    const { body } = await upload(pdf, "scan.pdf")
    const answer = await download(body.original_url.replace("/original?", "/large?"))
    expect(answer.status).toBe(404)
  })
})

describe("attachments in use", () => {
  it("answers the content types of usable attachments, and which ids are gone when marking them used", async () => {
    const image = (await upload(await photo(), "a.png")).body
    const text = (await upload(Buffer.from("note"), "b.txt")).body
    const ids = [image.id, text.id, 999_999]
    const all = await run(Effect.flatMap(Effect.service(Attachments), (a) => a.contentTypesOf(ids)))
    expect([...all]).toEqual([
      [image.id, "image/png"],
      [text.id, "text/plain"],
    ])
    const own = await run(
      Effect.flatMap(Effect.service(Attachments), (a) => a.contentTypesOf(ids, { userId: 1 })),
    )
    expect(own.size).toBe(2)
    const stranger = await run(
      Effect.flatMap(Effect.service(Attachments), (a) => a.contentTypesOf(ids, { userId: 2 })),
    )
    expect(stranger.size).toBe(0)
    const missing = await run(Effect.flatMap(Effect.service(Attachments), (a) => a.markUsed(ids)))
    expect(missing).toEqual([999_999])
    // Used by a report now: no longer free for another one of the uploader's.
    const used = await run(
      Effect.flatMap(Effect.service(Attachments), (a) => a.contentTypesOf(ids, { userId: 1 })),
    )
    expect(used.size).toBe(0)
  })

  it("removes what nothing used within 24 hours, files included, and keeps what is used", async () => {
    const unused = (await upload(Buffer.from("never used"), "unused.txt")).body
    const kept = (await upload(Buffer.from("used by a report"), "kept.txt")).body
    const released = (await upload(Buffer.from("used, then released"), "released.txt")).body
    const fileOf = async (id: number) => {
      const row = await run(Effect.flatMap(Effect.service(Attachments), (a) => Effect.orDie(a.find(id))))
      return join(server.dataDir, "uploads", row.storage_key)
    }
    const files = {
      unused: await fileOf(unused.id),
      kept: await fileOf(kept.id),
      released: await fileOf(released.id),
    }
    await run(Effect.flatMap(Effect.service(Attachments), (a) => a.markUsed([kept.id, released.id])))
    const now = Date.now()
    await at(now + hours(20), (a) => a.release([released.id]))

    expect(await at(now + hours(23), (a) => a.cleanup)).toBe(0)
    expect((await download(unused.original_url)).status).toBe(200)

    expect(await at(now + hours(25), (a) => a.cleanup)).toBeGreaterThan(0)
    expect((await download(unused.original_url)).status).toBe(404)
    expect(existsSync(files.unused)).toBe(false)
    expect((await download(kept.original_url)).status).toBe(200)
    // Released five hours before: still within its grace.
    expect((await download(released.original_url)).status).toBe(200)

    await at(now + hours(45), (a) => a.cleanup)
    expect((await download(released.original_url)).status).toBe(404)
    expect(existsSync(files.released)).toBe(false)
    expect(existsSync(files.kept)).toBe(true)
  })

  it("sweeps files of the upload directory that no attachment has once a day has passed", async () => {
    const live = (await upload(Buffer.from("recorded"), "live.txt")).body
    const row = await run(Effect.flatMap(Effect.service(Attachments), (a) => Effect.orDie(a.find(live.id))))
    const liveFile = join(server.dataDir, "uploads", row.storage_key)
    // What an upload leaves when its process dies between the file and the row.
    const orphan = join(server.dataDir, "uploads", "0a", "0a1b2c3d4e5f60718293a4b5c6d7e8f9")
    const other = join(server.dataDir, "uploads", "0a", "notes.txt")
    mkdirSync(dirname(orphan), { recursive: true })
    writeFileSync(orphan, "never recorded")
    writeFileSync(other, "not an upload")
    const now = Date.now()
    expect(await at(now, (a) => a.sweepOrphans)).toBe(0)
    expect(existsSync(orphan)).toBe(true)
    expect(await at(now + hours(25), (a) => a.sweepOrphans)).toBe(1)
    expect(existsSync(orphan)).toBe(false)
    expect(existsSync(other)).toBe(true)
    expect(existsSync(liveFile)).toBe(true)
    expect((await download(live.original_url)).status).toBe(200)
  })

  it("schedules the clean-up as a recurring job, one hour after its last run", async () => {
    await runJobs()
    const jobs = await run(
      Effect.flatMap(Effect.service(SqlClient.SqlClient), (sql) =>
        Effect.orDie(sql<{ readonly status: string; readonly run_at: string }>`SELECT status, run_at FROM jobs
          WHERE kind = 'attachment.cleanup' ORDER BY id`),
      ),
    )
    expect(jobs.map((job) => job.status)).toEqual(["done", "pending"])
    const next = Date.parse(jobs[1]?.run_at ?? "") - Date.now()
    expect(next).toBeGreaterThan(hours(1) - 60_000)
    expect(next).toBeLessThanOrEqual(hours(1))
  })
})
