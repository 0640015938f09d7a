/**
 * Uploads the mobile way, through HTTP, with uploads on local disk and in an S3-protocol bucket
 * (s3rver): an upload authorization, the file posted with its signed form as the mobile client
 * posts it, and an attachment made of its key; and everything refused that someone outside the
 * authorization, or past its limits, tries.
 */
import { existsSync, readdirSync } from "node:fs"
import { join } from "node:path"
import { Clock, Effect } from "effect"
import { SqlClient } from "effect/sql"
import { TestClock } from "effect/testing"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { AppServices } from "../../src/AppLayer.ts"
import * as PostPolicy from "../../src/attachments/PostPolicy.ts"
import { Attachments } from "../../src/services/Attachments.ts"
import { createPerson, type Person } from "../support/People.ts"
import { pdf, png } from "../support/ReportFixtures.ts"
import { type S3Server, startS3Server } from "../support/S3Server.ts"
import {
  type Answer,
  adminEmail,
  adminPassword,
  startTestServer,
  type TestServer,
} from "../support/TestServer.ts"

const uploadLimit = 200_000
const minute = 60_000

/** The wall clock, moved forward by the tests; sleeping stays real. */
const movableClock = () => {
  let offset = 0
  const live = Clock.Clock.defaultValue()
  const now = () => Date.now() + offset
  const clock: Clock.Clock = {
    currentTimeMillisUnsafe: now,
    currentTimeMillis: Effect.sync(now),
    currentTimeNanosUnsafe: () => BigInt(now()) * 1_000_000n,
    currentTimeNanos: Effect.sync(() => BigInt(now()) * 1_000_000n),
    monotonicTimeNanosUnsafe: () => live.monotonicTimeNanosUnsafe(),
    monotonicTimeNanos: live.monotonicTimeNanos,
    sleep: (duration) => live.sleep(duration),
  }
  const forward = (millis: number) => {
    offset += millis
  }
  return { clock, now, forward }
}

interface Authorization {
  readonly url: string
  readonly key_prefix: string
  readonly key: string
  readonly fields: Readonly<Record<string, string>>
}

interface Store {
  readonly name: string
  readonly env: () => Record<string, string>
  readonly start: () => Promise<void>
  readonly stop: () => Promise<void>
  /** The files kept for posted uploads and attachments, as store keys. */
  readonly files: (server: TestServer) => Promise<ReadonlyArray<string>>
}

let s3: S3Server | undefined
const stores: ReadonlyArray<Store> = [
  {
    name: "on local disk",
    env: () => ({}),
    start: async () => {},
    stop: async () => {},
    files: async (server) => {
      const root = join(server.dataDir, "uploads")
      return existsSync(root)
        ? readdirSync(root, { recursive: true, withFileTypes: true })
            .filter((entry) => entry.isFile())
            .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1))
            .sort()
        : []
    },
  },
  {
    name: "in an S3-compatible bucket",
    env: () => ({ ...s3?.env }),
    start: async () => {
      s3 = await startS3Server()
    },
    stop: async () => {
      await s3?.stop()
    },
    files: async () => ((await s3?.keys()) ?? []).map((key) => key.slice("uploads/".length)),
  },
]

const authorize = (server: TestServer, token: string, contentType = "image/png") =>
  server.request(
    "GET",
    `/api/v4/file_attachments/upload_authorization?content_type=${encodeURIComponent(contentType)}`,
    {
      token,
    },
  )

/**
 * Posts a file with an authorization's form as the mobile client does: the signed fields, `key` as
 * the prefix and a file name, the file last. `changes` replace or add fields (undefined leaves one out).
 */
const post = async (
  authorization: Authorization,
  bytes: Uint8Array,
  options: {
    readonly filename?: string
    readonly changes?: Readonly<Record<string, string | undefined>>
  } = {},
) => {
  const filename = options.filename ?? "image.png"
  const fields: Record<string, string | undefined> = {
    ...authorization.fields,
    key: `${authorization.key_prefix}${filename}`,
    ...options.changes,
  }
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value)
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "image/png" }), filename)
  const response = await fetch(authorization.url, { method: "POST", body: form })
  return { status: response.status, text: await response.text() }
}

