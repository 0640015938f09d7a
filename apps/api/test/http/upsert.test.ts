import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { joinChannel } from "../support/People.ts"
import {
  postReport,
  putTestForm,
  query,
  reportCount,
  statesOf,
  type TestForm,
} from "../support/ReportFixtures.ts"
import { startTestServer, type TestServer } from "../support/TestServer.ts"
import { buildWorld, type ChannelInfo, createApp, createChannel, type World } from "../support/World.ts"

let server: TestServer
let world: World
let channel: ChannelInfo
let form: TestForm
let states: Readonly<Record<string, number>>

const where = { latitude: -41.2865, longitude: 174.7762 }

beforeAll(async () => {
  server = await startTestServer({ FIELDREPORT_JOB_WORKERS: "0" })
  world = await buildWorld(server)
  channel = await createChannel(server, world.owner, world.teamId, "Gauges")
  await joinChannel(server, channel.id, world.operator, "operator")
  await joinChannel(server, channel.id, world.reporter, "reporter")
  await joinChannel(server, channel.id, world.viewer, "viewer")
  form = await putTestForm(server, world.owner, channel.id)
  states = await statesOf(server, world.owner, channel.id)
})
afterAll(() => server.close())

const upsert = (report: Record<string, unknown>, person = world.operator, fields?: string) =>
  server.request("POST", `/api/v4/reports/upsert${fields === undefined ? "" : `?fields=${fields}`}`, {
    token: person.token,
    body: { report: { account_id: channel.id, ...report } },
  })

interface Category {
  readonly id: number
  readonly name: string
  readonly parent_id: number | null
  readonly depth: number
}

const categories = async (): Promise<ReadonlyArray<Category>> =>
  (
    await server.request("GET", `/api/v4/channels/${channel.id}/categories?fields=id,name,parent,depth`, {
      token: world.owner.token,
    })
  ).body

const categoryNamed = async (name: string): Promise<Category | undefined> =>
  (await categories()).find((category) => category.name === name)

