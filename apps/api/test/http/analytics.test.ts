/**
 * The analytics endpoints over reports filed through the API at chosen instants (the server runs on
 * a manual clock), around both daylight saving changes of Pacific/Auckland in 2024:
 *
 * - 7 April, clocks back from 03:00 NZDT (+13) to 02:00 NZST (+12): a day of 25 hours, 02:xx twice;
 * - 29 September, clocks on from 02:00 NZST to 03:00 NZDT: a day of 23 hours, no 02:xx.
 */
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { JobRunner } from "../../src/jobs/JobRunner.ts"
import { type ManualClock, manualClock } from "../../src/seed/ManualClock.ts"
import type { Person } from "../support/People.ts"
import { png, postReport, query, statesOf, upload } from "../support/ReportFixtures.ts"
import { startTestServer, type TestServer } from "../support/TestServer.ts"
import { buildWorld, type ChannelInfo, createChannel, type World } from "../support/World.ts"

const time: ManualClock = manualClock("2030-01-01T00:00:00Z")
let server: TestServer
let world: World
let harbour: ChannelInfo
let keys: Readonly<Record<"severity" | "tide" | "photos" | "files" | "notes", string>>
let fieldIds: Readonly<Record<"category" | "severity" | "tide" | "photos" | "notes", number>>
let options: Readonly<Record<"low" | "medium" | "high" | "in" | "out", string>>
let categories: Readonly<Record<"root" | "oil" | "litter" | "foam", number>>
/** The reports by letter, A to K, as in the table below. */
const reports: Record<string, number> = {}
const images: Record<"first" | "second" | "third" | "file", number> = {
  first: 0,
  second: 0,
  third: 0,
  file: 0,
}

const where = { latitude: -36.8485, longitude: 174.7633 }
const zone = "Pacific/Auckland"

beforeAll(async () => {
  server = await startTestServer({}, undefined, { clock: time.clock })
  // Logged in at 2030: the tokens stay valid at every earlier instant the reports are filed at.
  world = await buildWorld(server, "a")
  harbour = await createChannel(server, world.owner, world.teamId, "Harbour side")
  await putForm()
  await addCategories()
  // The viewer and the operator follow the channel, so the fan-out tells them of every report.
  for (const person of [world.viewer, world.operator]) {
    await query(
      server,
      (sql) =>
        sql`INSERT INTO channel_selections ${sql.insert({ channel_id: world.channel.id, user_id: person.id, view: 1, follow: 1, alert: 0 })}`,
    )
  }
  await fileReports()
  await server.runtime.runPromise(Effect.flatMap(Effect.service(JobRunner), (jobs) => jobs.awaitIdle))
  await laterChanges()
})
afterAll(() => server.close())

const putForm = async () => {
  const choices = (labels: ReadonlyArray<string>) =>
    JSON.stringify({ multi_select: false, options: labels.map((label) => ({ label })) })
  const answer = await server.request("PUT", `/api/v4/channels/${world.channel.id}/form`, {
    token: world.owner.token,
    body: {
      form: {
        name: "Spills",
        fields: [
          { label: "Category", field_type: "Category" },
          { label: "Severity", field_type: "DropDown", data: choices(["Low", "Medium", "High"]) },
          { label: "Tide", field_type: "Radio", data: choices(["In", "Out"]) },
          { label: "Photos", field_type: "Image" },
          { label: "Files", field_type: "FileUpload" },
          { label: "Notes", field_type: "ShortTextBox" },
        ],
      },
    },
  })
  expect(answer.status).toBe(200)
  const fields: ReadonlyArray<{ id: number; label: string; key: string; data: string }> = answer.body.fields
  const field = (label: string) => fields.find((candidate) => candidate.label === label)!
  const values = (label: string): ReadonlyArray<string> =>
    JSON.parse(field(label).data).options.map((option: { value: string }) => option.value)
  keys = {
    severity: field("Severity").key,
    tide: field("Tide").key,
    photos: field("Photos").key,
    files: field("Files").key,
    notes: field("Notes").key,
  }
  fieldIds = {
    category: field("Category").id,
    severity: field("Severity").id,
    tide: field("Tide").id,
    photos: field("Photos").id,
    notes: field("Notes").id,
  }
  const [low, medium, high] = values("Severity")
  const [tideIn, tideOut] = values("Tide")
  options = { low: low!, medium: medium!, high: high!, in: tideIn!, out: tideOut! }
}

