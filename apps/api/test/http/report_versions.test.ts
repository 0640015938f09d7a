/**
 * Reports and tasks as a field app that edits offline addresses and changes them (docs/api.md,
 * Field apps and offline sync): a report named by its client uuid wherever its id is, integer ids
 * answering as before; the version a fetch answers as its `ETag`; an update with `If-Match` of an
 * older version refused with `412` and the record as it is, one without it winning as before.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { postReport } from "../support/ReportFixtures.ts"
import { startTestServer, type TestServer } from "../support/TestServer.ts"
import { buildWorld, type World } from "../support/World.ts"

let server: TestServer
let world: World

beforeAll(async () => {
  server = await startTestServer()
  world = await buildWorld(server, "versions")
})
afterAll(() => server.close())

/** A report the reporter files with a uuid of their own. */
const fileReport = async (address = "Quay St") => {
  const uuid = crypto.randomUUID()
  const answer = await postReport(server, world.reporter, { account_id: world.channel.id, address, uuid })
  expect(answer.status).toBe(201)
  return { id: answer.body.id as number, uuid }
}

describe("a report named by its client uuid", () => {
  it("is fetched, changed, read for its history and deleted as by its id", async () => {
    const { id, uuid } = await fileReport()
    const token = world.reporter.token
    const byUuid = await server.request("GET", `/api/v4/reports/${uuid}?fields=uuid`, { token })
    const byId = await server.request("GET", `/api/v4/reports/${id}?fields=uuid`, { token })
    expect(byUuid.status).toBe(200)
    expect(byUuid.body).toEqual(byId.body)
    expect(byUuid.body).toMatchObject({ id, uuid })

    const changed = await server.request("PATCH", `/api/v4/reports/${uuid}`, {
      token,
      body: { report: { address: "Wharf St" } },
    })
    expect([changed.status, changed.body.id, changed.body.address]).toEqual([200, id, "Wharf St"])
    const history = await server.request("GET", `/api/v4/reports/${uuid}/report_state_changes`, { token })
    expect([history.status, history.body]).toEqual([200, []])

    expect((await server.request("DELETE", `/api/v4/reports/${uuid}`, { token })).status).toBe(204)
    expect((await server.request("GET", `/api/v4/reports/${id}`, { token })).status).toBe(404)
  })

  it("is not found when the uuid names no report, or one of a channel the user does not read", async () => {
    const { uuid } = await fileReport()
    const unknown = await server.request("GET", `/api/v4/reports/${crypto.randomUUID()}`, {
      token: world.reporter.token,
    })
    expect(unknown.status).toBe(404)
    for (const person of [world.outsider, world.member]) {
      const answer = await server.request("GET", `/api/v4/reports/${uuid}`, { token: person.token })
      expect(answer.status).toBe(404)
    }
  })

  it("is told apart from an id by its form; anything else is 400 naming report_id", async () => {
    for (const key of ["12abc", "-4", "1.5", "not-a-uuid", "3ffeef7c-0f73-4e82-b39e"]) {
      const answer = await server.request("GET", `/api/v4/reports/${key}`, { token: world.reporter.token })
      expect(answer.status, key).toBe(400)
      expect(Object.keys(answer.body.errors)).toEqual(["report_id"])
    }
  })
})

