/**
 * The HTTP checks of the container smoke test (`smoke.sh`), against a running service:
 *
 *     node tooling/container/smoke-checks.ts seed --url http://127.0.0.1:3000 --state /tmp/s.json
 *     # (restart the container)
 *     node tooling/container/smoke-checks.ts verify --url http://127.0.0.1:3000 --state /tmp/s.json
 *
 * `seed` waits for /readyz, signs in as the bootstrap administrator, finds the admin UI, creates a
 * team and a channel whose form has a photo field, uploads a PNG, files a report with it, fetches
 * the photo through the report's signed address (the same bytes) and waits for its thumbnail,
 * then writes what it made to `--state`. `verify` waits for /readyz again, signs in anew and finds
 * the report and the same photo bytes. The administrator's e-mail and password come from
 * FIELDREPORT_BOOTSTRAP_ADMIN_EMAIL and FIELDREPORT_BOOTSTRAP_ADMIN_PASSWORD, as the service
 * reads them. One line per check; exit 1 at the first failure.
 */
import { createHash } from "node:crypto"
import { readFileSync, writeFileSync } from "node:fs"
import { parseArgs } from "node:util"
import { crc32, deflateSync } from "node:zlib"
import { href } from "@fieldreport/contract/Api"

const { values, positionals } = parseArgs({
  options: {
    url: { type: "string" },
    state: { type: "string" },
    app: { type: "string", default: "com.fieldreport.app" },
    "ready-seconds": { type: "string", default: "90" },
  },
  strict: true,
  allowPositionals: true,
})

const usage = "usage: smoke-checks.ts seed|verify --url URL --state FILE"
const phase = positionals[0]
const base = values.url?.replace(/\/+$/, "")
const statePath = values.state
const email = process.env.FIELDREPORT_BOOTSTRAP_ADMIN_EMAIL
const password = process.env.FIELDREPORT_BOOTSTRAP_ADMIN_PASSWORD
if ((phase !== "seed" && phase !== "verify") || base === undefined || statePath === undefined) {
  process.stderr.write(`${usage}\n`)
  process.exit(2)
}
if (email === undefined || password === undefined) {
  process.stderr.write(
    "FIELDREPORT_BOOTSTRAP_ADMIN_EMAIL and FIELDREPORT_BOOTSTRAP_ADMIN_PASSWORD must be set\n",
  )
  process.exit(2)
}

class CheckFailed extends Error {}

const pass = (line: string) => process.stdout.write(`  ok    ${line}\n`)
function fail(line: string): never {
  throw new CheckFailed(line)
}
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex")
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

interface Answer {
  readonly status: number
  readonly headers: Headers
  // biome-ignore lint/suspicious/noExplicitAny: the checks read whatever the API answered
  readonly body: any
}

const call = async (
  method: string,
  path: string,
  options: { readonly token?: string; readonly body?: unknown; readonly form?: FormData } = {},
): Promise<Answer> => {
  const headers: Record<string, string> = {}
  if (options.token !== undefined) headers.Authorization = `Token token=${options.token}`
  const init: RequestInit = { method, headers }
  if (options.form !== undefined) init.body = options.form
  else if (options.body !== undefined) {
    headers["Content-Type"] = "application/json"
    init.body = JSON.stringify(options.body)
  }
  const response = await fetch(`${base}${path}`, init)
  const text = await response.text()
  let parsed: unknown = text
  try {
    parsed = text === "" ? undefined : JSON.parse(text)
  } catch {
    // Not JSON (the admin page): the text is the body.
  }
  return { status: response.status, headers: response.headers, body: parsed }
}

/** Fails with what the API answered unless the status is `expected`. */
const expectStatus = (what: string, answer: Answer, expected: number): void => {
  if (answer.status !== expected)
    fail(`${what}: ${answer.status} instead of ${expected}: ${JSON.stringify(answer.body).slice(0, 400)}`)
}