const addCategories = async () => {
  const add = async (name: string) => {
    const answer = await server.request("POST", `/api/v4/channels/${world.channel.id}/categories`, {
      token: world.owner.token,
      body: { category: { name, pin_color: "#3a7d44" } },
    })
    expect(answer.status).toBe(201)
    return answer.body.id as number
  }
  categories = {
    root: world.channel.category_id,
    oil: await add("Oil"),
    litter: await add("Litter"),
    foam: await add("Foam"),
  }
}

/** Files a report at an instant and answers its id. */
const fileAt = async (
  at: string,
  person: Person,
  report: Record<string, unknown> = {},
  channel: ChannelInfo = world.channel,
) => {
  time.set(at)
  const answer = await postReport(server, person, { account_id: channel.id, location: where, ...report })
  expect(answer.status).toBe(201)
  return answer.body.id as number
}

const uploadAt = async (at: string, person: Person, name: string) => {
  time.set(at)
  return (await upload(server, person, await png(), name)).id
}

/**
 * The reports, in the order they were filed; local times in Auckland.
 *
 * | | UTC | Auckland | by | category | answers |
 * |---|---|---|---|---|---|
 * | A | 2024-04-06 10:59:59 | Sat 6 Apr 23:59:59 +13 | reporter | Oil | Low, a photo |
 * | B | 2024-04-06 11:00 | Sun 7 Apr 00:00 +13 | reporter | Oil | High |
 * | C | 2024-04-06 13:30 | Sun 7 Apr 02:30 +13 | owner | Litter | Low, In, two photos, a file |
 * | D | 2024-04-06 14:30 | Sun 7 Apr 02:30 +12 | owner | root | Out |
 * | E | 2024-04-07 11:59:59 | Sun 7 Apr 23:59:59 +12 | reporter | Litter | |
 * | F | 2024-04-07 12:00 | Mon 8 Apr 00:00 +12 | operator | Oil | |
 * | K | 2024-05-31 12:30 | Sat 1 Jun 00:30 +12 | reporter (anonymous) | root | |
 * | G | 2024-09-28 13:59 | Sun 29 Sep 01:59 +12 | reporter | root | |
 * | H | 2024-09-28 14:00 | Sun 29 Sep 03:00 +13 | reporter | root | |
 * | I | 2024-09-29 10:59 | Sun 29 Sep 23:59 +13 | owner | root | |
 * | J | 2024-09-29 11:00 | Mon 30 Sep 00:00 +13 | operator | root | |
 *
 * And one report of another channel, among them in time, that no count of this channel includes.
 */
