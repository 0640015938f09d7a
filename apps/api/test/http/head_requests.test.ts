/**
 * `HEAD` on every `GET` operation of the contract answers what `GET` answers, without the body:
 * the same status and headers (`Content-Range`, `Content-Length` and `ETag` included), for people
 * and for a read-only API token. The operations are walked from `Api.groups`, so one added to the
 * contract is checked too: with the request below when it has one (which must answer `200`), or
 * else with its path parameters as 1 and no query, whatever that answers. And a body sent with
 * `GET` or `HEAD` is ignored, whatever it holds.
 */
import { request } from "node:http"
import * as Api from "@fieldreport/contract/Api"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { runJobs } from "../support/Members.ts"
import { png, upload } from "../support/ReportFixtures.ts"
import {
  adminEmail,
  adminPassword,
  bundleId,
  startTestServer,
  type TestServer,
} from "../support/TestServer.ts"
import { buildWorld, type World } from "../support/World.ts"

let server: TestServer
let world: World
let adminToken: string
let readToken: string

/** A request of a `GET` operation that answers `200`: its path and query, who asks, and how. */
interface Probe {
  readonly path: string
  readonly token?: string
  readonly headers?: Readonly<Record<string, string>>
}

/** The requests that answer `200`, by operation id, made once the fixtures exist. */
let probes: Readonly<Record<string, Probe>> = {}

/** Headers that differ between any two requests: when, which request, and the rate limits' counts. */
const volatile = (name: string) => ["date", "x-request-id"].includes(name) || name.startsWith("ratelimit")

interface Raw {
  readonly status: number
  readonly headers: ReadonlyMap<string, string>
  readonly body: Uint8Array
}

/**
 * Sends a request with `node:http`, which (unlike `fetch`) sends a body with `GET` and `HEAD` too.
 */
const send = (method: string, probe: Probe, init: { body?: string; contentType?: string } = {}) =>
  new Promise<Raw>((resolve, reject) => {
    const headers: Record<string, string> = { ...probe.headers }
    if (probe.token !== undefined) headers.Authorization = `Token token=${probe.token}`
    if (init.contentType !== undefined) headers["Content-Type"] = init.contentType
    if (init.body !== undefined) headers["Content-Length"] = String(Buffer.byteLength(init.body))
    const sent = request(`${server.url}${probe.path}`, { method, headers }, (response) => {
      const chunks: Array<Buffer> = []
      response.on("data", (chunk: Buffer) => chunks.push(chunk))
      response.on("error", reject)
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: new Map(
            Object.entries(response.headers)
              .filter(([name]) => !volatile(name))
              .map(([name, value]) => [name, String(value)]),
          ),
          body: new Uint8Array(Buffer.concat(chunks)),
        }),
      )
    })
    sent.on("error", reject)
    sent.end(init.body)
  })

/**
 * What differs between `HEAD` and the `GET`s asked before and after it: a header of `HEAD` must
 * equal the one of either `GET` (an address signed in between may change with the second), and
 * `HEAD` has no body.
 */
const differences = (operationId: string, before: Raw, head: Raw, after: Raw): ReadonlyArray<string> => {
  const found: Array<string> = []
  if (head.status !== before.status) found.push(`status ${head.status}, GET ${before.status}`)
  const names = new Set([...before.headers.keys(), ...head.headers.keys()])
  // A search started by each call answers a new id each time, so the digest of its body differs.
  if (operationId === "startReportSearch") names.delete("etag")
  for (const name of names) {
    const value = head.headers.get(name)
    if (value !== before.headers.get(name) && value !== after.headers.get(name))
      found.push(`${name}: ${value ?? "(none)"}, GET ${before.headers.get(name) ?? "(none)"}`)
  }
  if (head.body.length > 0) found.push(`a body of ${head.body.length} bytes`)
  return found
}

/** The `GET` operations of the contract. */
const getOperations = Api.groups.flatMap((group) =>
  group.endpoints.filter((endpoint) => endpoint.method === "get"),
)

/** The request of an operation: its probe, or its path with every parameter 1. */
const requestOf = (operationId: string, path: string): Probe =>
  probes[operationId] ?? { path: path.replace(/\{[^}]+\}/g, "1") }

