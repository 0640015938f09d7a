/**
 * Limits and malformed input on endpoints the other files test only with good input: a JSON body
 * past `FIELDREPORT_BODY_LIMIT_BYTES` is `413`, and one nested past 64 levels `400`; free-form
 * JSON (shape metadata, form field data) nested past 32 levels is `422` naming the field, and the
 * deepest it may be is stored and read back; a string past its documented maximum is `422` naming
 * the field; a query parameter of a shape no route reads is `400` naming it; a backwards `Range`
 * is `400` naming `Range` on every paged list, an unknown `orderby` on tasks is `400` listing the
 * fields it may name, and an alert area past the geometry limit of 10,000 positions is `422`
 * naming `alert_area.area`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { query } from "../support/ReportFixtures.ts"
import {
  type Answer,
  adminEmail,
  adminPassword,
  bundleId,
  startTestServer,
  type TestServer,
} from "../support/TestServer.ts"
import { buildWorld, type World } from "../support/World.ts"

const bodyLimitBytes = 512 * 1024

let server: TestServer
let world: World
let admin: string
let reportId: number

beforeAll(async () => {
  server = await startTestServer({ FIELDREPORT_BODY_LIMIT_BYTES: String(bodyLimitBytes) })
  world = await buildWorld(server)
  admin = await server.login(adminEmail, adminPassword)
  const filed = await server.request("POST", "/api/v4/reports", {
    token: world.owner.token,
    body: { report: { account_id: world.channel.id, location: { latitude: -41.29, longitude: 174.78 } } },
  })
  expect(filed.status).toBe(201)
  reportId = filed.body.id
})
afterAll(() => server.close())

const expectProblem = (answer: Answer, status: number) => {
  expect(answer.status).toBe(status)
  expect(answer.headers.get("content-type")).toMatch(/^application\/problem\+json/)
  expect(answer.body.status).toBe(status)
}

/** How many rows each table the writes below touch holds, and when a report last changed. */
const writtenRows = () =>
  query(
    server,
    (sql) => sql`SELECT (SELECT COUNT(*) FROM reports) AS reports,
      (SELECT MAX(updated_at) FROM reports) AS updated, (SELECT COUNT(*) FROM note_comments) AS notes,
      (SELECT COUNT(*) FROM tasks) AS tasks, (SELECT COUNT(*) FROM form_fields) AS fields,
      (SELECT COUNT(*) FROM alert_areas) AS areas`,
  )

describe("a JSON body past the limit", () => {
  const padding = "x".repeat(bodyLimitBytes + 1)
  const writes: ReadonlyArray<
    readonly [name: string, method: string, path: () => string, body: () => unknown]
  > = [
    [
      "a new report",
      "POST",
      () => "/api/v4/reports",
      () => ({ report: { account_id: world.channel.id, address: padding } }),
    ],
    [
      "a report update",
      "PATCH",
      () => `/api/v4/reports/${reportId}`,
      () => ({ report: { address: padding } }),
    ],
    [
      "a note comment",
      "POST",
      () => `/api/v4/reports/${reportId}/note_comments`,
      () => ({ note_comment: { comment: padding } }),
    ],
    [
      "a task",
      "POST",
      () => "/api/v4/tasks",
      () => ({ task: { uuid: crypto.randomUUID(), title: "Long", description: padding } }),
    ],
    [
      "a form",
      "PUT",
      () => `/api/v4/channels/${world.channel.id}/form`,
      () => ({ form: { name: padding, fields: [] } }),
    ],
    [
      "an alert area",
      "POST",
      () => "/api/v4/alert_areas",
      () => ({ alert_area: { area: `POINT (1 1)${padding}` } }),
    ],
  ]

  it.each(writes)("is refused with 413 for %s, and nothing is written", async (_, method, path, body) => {
    const before = await writtenRows()
    const answer = await server.request(method, path(), { token: world.owner.token, body: body() })
    expectProblem(answer, 413)
    expect(await writtenRows()).toEqual(before)
  })

  it("is accepted just under the limit", async () => {
    // Strings in shape metadata have no length of their own: the body's size bounds them.
    const metadata = { notes: "x".repeat(bodyLimitBytes - 200) }
    const answer = await server.request("POST", "/api/v4/shapes", {
      token: admin,
      headers: { "X-AppId": bundleId },
      body: { shape: { geom: "POINT (1 1)", metadata } },
    })
    expect(answer.status).toBe(201)
    expect(answer.body.metadata).toEqual(metadata)
  })
})

