import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { joinChannel, type Person } from "../support/People.ts"
import {
  pdf,
  png,
  postReport,
  putTestForm,
  query,
  reportCount,
  statesOf,
  type TestForm,
  upload,
} from "../support/ReportFixtures.ts"
import { bundleId, startTestServer, type TestServer } from "../support/TestServer.ts"
import { buildWorld, type ChannelInfo, createApp, createChannel, type World } from "../support/World.ts"

let server: TestServer
let world: World
let form: TestForm
let states: Readonly<Record<string, number>>

const where = { latitude: -41.2865, longitude: 174.7762 }
const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const defaultKeys = [
  "id",
  "account_id",
  "address",
  "category_id",
  "is_anonymous",
  "iso_created_at",
  "location",
  "report_state_id",
  "title",
  "user_id",
  "shape_id",
]

beforeAll(async () => {
  server = await startTestServer({
    // Jobs stay in the table, where the tests read them.
    FIELDREPORT_JOB_WORKERS: "0",
    FIELDREPORT_STATIC_MAP_URL: "https://maps.example.org/{latitude},{longitude}.png",
  })
  world = await buildWorld(server)
  form = await putTestForm(server, world.owner, world.channel.id)
  states = await statesOf(server, world.owner, world.channel.id)
})
afterAll(() => server.close())

/** Files a report in the world's channel and answers its id. */
const file = async (
  person: Person,
  report: Record<string, unknown>,
  channel: ChannelInfo = world.channel,
) => {
  const answer = await postReport(server, person, { account_id: channel.id, ...report })
  expect(answer.status).toBe(201)
  return answer.body.id as number
}

const get = (person: Person, id: number, fields?: string) =>
  server.request("GET", `/api/v4/reports/${id}${fields === undefined ? "" : `?fields=${fields}`}`, {
    token: person.token,
  })

const patch = (person: Person, id: number, report: Record<string, unknown>, fields?: string) =>
  server.request("PATCH", `/api/v4/reports/${id}${fields === undefined ? "" : `?fields=${fields}`}`, {
    token: person.token,
    body: { report },
  })

const formFieldsOf = async (person: Person, id: number): Promise<Record<string, unknown>> => {
  const answer = await get(person, id, "form_fields")
  expect(answer.status).toBe(200)
  return Object.fromEntries(
    answer.body.form_fields.map((field: { key: string; value: unknown }) => [field.key, field.value]),
  )
}

const attachmentUsed = async (id: number) =>
  (await query<{ used: number }>(server, (sql) => sql`SELECT used FROM attachments WHERE id = ${id}`))[0]
    ?.used

const jobsOf = (kind: string) =>
  query<{ payload: string }>(server, (sql) => sql`SELECT payload FROM jobs WHERE kind = ${kind} ORDER BY id`)

/** Inserts a shape of a branded app with its box (the shapes endpoint is not in this suite). */
const insertShape = async (bundle: string, geom: string, area: number) => {
  const [app] = await query<{ id: number }>(
    server,
    (sql) => sql`SELECT id FROM branded_apps WHERE bundle_id = ${bundle}`,
  )
  const numbers = [...geom.matchAll(/-?\d+(?:\.\d+)?/g)].map(([n]) => Number(n))
  const longitudes = numbers.filter((_, index) => index % 2 === 0)
  const latitudes = numbers.filter((_, index) => index % 2 === 1)
  const box = {
    min_longitude: Math.min(...longitudes),
    max_longitude: Math.max(...longitudes),
    min_latitude: Math.min(...latitudes),
    max_latitude: Math.max(...latitudes),
  }
  const [shape] = await query<{ id: number }>(
    server,
    (sql) =>
      sql`INSERT INTO shapes ${sql.insert({
        branded_app_id: app!.id,
        geom,
        metadata: "{}",
        ...box,
        area,
        created_at: new Date().toISOString(),
      })} RETURNING id`,
  )
  await query(server, (sql) => sql`INSERT INTO shapes_box ${sql.insert({ id: shape!.id, ...box })}`)
  return shape!.id
}