beforeAll(async () => {
  server = await startTestServer({ FIELDREPORT_JOB_WORKERS: "0" })
  world = await buildWorld(server, "head")
  adminToken = await server.login(adminEmail, adminPassword)
  const { owner, viewer, channel, teamId } = world
  const token = owner.token
  const ask = (method: string, path: string, body: unknown, as = token, headers = {}) =>
    server.request(method, path, { token: as, body, headers })

  readToken = (
    await ask(
      "POST",
      `/api/v4/admin/users/${owner.id}/api_tokens`,
      { api_token: { name: "Wall", scope: "read" } },
      adminToken,
    )
  ).body.token
  await ask(
    "PATCH",
    `/api/v4/channel_selections/${channel.id}`,
    {
      channel_selection: { view: true, follow: true, alert: false },
    },
    viewer.token,
  )
  const attachment = await upload(server, owner, await png(), "runoff.png")
  const report = (
    await ask("POST", "/api/v4/reports", {
      report: { account_id: channel.id, location: { latitude: -41.29, longitude: 174.78 }, title: "Oil" },
    })
  ).body
  const note = (
    await ask("POST", `/api/v4/reports/${report.id}/note_comments`, {
      note_comment: { comment: "Booms out" },
    })
  ).body
  const task = (
    await ask("POST", "/api/v4/tasks", {
      task: {
        uuid: "0b7c8e4e-3f0e-4a8e-9c1c-2d5f1a6b7c8d",
        client_created_at: "2026-11-27T09:00:00Z",
        title: "Inspect",
        description: "Take a photo.",
        assignee_id: owner.id,
        report_id: report.id,
      },
    })
  ).body
  const area = (
    await ask("POST", "/api/v4/alert_areas", { alert_area: { area: "POINT(174.78 -41.29)", radius: 500 } })
  ).body
  const inApp = { "X-AppId": bundleId }
  const shape = (
    await ask("POST", "/api/v4/shapes", { shape: { geom: "POINT(174.78 -41.29)" } }, adminToken, inApp)
  ).body
  const search = (await ask("GET", `/api/v4/reports/search?filter[channels]=[${channel.id}]`, undefined)).body
  await runJobs(server)
  const started = (
    await ask("POST", "/api/v4/report_exports", {
      report_export: { report_search_id: search.id, format: "csv" },
    })
  ).body
  await runJobs(server)
  const exported = (await ask("GET", `/api/v4/report_exports/${started.id}`, undefined)).body
  const notification = (await ask("GET", "/api/v4/notifications", undefined, viewer.token)).body[0]
  const state = (await ask("GET", `/api/v4/report_states?channel_id=${channel.id}`, undefined)).body[0]
  const teamUser = (await ask("GET", `/api/v4/teams/${teamId}/team_users`, undefined)).body[0]
  const category = channel.category_id
  const apps = (await ask("GET", "/api/v4/admin/branded_apps", undefined, adminToken)).body
  const range = { Range: "objects=0-1" }
  const analytics = (name: string, extra = "") => ({
    path: `/api/v4/analytics/${name}?channel_id=${channel.id}&start_date=2026-01-01T00:00:00Z&end_date=2027-01-01T00:00:00Z${extra}`,
    token,
  })
  const form = (await ask("GET", `/api/v4/channels/${channel.id}/form`, undefined)).body
  const categoryField = form.fields.find((field: { field_type: string }) => field.field_type === "Category")
  const local = (address: string) => {
    const url = new URL(address)
    return `${url.pathname}${url.search}`
  }
  probes = {
    getSession: { path: "/api/v4/session", token },
    getCurrentUser: { path: "/api/v4/users/me", token },
    getCurrentBrandedApp: { path: "/api/v4/branded_app", token },
    getReport: { path: `/api/v4/reports/${report.id}?fields=form_fields,users_opened`, token },
    listReportStateChanges: { path: `/api/v4/reports/${report.id}/report_state_changes`, token },
    startReportSearch: { path: `/api/v4/reports/search?filter[channels]=[${channel.id}]`, token },
    listReportTiles: { path: "/api/v4/reports/tiles?scale=1&bbox=170,-45,180,-35", token },
    getReportSearch: { path: `/api/v4/report_searches/${search.id}`, token, headers: range },
    listReportSearchReports: { path: `/api/v4/report_searches/${search.id}/reports`, token, headers: range },
    getReportExport: { path: `/api/v4/report_exports/${started.id}`, token },
    getReportExportFile: { path: local(exported.download_url) },
    getNoteComment: { path: `/api/v4/note_comment/${note.id}`, token },
    listNoteComments: { path: `/api/v4/reports/${report.id}/note_comments`, token, headers: range },
    getFile: { path: local(attachment.original_url) },
    getTask: { path: `/api/v4/tasks/${task.uuid}`, token },
    listTasks: { path: "/api/v4/tasks", token, headers: range },
    listAlertAreas: { path: "/api/v4/alert_areas", token },
    getAlertArea: { path: `/api/v4/alert_areas/${area.id}`, token },
    analyticsReportsImages: analytics("reports_images"),
    analyticsReportsOverTime: analytics("reports_over_time"),
    analyticsReportsPerFieldSelection: analytics(
      "reports_per_field_selection",
      `&field_id=${categoryField.id}`,
    ),
    analyticsReportsPerState: analytics("reports_per_state"),
    analyticsReportsPerUser: analytics("reports_per_user"),
    analyticsReportsPerDayHour: analytics("reports_per_day_hour"),
    analyticsReportsPerWeekDay: analytics("reports_per_week_day"),
    analyticsReportsRead: analytics("reports_read"),
    analyticsUserAwareness: analytics("user_awareness"),
    listTeams: { path: "/api/v4/teams", token },
    getTeam: { path: `/api/v4/teams/${teamId}`, token },
    getTeamUser: { path: `/api/v4/teams/${teamId}/team_users/${teamUser.id}`, token },
    listTeamUsers: { path: `/api/v4/teams/${teamId}/team_users`, token, headers: range },
    getShape: { path: `/api/v4/shapes/${shape.id}`, token, headers: inApp },
    listShapes: { path: "/api/v4/shapes", token, headers: { ...inApp, ...range } },
    listChannelSelections: { path: "/api/v4/channel_selections", token: viewer.token },
    listChannels: { path: "/api/v4/channels", token },
    getChannel: { path: `/api/v4/channels/${channel.id}`, token },
    getChannelForm: { path: `/api/v4/channels/${channel.id}/form`, token },
    listCategories: { path: `/api/v4/channels/${channel.id}/categories?fields=id,name`, token },
    getCategory: { path: `/api/v4/channels/${channel.id}/categories/${category}`, token },
    getPin: { path: "/api/v4/pins/green/default@2x.png" },
    listReportStates: { path: `/api/v4/report_states?channel_id=${channel.id}`, token },
    listChannelReportStates: { path: `/api/v4/channels/${channel.id}/report_states`, token },
    getReportState: { path: `/api/v4/report_states/${state.id}`, token },
    getNotification: { path: `/api/v4/notifications/${notification.id}`, token: viewer.token },
    listNotifications: { path: "/api/v4/notifications", token: viewer.token, headers: range },
    listBrandedApps: { path: "/api/v4/admin/branded_apps", token: adminToken },
    listUsers: { path: "/api/v4/admin/users", token: adminToken, headers: range },
    listApiTokens: { path: `/api/v4/admin/users/${owner.id}/api_tokens`, token: adminToken },
    getBrandedApp: { path: `/api/v4/admin/branded_apps/${apps[0].id}`, token: adminToken },
    listAuditEvents: { path: "/api/v4/audit_events", token: adminToken, headers: range },
    getOpenApiDocument: { path: "/api/v4/openapi.json" },
  }
})
afterAll(() => server.close())