const fileReports = async () => {
  images.first = await uploadAt("2024-04-06T10:58:00Z", world.reporter, "slick.png")
  reports.A = await fileAt("2024-04-06T10:59:59Z", world.reporter, {
    category_id: categories.oil,
    [keys.severity]: options.low,
    [keys.photos]: [images.first],
  })
  reports.B = await fileAt("2024-04-06T11:00:00Z", world.reporter, {
    category_id: categories.oil,
    [keys.severity]: options.high,
  })
  images.second = await uploadAt("2024-04-06T13:29:00Z", world.owner, "bottles.png")
  images.third = await uploadAt("2024-04-06T13:29:30Z", world.owner, "cans.png")
  images.file = await uploadAt("2024-04-06T13:29:40Z", world.owner, "scan.png")
  reports.C = await fileAt("2024-04-06T13:30:00Z", world.owner, {
    category_id: categories.litter,
    [keys.severity]: options.low,
    [keys.tide]: options.in,
    [keys.photos]: [images.second, images.third],
    [keys.files]: [images.file],
  })
  reports.D = await fileAt("2024-04-06T14:30:00Z", world.owner, { [keys.tide]: options.out })
  await fileAt("2024-04-06T15:00:00Z", world.owner, {}, harbour)
  reports.E = await fileAt("2024-04-07T11:59:59Z", world.reporter, { category_id: categories.litter })
  reports.F = await fileAt("2024-04-07T12:00:00Z", world.operator, { category_id: categories.oil })
  reports.K = await fileAt("2024-05-31T12:30:00Z", world.reporter)
  reports.G = await fileAt("2024-09-28T13:59:00Z", world.reporter)
  reports.H = await fileAt("2024-09-28T14:00:00Z", world.reporter)
  reports.I = await fileAt("2024-09-29T10:59:00Z", world.owner)
  reports.J = await fileAt("2024-09-29T11:00:00Z", world.operator)
}

/** After the last report: two move on, K turns anonymous, and reports are read, all in December. */
const laterChanges = async () => {
  time.set("2024-12-01T00:00:00Z")
  const states = await statesOf(server, world.owner, world.channel.id)
  for (const id of [reports.C!, reports.D!]) {
    const answer = await server.request("PATCH", `/api/v4/reports/${id}`, {
      token: world.owner.token,
      body: { report: { report_state_id: states["In progress"] } },
    })
    expect(answer.status).toBe(200)
  }
  // Create has no is_anonymous; the flag is what legacy imports bring.
  await query(server, (sql) => sql`UPDATE reports SET is_anonymous = 1 WHERE id = ${reports.K!}`)
  const read = async (person: Person, id: number) =>
    expect((await server.request("GET", `/api/v4/reports/${id}`, { token: person.token })).status).toBe(200)
  await read(world.viewer, reports.A!)
  await read(world.viewer, reports.A!)
  await read(world.viewer, reports.B!)
  await read(world.operator, reports.A!)
  await read(world.viewer, reports.K!)
}

/** Query parameters as the test writes them. */
type Parameters = Readonly<Record<string, string | number>>

const analytics = (endpoint: string, parameters: Parameters, person: Person = world.viewer) =>
  server.request(
    "GET",
    `/api/v4/analytics/${endpoint}?${new URLSearchParams(
      Object.entries(parameters).map(([name, value]): [string, string] => [name, String(value)]),
    )}`,
    { token: person.token },
  )

/** The answer of an endpoint that must succeed. */
const counted = async (endpoint: string, parameters: Parameters, person?: Person) => {
  const answer = await analytics(endpoint, parameters, person)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body
}

/** The range parameters over the channel. */
const range = (start: string, end: string, timeZone?: string): Parameters => ({
  channel_id: world.channel.id,
  start_date: start,
  end_date: end,
  ...(timeZone === undefined ? {} : { time_zone: timeZone }),
})

/** April and September: every report of the table. */
const wholeYear = () => range("2024-01-01T00:00:00Z", "2025-01-01T00:00:00Z")

/** The buckets as `[start, count]`, and checks every one has the width and the channel. */
const buckets = (body: ReadonlyArray<Record<string, unknown>>, width: string) => {
  for (const bucket of body) {
    expect(bucket).toEqual({
      account_id: world.channel.id,
      datetime_range_start: expect.any(String),
      report_count: expect.any(Number),
      datetime_range_width: width,
    })
  }
  return body.map((bucket) => [bucket.datetime_range_start, bucket.report_count])
}