/** JSON text of `levels` objects nested in one another, `{"a":{"a":…"leaf"…}}`: built as text, since `JSON.stringify` itself overflows the stack on thousands of levels. */
const nestedText = (levels: number): string => `${'{"a":'.repeat(levels)}"leaf"${"}".repeat(levels)}`

describe("free-form JSON nested too deep", () => {
  const createShape = (metadata: string) =>
    server.request("POST", "/api/v4/shapes", {
      token: admin,
      headers: { "X-AppId": bundleId },
      raw: `{"shape":{"geom":"POINT (1 1)","metadata":${metadata}}}`,
    })

  it("is 422 naming shape.metadata at 33 levels, and nothing is stored", async () => {
    const [before] = await query<{ n: number }>(server, (sql) => sql`SELECT COUNT(*) AS n FROM shapes`)
    const answer = await createShape(nestedText(33))
    expectProblem(answer, 422)
    expect(answer.body.errors).toEqual({ "shape.metadata": ["must be nested at most 32 levels deep"] })
    const [after] = await query<{ n: number }>(server, (sql) => sql`SELECT COUNT(*) AS n FROM shapes`)
    expect(after?.n).toBe(before?.n)
  })

  it("counts arrays as levels too", async () => {
    const answer = await createShape(`{"list":${"[".repeat(32)}1${"]".repeat(32)}}`)
    expectProblem(answer, 422)
    expect(Object.keys(answer.body.errors)).toEqual(["shape.metadata"])
  })

  it("is a 4xx problem, not a failure of the server, at 5,000 levels", async () => {
    const answer = await createShape(nestedText(5_000))
    expect(answer.status).toBeGreaterThanOrEqual(400)
    expect(answer.status).toBeLessThan(500)
    expect(answer.headers.get("content-type")).toMatch(/^application\/problem\+json/)
  })

  it("stores metadata 32 levels deep and reads it back unchanged", async () => {
    const created = await createShape(nestedText(32))
    expect(created.status).toBe(201)
    expect(created.body.metadata).toEqual(JSON.parse(nestedText(32)))
    const fetched = await server.request("GET", `/api/v4/shapes/${created.body.id}`, {
      token: admin,
      headers: { "X-AppId": bundleId },
    })
    expect(fetched.status).toBe(200)
    expect(fetched.body.metadata).toEqual(JSON.parse(nestedText(32)))
  })

  it("is 422 naming the item of a bulk create whose metadata is too deep", async () => {
    const answer = await server.request("POST", "/api/v4/shapes/bulk_create", {
      token: admin,
      headers: { "X-AppId": bundleId },
      raw: `[{"geom":"POINT (1 1)"},{"geom":"POINT (2 2)","metadata":${nestedText(33)}}]`,
    })
    expect(answer.status).toBe(207)
    expect(answer.body[0].http_status).toBe(201)
    expect(answer.body[1]).toMatchObject({
      http_status: 422,
      errors: { metadata: ["must be nested at most 32 levels deep"] },
    })
  })

  it("is 422 naming the data of a form field whose JSON document is too deep", async () => {
    const answer = await server.request("PUT", `/api/v4/channels/${world.channel.id}/form`, {
      token: world.owner.token,
      body: {
        form: {
          name: "Deep",
          fields: [
            { label: "Category", field_type: "Category" },
            { label: "Notes", field_type: "ShortTextBox", data: nestedText(33) },
          ],
        },
      },
    })
    expectProblem(answer, 422)
    expect(answer.body.errors).toEqual({ "form.fields.1.data": ["must be nested at most 32 levels deep"] })
  })
})

describe("a JSON body nested too deep", () => {
  const objects = `${'{"":'.repeat(100_000)}1${"}".repeat(100_000)}`
  const arrays = `${"[".repeat(100_000)}${"]".repeat(100_000)}`

  it("is 400 naming body at 100,000 levels, before authentication, and the server goes on", async () => {
    for (const [path, raw] of [
      ["/api/v4/reports", objects],
      ["/api/v4/session", objects],
      ["/api/v4/reports", arrays],
    ] as const) {
      const answer = await server.request("POST", path, { raw })
      expectProblem(answer, 400)
      expect(answer.body.errors).toEqual({ body: ["must be nested at most 64 levels deep"] })
    }
    const authenticated = await server.request("POST", "/api/v4/reports", {
      token: world.owner.token,
      raw: objects,
    })
    expectProblem(authenticated, 400)
    expect((await server.request("GET", "/healthz")).status).toBe(200)
  })

  it("is read at 64 levels", async () => {
    const answer = await server.request("POST", "/api/v4/reports", {
      token: world.owner.token,
      raw: `{"report":{"account_id":${world.channel.id},"address":"Quay St","x":${nestedText(62)}}}`,
    })
    expect(answer.status).toBe(201)
  })
})

