import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Person } from "../support/People.ts"
import { postReport } from "../support/ReportFixtures.ts"
import { startTestServer, type TestServer } from "../support/TestServer.ts"
import { buildWorld, type World } from "../support/World.ts"

let server: TestServer
let world: World

const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

beforeAll(async () => {
  server = await startTestServer({ FIELDREPORT_JOB_WORKERS: "0" })
  world = await buildWorld(server)
})
afterAll(() => server.close())

const fileReport = async (person: Person = world.reporter) => {
  const answer = await postReport(server, person, { account_id: world.channel.id, address: "Quay St" })
  expect(answer.status).toBe(201)
  return answer.body.id as number
}

const writeNote = (person: Person, reportId: number, note: Record<string, unknown>, query = "") =>
  server.request("POST", `/api/v4/reports/${reportId}/note_comments${query}`, {
    token: person.token,
    body: { note_comment: note },
  })

const listNotes = (person: Person, reportId: number, range?: string) =>
  server.request("GET", `/api/v4/reports/${reportId}/note_comments`, {
    token: person.token,
    ...(range === undefined ? {} : { headers: { Range: range } }),
  })

const comment = (person: Person, body: Record<string, unknown>) =>
  server.request("POST", "/api/v4/report_comments", { token: person.token, body: { report_comment: body } })

const reportWith = (person: Person, id: number, fields: string) =>
  server.request("GET", `/api/v4/reports/${id}?fields=${fields}`, { token: person.token })

describe("note comments", () => {
  it("are written by the channel's staff: 201 with the default fields and a Location", async () => {
    const reportId = await fileReport()
    const answer = await writeNote(world.operator, reportId, { comment: "Called the owner." })
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({
      id: expect.any(Number),
      comment: "Called the owner.",
      created_at: expect.stringMatching(iso),
      user_id: world.operator.id,
    })
    expect(answer.headers.get("location")).toBe(`/api/v4/note_comment/${answer.body.id}`)
    const selected = await writeNote(
      world.owner,
      reportId,
      { comment: "Fixed.", public: true },
      "?fields=public,report_id",
    )
    expect(selected.body).toMatchObject({ public: true, report_id: reportId, user_id: world.owner.id })
  })

  it("are 403 for reporters and viewers, 422 without a comment, 404 on another tenant's report", async () => {
    const reportId = await fileReport()
    expect((await writeNote(world.reporter, reportId, { comment: "Mine" })).status).toBe(403)
    expect((await writeNote(world.viewer, reportId, { comment: "Mine" })).status).toBe(403)
    const blank = await writeNote(world.operator, reportId, { comment: " " })
    expect(blank.status).toBe(422)
    expect(Object.keys(blank.body.errors)).toEqual(["note_comment.comment"])
    expect((await writeNote(world.outsider, reportId, { comment: "Hello" })).status).toBe(404)
  })

  it("GET /api/v4/note_comment/{id}: the defaults, public and report_id when asked; private notes only for staff", async () => {
    const reportId = await fileReport()
    const internal = (await writeNote(world.operator, reportId, { comment: "Internal" })).body
    const shared = (await writeNote(world.operator, reportId, { comment: "Shared", public: true })).body
    const fetched = await server.request("GET", `/api/v4/note_comment/${internal.id}`, {
      token: world.owner.token,
    })
    expect(fetched.status).toBe(200)
    expect(fetched.body).toEqual(internal)
    const selected = await server.request(
      "GET",
      `/api/v4/note_comment/${internal.id}?fields=public,report_id,-comment`,
      {
        token: world.operator.token,
      },
    )
    expect(selected.body).toEqual({
      id: internal.id,
      created_at: internal.created_at,
      user_id: world.operator.id,
      public: false,
      report_id: reportId,
    })
    const asViewer = (id: number) =>
      server.request("GET", `/api/v4/note_comment/${id}`, { token: world.viewer.token })
    expect((await asViewer(internal.id)).status).toBe(404)
    expect((await asViewer(shared.id)).status).toBe(200)
    const foreign = await server.request("GET", `/api/v4/note_comment/${shared.id}`, {
      token: world.outsider.token,
    })
    expect(foreign.status).toBe(404)
  })

  it("list a page at a time with Range and Content-Range, oldest first", async () => {
    const reportId = await fileReport()
    const written: Array<number> = []
    for (const n of [1, 2, 3, 4, 5]) {
      written.push(
        (await writeNote(world.operator, reportId, { comment: `Note ${n}`, public: n % 2 === 1 })).body.id,
      )
    }
    const all = await listNotes(world.operator, reportId)
    expect(all.status).toBe(200)
    expect(all.body.map((note: { id: number }) => note.id)).toEqual(written)
    expect(all.headers.get("accept-ranges")).toBe("note_comments")
    expect(all.headers.get("content-range")).toBe("note_comments 0-4/5")
    const page = await listNotes(world.operator, reportId, "objects=1-2")
    expect(page.body.map((note: { comment: string }) => note.comment)).toEqual(["Note 2", "Note 3"])
    expect(page.headers.get("content-range")).toBe("note_comments 1-2/5")
    const tail = await listNotes(world.operator, reportId, "objects=4-20")
    expect(tail.body).toHaveLength(1)
    expect(tail.headers.get("content-range")).toBe("note_comments 4-4/5")
    const past = await listNotes(world.operator, reportId, "objects=10-19")
    expect(past.body).toEqual([])
    expect(past.headers.get("content-range")).toBe("note_comments */5")
    expect((await listNotes(world.operator, reportId, "items=0-1")).status).toBe(400)
    // Those who are not staff page through the public notes only.
    const shared = await listNotes(world.viewer, reportId)
    expect(shared.body.map((note: { comment: string }) => note.comment)).toEqual([
      "Note 1",
      "Note 3",
      "Note 5",
    ])
    expect(shared.headers.get("content-range")).toBe("note_comments 0-2/3")
    expect((await listNotes(world.outsider, reportId)).status).toBe(404)
  })

  it("appear on the report in note_comments and note_comment_ids, private ones for staff only", async () => {
    const reportId = await fileReport()
    const before = (await reportWith(world.operator, reportId, "cache_key")).body.cache_key
    const internal = (await writeNote(world.operator, reportId, { comment: "Internal" })).body
    const shared = (await writeNote(world.operator, reportId, { comment: "Shared", public: true })).body
    const staff = await reportWith(world.operator, reportId, "note_comments,form_fields,cache_key")
    expect(staff.body.note_comment_ids).toEqual([internal.id, shared.id])
    expect(staff.body.note_comments).toEqual([
      { ...internal, public: false, report_id: reportId },
      { ...shared, public: true, report_id: reportId },
    ])
    // A note changes the report.
    expect(staff.body.cache_key).not.toBe(before)
    const viewer = await reportWith(world.viewer, reportId, "note_comments,form_fields")
    expect(viewer.body.note_comment_ids).toEqual([shared.id])
    expect(viewer.body.note_comments).toHaveLength(1)
  })
})