const attach = (server: TestServer, token: string, key: string): Promise<Answer> =>
  server.request("POST", "/api/v4/file_attachments", { token, body: { file_attachment: { key } } })

const runOn = <A>(server: TestServer, effect: Effect.Effect<A, unknown, AppServices>) =>
  server.runtime.runPromise(Effect.orDie(effect))

/** Runs an effect of the attachment service with the clock at `millis`. */
const at = <A>(
  server: TestServer,
  millis: number,
  use: (attachments: Attachments["Service"]) => Effect.Effect<A, unknown>,
) =>
  server.runtime.runPromise(
    Effect.gen(function* () {
      yield* TestClock.setTime(millis)
      return yield* use(yield* Attachments)
    }).pipe(Effect.orDie, Effect.provide(TestClock.layer())),
  )

const authorizationCount = (server: TestServer) =>
  runOn(
    server,
    Effect.flatMap(
      Effect.service(SqlClient.SqlClient),
      (sql) => sql<{ readonly n: number | string }>`SELECT COUNT(*) AS n FROM upload_authorizations`,
    ),
  ).then((rows) => Number(rows[0]?.n))

/** What an executable starts with: bytes no upload takes. */
const executable = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"), Buffer.alloc(200, 0)])

describe.each(stores)("uploads the mobile way, $name", (store) => {
  let server: TestServer
  let time: ReturnType<typeof movableClock>
  let token: string
  let stranger: Person
  const inBucket = () => store.env().FIELDREPORT_S3_BUCKET !== undefined

  beforeAll(async () => {
    await store.start()
    time = movableClock()
    server = await startTestServer(
      { ...store.env(), FIELDREPORT_UPLOAD_LIMIT_BYTES: String(uploadLimit), FIELDREPORT_JOB_WORKERS: "0" },
      undefined,
      { clock: time.clock },
    )
    token = await server.login(adminEmail, adminPassword)
    stranger = await createPerson(server, "stranger@example.com")
  })
  afterAll(async () => {
    await server?.close()
    await store.stop()
  })

  const authorized = async (contentType = "image/png"): Promise<Authorization> => {
    const answer = await authorize(server, token, contentType)
    expect(answer.status).toBe(200)
    return answer.body.upload_authorization
  }

  it("hands out a form, takes the file posted with it, and makes an attachment of its key once", async () => {
    const answer = await authorize(server, token)
    expect(answer.status).toBe(200)
    const authorization: Authorization = answer.body.upload_authorization
    expect(authorization.key_prefix).toMatch(/^uploads\/[0-9a-f]{2}\/[0-9a-f]{32}\.upload\/$/)
    expect(authorization.key).toBe(`${authorization.key_prefix}\${filename}`)
    expect(authorization.url).toBe(
      inBucket() ? `${s3?.endpoint}/${s3?.bucket}` : `${server.url}/api/v4/file_attachments/uploads`,
    )
    expect(authorization.fields).toMatchObject({
      key: authorization.key,
      success_action_status: "201",
      "Content-Type": "image/png",
      "x-amz-algorithm": "AWS4-HMAC-SHA256",
    })
    const policy = JSON.parse(Buffer.from(authorization.fields.policy ?? "", "base64").toString("utf8"))
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ["starts-with", "$key", authorization.key_prefix],
        ["content-length-range", 1, uploadLimit],
        { "Content-Type": "image/png" },
      ]),
    )
    expect(Date.parse(policy.expiration) - time.now()).toBeGreaterThan(59 * minute)
    expect(Date.parse(policy.expiration) - time.now()).toBeLessThanOrEqual(60 * minute)

    const bytes = await png()
    const posted = await post(authorization, bytes)
    expect(posted.status).toBe(201)
    const token_ = authorization.key_prefix.slice("uploads/".length, -"/".length)
    expect(await store.files(server)).toEqual([inBucket() ? `${token_}/image.png` : token_])

    const created = await attach(server, token, `${authorization.key_prefix}image.png`)
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      filename: "image.png",
      content_type: "image/png",
      byte_size: bytes.length,
    })
    const original = await fetch(created.body.original_url)
    expect(Buffer.from(await original.arrayBuffer()).equals(bytes)).toBe(true)
    // The posted file became the attachment's: only the attachment's file is left.
    expect(await store.files(server)).toHaveLength(1)
    expect((await store.files(server))[0]).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{32}$/)

    // Used once: neither the key nor its form works again.
    expect(await attach(server, token, `${authorization.key_prefix}image.png`)).toMatchObject({ status: 409 })
    if (!inBucket()) expect((await post(authorization, bytes)).status).toBe(409)
  })

  it("takes a form posted as it was handed out, the file's name filling in the key", async (context) => {
    // S3 fills `${filename}` in; s3rver stores the key as sent.
    if (inBucket()) return context.skip()
    const authorization = await authorized("application/pdf")
    const form = new FormData()
    for (const [name, value] of Object.entries(authorization.fields)) form.append(name, value)
    form.append("file", new Blob([pdf]), "culvert plan.pdf")
    expect((await fetch(authorization.url, { method: "POST", body: form })).status).toBe(201)
    const created = await attach(server, token, `${authorization.key_prefix}culvert plan.pdf`)
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ filename: "culvert plan.pdf", content_type: "application/pdf" })
  })

  it("waits for a file still on its way when its attachment is asked for first", async () => {
    const authorization = await authorized()
    const bytes = await png()
    const creating = attach(server, token, `${authorization.key_prefix}image.png`)
    await new Promise((resolve) => setTimeout(resolve, 700))
    expect((await post(authorization, bytes)).status).toBe(201)
    const created = await creating
    expect(created.status).toBe(201)
    expect(created.body.byte_size).toBe(bytes.length)
  })

  it("refuses another user's key, a key of no authorization, and a type uploads do not take", async () => {
    const authorization = await authorized()
    expect((await post(authorization, await png())).status).toBe(201)
    const key = `${authorization.key_prefix}image.png`
    for (const attempt of [
      await attach(server, stranger.token, key),
      await attach(server, token, "uploads/aa/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.upload/image.png"),
      await attach(server, token, "3f/3f9c0a1e5b7d4c2a9e8f6b1d0c3a5e7f"),
    ]) {
      expect(attempt.status).toBe(422)
      expect(attempt.body.errors).toEqual({
        "file_attachment.key": ["is not the key of an upload authorization of yours"],
      })
    }
    // Refused to the stranger, it is still its owner's to use.
    expect((await attach(server, token, key)).status).toBe(201)

    const unknown = await authorize(server, token, "application/x-msdownload")
    expect(unknown.status).toBe(422)
    expect(Object.keys(unknown.body.errors)).toEqual(["content_type"])
    expect(
      (await server.request("GET", "/api/v4/file_attachments/upload_authorization", { token })).status,
    ).toBe(400)
    expect((await authorize(server, "fra_not-a-token")).status).toBe(401)
  })

  it("sniffs the posted file as an upload: bytes no upload takes and files past the limit are no attachment", async () => {
    const disguised = await authorized()
    // The form may say image/png; the bytes decide, and a bucket cannot look at them.
    const sent = await post(disguised, executable)
    expect(sent.status).toBe(201)
    const refused = await attach(server, token, `${disguised.key_prefix}image.png`)
    expect(refused.status).toBe(415)

    const large = await authorized()
    const tooLarge = Buffer.alloc(uploadLimit + 1, 7)
    if (!inBucket()) {
      // The API's endpoint holds the policy's size, as S3 does.
      expect((await post(large, tooLarge)).status).toBe(413)
    } else {
      // s3rver does not hold a policy's size; the attachment still holds the upload limit.
      expect((await post(large, tooLarge)).status).toBe(201)
      expect((await attach(server, token, `${large.key_prefix}image.png`)).status).toBe(413)
    }
  })

  it("refuses a key nothing was posted under after waiting for it", { timeout: 30_000 }, async () => {
    const authorization = await authorized()
    const started = Date.now()
    const answer = await attach(server, token, `${authorization.key_prefix}image.png`)
    expect(answer.status).toBe(422)
    expect(answer.body.errors).toEqual({ "file_attachment.key": ["nothing has been posted under it"] })
    expect(Date.now() - started).toBeGreaterThanOrEqual(9_000)
  })

  it("refuses a key whose authorization expired, and forgets it, and the file posted under it, later", async () => {
    const authorization = await authorized()
    expect((await post(authorization, await png())).status).toBe(201)
    time.forward(121 * minute)
    const answer = await attach(server, token, `${authorization.key_prefix}image.png`)
    expect(answer.status).toBe(422)
    expect(answer.body.errors).toEqual({ "file_attachment.key": ["its upload authorization has expired"] })

    const before = await store.files(server)
    expect(
      before.some((file) => file.startsWith(authorization.key_prefix.slice("uploads/".length, -1))),
    ).toBe(true)
    expect(await authorizationCount(server)).toBeGreaterThan(0)
    await at(server, time.now(), (attachments) => attachments.cleanup)
    expect(await authorizationCount(server)).toBe(0)
    // Files nothing claimed go with the sweep of files without an attachment, a day on.
    await at(server, time.now() + 25 * 60 * minute, (attachments) => attachments.sweepOrphans)
    expect((await store.files(server)).filter((file) => file.includes(".upload"))).toEqual([])
  })

  it("gives no read-only API token an authorization", async () => {
    const issued = await server.request("POST", `/api/v4/admin/users/${stranger.id}/api_tokens`, {
      token,
      body: { api_token: { name: "wall map", scope: "read" } },
    })
    expect(issued.status).toBe(201)
    const answer = await authorize(server, issued.body.token)
    expect(answer.status).toBe(403)
  })
})