describe("GET /api/v4/reports/{id}", () => {
  it("renders exactly the v4 dialect's default fields", async () => {
    const id = await file(world.reporter, { location: where, address: "Quay St" })
    const answer = await get(world.viewer, id)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      id,
      account_id: world.channel.id,
      address: "Quay St",
      category_id: world.channel.category_id,
      is_anonymous: false,
      iso_created_at: expect.stringMatching(iso),
      location: where,
      report_state_id: states.New,
      title: "Cleaner streams",
      user_id: world.reporter.id,
      shape_id: null,
    })
    expect(Object.keys(answer.body)).toEqual(defaultKeys)
  })

  it("removes defaults with -name and lists unknown names in X-Ignored-Fields", async () => {
    const id = await file(world.reporter, { address: "Quay St" })
    const answer = await get(world.viewer, id, "-title,-shape_id,colour,account_uuid")
    expect(answer.status).toBe(200)
    expect(Object.keys(answer.body)).toEqual(
      defaultKeys.filter((key) => key !== "title" && key !== "shape_id"),
    )
    expect(answer.body.location).toBeNull()
    expect(answer.headers.get("x-ignored-fields")).toBe("colour, account_uuid")
  })

  describe("optional fields", () => {
    let id: number

    beforeAll(async () => {
      id = await file(world.reporter, {
        location: where,
        address: "Quay St",
        [form.what]: "Oil on the water",
      })
    })

    it.each<[string, ReadonlyArray<string>, (body: Record<string, unknown>) => void]>([
      [
        "account_logo",
        ["account_logo"],
        (body) => expect(body.account_logo).toBe("/api/v4/pins/green/default@2x.png"),
      ],
      ["account_name", ["account_name"], (body) => expect(body.account_name).toBe("Cleaner streams")],
      [
        "form_fields",
        ["form_fields", "note_comment_ids", "report_comment_ids"],
        (body) => {
          expect(body.note_comment_ids).toEqual([])
          expect(body.report_comment_ids).toEqual([])
          const fields = body.form_fields as ReadonlyArray<Record<string, unknown>>
          expect(fields.map((field) => field.key)).toEqual(form.fields.map((field) => field.key))
          const what = fields.find((field) => field.key === form.what)
          expect(what).toEqual({
            ...form.fields.find((field) => field.key === form.what),
            value: "Oil on the water",
          })
        },
      ],
      ["is_manageable_by", ["is_manageable_by"], (body) => expect(body.is_manageable_by).toBe(false)],
      [
        "map_url",
        ["map_url"],
        (body) => expect(body.map_url).toBe("https://maps.example.org/-41.2865,174.7762.png"),
      ],
      ["note_comments", ["note_comments"], (body) => expect(body.note_comments).toEqual([])],
      ["report_comments", ["report_comments"], (body) => expect(body.report_comments).toEqual([])],
      ["report_state_name", ["report_state_name"], (body) => expect(body.report_state_name).toBe("New")],
      ["user_image", ["user_image"], (body) => expect(body.user_image).toBeNull()],
      ["user_short_name", ["user_short_name"], (body) => expect(body.user_short_name).toBe("w-reporter T.")],
      ["assignee_id", ["assignee_id"], (body) => expect(body.assignee_id).toBeNull()],
      ["assignment_due_at", ["assignment_due_at"], (body) => expect(body.assignment_due_at).toBeNull()],
      [
        "users_opened",
        ["users_opened"],
        (body) =>
          expect(body.users_opened).toEqual([
            {
              id: world.viewer.id,
              first_name: "w-viewer",
              last_name: "Tester",
              opened_at: expect.stringMatching(iso),
            },
          ]),
      ],
      ["uuid", ["uuid"], (body) => expect(body.uuid).toMatch(uuid)],
      ["updated_at", ["updated_at"], (body) => expect(body.updated_at).toBe(body.iso_created_at)],
      ["appearance", ["appearance"], (body) => expect(body.appearance).toBe("normal")],
      ["cache_key", ["cache_key"], (body) => expect(body.cache_key).toBe(`${id}-1`)],
    ])("renders %s when asked, after the defaults", async (name, keys, check) => {
      const answer = await get(world.viewer, id, name)
      expect(answer.status).toBe(200)
      expect(Object.keys(answer.body)).toEqual([...defaultKeys, ...keys])
      check(answer.body)
    })

    it("renders every answer by its field type", async () => {
      const photo = await upload(server, world.reporter, await png(), "spill.png")
      const scan = await upload(server, world.reporter, pdf, "permit.pdf")
      const full = await file(world.reporter, {
        location: where,
        [form.what]: "Oil",
        [form.description]: "A sheen by the outlet",
        [form.when]: "2024-03-21T16:08:00+13:00",
        [form.checks]: [form.checkOptions[0], form.checkOptions[2]],
        [form.choice]: [form.choiceOptions[1]],
        [form.info]: "ignored",
        [form.photos]: [photo.id],
        [form.files]: [scan.id],
        [form.secret]: "Owner is Bob",
      })
      const signed = (fileId: number, style: string) =>
        expect.stringMatching(
          new RegExp(`^${server.url}/api/v4/files/${fileId}/${style}\\?expires=\\d+&signature=[\\w-]+$`),
        )
      expect(await formFieldsOf(world.reporter, full)).toEqual({
        [form.category]: world.channel.category_id,
        [form.what]: "Oil",
        [form.description]: "A sheen by the outlet",
        [form.when]: "2024-03-21T03:08:00.000Z",
        [form.checks]: [form.checkOptions[0], form.checkOptions[2]],
        [form.choice]: form.choiceOptions[1],
        [form.info]: null,
        [form.photos]: [
          {
            id: photo.id,
            original_url: signed(photo.id, "original"),
            filename: "spill.png",
            style_url: { thumb: signed(photo.id, "thumb"), medium: signed(photo.id, "medium") },
          },
        ],
        [form.files]: [
          { id: scan.id, original_url: signed(scan.id, "original"), filename: "permit.pdf", style_url: {} },
        ],
        [form.secret]: "Owner is Bob",
      })
      // Private answers are for the channel's staff and the reporter.
      expect((await formFieldsOf(world.operator, full))[form.secret]).toBe("Owner is Bob")
      expect((await formFieldsOf(world.viewer, full))[form.secret]).toBeNull()
      expect((await formFieldsOf(world.viewer, full))[form.what]).toBe("Oil")
    })
  })

  it("shows the channel's logo and the reporter's picture when they have them", async () => {
    const channel = await createChannel(server, world.owner, world.teamId, "Logos")
    await joinChannel(server, channel.id, world.reporter, "reporter")
    const logo = await upload(server, world.owner, await png(), "logo.png")
    expect(
      (
        await server.request("PATCH", `/api/v4/channels/${channel.id}`, {
          token: world.owner.token,
          body: { channel: { logo_attachment_id: logo.id } },
        })
      ).status,
    ).toBe(204)
    const picture = await upload(server, world.reporter, await png(), "me.png")
    const me = await server.request("PATCH", "/api/v4/users/me", {
      token: world.reporter.token,
      body: { user: { image_attachment_id: picture.id } },
    })
    expect(me.status).toBeLessThan(300)
    const id = await file(world.reporter, { address: "Quay St" }, channel)
    const answer = await get(world.owner, id, "account_logo,user_image")
    expect(answer.body.account_logo).toMatch(
      new RegExp(`^/api/v4/files/${logo.id}/original\\?expires=\\d+&signature=`),
    )
    expect(answer.body.user_image).toMatch(
      new RegExp(`^${server.url}/api/v4/files/${picture.id}/thumb\\?expires=`),
    )
  })

  it("leaves the user fields out of an anonymous report", async () => {
    const id = await file(world.reporter, { address: "Quay St", is_anonymous: true })
    const answer = await get(world.operator, id, "user_image,user_short_name,users_opened")
    expect(answer.status).toBe(200)
    expect(answer.body.is_anonymous).toBe(true)
    expect(Object.keys(answer.body)).toEqual([
      ...defaultKeys.filter((key) => key !== "user_id"),
      "users_opened",
    ])
  })

  it("does not name an anonymous reporter among the readers of their own report", async () => {
    const id = await file(world.reporter, { address: "Quay St", is_anonymous: true })
    expect((await get(world.reporter, id)).status).toBe(200)
    expect((await get(world.viewer, id)).status).toBe(200)
    const answer = await get(world.operator, id, "users_opened")
    const readers = answer.body.users_opened.map((reader: { id: number }) => reader.id)
    expect(readers).toEqual([world.viewer.id, world.operator.id])
    expect(readers).not.toContain(world.reporter.id)
  })

  it("records every read and marks the reader's notifications about the report read", async () => {
    const id = await file(world.reporter, { address: "Quay St" })
    for (const person of [world.viewer, world.operator]) {
      await query(
        server,
        (sql) =>
          sql`INSERT INTO notifications ${sql.insert({
            user_id: person.id,
            report_id: id,
            channel_id: world.channel.id,
            created_at: new Date().toISOString(),
          })}`,
      )
    }
    await get(world.viewer, id)
    const first = await get(world.viewer, id, "users_opened")
    await get(world.owner, id)
    const read = await query<{ user_id: number; read: number }>(
      server,
      (sql) => sql`SELECT user_id, read FROM notifications WHERE report_id = ${id} ORDER BY user_id`,
    )
    expect(read).toEqual(
      [
        { user_id: world.viewer.id, read: 1 },
        { user_id: world.operator.id, read: 0 },
      ].sort((a, b) => a.user_id - b.user_id),
    )
    const reads = await query<{ n: number }>(
      server,
      (sql) =>
        sql`SELECT COUNT(*) AS n FROM report_reads WHERE report_id = ${id} AND user_id = ${world.viewer.id}`,
    )
    expect(reads[0]?.n).toBe(2)
    const opened = (await get(world.owner, id, "users_opened")).body.users_opened
    expect(opened.map((reader: { id: number }) => reader.id)).toEqual([world.viewer.id, world.owner.id])
    // A reader is listed once, with the time they first opened the report.
    expect(opened[0].opened_at).toBe(first.body.users_opened[0].opened_at)
  })

  it("is 404 for a report in a channel the user cannot read, and for unknown reports", async () => {
    const id = await file(world.reporter, { address: "Quay St" })
    for (const person of [world.outsider, world.invited, world.member]) {
      const answer = await get(person, id)
      expect(answer.status).toBe(404)
      expect(answer.body.error).toBe("report not found")
    }
    expect((await get(world.owner, 99_999_999)).status).toBe(404)
    expect((await server.request("GET", `/api/v4/reports/${id}`)).status).toBe(401)
    const outsiders = await file(world.outsider, { address: "Harbour" }, world.outsiderChannel)
    expect((await get(world.owner, outsiders)).status).toBe(404)
  })
})