describe("HEAD on every GET operation", () => {
  it.each(getOperations.map((endpoint) => [endpoint.operationId, endpoint.path] as const))(
    "%s answers as GET does, without a body",
    async (operationId, path) => {
      const probe = requestOf(operationId, path)
      const before = await send("GET", probe)
      const head = await send("HEAD", probe)
      const after = await send("GET", probe)
      if (probes[operationId] !== undefined) expect(before.status).toBe(200)
      expect(differences(operationId, before, head, after)).toEqual([])
    },
  )

  it("answers with Content-Range and Content-Length where GET has them", async () => {
    const head = await send("HEAD", requestOf("listUsers", ""))
    expect(head.headers.get("content-range")).toMatch(/^users 0-1\/\d+$/)
    expect(Number(head.headers.get("content-length"))).toBeGreaterThan(0)
  })

  it.each(getOperations.map((endpoint) => [endpoint.operationId, endpoint.path] as const))(
    "%s answers a read-only API token as GET does",
    async (operationId, path) => {
      const probe = { ...requestOf(operationId, path), token: readToken }
      const get = await send("GET", probe)
      const head = await send("HEAD", probe)
      expect(head.status).toBe(get.status)
    },
  )
})

describe("a body sent with GET or HEAD", () => {
  const bodies = [
    { body: '{"user": {"first_name": "Mallory"}}', contentType: "application/json" },
    { body: "{not json", contentType: "application/json" },
    { body: "first_name=Mallory", contentType: "application/x-www-form-urlencoded" },
    { body: "x".repeat(2 * 1024 * 1024), contentType: "text/plain" },
  ]

  it.each(bodies)("is ignored: $contentType", async ({ body, contentType }) => {
    const probe = { path: "/api/v4/users/me", token: world.owner.token }
    const plain = await send("GET", probe)
    const withBody = await send("GET", probe, { body, contentType })
    expect(withBody.status).toBe(200)
    expect(JSON.parse(new TextDecoder().decode(withBody.body))).toEqual(
      JSON.parse(new TextDecoder().decode(plain.body)),
    )
    const head = await send("HEAD", probe, { body, contentType })
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)
  })
})
