/**
 * Updating many reports at once (docs/api.md, Reports): `POST /api/v4/reports/bulk_update` takes
 * 1 to 200 items `{id, …the fields PATCH takes}` and answers one result per item in request order,
 * `200` when every item was updated and `207` otherwise; each item is updated on its own, by the
 * rules of `PATCH /api/v4/reports/{id}`, so a refused item leaves the others alone.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Person } from "../support/People.ts"
import { postReport, statesOf } from "../support/ReportFixtures.ts"
import { startTestServer, type TestServer } from "../support/TestServer.ts"
import { buildWorld, type World } from "../support/World.ts"

let server: TestServer
let world: World
let states: Readonly<Record<string, number>>

beforeAll(async () => {
  server = await startTestServer({ FIELDREPORT_JOB_WORKERS: "0" })
  world = await buildWorld(server)
  states = await statesOf(server, world.owner, world.channel.id)
})
afterAll(() => server.close())

const file = async (person: Person, address = "Quay St") => {
  const answer = await postReport(server, person, { account_id: world.channel.id, address })
  expect(answer.status).toBe(201)
  return answer.body.id as number
}

const bulkUpdate = (person: Person, items: unknown, fields = "id,report_state_id,assignee_id,address") =>
  server.request("POST", `/api/v4/reports/bulk_update?fields=${fields}`, { token: person.token, body: items })

const fetch = async (id: number) => {
  const answer = await server.request(
    "GET",
    `/api/v4/reports/${id}?fields=report_state_id,assignee_id,address`,
    {
      token: world.owner.token,
    },
  )
  expect(answer.status).toBe(200)
  return answer.body
}

describe("POST /api/v4/reports/bulk_update", () => {
  it("moves and assigns every report, answering 200 with each report in request order", async () => {
    const ids = [await file(world.reporter), await file(world.reporter), await file(world.operator)]
    const answer = await bulkUpdate(
      world.operator,
      ids.map((id) => ({ id, report_state_id: states["In progress"], assignee_id: world.reporter.id })),
    )
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject(
      ids.map((id, ref) => ({
        ref,
        http_status: 200,
        errors: {},
        data: {
          id,
          report_state_id: states["In progress"],
          assignee_id: world.reporter.id,
          address: "Quay St",
        },
      })),
    )
    for (const id of ids)
      expect(await fetch(id)).toMatchObject({
        report_state_id: states["In progress"],
        assignee_id: world.reporter.id,
      })
  })

  it("answers 207 with each refusal in its item and updates the others", async () => {
    const own = await file(world.reporter)
    const other = await file(world.operator)
    const inOtherTeam = (
      await postReport(server, world.outsider, { account_id: world.outsiderChannel.id, address: "Far St" })
    ).body.id as number
    const answer = await bulkUpdate(world.reporter, [
      { id: own, address: "Wharf Rd" },
      { id: own, report_state_id: states.Resolved },
      { id: other, address: "Taken Rd" },
      { id: inOtherTeam, address: "Far Rd" },
      { address: "No id" },
      { id: own, assignee_id: "someone" },
    ])
    expect(answer.status).toBe(207)
    const byRef = answer.body.map((result: { ref: number; http_status: number; errors: object }) => [
      result.ref,
      result.http_status,
      Object.keys(result.errors),
    ])
    expect(byRef).toEqual([
      [0, 200, []],
      [1, 403, ["base"]],
      [2, 403, ["base"]],
      [3, 404, ["base"]],
      [4, 422, ["id"]],
      [5, 422, ["assignee_id"]],
    ])
    expect(answer.body[0].data).toMatchObject({ id: own, address: "Wharf Rd" })
    expect(answer.body[1]).not.toHaveProperty("data")
    expect(await fetch(own)).toMatchObject({ address: "Wharf Rd", report_state_id: states.New })
    expect((await fetch(other)).address).toBe("Quay St")
  })

  it("refuses a viewer and someone outside the channel item by item", async () => {
    const id = await file(world.reporter)
    for (const [person, status] of [
      [world.viewer, 403],
      [world.member, 404],
      [world.outsider, 404],
    ] as const) {
      const answer = await bulkUpdate(person, [{ id, address: "Nope Rd" }])
      expect(answer.status).toBe(207)
      expect(answer.body).toEqual([{ ref: 0, http_status: status, errors: { base: [expect.any(String)] } }])
    }
    expect((await fetch(id)).address).toBe("Quay St")
  })

  it("is 422 for an empty array or more than 200 items, 400 or 422 for a body that is no array, 401 without a session", async () => {
    const id = await file(world.reporter)
    const tooMany = await bulkUpdate(
      world.operator,
      Array.from({ length: 201 }, () => ({ id, address: "Many Rd" })),
    )
    expect(tooMany.status).toBe(422)
    expect(tooMany.body.errors).toEqual({ reports: ["must hold at most 200 reports"] })
    expect((await bulkUpdate(world.operator, [])).status).toBe(422)
    expect((await bulkUpdate(world.operator, { id, address: "Object Rd" })).status).toBe(422)
    expect((await fetch(id)).address).toBe("Quay St")
    const anonymous = await server.request("POST", "/api/v4/reports/bulk_update", { body: [{ id }] })
    expect(anonymous.status).toBe(401)
  })
})