describe("a string past its documented maximum", () => {
  const over = (limit: number) => "x".repeat(limit + 1)
  const writes: ReadonlyArray<
    readonly [
      field: string,
      limit: number,
      method: string,
      path: () => string,
      body: (text: string) => unknown,
    ]
  > = [
    [
      "report.address",
      500,
      "POST",
      () => "/api/v4/reports",
      (address) => ({ report: { account_id: world.channel.id, address } }),
    ],
    ["report.title", 300, "PATCH", () => `/api/v4/reports/${reportId}`, (title) => ({ report: { title } })],
    [
      "user.app_version",
      128,
      "PATCH",
      () => "/api/v4/users/me",
      (app_version) => ({ user: { app_version } }),
    ],
    [
      "report_comment.content",
      20_000,
      "POST",
      () => "/api/v4/report_comments",
      (content) => ({ report_comment: { report_id: reportId, content } }),
    ],
    [
      "note_comment.comment",
      20_000,
      "POST",
      () => `/api/v4/reports/${reportId}/note_comments`,
      (comment) => ({ note_comment: { comment } }),
    ],
    [
      "category.name",
      200,
      "POST",
      () => `/api/v4/channels/${world.channel.id}/categories`,
      (name) => ({ category: { name, pin_color: "red" } }),
    ],
    [
      "channel.name",
      200,
      "POST",
      () => "/api/v4/channels",
      (name) => ({ channel: { name, team_id: world.teamId } }),
    ],
    ["team.name", 200, "PATCH", () => `/api/v4/teams/${world.teamId}`, (name) => ({ team: { name } })],
  ]

  it.each(writes)("is 422 naming %s at its maximum plus one", async (field, limit, method, path, body) => {
    const answer = await server.request(method, path(), { token: world.owner.token, body: body(over(limit)) })
    expectProblem(answer, 422)
    expect(answer.body.errors).toEqual({ [field]: [`must be at most ${limit} characters`] })
  })

  it.each(writes)("accepts %s at its maximum", async (_, limit, method, path, body) => {
    const answer = await server.request(method, path(), {
      token: world.owner.token,
      body: body("x".repeat(limit)),
    })
    expect(answer.status).toBeLessThan(300)
  })

  it("stores nothing of a 400 KB address or app version", async () => {
    const before = await writtenRows()
    const address = await server.request("POST", "/api/v4/reports", {
      token: world.owner.token,
      body: { report: { account_id: world.channel.id, address: "x".repeat(400_000) } },
    })
    expectProblem(address, 422)
    const version = await server.request("PATCH", "/api/v4/users/me", {
      token: world.owner.token,
      body: { user: { app_version: "9".repeat(400_000) } },
    })
    expectProblem(version, 422)
    expect(await writtenRows()).toEqual(before)
    const me = await server.request("GET", "/api/v4/users/me", { token: world.owner.token })
    expect(me.body.app_version.length).toBeLessThanOrEqual(128)
  })
})

describe("a query parameter of a shape no route reads", () => {
  const refused: ReadonlyArray<readonly [path: () => string, name: string]> = [
    [() => `/api/v4/teams/${world.teamId}/team_users?user_ids[][]=1`, "user_ids[][]"],
    [() => `/api/v4/teams/${world.teamId}/team_users?user_ids[][0]=1`, "user_ids[][0]"],
    [() => "/api/v4/tasks?filter[a][b][c][d]=1", "filter[a][b][c][d]"],
    [() => "/api/v4/reports/search?filter[id][id_array][0][1]=1", "filter[id][id_array][0][1]"],
    [() => "/api/v4/notifications?archived[yes]=1", "archived[yes]"],
    [() => `/api/v4/reports/${reportId}?fields[x]=id`, "fields[x]"],
    [() => "/api/v4/tasks?page[size]=10", "page[size]"],
    [() => "/api/v4/tasks?a[b=1", "a[b"],
  ]

  it.each(refused)("is 400 naming it: %s", async (path, name) => {
    const answer = await server.request("GET", path(), { token: world.owner.token })
    expectProblem(answer, 400)
    expect(Object.keys(answer.body.errors)).toEqual([name])
  })

  it("is 400 past 1,000 parameters, which would otherwise be dropped unread", async () => {
    const many = Array.from({ length: 1_001 }, (_, index) => `p${index}=1`).join("&")
    const answer = await server.request("GET", `/api/v4/tasks?${many}`, { token: world.owner.token })
    expectProblem(answer, 400)
    expect(Object.keys(answer.body.errors)).toEqual(["query"])
  })

  it("keeps every list form, the bracketed groups routes read, and unknown plain names", async () => {
    const id = world.owner.id
    for (const list of [
      `user_ids=${id},${id}`,
      `user_ids[]=${id}&user_ids[]=${id}`,
      `user_ids[0]=${id}&user_ids[1]=${id}`,
    ]) {
      const answer = await server.request("GET", `/api/v4/teams/${world.teamId}/team_users?${list}&_=123`, {
        token: world.owner.token,
      })
      expect(answer.status, list).toBe(200)
      expect(answer.body.map((user: { user_id: number }) => user.user_id)).toEqual([id])
    }
    const search = await server.request(
      "GET",
      `/api/v4/reports/search?filter[tile][latitude]=-41.3&filter[tile][longitude]=174.7&filter[tile][scale]=0.05&exclude[id][id_array][]=1&order[updated_at]=desc`,
      { token: world.owner.token },
    )
    expect(search.status).toBe(200)
    const encoded = await server.request("GET", "/api/v4/tasks?filter%5Ba%5D%5Bb%5D%5Bc%5D%5Bd%5D=1", {
      token: world.owner.token,
    })
    expectProblem(encoded, 400)
    expect(Object.keys(encoded.body.errors)).toEqual(["filter[a][b][c][d]"])
  })
})