describe("the API's upload endpoint, with uploads on local disk", () => {
  let server: TestServer
  let time: ReturnType<typeof movableClock>
  let token: string

  beforeAll(async () => {
    time = movableClock()
    server = await startTestServer(
      { FIELDREPORT_UPLOAD_LIMIT_BYTES: String(uploadLimit), FIELDREPORT_JOB_WORKERS: "0" },
      undefined,
      { clock: time.clock },
    )
    token = await server.login(adminEmail, adminPassword)
  })
  afterAll(async () => {
    await server?.close()
  })

  const authorized = async (): Promise<Authorization> =>
    (await authorize(server, token)).body.upload_authorization

  it("refuses a form its policy does not allow, and keeps nothing of it", async () => {
    const authorization = await authorized()
    const bytes = await png()
    const refusals: ReadonlyArray<Readonly<Record<string, string | undefined>>> = [
      { "Content-Type": "image/jpeg" },
      { key: "uploads/aa/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.upload/image.png" },
      { success_action_status: "200" },
      { acl: "public-read" },
      { policy: undefined },
      { "x-amz-signature": `${authorization.fields["x-amz-signature"]?.slice(0, -2)}00` },
    ]
    for (const changes of refusals) {
      const answer = await post(authorization, bytes, { changes })
      expect(answer.status, JSON.stringify(changes)).toBe(403)
    }
    expect(await stores[0]?.files(server)).toEqual([])
    // The same form, as handed out, is taken.
    expect((await post(authorization, bytes)).status).toBe(201)
    // One file per authorization.
    expect((await post(authorization, bytes, { filename: "again.png" })).status).toBe(409)
  })

  it("refuses a form whose policy has expired", async () => {
    const authorization = await authorized()
    time.forward(61 * minute)
    const answer = await post(authorization, await png())
    expect(answer.status).toBe(403)
    expect(JSON.parse(answer.text).detail).toBe("the policy has expired")
  })

  it("refuses a form signed for a bucket", async () => {
    const authorization = await authorized()
    const now = time.now()
    const fields = PostPolicy.sign(
      {
        keyPrefix: authorization.key_prefix,
        contentType: "image/png",
        maxBytes: uploadLimit,
        expiresMillis: now + 60 * minute,
      },
      {
        credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
        region: "us-east-1",
        nowMillis: now,
      },
    )
    expect((await post({ ...authorization, fields }, await png())).status).toBe(403)
  })
})
