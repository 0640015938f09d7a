/**
 * A report's history (docs/api.md, Reports): `GET /api/v4/reports/{report_id}/changes` lists every
 * change of a report, newest first and a page at a time: its filing, then each field a write
 * moved (answers and attachments by their field keys), with who made it and when, whether the
 * write was a `PATCH`, an upsert or an item of a bulk update. Only those who read the report read
 * its history, and a private answer's values only those who see that answer.
 */
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Person } from "../support/People.ts"
import { postReport, putTestForm, statesOf, type TestForm } from "../support/ReportFixtures.ts"
import { startTestServer, type TestServer } from "../support/TestServer.ts"
import { buildWorld, type World } from "../support/World.ts"

let server: TestServer
let world: World
let form: TestForm
let states: Readonly<Record<string, number>>

beforeAll(async () => {
  server = await startTestServer({ FIELDREPORT_JOB_WORKERS: "0" })
  world = await buildWorld(server)
  form = await putTestForm(server, world.owner, world.channel.id)
  states = await statesOf(server, world.owner, world.channel.id)
})
afterAll(() => server.close())

const changesOf = (person: Person, id: number | string, range?: string) =>
  server.request("GET", `/api/v4/reports/${id}/changes`, {
    token: person.token,
    ...(range === undefined ? {} : { headers: { Range: range } }),
  })

/** The entries without their ids and times, newest first. */
const entries = (body: ReadonlyArray<Record<string, unknown>>) =>
  body.map(({ action, field, old_value, new_value, user_id }) => ({
    action,
    field,
    old_value,
    new_value,
    user_id,
  }))

const fileWithSecret = async () => {
  const uuid = randomUUID()
  const filed = await postReport(server, world.reporter, {
    account_id: world.channel.id,
    uuid,
    address: "Quay St",
    title: "Spill",
    [form.what]: "Oil",
    [form.secret]: "Gate code 1234",
  })
  expect(filed.status).toBe(201)
  return { id: filed.body.id as number, uuid }
}

describe("GET /api/v4/reports/{report_id}/changes", () => {
  it("lists the filing and every field each write moved, newest first, by whoever made it", async () => {
    const { id, uuid } = await fileWithSecret()
    const patched = await server.request("PATCH", `/api/v4/reports/${id}`, {
      token: world.reporter.token,
      body: { report: { address: "Wharf Rd", [form.what]: "Diesel", [form.secret]: "Gate code 9999" } },
    })
    expect(patched.status).toBe(200)
    const bulk = await server.request("POST", "/api/v4/reports/bulk_update", {
      token: world.operator.token,
      body: [{ id, report_state_id: states["In progress"], assignee_id: world.reporter.id }],
    })
    expect(bulk.status).toBe(200)

    const answer = await changesOf(world.operator, id)
    expect(answer.status).toBe(200)
    expect(answer.headers.get("Content-Range")).toBe("report_changes 0-5/6")
    const byOperator = { action: "changed", user_id: world.operator.id }
    const byReporter = { action: "changed", user_id: world.reporter.id }
    // One write's changes are in the order it recorded them, the newest write's first.
    expect(entries(answer.body).slice(0, 2)).toEqual([
      { ...byOperator, field: "assignee_id", old_value: null, new_value: world.reporter.id },
      { ...byOperator, field: "report_state_id", old_value: states.New, new_value: states["In progress"] },
    ])
    expect(entries(answer.body).slice(2, 5)).toHaveLength(3)
    expect(entries(answer.body).slice(2, 5)).toEqual(
      expect.arrayContaining([
        { ...byReporter, field: "address", old_value: "Quay St", new_value: "Wharf Rd" },
        { ...byReporter, field: form.what, old_value: "Oil", new_value: "Diesel" },
        { ...byReporter, field: form.secret, old_value: "Gate code 1234", new_value: "Gate code 9999" },
      ]),
    )
    expect(entries(answer.body).slice(5)).toEqual([
      { action: "created", field: null, old_value: null, new_value: null, user_id: world.reporter.id },
    ])
    expect(answer.body[0]).toMatchObject({
      report_id: id,
      created_at: expect.any(String),
      id: expect.any(Number),
    })

    // By its uuid, a page at a time.
    const page = await changesOf(world.operator, uuid, "objects=1-2")
    expect(page.status).toBe(200)
    expect(page.headers.get("Content-Range")).toBe("report_changes 1-2/6")
    expect(page.body.map((change: { id: number }) => change.id)).toEqual(
      answer.body.slice(1, 3).map((change: { id: number }) => change.id),
    )
  })

  it("hides a private answer's values from a viewer, shows them to the reporter, and shows the rest", async () => {
    const { id } = await fileWithSecret()
    const patched = await server.request("PATCH", `/api/v4/reports/${id}`, {
      token: world.operator.token,
      body: { report: { [form.what]: "Diesel", [form.secret]: "Gate code 9999" } },
    })
    expect(patched.status).toBe(200)
    const secretOf = (body: ReadonlyArray<Record<string, unknown>>) =>
      body.find((change) => change.field === form.secret)
    const whatOf = (body: ReadonlyArray<Record<string, unknown>>) =>
      body.find((change) => change.field === form.what)

    const asViewer = await changesOf(world.viewer, id)
    expect(asViewer.status).toBe(200)
    expect(secretOf(asViewer.body)).toMatchObject({
      old_value: null,
      new_value: null,
      user_id: world.operator.id,
    })
    expect(whatOf(asViewer.body)).toMatchObject({ old_value: "Oil", new_value: "Diesel" })
    expect(JSON.stringify(asViewer.body)).not.toContain("Gate code")

    const asReporter = await changesOf(world.reporter, id)
    expect(secretOf(asReporter.body)).toMatchObject({
      old_value: "Gate code 1234",
      new_value: "Gate code 9999",
    })
  })

  it("is 404 for someone outside the channel and for an unknown report, 401 without a session", async () => {
    const { id } = await fileWithSecret()
    expect((await changesOf(world.member, id)).status).toBe(404)
    expect((await changesOf(world.outsider, id)).status).toBe(404)
    expect((await changesOf(world.operator, 999_999)).status).toBe(404)
    expect((await server.request("GET", `/api/v4/reports/${id}/changes`)).status).toBe(401)
  })

  it("records an upsert's changes as the upsert's writer's", async () => {
    const filed = await server.request("POST", "/api/v4/reports/upsert", {
      token: world.operator.token,
      body: { report: { account_id: world.channel.id, source_id: "gauge-1", address: "Dam Rd" } },
    })
    expect(filed.status).toBe(201)
    const again = await server.request("POST", "/api/v4/reports/upsert", {
      token: world.operator.token,
      body: { report: { account_id: world.channel.id, source_id: "gauge-1", address: "Weir Rd" } },
    })
    expect(again.status).toBe(200)
    const answer = await changesOf(world.owner, filed.body.id)
    expect(entries(answer.body)).toEqual([
      {
        action: "changed",
        field: "address",
        old_value: "Dam Rd",
        new_value: "Weir Rd",
        user_id: world.operator.id,
      },
      { action: "created", field: null, old_value: null, new_value: null, user_id: world.operator.id },
    ])
  })
})
