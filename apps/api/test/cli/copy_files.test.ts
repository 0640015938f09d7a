/**
 * `fieldreport copy-files --to-s3`: copies a local upload directory into the bucket under the same
 * keys (an API then serving from the bucket finds every file), skips what the bucket has at the
 * same size, copies again what differs; exits 2 when called wrongly and 1 when the bucket cannot
 * be reached.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, relative } from "node:path"
import { Effect } from "effect"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { AppServices } from "../../src/AppLayer.ts"
import { JobRunner } from "../../src/jobs/JobRunner.ts"
import { Attachments } from "../../src/services/Attachments.ts"
import { closedPort, type S3Server, startS3Server } from "../support/S3Server.ts"
import { adminEmail, adminPassword, startTestServer, type TestServer } from "../support/TestServer.ts"
import { fieldreport } from "./Fieldreport.ts"

let s3: S3Server
const directories: Array<string> = []
beforeAll(async () => {
  s3 = await startS3Server("copy-files")
})
afterAll(async () => {
  await s3?.stop()
  for (const directory of directories) rmSync(directory, { recursive: true, force: true })
})

const dataDirectory = () => {
  const directory = mkdtempSync(join(tmpdir(), "fieldreport-copy-files-"))
  directories.push(directory)
  return directory
}

const upload = async (server: TestServer, token: string, bytes: Uint8Array, filename: string) => {
  const form = new FormData()
  form.append("file", new Blob([new Uint8Array(bytes)]), filename)
  const response = await fetch(`${server.url}/api/v4/file_attachments`, {
    method: "POST",
    headers: { Authorization: `Token token=${token}` },
    body: form,
  })
  expect(response.status).toBe(201)
  return (await response.json()) as { readonly id: number }
}

const run = <A>(server: TestServer, effect: Effect.Effect<A, unknown, AppServices>) =>
  server.runtime.runPromise(Effect.orDie(effect))

/** The keys of the files under a directory, sorted. */
const keysIn = (directory: string): ReadonlyArray<string> =>
  readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(directory, join(entry.parentPath, entry.name)))
    .sort()

describe("fieldreport copy-files --to-s3", () => {
  it("copies every upload file under its key, and an API on the bucket serves them; again, it copies only what differs", async () => {
    const dataDir = dataDirectory()
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#2255aa" } })
      .png()
      .toBuffer()
    const pdf = Buffer.from(
      "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
    )
    const local = await startTestServer({ FIELDREPORT_JOB_WORKERS: "0" }, dataDir)
    const token = await local.login(adminEmail, adminPassword)
    const image = await upload(local, token, png, "weir.png")
    const document = await upload(local, token, pdf, "permit.pdf")
    await run(
      local,
      Effect.flatMap(Effect.service(JobRunner), (jobs) => jobs.awaitIdle),
    )
    await local.close()
    const uploads = join(dataDir, "uploads")
    const keys = keysIn(uploads)
    expect(keys).toHaveLength(4)

    const copied = await fieldreport(["copy-files", "--to-s3"], { FIELDREPORT_DATA_DIR: dataDir, ...s3.env })
    expect(copied.stderr).toBe("")
    expect(copied.code).toBe(0)
    expect(copied.stdout).toContain(`copying ${uploads} into s3://copy-files/uploads/ at ${s3.endpoint}`)
    expect(copied.stdout).toContain("copied 4 files, 0 already in the bucket, 0 removed meanwhile")
    expect(await s3.keys()).toEqual(keys.map((key) => `uploads/${key}`))
    for (const key of keys)
      expect((await s3.read(`uploads/${key}`))?.equals(readFileSync(join(uploads, key)))).toBe(true)

    // The same records, served from the bucket.
    const onBucket = await startTestServer({ ...s3.env, FIELDREPORT_JOB_WORKERS: "0" }, dataDir)
    try {
      const records = await run(
        onBucket,
        Effect.flatMap(Effect.service(Attachments), (attachments) =>
          Effect.forEach([image.id, document.id], (id) =>
            Effect.flatMap(attachments.find(id), (row) => attachments.urlsOf(row, onBucket.url)),
          ),
        ),
      )
      const bytes = async (url: string | undefined) =>
        Buffer.from(await (await fetch(url ?? "")).arrayBuffer())
      expect((await bytes(records[0]?.original_url)).equals(png)).toBe(true)
      expect(await sharp(await bytes(records[0]?.style_url.thumb)).metadata()).toMatchObject({ width: 150 })
      expect((await bytes(records[1]?.original_url)).equals(pdf)).toBe(true)
    } finally {
      await onBucket.close()
    }

    const again = await fieldreport(["copy-files", "--to-s3"], { FIELDREPORT_DATA_DIR: dataDir, ...s3.env })
    expect(again.code).toBe(0)
    expect(again.stdout).toContain("copied 0 files, 4 already in the bucket")

    const pdfKey = keys.find((key) => readFileSync(join(uploads, key)).equals(pdf)) ?? ""
    await s3.write(`uploads/${pdfKey}`, "cut short")
    const repaired = await fieldreport(["copy-files", "--to-s3", "--from", uploads], s3.env)
    expect(repaired.code).toBe(0)
    expect(repaired.stdout).toContain("copied 1 file, 3 already in the bucket")
    expect((await s3.read(`uploads/${pdfKey}`))?.equals(pdf)).toBe(true)
  }, 60_000)

  it("shows its help; exits 2 without --to-s3, without a bucket or without the directory, and 1 when the bucket cannot be reached", async () => {
    const dataDir = dataDirectory()
    mkdirSync(join(dataDir, "uploads", "ab"), { recursive: true })
    const env = { FIELDREPORT_DATA_DIR: dataDir, ...s3.env }

    const help = await fieldreport(["copy-files", "--help"], env)
    expect(help.code).toBe(0)
    expect(help.stdout).toContain("--to-s3")
    const withoutFlag = await fieldreport(["copy-files"], env)
    expect(withoutFlag.code).toBe(2)
    const withoutBucket = await fieldreport(["copy-files", "--to-s3"], { FIELDREPORT_DATA_DIR: dataDir })
    expect(withoutBucket.code).toBe(2)
    expect(withoutBucket.stderr).toContain("FIELDREPORT_S3_BUCKET is not set")
    const withoutDirectory = await fieldreport(
      ["copy-files", "--to-s3", "--from", join(dataDir, "nowhere")],
      env,
    )
    expect(withoutDirectory.code).toBe(2)
    expect(withoutDirectory.stderr).toContain("is not a directory")

    writeFileSync(join(dataDir, "uploads", "ab", "ab0123456789abcdef0123456789abcd"), "a file")
    const down = await fieldreport(["copy-files", "--to-s3"], {
      ...env,
      FIELDREPORT_S3_ENDPOINT: `http://127.0.0.1:${await closedPort()}`,
    })
    expect(down.code).toBe(1)
    expect(down.stderr).toContain("ECONNREFUSED")
    expect(down.stderr).toContain("running the command again continues")
  }, 60_000)
})
