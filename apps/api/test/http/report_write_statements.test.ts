/**
 * What a report write asks of SQLite about the caller's access: a create, an update and an upsert
 * decide it once, and answer with the report rendered on that decision, also when the fields that
 * depend on it are selected.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Person } from "../support/People.ts"
import { postReport } from "../support/ReportFixtures.ts"
import { channelAccessReads, statementsDuring } from "../support/Statements.ts"
import { integrationEngine } from "../support/TestDatabase.ts"
import type { Answer } from "../support/TestServer.ts"
import { startTestServer, type TestServer } from "../support/TestServer.ts"
import { buildWorld, type World } from "../support/World.ts"

let server: TestServer
let world: World

beforeAll(async () => {
  server = await startTestServer({ FIELDREPORT_JOB_WORKERS: "0" })
  world = await buildWorld(server)
})
afterAll(() => server.close())

const where = { latitude: -41.2865, longitude: 174.7762 }
const accessFields = "fields=id,is_manageable_by,note_comments,note_comment_ids,form_fields"

/** The answer to `request`, and how many times the caller's access to a channel was read for it. */
const accessReadsOf = async (request: () => Promise<Answer>) => {
  let answer: Answer | undefined
  const statements = await statementsDuring(async () => {
    answer = await request()
  })
  return { answer: answer as Answer, accessReads: channelAccessReads(statements).length }
}

const upsert = (person: Person, report: Record<string, unknown>) =>
  server.request("POST", `/api/v4/reports/upsert?${accessFields}`, {
    token: person.token,
    body: { report: { account_id: world.channel.id, ...report } },
  })

describe.skipIf(integrationEngine !== "sqlite")("a report write", () => {
  it("decides the caller's access to the channel once for a create, and renders with it", async () => {
    const { answer, accessReads } = await accessReadsOf(() =>
      postReport(
        server,
        world.reporter,
        { account_id: world.channel.id, title: "Fallen tree", location: where },
        `?${accessFields}`,
      ),
    )
    expect(answer.status).toBe(201)
    expect(answer.body.is_manageable_by).toBe(true)
    expect(answer.body.note_comments).toEqual([])
    expect(accessReads).toBe(1)
  })

  it("decides it once for an update", async () => {
    const filed = await postReport(server, world.reporter, {
      account_id: world.channel.id,
      title: "Blocked drain",
      location: where,
    })
    expect(filed.status).toBe(201)
    const { answer, accessReads } = await accessReadsOf(() =>
      server.request("PATCH", `/api/v4/reports/${filed.body.id}?${accessFields}`, {
        token: world.reporter.token,
        body: { report: { title: "Blocked drain by the school" } },
      }),
    )
    expect(answer.status).toBe(200)
    expect(answer.body.is_manageable_by).toBe(true)
    expect(accessReads).toBe(1)
  })

  it("decides it once for an upsert that files a report and for one that finds it", async () => {
    const filed = await accessReadsOf(() => upsert(world.operator, { source_id: "gauge-9", location: where }))
    expect(filed.answer.status).toBe(201)
    expect(filed.answer.body.is_manageable_by).toBe(true)
    expect(filed.accessReads).toBe(1)
    const found = await accessReadsOf(() => upsert(world.operator, { source_id: "gauge-9", address: "Weir" }))
    expect(found.answer.status).toBe(200)
    expect(found.answer.body.id).toBe(filed.answer.body.id)
    expect(found.accessReads).toBe(1)
  })

  it("for a client uuid filed before, decides the channel reported in and the report found, nothing more", async () => {
    const uuid = "3f0c2b4e-7a51-4c52-9d7e-0b7d8f7a1c11"
    const filed = await postReport(server, world.operator, {
      account_id: world.channel.id,
      title: "Oil sheen",
      location: where,
      uuid,
    })
    expect(filed.status).toBe(201)
    const again = await accessReadsOf(() =>
      postReport(
        server,
        world.operator,
        { account_id: world.channel.id, title: "Oil sheen", location: where, uuid },
        `?${accessFields}`,
      ),
    )
    expect(again.answer.status).toBe(200)
    expect(again.answer.body.id).toBe(filed.body.id)
    expect(again.answer.body.is_manageable_by).toBe(true)
    expect(again.accessReads).toBe(2)
  })
})