describe("GET /api/v4/analytics/reports_over_time", () => {
  it("counts local days: the day the clocks go back lasts 25 hours; the width is chosen as day", async () => {
    const body = await counted(
      "reports_over_time",
      range("2024-04-06T00:00:00+13:00", "2024-04-10T00:00:00+12:00", zone),
    )
    expect(buckets(body, "day")).toEqual([
      ["2024-04-05T11:00:00.000Z", 1],
      ["2024-04-06T11:00:00.000Z", 4],
      ["2024-04-07T12:00:00.000Z", 1],
      ["2024-04-08T12:00:00.000Z", 0],
    ])
  })

  it("counts the same reports in UTC days by default", async () => {
    const body = await counted("reports_over_time", range("2024-04-06T00:00:00Z", "2024-04-10T00:00:00Z"))
    expect(buckets(body, "day")).toEqual([
      ["2024-04-06T00:00:00.000Z", 4],
      ["2024-04-07T00:00:00.000Z", 2],
      ["2024-04-08T00:00:00.000Z", 0],
      ["2024-04-09T00:00:00.000Z", 0],
    ])
  })

  it("takes a width given: the day the clocks go forward lasts 23 hours", async () => {
    const body = await counted("reports_over_time", {
      ...range("2024-09-29T00:00:00+12:00", "2024-10-01T00:00:00+13:00", zone),
      datetime_range_width: "day",
    })
    expect(buckets(body, "day")).toEqual([
      ["2024-09-28T12:00:00.000Z", 3],
      ["2024-09-29T11:00:00.000Z", 1],
    ])
  })

  it("chooses hours for a short range; the repeated hour is one bucket of two hours", async () => {
    const body = await counted(
      "reports_over_time",
      range("2024-04-06T11:00:00Z", "2024-04-06T17:00:00Z", zone),
    )
    expect(buckets(body, "hour")).toEqual([
      ["2024-04-06T11:00:00.000Z", 1],
      ["2024-04-06T12:00:00.000Z", 0],
      ["2024-04-06T13:00:00.000Z", 2],
      ["2024-04-06T15:00:00.000Z", 0],
      ["2024-04-06T16:00:00.000Z", 0],
    ])
  })

  it("has no bucket for the hour the clocks skip", async () => {
    const body = await counted(
      "reports_over_time",
      range("2024-09-28T12:00:00Z", "2024-09-28T16:00:00Z", zone),
    )
    expect(buckets(body, "hour")).toEqual([
      ["2024-09-28T12:00:00.000Z", 0],
      ["2024-09-28T13:00:00.000Z", 1],
      ["2024-09-28T14:00:00.000Z", 1],
      ["2024-09-28T15:00:00.000Z", 0],
    ])
  })

  it("counts ISO weeks from the local Monday", async () => {
    const auckland = await counted("reports_over_time", {
      ...range("2024-09-23T00:00:00+12:00", "2024-10-07T00:00:00+13:00", zone),
      datetime_range_width: "week",
    })
    expect(buckets(auckland, "week")).toEqual([
      ["2024-09-22T12:00:00.000Z", 3],
      ["2024-09-29T11:00:00.000Z", 1],
    ])
    const utc = await counted("reports_over_time", {
      ...range("2024-09-23T00:00:00Z", "2024-10-07T00:00:00Z"),
      datetime_range_width: "week",
    })
    expect(buckets(utc, "week")).toEqual([
      ["2024-09-23T00:00:00.000Z", 4],
      ["2024-09-30T00:00:00.000Z", 0],
    ])
  })

  it("chooses months for a range over a year, every month listed", async () => {
    const auckland = await counted(
      "reports_over_time",
      range("2024-01-01T00:00:00+13:00", "2025-02-01T00:00:00+13:00", zone),
    )
    const months = buckets(auckland, "month")
    expect(months).toHaveLength(13)
    expect(months[0]).toEqual(["2023-12-31T11:00:00.000Z", 0])
    expect(months.filter(([, count]) => count !== 0)).toEqual([
      ["2024-03-31T11:00:00.000Z", 6],
      ["2024-05-31T12:00:00.000Z", 1],
      ["2024-08-31T12:00:00.000Z", 4],
    ])
    // K is filed on the last day of May in UTC, the first of June in Auckland.
    const utc = await counted("reports_over_time", range("2024-01-01T00:00:00Z", "2025-02-01T00:00:00Z"))
    expect(buckets(utc, "month").filter(([, count]) => count !== 0)).toEqual([
      ["2024-04-01T00:00:00.000Z", 6],
      ["2024-05-01T00:00:00.000Z", 1],
      ["2024-09-01T00:00:00.000Z", 4],
    ])
  })

  it("counts years", async () => {
    const body = await counted("reports_over_time", {
      ...range("2024-01-01T00:00:00Z", "2026-01-01T00:00:00Z"),
      datetime_range_width: "year",
    })
    expect(buckets(body, "year")).toEqual([
      ["2024-01-01T00:00:00.000Z", 11],
      ["2025-01-01T00:00:00.000Z", 0],
    ])
  })

  it("counts nothing before the first report", async () => {
    const body = await counted("reports_over_time", range("2023-01-01T00:00:00Z", "2023-01-03T00:00:00Z"))
    expect(buckets(body, "hour")).toHaveLength(48)
    expect(body.every((bucket: { report_count: number }) => bucket.report_count === 0)).toBe(true)
  })
})