describe("a Range whose end comes before its start", () => {
  const lists: ReadonlyArray<readonly [name: string, path: () => string]> = [
    ["tasks", () => "/api/v4/tasks"],
    ["notifications", () => "/api/v4/notifications"],
    ["note comments", () => `/api/v4/reports/${reportId}/note_comments`],
    ["team users", () => `/api/v4/teams/${world.teamId}/team_users`],
    ["shapes", () => "/api/v4/shapes"],
  ]

  it.each(lists)("is 400 naming Range on %s", async (_, path) => {
    const answer = await server.request("GET", path(), {
      token: world.owner.token,
      headers: { Range: "objects=5-2", "X-AppId": bundleId },
    })
    expectProblem(answer, 400)
    expect(Object.keys(answer.body.errors)).toEqual(["Range"])
  })
})

describe("an unknown orderby on tasks", () => {
  it("is 400 naming orderby and the fields it may name", async () => {
    const answer = await server.request("GET", `/api/v4/tasks?orderby=${encodeURIComponent("bogus asc")}`, {
      token: world.member.token,
    })
    expectProblem(answer, 400)
    expect(Object.keys(answer.body.errors)).toEqual(["orderby"])
    expect(answer.body.errors.orderby).toEqual([
      expect.stringMatching(/"bogus".*client_created_at, completed_at.*asc or desc/),
    ])
  })
})

describe("an alert area past 10,000 positions", () => {
  /** A simple closed ring around Wellington with `positions` positions, the last repeating the first. */
  const ring = (positions: number) => {
    const corners = Array.from({ length: positions - 1 }, (_, index) => {
      const angle = (2 * Math.PI * index) / (positions - 1)
      return `${(174.78 + 0.05 * Math.cos(angle)).toFixed(6)} ${(-41.29 + 0.05 * Math.sin(angle)).toFixed(6)}`
    })
    return `POLYGON ((${[...corners, corners[0]].join(", ")}))`
  }

  it("is 422 naming alert_area.area at 10,001 positions, and stores nothing", async () => {
    const answer = await server.request("POST", "/api/v4/alert_areas", {
      token: world.viewer.token,
      body: { alert_area: { area: ring(10_001), radius: null } },
    })
    expectProblem(answer, 422)
    expect(answer.body.errors).toEqual({ "alert_area.area": [expect.stringMatching(/10001 positions/)] })
    const listed = await server.request("GET", "/api/v4/alert_areas", { token: world.viewer.token })
    expect(listed.body).toEqual([])
  })

  it("keeps an area unchanged when an update has 10,001 positions", async () => {
    const created = await server.request("POST", "/api/v4/alert_areas", {
      token: world.reporter.token,
      body: { alert_area: { area: ring(10_000), radius: null } },
    })
    expect(created.status).toBe(201)
    const updated = await server.request("PATCH", `/api/v4/alert_areas/${created.body.id}`, {
      token: world.reporter.token,
      body: { alert_area: { area: ring(10_001), radius: null } },
    })
    expectProblem(updated, 422)
    expect(Object.keys(updated.body.errors)).toEqual(["alert_area.area"])
    const fetched = await server.request("GET", `/api/v4/alert_areas/${created.body.id}`, {
      token: world.reporter.token,
    })
    expect(fetched.body).toEqual(created.body)
  })
})