/** A PNG of one colour, large enough that the service makes smaller renditions of it. */
const png = (width: number, height: number): Buffer => {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const typed = Buffer.concat([Buffer.from(type, "latin1"), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(typed))
    return Buffer.concat([length, typed, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8 bits a sample, RGB, deflate, no filter, no interlace
  const row = Buffer.alloc(1 + width * 3)
  for (let x = 0; x < width; x++) row.set([0x3a, 0x7d, 0x44], 1 + x * 3)
  const pixels = Buffer.concat(Array.from({ length: height }, () => row))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ])
}

const download = async (url: string) => {
  const response = await fetch(url)
  return {
    status: response.status,
    contentType: response.headers.get("content-type") ?? "",
    bytes: Buffer.from(await response.arrayBuffer()),
  }
}

const waitUntilReady = async () => {
  const started = performance.now()
  const deadline = started + Number(values["ready-seconds"]) * 1000
  let last = "no answer"
  while (performance.now() < deadline) {
    try {
      const answer = await call("GET", "/readyz")
      if (answer.status === 200 && answer.body?.status === "ready") {
        pass(`/readyz answers ready (after ${((performance.now() - started) / 1000).toFixed(1)} s)`)
        return
      }
      last = `${answer.status}`
    } catch (error) {
      last =
        error instanceof Error
          ? error.cause instanceof Error
            ? error.cause.message
            : error.message
          : String(error)
    }
    await sleep(500)
  }
  fail(`/readyz not ready within ${values["ready-seconds"]} s (last: ${last})`)
}

const signIn = async (): Promise<string> => {
  const answer = await call("POST", href("createSession", {}), {
    body: { session: { app_bundle_id: values.app, email, password } },
  })
  expectStatus("sign-in as the bootstrap administrator", answer, 201)
  const token = answer.body?.session?.access_token
  if (typeof token !== "string") fail(`sign-in answered no access token: ${JSON.stringify(answer.body)}`)
  pass(`signed in as ${email}`)
  return token
}

/** The photo field's value of a report: its attachments with their signed addresses. */
const photosOf = async (token: string, reportId: number, photoKey: string) => {
  const answer = await call(
    "GET",
    `${href("getReport", { report_id: reportId })}?fields=id,title,form_fields`,
    {
      token,
    },
  )
  expectStatus(`GET report ${reportId}`, answer, 200)
  const field = (answer.body.form_fields as ReadonlyArray<{ key: string; value: unknown }>).find(
    (candidate) => candidate.key === photoKey,
  )
  const photos = field?.value
  if (!Array.isArray(photos) || photos.length !== 1)
    fail(`report ${reportId} has no photo in its field ${photoKey}: ${JSON.stringify(answer.body)}`)
  return {
    title: answer.body.title as string,
    photo: photos[0] as { id: number; original_url: string; style_url: { thumb: string } },
  }
}

interface State {
  readonly reportId: number
  readonly photoKey: string
  readonly photoId: number
  readonly photoSha256: string
  readonly title: string
}

const seed = async (): Promise<State> => {
  await waitUntilReady()
  const token = await signIn()

  const page = await call("GET", "/admin/")
  expectStatus("GET /admin/", page, 200)
  if (typeof page.body !== "string" || !page.body.includes("fieldreport-admin.js"))
    fail("/admin/ does not load the admin bundle")
  const entry = await fetch(`${base}/admin/fieldreport-admin.js`)
  if (entry.status !== 200) fail(`GET /admin/fieldreport-admin.js: ${entry.status}`)
  await entry.arrayBuffer()
  pass("the admin UI and its bundle are served")

  const team = await call("POST", href("createTeam", {}), {
    token,
    body: { team: { name: "Smoke test", industry: "Testing", location: "Container" } },
  })
  expectStatus("create a team", team, 201)
  const channel = await call("POST", href("createChannel", {}), {
    token,
    body: { channel: { name: "Smoke photos", team_id: team.body.id } },
  })
  expectStatus("create a channel", channel, 201)
  const form = await call("PUT", href("replaceChannelForm", { channel_id: channel.body.id }), {
    token,
    body: {
      form: {
        name: "Smoke",
        fields: [
          { label: "Category", field_type: "Category" },
          { label: "Photos", field_type: "Image" },
        ],
      },
    },
  })
  expectStatus("give the channel a form with a photo field", form, 200)
  const photoKey = String(
    (form.body.fields as ReadonlyArray<{ key: string; label: string }>).find(
      (field) => field.label === "Photos",
    )?.key,
  )
  pass(`created team ${team.body.id}, channel ${channel.body.id} with a photo field`)

  const bytes = png(800, 600)
  const upload = new FormData()
  upload.append("file", new Blob([new Uint8Array(bytes)], { type: "image/png" }), "smoke.png")
  const attachment = await call("POST", href("createFileAttachment", {}), { token, form: upload })
  expectStatus("upload a PNG", attachment, 201)
  pass(`uploaded a ${bytes.length}-byte PNG (attachment ${attachment.body.id})`)

  const title = "Smoke test report"
  const report = await call("POST", href("createReport", {}), {
    token,
    body: {
      report: {
        account_id: channel.body.id,
        title,
        location: { latitude: -41.2865, longitude: 174.7762 },
        [photoKey]: [attachment.body.id],
      },
    },
  })
  expectStatus("file a report with the photo", report, 201)
  const reportId = report.body.id as number
  const { photo } = await photosOf(token, reportId, photoKey)
  const original = await download(photo.original_url)
  if (original.status !== 200) fail(`GET the photo's original_url: ${original.status}`)
  if (!original.bytes.equals(bytes)) fail("the photo's original_url answers other bytes than were uploaded")
  pass(`filed report ${reportId}; its photo URL answers the uploaded bytes`)

  // The thumbnail is made by a background job; until then its address answers the original.
  const deadline = performance.now() + 60_000
  for (;;) {
    const thumb = await download(photo.style_url.thumb)
    if (thumb.status === 200 && thumb.contentType.startsWith("image/") && !thumb.bytes.equals(bytes)) {
      pass(`the photo's thumbnail was made (${thumb.bytes.length} bytes, ${thumb.contentType})`)
      break
    }
    if (performance.now() > deadline) fail("no thumbnail of the photo within 60 s")
    await sleep(500)
  }
  return { reportId, photoKey, photoId: photo.id, photoSha256: sha256(bytes), title }
}

const verify = async (state: State) => {
  await waitUntilReady()
  const token = await signIn()
  const { title, photo } = await photosOf(token, state.reportId, state.photoKey)
  if (title !== state.title) fail(`report ${state.reportId} is titled ${JSON.stringify(title)}`)
  if (photo.id !== state.photoId)
    fail(`report ${state.reportId} shows attachment ${photo.id}, not ${state.photoId}`)
  const original = await download(photo.original_url)
  if (original.status !== 200) fail(`GET the photo's original_url: ${original.status}`)
  if (sha256(original.bytes) !== state.photoSha256) fail("the photo answers other bytes than before")
  pass(`report ${state.reportId} is still there with the same photo`)
}

try {
  if (phase === "seed") writeFileSync(statePath, JSON.stringify(await seed()))
  else await verify(JSON.parse(readFileSync(statePath, "utf8")) as State)
} catch (error) {
  const message =
    error instanceof CheckFailed
      ? error.message
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error)
  process.stdout.write(`  FAIL  ${message}\n`)
  process.exit(1)
}