/** April to September in Auckland: every report of the table, whichever zone it is counted in. */
const aprilToSeptember = (timeZone?: string) =>
  range("2024-04-01T00:00:00+13:00", "2024-10-01T00:00:00+13:00", timeZone)

/** The non-zero counts of an endpoint's answer, by its key. */
const nonZero = (body: ReadonlyArray<Record<string, number>>, key: string) =>
  Object.fromEntries(body.filter((row) => row.report_count !== 0).map((row) => [row[key], row.report_count]))

describe("GET /api/v4/analytics/reports_per_day_hour", () => {
  it("counts local hours, both 02:30s in hour 2, and lists all 24", async () => {
    const body = await counted("reports_per_day_hour", aprilToSeptember(zone))
    expect(body).toHaveLength(24)
    expect(body.map((row: { hour: number }) => row.hour)).toEqual([...Array(24).keys()])
    expect(body[5]).toEqual({ account_id: world.channel.id, hour: 5, report_count: 0 })
    expect(nonZero(body, "hour")).toEqual({ 0: 4, 1: 1, 2: 2, 3: 1, 23: 3 })
  })

  it("counts UTC hours by default", async () => {
    const body = await counted("reports_per_day_hour", aprilToSeptember())
    expect(nonZero(body, "hour")).toEqual({ 10: 2, 11: 3, 12: 2, 13: 2, 14: 2 })
  })
})

describe("GET /api/v4/analytics/reports_per_week_day", () => {
  it("counts local weekdays from Sunday, all 7 listed", async () => {
    const body = await counted("reports_per_week_day", aprilToSeptember(zone))
    expect(body.map((row: { dow: number }) => row.dow)).toEqual([0, 1, 2, 3, 4, 5, 6])
    expect(body[2]).toEqual({ account_id: world.channel.id, dow: 2, report_count: 0 })
    expect(nonZero(body, "dow")).toEqual({ 0: 7, 1: 2, 6: 2 })
  })

  it("counts UTC weekdays by default", async () => {
    const body = await counted("reports_per_week_day", aprilToSeptember())
    expect(nonZero(body, "dow")).toEqual({ 0: 4, 5: 1, 6: 6 })
  })
})

describe("GET /api/v4/analytics/reports_per_state", () => {
  it("counts the reports in each state of the channel, states without reports included", async () => {
    const states = await statesOf(server, world.owner, world.channel.id)
    const body = await counted("reports_per_state", wholeYear())
    expect(body).toEqual([
      { id: states.New, name: "New", account_id: world.channel.id, report_count: 9 },
      { id: states["In progress"], name: "In progress", account_id: world.channel.id, report_count: 2 },
      { id: states.Resolved, name: "Resolved", account_id: world.channel.id, report_count: 0 },
    ])
  })

  it("counts only the range", async () => {
    const body = await counted("reports_per_state", range("2024-04-06T13:00:00Z", "2024-04-06T14:00:00Z"))
    expect(body.map((state: { report_count: number }) => state.report_count)).toEqual([0, 1, 0])
  })
})