describe("POST /api/v4/reports", () => {
  it("files a report in the plain form: 201 with it and its Location", async () => {
    const before = await reportCount(server, world.channel.id)
    const answer = await postReport(server, world.reporter, {
      account_id: world.channel.id,
      location: where,
      address: "Quay St",
      [form.what]: "Oil",
    })
    expect(answer.status).toBe(201)
    expect(answer.headers.get("location")).toBe(`/api/v4/reports/${answer.body.id}`)
    expect(answer.body).toEqual({
      id: expect.any(Number),
      account_id: world.channel.id,
      address: "Quay St",
      category_id: world.channel.category_id,
      is_anonymous: false,
      iso_created_at: expect.stringMatching(iso),
      location: where,
      report_state_id: states.New,
      title: "Oil, Cleaner streams",
      user_id: world.reporter.id,
      shape_id: null,
    })
    expect(await reportCount(server, world.channel.id)).toBe(before + 1)
  })

  it("files a report in the legacy form: geom and form_fields", async () => {
    const legacy = await postReport(server, world.reporter, {
      account_id: world.channel.id,
      geom: "POINT(174.7762 -41.2865)",
      form_fields: [
        { key: form.what, value: "Oil" },
        { key: form.checks, value: [form.checkOptions[1]] },
      ],
    })
    expect(legacy.status).toBe(201)
    expect(legacy.body.location).toEqual(where)
    const values = await formFieldsOf(world.reporter, legacy.body.id)
    expect(values[form.what]).toBe("Oil")
    expect(values[form.checks]).toEqual([form.checkOptions[1]])
  })

  it("takes the fields the caller may not write from nobody: id, user_id, iso_created_at, report_state_id", async () => {
    const answer = await postReport(server, world.reporter, {
      account_id: world.channel.id,
      address: "Quay St",
      id: 777_777,
      user_id: world.owner.id,
      iso_created_at: "2001-01-01T00:00:00Z",
      report_state_id: states.Resolved,
      account_name: "Renamed",
      cache_key: "mine",
    })
    expect(answer.status).toBe(201)
    expect(answer.body.id).not.toBe(777_777)
    expect(answer.body.user_id).toBe(world.reporter.id)
    expect(answer.body.iso_created_at).not.toMatch(/^2001/)
    expect(answer.body.report_state_id).toBe(states.New)
  })

  it("is idempotent with a client uuid: the same uuid again answers 200 with the same report", async () => {
    const report = {
      account_id: world.channel.id,
      address: "Quay St",
      uuid: "3ffeef7c-0f73-4e82-b39e-5a55cce0daef",
    }
    const first = await postReport(server, world.reporter, report)
    expect(first.status).toBe(201)
    const before = await reportCount(server, world.channel.id)
    const again = await postReport(
      server,
      world.reporter,
      { ...report, address: "Elsewhere" },
      "?fields=uuid",
    )
    expect(again.status).toBe(200)
    expect(again.headers.get("location")).toBeNull()
    expect(again.body).toEqual({ ...first.body, uuid: report.uuid })
    expect(await reportCount(server, world.channel.id)).toBe(before)
    // Another tenant's uuid is never answered with that report.
    const stolen = await postReport(server, world.outsider, {
      ...report,
      account_id: world.outsiderChannel.id,
    })
    expect(stolen.status).toBe(409)
  })

  it.each<[string, Record<string, unknown>, string]>([
    ["a latitude out of range", { location: { latitude: 91, longitude: 0 } }, "report.location.latitude"],
    ["neither location nor address", { address: " " }, "report.location"],
    ["a key that is not a field of the form", { address: "x", f_9_9_9: "x" }, "report.f_9_9_9"],
    ["a category of another channel", { address: "x", category_id: 999_999 }, "report.category_id"],
    ["a malformed uuid", { address: "x", uuid: "not-a-uuid" }, "report.uuid"],
  ])("is 422 naming the field for %s", async (_, report, path) => {
    const answer = await postReport(server, world.reporter, { account_id: world.channel.id, ...report })
    expect(answer.status).toBe(422)
    expect(Object.keys(answer.body.errors)).toEqual([path])
  })

  it("is 422 naming each answer that does not fit its field", async () => {
    const answer = await postReport(server, world.reporter, {
      account_id: world.channel.id,
      address: "Quay St",
      [form.checks]: ["f_1_1_1_1_1"],
      [form.when]: "yesterday",
      [form.what]: 12,
    })
    expect(answer.status).toBe(422)
    expect(Object.keys(answer.body.errors).sort()).toEqual(
      [`report.${form.checks}`, `report.${form.when}`, `report.${form.what}`].sort(),
    )
  })

  it("needs a channel the user may report in: 422 for one they cannot see, 403 for a viewer", async () => {
    const missing = await postReport(server, world.reporter, { address: "Quay St" })
    expect(Object.keys(missing.body.errors)).toEqual(["report.account_id"])
    const foreign = await postReport(server, world.reporter, {
      account_id: world.outsiderChannel.id,
      address: "x",
    })
    expect(foreign.status).toBe(422)
    expect(Object.keys(foreign.body.errors)).toEqual(["report.account_id"])
    const viewer = await postReport(server, world.viewer, { account_id: world.channel.id, address: "x" })
    expect(viewer.status).toBe(403)
  })

  it("writes nothing when the report breaks a rule", async () => {
    const before = await reportCount(server, world.channel.id)
    const photo = await upload(server, world.reporter, await png(), "ok.png")
    const scan = await upload(server, world.reporter, pdf, "scan.pdf")
    const answer = await postReport(server, world.reporter, {
      account_id: world.channel.id,
      address: "Quay St",
      uuid: "6a1b6f0e-8d7c-4a3e-9f1e-2b3c4d5e6f70",
      [form.files]: [photo.id],
      [form.photos]: [scan.id],
    })
    expect(answer.status).toBe(422)
    expect(Object.keys(answer.body.errors)).toEqual([`report.${form.photos}`])
    expect(await reportCount(server, world.channel.id)).toBe(before)
    expect(await attachmentUsed(photo.id)).toBe(0)
    expect(
      await query(
        server,
        (sql) => sql`SELECT id FROM reports WHERE uuid = ${"6a1b6f0e-8d7c-4a3e-9f1e-2b3c4d5e6f70"}`,
      ),
    ).toEqual([])
  })

  it("takes the category from category_id or from the Category field, which must agree", async () => {
    const created = await server.request("POST", `/api/v4/channels/${world.channel.id}/categories`, {
      token: world.owner.token,
      body: { category: { name: "Industrial waste", pin_color: "red" } },
    })
    const waste = created.body.id
    const byId = await postReport(server, world.reporter, {
      account_id: world.channel.id,
      address: "x",
      category_id: waste,
    })
    expect(byId.body.category_id).toBe(waste)
    const byField = await postReport(server, world.reporter, {
      account_id: world.channel.id,
      address: "x",
      [form.category]: waste,
    })
    expect(byField.body.category_id).toBe(waste)
    expect((await formFieldsOf(world.reporter, byField.body.id))[form.category]).toBe(waste)
    const both = await postReport(server, world.reporter, {
      account_id: world.channel.id,
      address: "x",
      category_id: waste,
      [form.category]: world.channel.category_id,
    })
    expect(both.status).toBe(422)
    expect(Object.keys(both.body.errors)).toEqual([`report.${form.category}`])
  })

  it("derives a title from the first text answer and the category path; keeps a title given", async () => {
    const parent = await server.request("POST", `/api/v4/channels/${world.channel.id}/categories`, {
      token: world.owner.token,
      body: { category: { name: "Spills", pin_color: "blue" } },
    })
    const child = await server.request("POST", `/api/v4/channels/${world.channel.id}/categories`, {
      token: world.owner.token,
      body: { category: { name: "From raceway", parent_id: parent.body.id, pin_color: "blue" } },
    })
    const derived = await postReport(server, world.reporter, {
      account_id: world.channel.id,
      address: "x",
      category_id: child.body.id,
      [form.description]: "  Brown   water\nbelow the bridge ",
      [form.secret]: "Not in titles",
    })
    expect(derived.body.title).toBe("Brown water below the bridge, From raceway, Spills, Cleaner streams")
    const long = await postReport(server, world.reporter, {
      account_id: world.channel.id,
      address: "x",
      [form.what]: "a".repeat(100),
    })
    expect(long.body.title).toBe(`${"a".repeat(79)}…, Cleaner streams`)
    const given = await postReport(server, world.reporter, {
      account_id: world.channel.id,
      address: "x",
      title: "Spill at the quay",
    })
    expect(given.body.title).toBe("Spill at the quay")
  })

  it("places a located report in the smallest shape of the channel's app that contains it", async () => {
    const large = await insertShape(bundleId, "POLYGON((174 -42, 175 -42, 175 -41, 174 -41, 174 -42))", 1)
    const small = await insertShape(
      bundleId,
      "POLYGON((174.7 -41.3, 174.8 -41.3, 174.8 -41.2, 174.7 -41.2, 174.7 -41.3))",
      0.01,
    )
    // Its box holds the point, the triangle itself does not.
    await insertShape(
      bundleId,
      "POLYGON((174.77 -41.29, 174.77 -41.27, 174.79 -41.27, 174.77 -41.29))",
      0.0002,
    )
    const other = await createApp(server, "com.example.shapes")
    const foreign = await insertShape(
      other,
      "POLYGON((174.776 -41.287, 174.777 -41.287, 174.777 -41.286, 174.776 -41.287))",
      0.000001,
    )
    const inside = await postReport(server, world.reporter, { account_id: world.channel.id, location: where })
    expect(inside.body.shape_id).toBe(small)
    const outer = await postReport(server, world.reporter, {
      account_id: world.channel.id,
      location: { latitude: -41.5, longitude: 174.5 },
    })
    expect(outer.body.shape_id).toBe(large)
    const nowhere = await postReport(server, world.reporter, {
      account_id: world.channel.id,
      location: { latitude: 10, longitude: 10 },
    })
    expect(nowhere.body.shape_id).toBeNull()
    const given = await postReport(server, world.reporter, {
      account_id: world.channel.id,
      location: where,
      shape_id: large,
    })
    expect(given.body.shape_id).toBe(large)
    const wrongApp = await postReport(server, world.reporter, {
      account_id: world.channel.id,
      location: where,
      shape_id: foreign,
    })
    expect(wrongApp.status).toBe(422)
    expect(Object.keys(wrongApp.body.errors)).toEqual(["report.shape_id"])
  })

  it("enqueues the notification fan-out of the new report", async () => {
    const id = await file(world.reporter, { address: "Quay St" })
    expect((await jobsOf("report.created")).map((job) => JSON.parse(job.payload))).toContainEqual({
      report_id: id,
    })
  })
})