describe("a report's version", () => {
  it("is answered as the ETag of a fetch and an update, and grows with every change", async () => {
    const { id } = await fileReport()
    const token = world.reporter.token
    const fetched = await server.request("GET", `/api/v4/reports/${id}?fields=version`, { token })
    expect(fetched.headers.get("etag")).toBe('"1"')
    expect(fetched.body.version).toBe(1)
    const updated = await server.request("PATCH", `/api/v4/reports/${id}?fields=version`, {
      token,
      body: { report: { address: "Wharf St" } },
    })
    expect([updated.headers.get("etag"), updated.body.version]).toEqual(['"2"', 2])
    // A comment is a change of its report.
    await server.request("POST", "/api/v4/report_comments", {
      token,
      body: { report_comment: { report_id: id, content: "Still there" } },
    })
    const again = await server.request("GET", `/api/v4/reports/${id}`, { token })
    expect(again.headers.get("etag")).toBe('"3"')
  })

  it("lets an update through when If-Match names it, or is *", async () => {
    const { id } = await fileReport()
    const token = world.reporter.token
    const first = await server.request("PATCH", `/api/v4/reports/${id}`, {
      token,
      headers: { "If-Match": '"1"' },
      body: { report: { address: "Wharf St" } },
    })
    expect([first.status, first.headers.get("etag")]).toEqual([200, '"2"'])
    const any = await server.request("PATCH", `/api/v4/reports/${id}`, {
      token,
      headers: { "If-Match": "*" },
      body: { report: { address: "Pier St" } },
    })
    expect([any.status, any.headers.get("etag")]).toEqual([200, '"3"'])
  })

  it("refuses an update whose If-Match names an older version with 412 and the report as it is", async () => {
    const { id } = await fileReport("Quay St")
    await server.request("PATCH", `/api/v4/reports/${id}`, {
      token: world.operator.token,
      body: { report: { address: "Changed by the operator" } },
    })
    for (const ifMatch of ['"1"', 'W/"2"', '"9", "1"']) {
      const stale = await server.request("PATCH", `/api/v4/reports/${id}?fields=version`, {
        token: world.reporter.token,
        headers: { "If-Match": ifMatch },
        body: { report: { address: "Changed offline" } },
      })
      expect(stale.status, ifMatch).toBe(412)
      expect(stale.headers.get("etag")).toBe('"2"')
      expect(stale.body).toMatchObject({ id, address: "Changed by the operator", version: 2 })
    }
    // Nothing was written; without If-Match the last write wins, as before.
    const latest = await server.request("PATCH", `/api/v4/reports/${id}`, {
      token: world.reporter.token,
      body: { report: { address: "Changed offline" } },
    })
    expect([latest.status, latest.body.address, latest.headers.get("etag")]).toEqual([
      200,
      "Changed offline",
      '"3"',
    ])
  })

  it("checks who may edit before the version, and refuses a malformed If-Match with 400", async () => {
    const { id } = await fileReport()
    const viewer = await server.request("PATCH", `/api/v4/reports/${id}`, {
      token: world.viewer.token,
      headers: { "If-Match": '"7"' },
      body: { report: { address: "Viewer's" } },
    })
    expect(viewer.status).toBe(403)
    const malformed = await server.request("PATCH", `/api/v4/reports/${id}`, {
      token: world.reporter.token,
      headers: { "If-Match": "1" },
      body: { report: { address: "Bare" } },
    })
    expect(malformed.status).toBe(400)
    expect(Object.keys(malformed.body.errors)).toEqual(["If-Match"])
  })
})

describe("a task's version", () => {
  const newTask = async () => {
    const { id } = await fileReport()
    const answer = await server.request("POST", "/api/v4/tasks", {
      token: world.operator.token,
      body: {
        task: {
          uuid: crypto.randomUUID(),
          client_created_at: "2026-11-27T09:00:00+13:00",
          title: "Cone it off",
          description: "",
          assignee_id: world.reporter.id,
          report_id: id,
        },
      },
    })
    expect(answer.status).toBe(201)
    return answer.body.uuid as string
  }

  it("is the ETag of a fetch, moves with each change applied, and is an optional field", async () => {
    const uuid = await newTask()
    const token = world.reporter.token
    const fetched = await server.request("GET", `/api/v4/tasks/${uuid}?fields=version,updated_at`, { token })
    expect([fetched.headers.get("etag"), fetched.body.version]).toEqual(['"1"', 1])
    expect(typeof fetched.body.updated_at).toBe("string")
    const plain = await server.request("GET", `/api/v4/tasks/${uuid}`, { token })
    expect(plain.body).not.toHaveProperty("version")
    await server.request("PATCH", `/api/v4/tasks/${uuid}`, {
      token,
      body: { task: { completed: true, time: "2026-11-27T10:00:00Z" } },
    })
    // A change timed before the last one applied is ignored, and moves nothing.
    await server.request("PATCH", `/api/v4/tasks/${uuid}`, {
      token,
      body: { task: { title: "Late", time: "2026-11-27T09:30:00Z" } },
    })
    const changed = await server.request("GET", `/api/v4/tasks/${uuid}`, { token })
    expect([changed.headers.get("etag"), changed.body.title]).toEqual(['"2"', "Cone it off"])
  })

  it("refuses an update whose If-Match names an older version with 412 and the task as it is", async () => {
    const uuid = await newTask()
    await server.request("PATCH", `/api/v4/tasks/${uuid}`, {
      token: world.operator.token,
      body: { task: { title: "Renamed by the operator" } },
    })
    const stale = await server.request("PATCH", `/api/v4/tasks/${uuid}`, {
      token: world.reporter.token,
      headers: { "If-Match": '"1"' },
      body: { task: { title: "Renamed offline" } },
    })
    expect([stale.status, stale.headers.get("etag")]).toEqual([412, '"2"'])
    expect(stale.body).toMatchObject({ uuid, title: "Renamed by the operator", version: 2 })
    const fresh = await server.request("PATCH", `/api/v4/tasks/${uuid}`, {
      token: world.reporter.token,
      headers: { "If-Match": '"2"' },
      body: { task: { title: "Renamed offline" } },
    })
    expect(fresh.status).toBe(204)
    const now = await server.request("GET", `/api/v4/tasks/${uuid}`, { token: world.reporter.token })
    expect([now.body.title, now.headers.get("etag")]).toEqual(["Renamed offline", '"3"'])
  })
})
