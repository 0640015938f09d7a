/**
 * Robustness: every operation of the OpenAPI document (and the few routes it leaves out on
 * purpose) gets generated and mutated requests (fast-check), several at a time on keep-alive
 * connections to one server with its rate limits raised. Whatever is sent, the answer is never a
 * 5xx (but the documented problem of a failed search), every error is a problem body
 * (`application/problem+json` with `type`, `title`, `status` and `error`), and no answer shows a
 * stack trace or a source path. At least 20,000 requests in all.
 *
 * The requests run as the users of a world with a report, a task, an alert area, a shape, a
 * search, an upload and an API token, so many of them reach the code behind the checks. What the
 * requests change (a revoked session, a changed password, a deactivated user) is undone before
 * the next operation.
 */
import { Agent, request } from "node:http"
import { Effect } from "effect"
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { hashPassword } from "../../src/auth/Password.ts"
import * as Document from "../../src/openapi/Document.ts"
import { UserStore } from "../../src/store/UserStore.ts"
import { png, upload } from "../support/ReportFixtures.ts"
import {
  adminEmail,
  adminPassword,
  bundleId,
  startTestServer,
  type TestServer,
} from "../support/TestServer.ts"
import { buildWorld, createApp, type World } from "../support/World.ts"
import {
  type Fixtures,
  type FuzzRequest,
  type Operation,
  operationsOf,
  requestsFor,
  resolverOf,
} from "./Requests.ts"

/** Requests the whole file sends at least. */
const totalRequests = 20_000
/** Requests sent at once, on as many keep-alive connections. */
const concurrency = 4

const document = Document.make()
const resolve = resolverOf(document)

/** Routes the document leaves out (see `test/http/openapi.test.ts`), fuzzed all the same. */
const undocumented: ReadonlyArray<Operation> = [
  "/healthz",
  "/readyz",
  "/metrics",
  "/docs",
  "/docs/reference.js",
  "/api/v4/files/{id}/{style}",
  "/api/v4/pins/{color}/{file}",
].map((path) => ({ method: "GET", path, parameters: [], body: undefined }))

// Deletions last, so that the other operations find the world whole.
const operations = [...operationsOf(document), ...undocumented].sort(
  (a, b) => Number(a.method === "DELETE") - Number(b.method === "DELETE"),
)
const runsPerOperation = Math.ceil(totalRequests / operations.length / concurrency)

/** How long a request may go unanswered before it counts as never answered. */
const unanswered = 15_000

const agent = new Agent({ keepAlive: true, maxSockets: concurrency })

/** An answer as received: status, content type and the body text. */
interface Received {
  readonly status: number
  readonly contentType: string
  readonly text: string
}

const send = (base: string, fuzz: FuzzRequest): Promise<Received> =>
  new Promise((resolve, reject) => {
    const outgoing = request(
      `${base}${fuzz.path}`,
      {
        method: fuzz.method,
        // Framed by its length: a GET's body is otherwise sent unframed, as the start of the next request.
        headers: {
          ...fuzz.headers,
          ...(fuzz.body === undefined ? {} : { "Content-Length": Buffer.byteLength(fuzz.body) }),
        },
        agent,
      },
      (response) => {
        const chunks: Array<Buffer> = []
        response.on("data", (chunk: Buffer) => chunks.push(chunk))
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            contentType: String(response.headers["content-type"] ?? ""),
            text: Buffer.concat(chunks).toString("utf8"),
          }),
        )
        response.on("error", reject)
      },
    )
    // An answer that never comes is a fault like any other; without a bound the test would hang.
    outgoing.setTimeout(unanswered, () => {
      outgoing.destroy()
      resolve({ status: 0, contentType: "", text: "" })
    })
    outgoing.on("error", reject)
    outgoing.end(fuzz.body)
  })