describe("attachments in answers", () => {
  it("takes an image in an Image field and a PDF in a FileUpload field, and marks them used", async () => {
    const photo = await upload(server, world.reporter, await png(), "spill.png")
    const scan = await upload(server, world.reporter, pdf, "permit.pdf")
    const photoAsFile = await upload(server, world.reporter, await png(), "also.png")
    expect(await attachmentUsed(photo.id)).toBe(0)
    await file(world.reporter, {
      address: "x",
      [form.photos]: [photo.id],
      [form.files]: [scan.id, photoAsFile.id],
    })
    expect([
      await attachmentUsed(photo.id),
      await attachmentUsed(scan.id),
      await attachmentUsed(photoAsFile.id),
    ]).toEqual([1, 1, 1])
  })

  it("refuses a PDF in an Image field, naming the field", async () => {
    const scan = await upload(server, world.reporter, pdf, "permit.pdf")
    const answer = await postReport(server, world.reporter, {
      account_id: world.channel.id,
      address: "x",
      [form.photos]: [scan.id],
    })
    expect(answer.status).toBe(422)
    expect(answer.body.errors).toEqual({
      [`report.${form.photos}`]: [`attachment ${scan.id} is application/pdf, not a png, jpeg or gif image`],
    })
  })

  it("refuses the same attachment in two fields", async () => {
    const photo = await upload(server, world.reporter, await png(), "twice.png")
    const answer = await postReport(server, world.reporter, {
      account_id: world.channel.id,
      address: "x",
      [form.photos]: [photo.id],
      [form.files]: [photo.id],
    })
    expect(answer.status).toBe(422)
    expect(Object.keys(answer.body.errors)).toEqual([`report.${form.files}`])
  })

  it("refuses an attachment another report uses or another user uploaded", async () => {
    const photo = await upload(server, world.reporter, await png(), "used.png")
    await file(world.reporter, { address: "x", [form.photos]: [photo.id] })
    const reused = await postReport(server, world.reporter, {
      account_id: world.channel.id,
      address: "x",
      [form.photos]: [photo.id],
    })
    expect(reused.status).toBe(422)
    const owners = await upload(server, world.owner, await png(), "owners.png")
    const borrowed = await postReport(server, world.reporter, {
      account_id: world.channel.id,
      address: "x",
      [form.photos]: [owners.id],
    })
    expect(borrowed.status).toBe(422)
    expect(borrowed.body.errors).toEqual({
      [`report.${form.photos}`]: [`attachment ${owners.id} does not exist`],
    })
  })

  it("gives an attachment named by several reports at once to one of them; the others get 422", async () => {
    const photo = await upload(server, world.reporter, await png(), "wanted.png")
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        postReport(server, world.reporter, {
          account_id: world.channel.id,
          address: `race ${index}`,
          [form.photos]: [photo.id],
        }),
      ),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422, 422, 422, 422, 422])
    for (const answer of answers.filter((answer) => answer.status === 422))
      expect(answer.body.errors).toEqual({
        [`report.${form.photos}`]: [`attachment ${photo.id} does not exist`],
      })
    const [links] = await query<{ n: number }>(
      server,
      (sql) => sql`SELECT COUNT(*) AS n FROM report_attachments WHERE attachment_id = ${photo.id}`,
    )
    expect(Number(links?.n)).toBe(1)
  })
})

