/**
 * Limits and malformed input on endpoints the other files test only with good input: a JSON body
 * past `FIELDREPORT_BODY_LIMIT_BYTES` is `413`, a query parameter of a shape no route reads is
 * `400` naming it, a backwards `Range` is `400` naming `Range` on every paged list, an unknown
 * `orderby` on tasks is `400` listing the fields it may name, and an alert area past the geometry
 * limit of 10,000 positions is `422` naming `alert_area.area`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { query } from "../support/ReportFixtures.ts"
import { type Answer, bundleId, startTestServer, type TestServer } from "../support/TestServer.ts"
import { buildWorld, type World } from "../support/World.ts"

const bodyLimitBytes = 512 * 1024

let server: TestServer
let world: World
let reportId: number

beforeAll(async () => {
  server = await startTestServer({ FIELDREPORT_BODY_LIMIT_BYTES: String(bodyLimitBytes) })
  world = await buildWorld(server)
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
    const address = "x".repeat(bodyLimitBytes - 100)
    const answer = await server.request("PATCH", `/api/v4/reports/${reportId}?fields=address`, {
      token: world.owner.token,
      body: { report: { address } },
    })
    expect(answer.status).toBe(200)
    expect(answer.body.address).toBe(address)
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