/** What gives away the server's insides: stack frames and source paths. */
const insides = /\n\s+at \S|\bat \S+ \(|\.ts:\d+|node:internal|node_modules\/|\/work\/|\/src\/\w+/

/** What is wrong with an answer; empty when it is fine. */
const faultsOf = (received: Received): ReadonlyArray<string> => {
  const faults: Array<string> = []
  if (received.status === 0) return [`no answer within ${unanswered / 1000} s`]
  const textual = /json|text\/plain/.test(received.contentType)
  if (textual && insides.test(received.text)) faults.push("shows the server's insides")
  if (received.status < 400) return faults
  if (!received.contentType.startsWith("application/problem+json")) {
    faults.push(`an error of type ${received.contentType || "none"}`)
    return faults
  }
  let body: { type?: unknown; title?: unknown; status?: unknown; error?: unknown } = {}
  try {
    body = JSON.parse(received.text)
  } catch {
    faults.push("a problem body that is no JSON")
  }
  if (typeof body.type !== "string" || typeof body.title !== "string" || typeof body.error !== "string")
    faults.push("a problem body without type, title and error")
  if (body.status !== received.status) faults.push("a problem body with another status")
  // A search that failed is a documented 500 (docs/api.md, Report searches); any other 5xx is a fault.
  if (received.status >= 500 && body.type !== "urn:fieldreport:problem:search-failed")
    faults.push(`status ${received.status}`)
  return faults
}

let server: TestServer
let world: World
let fixtures: Fixtures
let sent = 0
const password = "person-password-1"

/** The people whose tokens the requests carry, to restore when a request logged them out. */
let people: ReadonlyArray<{
  readonly id: number
  readonly email: string
  readonly password: string
  readonly admin: boolean
}>

/** Gives each person back their password, activation and role, and a fresh token if theirs stopped working. */
const restorePeople = async () => {
  const tokens: Array<string> = []
  for (const [index, person] of people.entries()) {
    const token = fixtures.tokens[index] ?? ""
    const me = await server.request("GET", "/api/v4/users/me", { token })
    const user = await server.runtime.runPromise(
      Effect.gen(function* () {
        const users = yield* UserStore
        const row = yield* users.findById(person.id)
        if (me.status !== 200 || row?.admin !== Number(person.admin) || row.deactivated !== 0)
          yield* users.update(person.id, {
            password_hash: yield* hashPassword(person.password),
            admin: person.admin,
            deactivated: false,
          })
        return row
      }),
    )
    tokens.push(
      me.status === 200 && user?.deactivated === 0
        ? token
        : await server.login(person.email, person.password),
    )
  }
  fixtures = { ...fixtures, tokens: [...tokens, ...fixtures.tokens.slice(people.length)] }
}

beforeAll(async () => {
  server = await startTestServer({
    FIELDREPORT_RATE_LIMIT_PER_TOKEN: "10000000",
    FIELDREPORT_RATE_LIMIT_PER_ADDRESS: "10000000",
    FIELDREPORT_LOGIN_ATTEMPTS: "10000000",
  })
  world = await buildWorld(server, "fuzz")
  const admin = await server.login(adminEmail, adminPassword)
  const otherApp = await createApp(server, "com.example.fuzz")
  const as = (token: string, headers: Record<string, string> = {}) => ({ token, headers })
  const post = async (path: string, body: unknown, options = as(world.owner.token)) => {
    const answer = await server.request("POST", path, { ...options, body })
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300)
    return answer.body
  }
  const report = await post("/api/v4/reports", {
    report: {
      account_id: world.channel.id,
      location: { latitude: -41.3, longitude: 174.7 },
      address: "Quay St",
    },
  })
  const outsiderReport = await post(
    "/api/v4/reports",
    { report: { account_id: world.outsiderChannel.id, address: "Harbour" } },
    as(world.outsider.token),
  )
  const task = await post("/api/v4/tasks", {
    task: {
      uuid: crypto.randomUUID(),
      client_created_at: "2024-05-01T09:30:00Z",
      title: "Inspect",
      description: "Look",
      assignee_id: world.member.id,
      report_id: report.id,
    },
  })
  const area = await post("/api/v4/alert_areas", { alert_area: { area: "POINT(174.7 -41.3)", radius: 500 } })
  const note = await post(`/api/v4/reports/${report.id}/note_comments`, { note_comment: { comment: "Seen" } })
  const category = await post(`/api/v4/channels/${world.channel.id}/categories`, {
    category: { name: "Oil", pin_color: "#3a7d44" },
  })
  const shape = await post(
    "/api/v4/shapes",
    { shape: { geom: "POLYGON((174 -41, 175 -41, 175 -42, 174 -42, 174 -41))" } },
    as(admin, { "X-AppId": bundleId }),
  )
  const shapeSearch = await post(
    "/api/v4/shape_searches",
    { shape_search: { bbox: [174, -42, 175, -41] } },
    as(admin, { "X-AppId": bundleId }),
  )
  const search = await server.request("GET", "/api/v4/reports/search", { token: world.owner.token })
  const attachment = await upload(server, world.owner, await png(), "spill.png")
  const apiToken = await post(
    `/api/v4/admin/users/${world.owner.id}/api_tokens`,
    { api_token: { name: "fuzz" } },
    as(admin),
  )
  const states = await server.request("GET", `/api/v4/report_states?channel_id=${world.channel.id}`, {
    token: world.owner.token,
  })
  const teamUsers = await server.request("GET", `/api/v4/teams/${world.teamId}/team_users`, {
    token: world.owner.token,
  })
  const ids = (...values: ReadonlyArray<number | string>) => values.map(String)
  const adminId = (await server.request("GET", "/api/v4/users/me", { token: admin })).body.id as number
  // In the order of their tokens in `fixtures.tokens`.
  people = [
    { id: adminId, email: adminEmail, password: adminPassword, admin: true },
    { id: world.owner.id, email: world.owner.email, password, admin: false },
    { id: world.outsider.id, email: world.outsider.email, password, admin: false },
    { id: world.viewer.id, email: world.viewer.email, password, admin: false },
  ]
  fixtures = {
    tokens: [admin, world.owner.token, world.outsider.token, world.viewer.token, apiToken.token],
    bundleIds: [bundleId, otherApp, "com.example.nowhere"],
    teamIds: [world.teamId, world.outsiderTeamId],
    ids: {
      reports: ids(report.id, outsiderReport.id),
      report_searches: ids(search.body.id),
      note_comment: ids(note.id),
      tasks: ids(task.uuid),
      alert_areas: ids(area.id),
      teams: ids(world.teamId, world.outsiderTeamId),
      team_users: teamUsers.body.map((teamUser: { id: number }) => String(teamUser.id)),
      shapes: ids(shape.id),
      shape_searches: ids(shapeSearch.id),
      channel_selections: ids(world.channel.id, world.outsiderChannel.id),
      channels: ids(world.channel.id, world.outsiderChannel.id),
      categories: ids(category.id, world.channel.category_id),
      report_states: states.body.map((state: { id: number }) => String(state.id)),
      notifications: ids(1),
      users: ids(world.owner.id, world.outsider.id, world.viewer.id, adminId),
      api_tokens: ids(apiToken.id),
      files: ids(attachment.id),
      "{id}": ["original", "thumb", "medium", "large"],
      pins: ["3a7d44", "ff0000", "zzzzzz"],
      "{color}": ["normal@1x.png", "loud@3x.png", "normal@9x.png", "x.png"],
    },
    fieldNames: [
      "id",
      "title",
      "address",
      "form_fields",
      "created_at",
      "updated_at",
      "name",
      "uuid",
      "status",
      "due_at",
      "is_owner_of",
      "users_opened",
      "cache_key",
      "total_reads",
      "read",
      "archived_at",
    ],
  }
}, 120_000)

afterAll(async () => {
  agent.destroy()
  await server?.close()
})

describe("every operation, fuzzed", () => {
  it.each(operations.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))(
    "%s answers every request without a 5xx, with problem errors and no insides",
    async (_name, operation) => {
      await restorePeople()
      await fc.assert(
        fc.asyncProperty(
          fc.array(requestsFor(operation, fixtures, resolve), {
            minLength: concurrency,
            maxLength: concurrency,
          }),
          async (requests) => {
            const answers = await Promise.all(requests.map((fuzz) => send(server.url, fuzz)))
            sent += answers.length
            const faults = answers.flatMap((received, index) =>
              faultsOf(received).map(
                (fault) =>
                  `${fault}: ${requests[index]?.method} ${requests[index]?.path} → ${received.status} ${received.text.slice(0, 500)}`,
              ),
            )
            expect(faults).toEqual([])
          },
        ),
        { numRuns: runsPerOperation, endOnFailure: false },
      )
    },
    60_000,
  )
})

// Tests of a file run in order: this one counts the requests of all the others.
it(`sent at least ${totalRequests} requests`, () => {
  expect(sent).toBeGreaterThanOrEqual(totalRequests)
})