describe("PATCH /api/v4/reports/{id}", () => {
  it("lets a reporter edit their own report: 200 with it, a new version and updated_at", async () => {
    const id = await file(world.reporter, {
      address: "Quay St",
      [form.what]: "Oil",
      [form.description]: "Sheen",
    })
    const before = (await get(world.reporter, id, "cache_key,updated_at")).body
    const answer = await patch(
      world.reporter,
      id,
      {
        address: "Wharf Rd",
        [form.what]: "Diesel",
        account_id: world.outsiderChannel.id,
        user_id: world.owner.id,
      },
      "cache_key,updated_at",
    )
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      id,
      account_id: world.channel.id,
      address: "Wharf Rd",
      user_id: world.reporter.id,
      title: "Diesel, Cleaner streams",
    })
    expect(answer.body.cache_key).not.toBe(before.cache_key)
    expect(answer.body.updated_at >= before.updated_at).toBe(true)
    const values = await formFieldsOf(world.reporter, id)
    // Only the answers sent change.
    expect([values[form.what], values[form.description]]).toEqual(["Diesel", "Sheen"])
  })

  it("is 403 for a reporter editing another's report and for a viewer; operators edit any; 404 outside", async () => {
    const id = await file(world.operator, { address: "Quay St" })
    expect((await patch(world.reporter, id, { address: "x" })).status).toBe(403)
    expect((await patch(world.viewer, id, { address: "x" })).status).toBe(403)
    expect((await patch(world.outsider, id, { address: "x" })).status).toBe(404)
    const mine = await file(world.reporter, { address: "Quay St" })
    expect((await patch(world.operator, mine, { address: "Checked" })).status).toBe(200)
    expect((await get(world.reporter, mine, "is_manageable_by")).body.is_manageable_by).toBe(true)
    expect((await get(world.reporter, id, "is_manageable_by")).body.is_manageable_by).toBe(false)
  })

  it("is 422 naming the field, and writes nothing, for an invalid change", async () => {
    const id = await file(world.reporter, { address: "Quay St" })
    const answer = await patch(world.reporter, id, {
      address: "Elsewhere",
      location: { latitude: 0, longitude: 200 },
    })
    expect(answer.status).toBe(422)
    expect(Object.keys(answer.body.errors)).toEqual(["report.location.longitude"])
    const late = await patch(world.reporter, id, { address: "Elsewhere", [form.checks]: ["f_0_0_0_0_0"] })
    expect(late.status).toBe(422)
    expect((await get(world.reporter, id)).body.address).toBe("Quay St")
  })

  describe("state changes", () => {
    let channel: ChannelInfo
    let flow: Readonly<Record<string, number>>

    beforeAll(async () => {
      channel = await createChannel(server, world.owner, world.teamId, "Workflow")
      await joinChannel(server, channel.id, world.operator, "operator")
      await joinChannel(server, channel.id, world.reporter, "reporter")
      flow = await statesOf(server, world.owner, channel.id)
      const restricted = await server.request("PATCH", `/api/v4/report_states/${flow.New}`, {
        token: world.owner.token,
        body: { report_state: { next_state_ids: [flow["In progress"]] } },
      })
      expect(restricted.status).toBe(200)
    })

    it("moves a report for an operator, recording who moved it from which state to which", async () => {
      const id = await file(world.reporter, { address: "Quay St" }, channel)
      const moved = await patch(
        world.operator,
        id,
        { report_state_id: flow["In progress"] },
        "report_state_name",
      )
      expect(moved.status).toBe(200)
      expect(moved.body).toMatchObject({
        report_state_id: flow["In progress"],
        report_state_name: "In progress",
      })
      await patch(world.operator, id, { report_state_id: flow.Resolved })
      // Moving to the current state changes nothing.
      await patch(world.operator, id, { report_state_id: flow.Resolved })
      const history = await server.request("GET", `/api/v4/reports/${id}/report_state_changes`, {
        token: world.reporter.token,
      })
      expect(history.status).toBe(200)
      expect(history.body).toEqual([
        {
          id: expect.any(Number),
          created_at: expect.stringMatching(iso),
          report_id: id,
          user_id: world.operator.id,
          previous_report_state: { id: flow.New, name: "New" },
          new_report_state: { id: flow["In progress"], name: "In progress" },
        },
        {
          id: expect.any(Number),
          created_at: expect.stringMatching(iso),
          report_id: id,
          user_id: world.operator.id,
          previous_report_state: { id: flow["In progress"], name: "In progress" },
          new_report_state: { id: flow.Resolved, name: "Resolved" },
        },
      ])
      expect(
        (
          await server.request("GET", `/api/v4/reports/${id}/report_state_changes`, {
            token: world.outsider.token,
          })
        ).status,
      ).toBe(404)
    })

    it("lists the state changes with the fields asked for, ignoring names it does not know", async () => {
      const id = await file(world.reporter, { address: "Quay St" }, channel)
      await patch(world.operator, id, { report_state_id: flow["In progress"] })
      const history = await server.request(
        "GET",
        `/api/v4/reports/${id}/report_state_changes?fields=-report_id,-created_at,-previous_report_state,colour`,
        { token: world.reporter.token },
      )
      expect(history.status).toBe(200)
      expect(history.headers.get("x-ignored-fields")).toBe("colour")
      expect(history.body).toEqual([
        {
          id: expect.any(Number),
          user_id: world.operator.id,
          new_report_state: { id: flow["In progress"], name: "In progress" },
        },
      ])
    })

    it("is 422 for a move the current state does not allow, and for a state of another channel", async () => {
      const id = await file(world.reporter, { address: "Quay St" }, channel)
      const skipped = await patch(world.operator, id, { report_state_id: flow.Resolved })
      expect(skipped.status).toBe(422)
      expect(skipped.body.errors).toEqual({
        "report.report_state_id": [`cannot follow state ${flow.New}; allowed: ${flow["In progress"]}`],
      })
      const foreign = await patch(world.operator, id, { report_state_id: states.Resolved })
      expect(foreign.status).toBe(422)
      expect((await get(world.operator, id)).body.report_state_id).toBe(flow.New)
    })

    it("is 403 for a reporter changing the state of their own report", async () => {
      const id = await file(world.reporter, { address: "Quay St" }, channel)
      expect((await patch(world.reporter, id, { report_state_id: flow["In progress"] })).status).toBe(403)
      // Sending the current state is no change.
      expect((await patch(world.reporter, id, { report_state_id: flow.New, address: "x" })).status).toBe(200)
    })
  })

  it("moves a report: its shape, and a report.moved job", async () => {
    const large = await insertShape(bundleId, "POLYGON((160 -50, 170 -50, 170 -40, 160 -40, 160 -50))", 100)
    const id = await file(world.reporter, { address: "Quay St" })
    const moved = await patch(world.reporter, id, { location: { latitude: -45, longitude: 165 } })
    expect(moved.body).toMatchObject({ location: { latitude: -45, longitude: 165 }, shape_id: large })
    expect((await jobsOf("report.moved")).map((job) => JSON.parse(job.payload))).toEqual([{ report_id: id }])
    // The same place again is no move.
    await patch(world.reporter, id, { location: { latitude: -45, longitude: 165 }, address: "Still here" })
    expect(await jobsOf("report.moved")).toHaveLength(1)
  })

  it("releases the attachments a change stops naming", async () => {
    const first = await upload(server, world.reporter, await png(), "first.png")
    const second = await upload(server, world.reporter, await png(), "second.png")
    const id = await file(world.reporter, { address: "x", [form.photos]: [first.id] })
    const changed = await patch(world.reporter, id, { [form.photos]: [second.id] })
    expect(changed.status).toBe(200)
    expect([await attachmentUsed(first.id), await attachmentUsed(second.id)]).toEqual([0, 1])
    const photos = (await formFieldsOf(world.reporter, id))[form.photos] as ReadonlyArray<{ id: number }>
    expect(photos.map((photo) => photo.id)).toEqual([second.id])
    // Moving an attachment to another field of the same report is fine.
    const moved = await patch(world.reporter, id, { [form.photos]: [], [form.files]: [second.id] })
    expect(moved.status).toBe(200)
    expect(await attachmentUsed(second.id)).toBe(1)
  })

  it("keeps the files of a field taken out of the form, and refuses to name them in another field", async () => {
    const channel = await createChannel(server, world.owner, world.teamId, "Shrinking form")
    await joinChannel(server, channel.id, world.reporter, "reporter")
    const wide = await putTestForm(server, world.owner, channel.id)
    const scan = await upload(server, world.reporter, await png(), "scan.png")
    const id = await file(world.reporter, { address: "x", [wide.files]: [scan.id] }, channel)
    const keep = (label: string) => {
      const field = wide.fields.find((candidate) => candidate.label === label)
      return { id: field?.id, label, field_type: field?.field_type }
    }
    const narrowed = await server.request("PUT", `/api/v4/channels/${channel.id}/form`, {
      token: world.owner.token,
      body: { form: { name: "Narrow", fields: [keep("Category"), keep("Photos")] } },
    })
    expect(narrowed.status).toBe(200)
    expect((await patch(world.reporter, id, { address: "y" })).status).toBe(200)
    expect(await attachmentUsed(scan.id)).toBe(1)
    const clash = await patch(world.reporter, id, { [wide.photos]: [scan.id] })
    expect(clash.status).toBe(422)
    expect(clash.body.errors).toEqual({
      [`report.${wide.photos}`]: [`attachment ${scan.id} is already in ${wide.files}`],
    })
  })

  it("re-derives a derived title when the category changes, and keeps a written one", async () => {
    const created = await server.request("POST", `/api/v4/channels/${world.channel.id}/categories`, {
      token: world.owner.token,
      body: { category: { name: "Flooding", pin_color: "blue" } },
    })
    const derived = await file(world.reporter, { address: "x" })
    const written = await file(world.reporter, { address: "x", title: "Mine" })
    const rederived = await patch(world.reporter, derived, { category_id: created.body.id })
    expect(rederived.body.title).toBe("Flooding, Cleaner streams")
    expect((await patch(world.reporter, written, { category_id: created.body.id })).body.title).toBe("Mine")
  })
})