describe("GET /api/v4/analytics/reports_per_user", () => {
  it("counts each reporter's reports, most first, leaving anonymous reports out", async () => {
    const body = await counted("reports_per_user", wholeYear())
    expect(body).toEqual([
      { user_id: world.reporter.id, account_id: world.channel.id, report_count: 5 },
      { user_id: world.owner.id, account_id: world.channel.id, report_count: 3 },
      { user_id: world.operator.id, account_id: world.channel.id, report_count: 2 },
    ])
  })
})

describe("GET /api/v4/analytics/reports_per_field_selection", () => {
  const selection = (fieldId: number, parameters = wholeYear()) =>
    analytics("reports_per_field_selection", { ...parameters, field_id: fieldId })

  it("counts the reports of each category of the channel, root first", async () => {
    const answer = await selection(fieldIds.category)
    expect(answer.status).toBe(200)
    const record = (name: string, id: number, report_count: number) => ({
      field_id: fieldIds.category,
      account_id: world.channel.id,
      name,
      value: String(id),
      report_count,
    })
    expect(answer.body).toEqual([
      record("Cleaner streams", categories.root, 6),
      record("Oil", categories.oil, 3),
      record("Litter", categories.litter, 2),
      record("Foam", categories.foam, 0),
    ])
  })

  it("counts the reports that chose each option of a DropDown field, in the field's order", async () => {
    const answer = await selection(fieldIds.severity)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual([
      {
        field_id: fieldIds.severity,
        account_id: world.channel.id,
        name: "Low",
        value: options.low,
        report_count: 2,
      },
      {
        field_id: fieldIds.severity,
        account_id: world.channel.id,
        name: "Medium",
        value: options.medium,
        report_count: 0,
      },
      {
        field_id: fieldIds.severity,
        account_id: world.channel.id,
        name: "High",
        value: options.high,
        report_count: 1,
      },
    ])
  })

  it("counts Radio fields, and only the range", async () => {
    const all = await selection(fieldIds.tide)
    expect(
      all.body.map((option: { name: string; report_count: number }) => [option.name, option.report_count]),
    ).toEqual([
      ["In", 1],
      ["Out", 1],
    ])
    const before = await selection(fieldIds.tide, range("2024-04-06T00:00:00Z", "2024-04-06T14:00:00Z"))
    expect(
      before.body.map((option: { value: string; report_count: number }) => [
        option.value,
        option.report_count,
      ]),
    ).toEqual([
      [options.in, 1],
      [options.out, 0],
    ])
  })

  it("refuses a field of another type with 422 naming field_id", async () => {
    for (const fieldId of [fieldIds.photos, fieldIds.notes]) {
      const answer = await selection(fieldId)
      expect(answer.status).toBe(422)
      expect(Object.keys(answer.body.errors)).toEqual(["field_id"])
    }
  })

  it("refuses a field that is not of the channel's form with 422", async () => {
    const [other] = await query<{ id: number }>(
      server,
      (sql) => sql`SELECT id FROM form_fields WHERE channel_id = ${harbour.id} AND field_type = 'Category'`,
    )
    const answer = await selection(other!.id)
    expect(answer.status).toBe(422)
    expect(answer.body.errors.field_id).toEqual(["is not a field of this channel's form"])
  })

  it("requires an integer field_id, named with the other parameters at fault", async () => {
    const missing = await analytics("reports_per_field_selection", wholeYear())
    expect(missing.status).toBe(400)
    expect(Object.keys(missing.body.errors)).toEqual(["field_id"])
    const both = await analytics("reports_per_field_selection", { field_id: "first" })
    expect(both.status).toBe(400)
    expect(Object.keys(both.body.errors).sort()).toEqual(["channel_id", "end_date", "field_id", "start_date"])
  })
})

