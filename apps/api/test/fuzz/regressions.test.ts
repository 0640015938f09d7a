/**
 * Requests the fuzz test found answered wrongly, kept as plain tests: two went unanswered, the
 * client left waiting until it gave up; one Node refused itself, without a problem body.
 */
import { readdirSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { query } from "../support/ReportFixtures.ts"
import { startTestServer, type TestServer } from "../support/TestServer.ts"
import { buildWorld, type World } from "../support/World.ts"

let server: TestServer
let world: World

beforeAll(async () => {
  server = await startTestServer()
  world = await buildWorld(server, "regressions")
})
afterAll(() => server.close())

describe("field names a header cannot carry", () => {
  it("are listed in X-Ignored-Fields percent-encoded, and the answer is sent", async () => {
    const report = await server.request("POST", "/api/v4/reports", {
      token: world.owner.token,
      body: { report: { account_id: world.channel.id, address: "Quay St" } },
    })
    const answer = await server.request(
      "GET",
      `/api/v4/reports/${report.body.id}?fields=%00,caf%C3%A9,%F0%9F%8C%8A,title`,
      {
        token: world.owner.token,
      },
    )
    expect(answer.status).toBe(200)
    expect(answer.headers.get("x-ignored-fields")).toBe("%00, caf%C3%A9, %F0%9F%8C%8A")
  })
})

describe("an upload cut off inside its file part", () => {
  it("is 400 naming the file, and leaves no attachment and no file behind", async () => {
    const boundary = "cutoff"
    const response = await fetch(`${server.url}/api/v4/file_attachments`, {
      method: "POST",
      headers: {
        Authorization: `Token token=${world.owner.token}`,
        "Content-Type": `multipart/form-data; boundary=${boundary}`,
      },
      // The part's bytes begin, and the body ends without the closing boundary.
      body: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="spill.png"\r\n\r\nhello`,
    })
    expect(response.status).toBe(400)
    expect(response.headers.get("content-type")).toContain("application/problem+json")
    const problem = (await response.json()) as { readonly errors: Record<string, unknown> }
    expect(Object.keys(problem.errors)).toEqual(["file"])
    const [row] = await query<{ n: number }>(server, (sql) => sql`SELECT COUNT(*) AS n FROM attachments`)
    expect(row?.n).toBe(0)
    const uploads = join(server.dataDir, "uploads")
    const files = readdirSync(uploads, { recursive: true, withFileTypes: true }).filter((entry) =>
      entry.isFile(),
    )
    expect(files).toEqual([])
  })
})

describe("an upload cut off inside a file part the server skips", () => {
  it("is a problem answer, not an uncaught error of the skipped part", async () => {
    const boundary = "skipped"
    const response = await fetch(`${server.url}/api/v4/file_attachments`, {
      method: "POST",
      headers: {
        Authorization: `Token token=${world.owner.token}`,
        "Content-Type": `multipart/form-data; boundary=${boundary}`,
      },
      // A file part under another name begins, and the body ends without the closing boundary.
      body: `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="spill.png"\r\n\r\nhello`,
    })
    expect(response.status).toBe(400)
    expect(response.headers.get("content-type")).toContain("application/problem+json")
    const problem = (await response.json()) as { readonly errors: Record<string, unknown> }
    expect(Object.keys(problem.errors)).toEqual(["body"])
  })
})

describe("a request Node refuses before the app sees it", () => {
  it("is answered with a problem body: headers past Node's limit are 431", async () => {
    const answer = await server.request("GET", `/api/v4/reports/search?x=${"y".repeat(20_000)}`, {
      token: world.owner.token,
    })
    expect(answer.status).toBe(431)
    expect(answer.headers.get("content-type")).toBe("application/problem+json")
    expect(answer.body).toMatchObject({ status: 431, type: "urn:fieldreport:problem:headers-too-large" })
  })
})