describe("POST /api/v4/reports/upsert", () => {
  it("rule 1: source_id and account_id identify the report: 201 when created, 200 when updated", async () => {
    const created = await upsert({ source_id: "gauge-1", location: where, address: "Weir" })
    expect(created.status).toBe(201)
    expect(created.headers.get("location")).toBe(`/api/v4/reports/${created.body.id}`)
    const updated = await upsert({ source_id: "gauge-1", address: "Weir 2" })
    expect(updated.status).toBe(200)
    expect(updated.headers.get("location")).toBeNull()
    expect(updated.body).toMatchObject({ id: created.body.id, address: "Weir 2", location: where })
    // The same source id in another channel is another report.
    const other = await createChannel(server, world.owner, world.teamId, "Other gauges")
    const elsewhere = await server.request("POST", "/api/v4/reports/upsert", {
      token: world.owner.token,
      body: { report: { account_id: other.id, source_id: "gauge-1", address: "Weir" } },
    })
    expect(elsewhere.status).toBe(201)
    expect(elsewhere.body.id).not.toBe(created.body.id)
  })

  it("rule 1: both keys are required", async () => {
    const noSource = await upsert({ address: "Weir" })
    expect(noSource.status).toBe(422)
    expect(Object.keys(noSource.body.errors)).toEqual(["report.source_id"])
    const noChannel = await server.request("POST", "/api/v4/reports/upsert", {
      token: world.operator.token,
      body: { report: { source_id: "gauge-x", address: "Weir" } },
    })
    expect(noChannel.status).toBe(422)
    expect(Object.keys(noChannel.body.errors)).toEqual(["report.account_id"])
  })

  it("rule 1: of reports that create made with the same source id, the one with the lowest id is updated", async () => {
    const first = await postReport(server, world.operator, {
      account_id: channel.id,
      address: "A",
      source_id: "dup",
    })
    const second = await postReport(server, world.operator, {
      account_id: channel.id,
      address: "B",
      source_id: "dup",
    })
    expect(second.body.id).toBeGreaterThan(first.body.id)
    const updated = await upsert({ source_id: "dup", address: "Updated" })
    expect(updated.status).toBe(200)
    expect(updated.body.id).toBe(first.body.id)
    const untouched = await server.request("GET", `/api/v4/reports/${second.body.id}`, {
      token: world.operator.token,
    })
    expect(untouched.body.address).toBe("B")
  })

  it("rule 2: a location or address is required only to create; given for an existing report it is updated", async () => {
    const before = await reportCount(server, channel.id)
    const missing = await upsert({ source_id: "gauge-2" })
    expect(missing.status).toBe(422)
    expect(Object.keys(missing.body.errors)).toEqual(["report.location"])
    expect(await reportCount(server, channel.id)).toBe(before)
    await upsert({ source_id: "gauge-2", address: "Bridge" })
    const moved = await upsert({ source_id: "gauge-2", location: where })
    expect(moved.status).toBe(200)
    expect(moved.body).toMatchObject({ address: "Bridge", location: where })
  })

  it("rule 3: report_state_id is ignored when creating", async () => {
    const created = await upsert({ source_id: "gauge-3", address: "Ford", report_state_id: states.Resolved })
    expect(created.status).toBe(201)
    expect(created.body.report_state_id).toBe(states.New)
    const history = await server.request("GET", `/api/v4/reports/${created.body.id}/report_state_changes`, {
      token: world.operator.token,
    })
    expect(history.body).toEqual([])
  })

  it("rule 3: an upsert that finds the report sets its state, with a state change record, as PATCH does", async () => {
    const created = await upsert({ source_id: "gauge-3b", address: "Ford" })
    const updated = await upsert({ source_id: "gauge-3b", report_state_id: states["In progress"] })
    expect(updated.status).toBe(200)
    expect(updated.body.report_state_id).toBe(states["In progress"])
    // The same state again changes nothing and writes no record.
    const again = await upsert({ source_id: "gauge-3b", report_state_id: states["In progress"] })
    expect(again.body.report_state_id).toBe(states["In progress"])
    const history = await server.request("GET", `/api/v4/reports/${created.body.id}/report_state_changes`, {
      token: world.operator.token,
    })
    expect(history.body).toEqual([
      expect.objectContaining({
        previous_report_state: { id: states.New, name: "New" },
        new_report_state: { id: states["In progress"], name: "In progress" },
        user_id: world.operator.id,
      }),
    ])
    const fetched = await server.request("GET", `/api/v4/reports/${created.body.id}`, {
      token: world.operator.token,
    })
    expect(fetched.body.report_state_id).toBe(states["In progress"])
  })

  it("rule 3: an upsert follows the channel's transitions: a move outside them is 422 and changes nothing", async () => {
    const created = await upsert({ source_id: "gauge-3c", address: "Ford" })
    const restricted = await server.request("PATCH", `/api/v4/report_states/${states.New}`, {
      token: world.owner.token,
      body: { report_state: { next_state_ids: [states["In progress"]] } },
    })
    expect(restricted.status).toBe(200)
    try {
      const skipped = await upsert({
        source_id: "gauge-3c",
        address: "Elsewhere",
        report_state_id: states.Resolved,
      })
      expect(skipped.status).toBe(422)
      expect(Object.keys(skipped.body.errors)).toEqual(["report.report_state_id"])
      const foreign = await upsert({ source_id: "gauge-3c", report_state_id: 99_999_999 })
      expect(foreign.status).toBe(422)
      expect(Object.keys(foreign.body.errors)).toEqual(["report.report_state_id"])
      const fetched = await server.request("GET", `/api/v4/reports/${created.body.id}`, {
        token: world.operator.token,
      })
      expect(fetched.body).toMatchObject({ report_state_id: states.New, address: "Ford" })
      const allowed = await upsert({ source_id: "gauge-3c", report_state_id: states["In progress"] })
      expect(allowed.body.report_state_id).toBe(states["In progress"])
    } finally {
      await server.request("PATCH", `/api/v4/report_states/${states.New}`, {
        token: world.owner.token,
        body: { report_state: { next_state_ids: null } },
      })
    }
  })

  it("rule 3: a reporter's upsert of their own report may not change its state, as PATCH may not", async () => {
    const created = await upsert({ source_id: "gauge-3d", address: "Ford" }, world.reporter)
    expect(created.status).toBe(201)
    const moved = await upsert({ source_id: "gauge-3d", report_state_id: states.Resolved }, world.reporter)
    expect(moved.status).toBe(403)
    const patched = await server.request("PATCH", `/api/v4/reports/${created.body.id}`, {
      token: world.reporter.token,
      body: { report: { report_state_id: states.Resolved } },
    })
    expect(patched.status).toBe(403)
    // Naming the state it is in is no change, and their other edits go through.
    const same = await upsert(
      { source_id: "gauge-3d", address: "Ford 2", report_state_id: states.New },
      world.reporter,
    )
    expect(same.status).toBe(200)
    expect(same.body).toMatchObject({ address: "Ford 2", report_state_id: states.New })
  })

  it("rule 4: without category_id, or with null, the report is in the channel's root category", async () => {
    const created = await upsert({ source_id: "gauge-4", address: "Pool", category_id: null })
    expect(created.status).toBe(201)
    expect(created.body.category_id).toBe(channel.category_id)
    const rivers = await upsert({ source_id: "gauge-4", category_names: ["Rivers"] })
    expect(rivers.body.category_id).not.toBe(channel.category_id)
    const back = await upsert({ source_id: "gauge-4" })
    expect(back.body.category_id).toBe(channel.category_id)
  })

  it("rule 5: with category_id and category_names, the names are ignored", async () => {
    const made = await server.request("POST", `/api/v4/channels/${channel.id}/categories`, {
      token: world.owner.token,
      body: { category: { name: "Lakes", pin_color: "blue" } },
    })
    const both = await upsert({
      source_id: "gauge-5",
      address: "Shore",
      category_id: made.body.id,
      category_names: ["Never", "Made"],
    })
    expect(both.body.category_id).toBe(made.body.id)
    expect(await categoryNamed("Never")).toBeUndefined()
    const foreign = await upsert({ source_id: "gauge-5", category_id: world.channel.category_id })
    expect(foreign.status).toBe(422)
    expect(Object.keys(foreign.body.errors)).toEqual(["report.category_id"])
  })

  it("rule 6: category_names are found or created, nested in order; an empty list is the root", async () => {
    const three = await upsert({
      source_id: "gauge-6",
      address: "Gorge",
      category_names: ["Water", "Flood", "Deep"],
    })
    expect(three.status).toBe(201)
    const water = await categoryNamed("Water")
    const flood = await categoryNamed("Flood")
    const deep = await categoryNamed("Deep")
    expect(water).toMatchObject({ parent_id: channel.category_id, depth: 1 })
    expect(flood).toMatchObject({ parent_id: water?.id, depth: 2 })
    expect(deep).toMatchObject({ parent_id: flood?.id, depth: 3 })
    expect(three.body.category_id).toBe(deep?.id)
    expect(three.body.title).toBe("Deep, Flood, Water, Gauges")
    // Names match as they are written elsewhere; nothing is created twice.
    const count = (await categories()).length
    const two = await upsert({ source_id: "gauge-6", category_names: [" water", "FLOOD"] })
    expect(two.body.category_id).toBe(flood?.id)
    const one = await upsert({ source_id: "gauge-6", category_names: ["Water"] })
    expect(one.body.category_id).toBe(water?.id)
    expect((await categories()).length).toBe(count)
    const root = await upsert({ source_id: "gauge-6", category_names: [] })
    expect(root.body.category_id).toBe(channel.category_id)
    const four = await upsert({ source_id: "gauge-6", category_names: ["A", "B", "C", "D"] })
    expect(four.status).toBe(422)
    expect(Object.keys(four.body.errors)).toEqual(["report.category_names"])
  })

  it("creates nothing, categories included, when the upsert fails after planning them", async () => {
    const other = await createApp(server, "com.example.upsert")
    const [app] = await query<{ id: number }>(
      server,
      (sql) => sql`SELECT id FROM branded_apps WHERE bundle_id = ${other}`,
    )
    const [shape] = await query<{ id: number }>(
      server,
      (sql) =>
        sql`INSERT INTO shapes ${sql.insert({
          branded_app_id: app!.id,
          geom: "POLYGON((0 0, 1 0, 1 1, 0 0))",
          metadata: "{}",
          min_longitude: 0,
          min_latitude: 0,
          max_longitude: 1,
          max_latitude: 1,
          area: 0.5,
          created_at: new Date().toISOString(),
        })} RETURNING id`,
    )
    const before = await reportCount(server, channel.id)
    const answer = await upsert({
      source_id: "gauge-7",
      address: "Dam",
      category_names: ["Reservoirs", "Spillways"],
      shape_id: shape!.id,
    })
    expect(answer.status).toBe(422)
    expect(Object.keys(answer.body.errors)).toEqual(["report.shape_id"])
    expect(await categoryNamed("Reservoirs")).toBeUndefined()
    expect(await reportCount(server, channel.id)).toBe(before)
  })

  it("rule 7: category_names is read only under that key: create ignores it", async () => {
    const created = await postReport(server, world.operator, {
      account_id: channel.id,
      address: "Weir",
      category_names: ["Ignored"],
    })
    expect(created.status).toBe(201)
    expect(created.body.category_id).toBe(channel.category_id)
    expect(await categoryNamed("Ignored")).toBeUndefined()
  })

  it("rule 8: custom field keys are taken as in create, in either form, and checked", async () => {
    const created = await upsert(
      { source_id: "gauge-8", address: "Mouth", [form.what]: "Rising" },
      world.operator,
      "form_fields",
    )
    const value = (body: { form_fields: ReadonlyArray<{ key: string; value: unknown }> }, key: string) =>
      body.form_fields.find((field) => field.key === key)?.value
    expect(value(created.body, form.what)).toBe("Rising")
    const legacy = await upsert(
      { source_id: "gauge-8", form_fields: [{ key: form.checks, value: [form.checkOptions[0]] }] },
      world.operator,
      "form_fields",
    )
    expect(legacy.status).toBe(200)
    expect(value(legacy.body, form.checks)).toEqual([form.checkOptions[0]])
    // Answers not sent stay.
    expect(value(legacy.body, form.what)).toBe("Rising")
    const wrong = await upsert({ source_id: "gauge-8", [form.choice]: "f_9_9_9_9_9" })
    expect(wrong.status).toBe(422)
    expect(Object.keys(wrong.body.errors)).toEqual([`report.${form.choice}`])
  })

  it("follows the roles: viewers cannot upsert, reporters update only their own reports", async () => {
    expect((await upsert({ source_id: "gauge-9", address: "x" }, world.viewer)).status).toBe(403)
    await upsert({ source_id: "gauge-9", address: "x" }, world.operator)
    expect((await upsert({ source_id: "gauge-9", address: "y" }, world.reporter)).status).toBe(403)
    expect((await upsert({ source_id: "gauge-10", address: "x" }, world.reporter)).status).toBe(201)
    expect((await upsert({ source_id: "gauge-10", address: "y" }, world.reporter)).status).toBe(200)
    const foreign = await server.request("POST", "/api/v4/reports/upsert", {
      token: world.outsider.token,
      body: { report: { account_id: channel.id, source_id: "gauge-9", address: "z" } },
    })
    expect(foreign.status).toBe(422)
    expect(Object.keys(foreign.body.errors)).toEqual(["report.account_id"])
  })
})