describe("report comments", () => {
  it("are posted by the report's readers: 201 with the comment, shown on the report", async () => {
    const reportId = await fileReport()
    const answer = await comment(world.viewer, { report_id: reportId, content: "Thank you." })
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({
      id: expect.any(Number),
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      content: "Thank you.",
      created_at: expect.stringMatching(iso),
      is_anonymous: false,
      user_id: world.viewer.id,
    })
    const report = await reportWith(world.reporter, reportId, "report_comments,form_fields")
    expect(report.body.report_comments).toEqual([answer.body])
    expect(report.body.report_comment_ids).toEqual([answer.body.id])
  })

  it("leave the author out of an anonymous comment", async () => {
    const reportId = await fileReport()
    const answer = await comment(world.reporter, {
      report_id: reportId,
      content: "Seen it too",
      is_anonymous: true,
    })
    expect(answer.status).toBe(201)
    expect(answer.body.is_anonymous).toBe(true)
    expect(answer.body).not.toHaveProperty("user_id")
    const report = await reportWith(world.operator, reportId, "report_comments")
    expect(report.body.report_comments[0]).not.toHaveProperty("user_id")
  })

  it("are idempotent with a client uuid: the same uuid again answers 200 with the same comment", async () => {
    const reportId = await fileReport()
    const uuid = "9c21c96e-4ce5-49e6-95d5-eb475fd03441"
    const first = await comment(world.reporter, { report_id: reportId, content: "Once", uuid })
    expect(first.status).toBe(201)
    const again = await comment(world.reporter, { report_id: reportId, content: "Once more", uuid })
    expect(again.status).toBe(200)
    expect(again.body).toEqual(first.body)
    expect((await reportWith(world.reporter, reportId, "form_fields")).body.report_comment_ids).toEqual([
      first.body.id,
    ])
    const outsiders = await postReport(server, world.outsider, {
      account_id: world.outsiderChannel.id,
      address: "Harbour",
    })
    const stolen = await comment(world.outsider, { report_id: outsiders.body.id, content: "Mine", uuid })
    expect(stolen.status).toBe(409)
  })

  it("are 422 for a report the user cannot see and for blank content", async () => {
    const reportId = await fileReport()
    const foreign = await comment(world.outsider, { report_id: reportId, content: "Hello" })
    expect(foreign.status).toBe(422)
    expect(Object.keys(foreign.body.errors)).toEqual(["report_comment.report_id"])
    const blank = await comment(world.viewer, { report_id: reportId, content: "" })
    expect(blank.status).toBe(422)
    expect(Object.keys(blank.body.errors)).toEqual(["report_comment.content"])
  })
})