describe("GET /api/v4/analytics/reports_images", () => {
  it("lists the images of Image fields of the reports, with signed thumb and medium addresses", async () => {
    const body = await counted("reports_images", wholeYear())
    const image = (id: number, reportId: number, createdAt: string) => ({
      report_image_id: id,
      account_id: world.channel.id,
      report_id: reportId,
      created_at: createdAt,
      styles: {
        thumb: expect.stringContaining(`/api/v4/files/${id}/thumb?`),
        medium: expect.stringContaining(`/api/v4/files/${id}/medium?`),
      },
    })
    // The png in the FileUpload field of C is not an image of an Image field.
    expect(body).toEqual([
      image(images.first, reports.A!, "2024-04-06T10:58:00.000Z"),
      image(images.second, reports.C!, "2024-04-06T13:29:00.000Z"),
      image(images.third, reports.C!, "2024-04-06T13:29:30.000Z"),
    ])
    const thumb = await fetch(body[0].styles.thumb)
    expect(thumb.status).toBe(200)
    expect(thumb.headers.get("content-type")).toBe("image/png")
  })

  it("lists only the images of reports created in the range", async () => {
    const body = await counted("reports_images", range("2024-04-06T10:00:00Z", "2024-04-06T13:30:00Z"))
    expect(body.map((image: { report_image_id: number }) => image.report_image_id)).toEqual([images.first])
  })
})

describe("GET /api/v4/analytics/reports_read", () => {
  // A to F; their reads were in December, after the range: reads count by their report's creation.
  const april = () => range("2024-04-06T00:00:00Z", "2024-04-08T00:00:00Z")

  it("answers only total_reads when no fields are asked for", async () => {
    const answer = await analytics("reports_read", april())
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ total_reads: 4 })
  })

  it("answers exactly the counts asked for", async () => {
    expect(await counted("reports_read", { ...april(), fields: "unique_reads,reports_seen" })).toEqual({
      unique_reads: 3,
      reports_seen: 2,
    })
    const answer = await analytics("reports_read", {
      ...april(),
      fields: "report_readers,total_reads,colour",
    })
    expect(answer.body).toEqual({ total_reads: 4, report_readers: 2 })
    expect(answer.headers.get("x-ignored-fields")).toBe("colour")
  })

  it("counts the reads of reports created in the range only", async () => {
    const june = range("2024-05-01T00:00:00Z", "2024-07-01T00:00:00Z")
    expect(
      await counted("reports_read", {
        ...june,
        fields: "total_reads,unique_reads,report_readers,reports_seen",
      }),
    ).toEqual({ total_reads: 1, unique_reads: 1, report_readers: 1, reports_seen: 1 })
    const empty = range("2024-04-06T15:00:00Z", "2024-04-06T16:00:00Z")
    expect(await counted("reports_read", { ...empty, fields: "unique_reads,report_readers" })).toEqual({
      unique_reads: 0,
      report_readers: 0,
    })
  })
})

