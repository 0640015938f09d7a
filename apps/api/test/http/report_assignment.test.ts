/**
 * Assigning a report (docs/api.md, Updating and upserting): `assignee_id` and `assignment_due_at`
 * in the body of `PATCH /api/v4/reports/{id}`, set by the channel's operators and admins to a
 * member of the report's channel, null to clear.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Person } from "../support/People.ts"
import { postReport } from "../support/ReportFixtures.ts"
import { startTestServer, type TestServer } from "../support/TestServer.ts"
import { buildWorld, type World } from "../support/World.ts"

let server: TestServer
let world: World

beforeAll(async () => {
  server = await startTestServer({ FIELDREPORT_JOB_WORKERS: "0" })
  world = await buildWorld(server)
})
afterAll(() => server.close())

const assignmentFields = "assignee_id,assignment_due_at"

const file = async (person: Person) => {
  const answer = await postReport(server, person, { account_id: world.channel.id, address: "Quay St" })
  expect(answer.status).toBe(201)
  return answer.body.id as number
}

const patch = (person: Person, id: number, report: Record<string, unknown>) =>
  server.request("PATCH", `/api/v4/reports/${id}?fields=${assignmentFields}`, {
    token: person.token,
    body: { report },
  })

const assignmentOf = async (id: number) => {
  const answer = await server.request("GET", `/api/v4/reports/${id}?fields=${assignmentFields}`, {
    token: world.owner.token,
  })
  expect(answer.status).toBe(200)
  return { assignee_id: answer.body.assignee_id, assignment_due_at: answer.body.assignment_due_at }
}

describe("PATCH /api/v4/reports/{id} with an assignee", () => {
  it("assigns the report to a member of its channel with a due time, and null clears both", async () => {
    const id = await file(world.reporter)
    const assigned = await patch(world.operator, id, {
      assignee_id: world.reporter.id,
      assignment_due_at: "2031-03-04T09:30:00+13:00",
    })
    expect(assigned.status).toBe(200)
    expect(assigned.body).toMatchObject({
      id,
      assignee_id: world.reporter.id,
      assignment_due_at: "2031-03-03T20:30:00.000Z",
    })
    expect(await assignmentOf(id)).toEqual({
      assignee_id: world.reporter.id,
      assignment_due_at: "2031-03-03T20:30:00.000Z",
    })

    // Other changes leave the assignment alone.
    expect((await patch(world.operator, id, { address: "Wharf Rd" })).status).toBe(200)
    expect((await assignmentOf(id)).assignee_id).toBe(world.reporter.id)

    const cleared = await patch(world.owner, id, { assignee_id: null, assignment_due_at: null })
    expect(cleared.status).toBe(200)
    expect(await assignmentOf(id)).toEqual({ assignee_id: null, assignment_due_at: null })
  })

  it("is 422 naming report.assignee_id for anyone but a member of the report's channel, and writes nothing", async () => {
    const id = await file(world.reporter)
    const outsiders = [
      ["in the team but not the channel", world.member.id],
      ["invited to the channel, not joined", world.invited.id],
      ["in another team", world.outsider.id],
      ["no user", 999_999],
    ] as const
    for (const [who, userId] of outsiders) {
      const answer = await patch(world.operator, id, {
        assignee_id: userId,
        assignment_due_at: "2031-03-04T09:30:00Z",
        address: "Elsewhere",
      })
      expect(answer.status, who).toBe(422)
      expect(answer.body.errors, who).toEqual({
        "report.assignee_id": ["is not a member of the report's channel"],
      })
    }
    expect(await assignmentOf(id)).toEqual({ assignee_id: null, assignment_due_at: null })
  })

  it("is 422 naming the field for an assignee or due time of the wrong type", async () => {
    const id = await file(world.reporter)
    const badId = await patch(world.operator, id, { assignee_id: "Ana" })
    expect(badId.status).toBe(422)
    expect(Object.keys(badId.body.errors)).toEqual(["report.assignee_id"])
    const badTime = await patch(world.operator, id, { assignment_due_at: "next Tuesday" })
    expect(badTime.status).toBe(422)
    expect(Object.keys(badTime.body.errors)).toEqual(["report.assignment_due_at"])
  })

  it("is 403 for a reporter assigning their own report; sending the assignment unchanged is no assigning", async () => {
    const id = await file(world.reporter)
    expect((await patch(world.reporter, id, { assignee_id: world.reporter.id })).status).toBe(403)
    expect((await patch(world.reporter, id, { assignment_due_at: "2031-03-04T09:30:00Z" })).status).toBe(403)
    expect((await patch(world.viewer, id, { assignee_id: world.reporter.id })).status).toBe(403)
    expect(await assignmentOf(id)).toEqual({ assignee_id: null, assignment_due_at: null })
    // A client that sends the whole report back changes nothing of its assignment.
    const unchanged = await patch(world.reporter, id, {
      assignee_id: null,
      assignment_due_at: null,
      address: "Wharf Rd",
    })
    expect(unchanged.status).toBe(200)
  })
})