describe("GET /api/v4/analytics/user_awareness", () => {
  const april = () => range("2024-04-06T00:00:00Z", "2024-04-08T00:00:00Z")
  const person = (someone: Person) => ({
    user_id: someone.id,
    first_name: someone.email.split("@")[0],
    last_name: "Tester",
  })

  it("answers who each user is and only total_alerts when no fields are asked for", async () => {
    const body = await counted("user_awareness", april())
    // By name: a-operator, a-owner, a-reporter, a-viewer.
    expect(body).toEqual([
      { ...person(world.operator), total_alerts: 5 },
      { ...person(world.owner), total_alerts: 0 },
      { ...person(world.reporter), total_alerts: 0 },
      { ...person(world.viewer), total_alerts: 6 },
    ])
  })

  it("answers the counts asked for: alerts received, opened, and the user's reports that alerted others", async () => {
    const body = await counted("user_awareness", {
      ...april(),
      fields: "alerts_opened,alert_source_reports,unique_alerts",
    })
    // Opening a report reads its notification: the viewer opened A and B, the operator A.
    expect(body).toEqual([
      { ...person(world.operator), alert_source_reports: 1, unique_alerts: 5, alerts_opened: 1 },
      { ...person(world.owner), alert_source_reports: 2, unique_alerts: 0, alerts_opened: 0 },
      { ...person(world.reporter), alert_source_reports: 3, unique_alerts: 0, alerts_opened: 0 },
      { ...person(world.viewer), alert_source_reports: 0, unique_alerts: 6, alerts_opened: 2 },
    ])
  })

  it("leaves anonymous reports out of alert_source_reports", async () => {
    const june = range("2024-05-01T00:00:00Z", "2024-07-01T00:00:00Z")
    const body = await counted("user_awareness", { ...june, fields: "total_alerts,alert_source_reports" })
    expect(body).toEqual([
      { ...person(world.operator), total_alerts: 1, alert_source_reports: 0 },
      { ...person(world.viewer), total_alerts: 1, alert_source_reports: 0 },
    ])
  })
})

describe("the analytics parameters", () => {
  const endpoints = [
    "reports_images",
    "reports_over_time",
    "reports_per_field_selection",
    "reports_per_state",
    "reports_per_user",
    "reports_per_day_hour",
    "reports_per_week_day",
    "reports_read",
    "user_awareness",
  ]

  it("are required: 400 naming each one missing", async () => {
    for (const endpoint of endpoints) {
      const answer = await analytics(endpoint, {})
      expect(answer.status).toBe(400)
      expect(answer.body.errors).toMatchObject({
        channel_id: ["is required"],
        start_date: ["is required"],
        end_date: ["is required"],
      })
    }
  })

  it("must be well formed: 400 naming the one at fault", async () => {
    const at = async (parameters: Parameters) => {
      const answer = await analytics("reports_per_state", { ...wholeYear(), ...parameters })
      expect(answer.status).toBe(400)
      return Object.keys(answer.body.errors)
    }
    expect(await at({ channel_id: "first" })).toEqual(["channel_id"])
    expect(await at({ start_date: "yesterday" })).toEqual(["start_date"])
    expect(await at({ end_date: "2024-13-01T00:00:00Z" })).toEqual(["end_date"])
    expect(await at({ end_date: "2023-12-31T00:00:00Z" })).toEqual(["end_date"])
    expect(await at({ time_zone: "Mars/Olympus_Mons" })).toEqual(["time_zone"])
    expect(await at({ datetime_range_width: "fortnight" })).toEqual(["datetime_range_width"])
  })

  it("span at most 5 years", async () => {
    const five = range("2020-01-01T00:00:00Z", "2025-01-01T00:00:00Z")
    expect((await analytics("reports_per_state", five)).status).toBe(200)
    const longer = await analytics("reports_per_state", { ...five, end_date: "2025-01-01T00:00:00.001Z" })
    expect(longer.status).toBe(400)
    expect(longer.body.errors.end_date).toEqual(["must be at most 5 years after start_date"])
  })

  it("name a channel the user may read: another team's is 404, a channel of their team they are not in 403", async () => {
    const query = (channelId: number) => ({
      ...wholeYear(),
      channel_id: channelId,
      field_id: fieldIds.category,
    })
    for (const endpoint of endpoints) {
      expect((await analytics(endpoint, query(world.outsiderChannel.id), world.owner)).status).toBe(404)
      expect((await analytics(endpoint, query(world.channel.id), world.member)).status).toBe(403)
      expect((await analytics(endpoint, query(world.channel.id), world.outsider)).status).toBe(404)
    }
  })

  it("need a session", async () => {
    const answer = await server.request("GET", "/api/v4/analytics/reports_per_state")
    expect(answer.status).toBe(401)
  })
})
