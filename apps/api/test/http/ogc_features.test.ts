/**
 * The OGC API – Features service through HTTP (docs/api.md, OGC API – Features): the documents and
 * their links, which collections each person sees, pages (counts, next links, limits, keyset paging
 * that holds while reports are added), bbox and datetime filters with their edges, the property
 * filters, one feature, and what a feature discloses to whom.
 */
import * as OgcBbox from "@fieldreport/domain/OgcBbox"
import * as OgcDatetime from "@fieldreport/domain/OgcDatetime"
import { Result } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  type Credential,
  featureIds,
  followPages,
  insertReports,
  issueToken,
  nextLink,
  ogc,
  type ReportRow,
} from "../support/OgcFixtures.ts"
import { joinChannel } from "../support/People.ts"
import { putTestForm, statesOf, type TestForm } from "../support/ReportFixtures.ts"
import { startTestServer, type TestServer } from "../support/TestServer.ts"
import { buildWorld, type ChannelInfo, createChannel, type World } from "../support/World.ts"

let server: TestServer
let world: World
let second: ChannelInfo
let form: TestForm
let states: Readonly<Record<string, number>>
let potholes: number
let viewer: Credential
/** Every report of the world's channel as written: its id and what it was written with. */
let written: Array<{ readonly id: number } & ReportRow>

const collection = () => `reports-${world.channel.id}`
const items = (query = "") => `/collections/${collection()}/items${query === "" ? "" : `?${query}`}`

/** Twelve months of reports over Wellington, one on the first of each month of 2026. */
const monthly = (): ReadonlyArray<ReportRow> =>
  Array.from({ length: 12 }, (_, month) => ({
    // Divided, not added: 174.73 exactly as a client writes it (174.7 + 0.03 is 174.73000000000002).
    position: [(17_470 + month) / 100, (-41_300 + month * 5) / 1000] as const,
    createdAt: `2026-${String(month + 1).padStart(2, "0")}-01T00:00:00.000Z`,
    userId: world.owner.id,
    categoryId: world.channel.category_id,
  }))

beforeAll(async () => {
  server = await startTestServer()
  world = await buildWorld(server)
  second = await createChannel(server, world.owner, world.teamId, "A second stream")
  await joinChannel(server, second.id, world.operator, "viewer")
  form = await putTestForm(server, world.owner, world.channel.id)
  states = await statesOf(server, world.owner, world.channel.id)
  const category = await server.request("POST", `/api/v4/channels/${world.channel.id}/categories`, {
    token: world.owner.token,
    body: { category: { name: "Potholes" } },
  })
  potholes = category.body.id
  viewer = { basic: ["qgis", (await issueToken(server, world.viewer, "read")).token] }
  const reports: Array<ReportRow> = [
    ...monthly(),
    // Either side of the antimeridian, and on it.
    {
      position: [179.5, -17],
      createdAt: "2026-06-15T12:00:00.000Z",
      userId: world.owner.id,
      categoryId: potholes,
    },
    {
      position: [-179.5, -17],
      createdAt: "2026-06-15T12:00:00.000Z",
      userId: world.owner.id,
      categoryId: potholes,
    },
    {
      position: [180, -17.5],
      createdAt: "2026-06-15T12:00:00.000Z",
      userId: world.owner.id,
      categoryId: potholes,
    },
    // An address only, resolved.
    {
      position: null,
      createdAt: "2026-03-10T08:30:00.250Z",
      userId: world.owner.id,
      categoryId: potholes,
      stateId: states.Resolved ?? 0,
    },
    // The reporter's own, one anonymous, each with a private answer.
    {
      position: [174.75, -41.28],
      createdAt: "2026-07-01T00:00:00.000Z",
      userId: world.reporter.id,
      categoryId: world.channel.category_id,
      answers: { [form.what]: "Slip", [form.secret]: "gate code 1234" },
    },
    {
      position: [174.76, -41.28],
      createdAt: "2026-07-02T00:00:00.000Z",
      userId: world.reporter.id,
      categoryId: world.channel.category_id,
      anonymous: true,
      answers: { [form.choice]: form.choiceOptions[1], [form.checks]: [form.checkOptions[0]] },
    },
  ]
  const ids = await insertReports(server, world.channel.id, reports)
  written = reports.map((report, index) => ({ ...report, id: ids[index] ?? 0 }))
  await insertReports(server, second.id, [
    {
      position: [174.7, -41.3],
      createdAt: "2026-01-01T00:00:00.000Z",
      userId: world.owner.id,
      categoryId: second.category_id,
    },
  ])
  await insertReports(server, world.outsiderChannel.id, [
    {
      position: [174.7, -41.3],
      createdAt: "2026-01-01T00:00:00.000Z",
      userId: world.outsider.id,
      categoryId: world.outsiderChannel.category_id,
    },
  ])
})
afterAll(() => server.close())

describe("the landing page, the conformance classes and the API definition", () => {
  it("link each other and the collections, absolutely, for anyone", async () => {
    const landing = await ogc(server, "")
    expect(landing.status).toBe(200)
    expect(landing.headers.get("content-type")).toMatch(/^application\/json/)
    const base = `${server.url}/ogc/features`
    expect(landing.body.links.map((link: { rel: string; href: string }) => [link.rel, link.href])).toEqual([
      ["self", base],
      ["service-desc", `${base}/api`],
      ["conformance", `${base}/conformance`],
      ["data", `${base}/collections`],
    ])
    const conformance = await ogc(server, "/conformance")
    expect(conformance.body.conformsTo).toEqual([
      "http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core",
      "http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson",
      "http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/oas30",
    ])
  })

  it("serves an OpenAPI 3.0 document that declares the items' parameters", async () => {
    const api = await ogc(server, "/api")
    expect(api.status).toBe(200)
    expect(api.headers.get("content-type")).toMatch(/^application\/vnd\.oai\.openapi\+json;\s*version=3\.0/)
    expect(api.body.openapi).toBe("3.0.3")
    expect(api.body.servers).toEqual([{ url: `${server.url}/ogc/features` }])
    const parameters = api.body.paths["/collections/{collectionId}/items"].get.parameters.map(
      (parameter: { $ref: string }) =>
        api.body.components.parameters[parameter.$ref.split("/").pop() ?? ""].name,
    )
    expect(parameters).toEqual([
      "collectionId",
      "bbox",
      "datetime",
      "limit",
      "cursor",
      "report_state_id",
      "category_id",
      "f",
    ])
    expect(api.body.components.parameters.limit.schema).toEqual({
      type: "integer",
      minimum: 1,
      maximum: 10_000,
      default: 100,
    })
  })

  it("refuses a parameter they do not take, and formats other than JSON", async () => {
    expect((await ogc(server, "?f=json")).status).toBe(200)
    const html = await ogc(server, "/conformance?f=html")
    expect(html.status).toBe(400)
    expect(html.body.errors).toEqual({ f: ["must be json: the service answers JSON only"] })
    expect((await ogc(server, "/api?page=2")).status).toBe(400)
  })
})

describe("GET /ogc/features/collections", () => {
  const ids = async (credential: Credential) => {
    const answer = await ogc(server, "/collections", credential)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer.body.collections.map((entry: { id: string }) => entry.id)
  }

  it("lists one collection per channel the caller reads, then the app's shapes", async () => {
    expect(await ids(viewer)).toEqual([collection(), "shapes"])
    expect(await ids({ token: world.operator.token })).toEqual([
      `reports-${second.id}`,
      collection(),
      "shapes",
    ])
    // Managers read every channel of their team; a team member in no channel reads none.
    expect(await ids({ token: world.manager.token })).toEqual([
      `reports-${second.id}`,
      collection(),
      "shapes",
    ])
    expect(await ids({ token: world.member.token })).toEqual(["shapes"])
    expect(await ids({ token: world.invited.token })).toEqual([])
    expect(await ids({ token: world.outsider.token })).toEqual([
      `reports-${world.outsiderChannel.id}`,
      "shapes",
    ])
  })

  it("describes a channel by its name, with the extent of its reports' places and times", async () => {
    const answer = await ogc(server, `/collections/${collection()}`, viewer)
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      id: collection(),
      title: "Cleaner streams",
      itemType: "feature",
      crs: ["http://www.opengis.net/def/crs/OGC/1.3/CRS84"],
      extent: {
        temporal: { interval: [["2026-01-01T00:00:00.000Z", "2026-12-01T00:00:00.000Z"]] },
        spatial: { crs: "http://www.opengis.net/def/crs/OGC/1.3/CRS84" },
      },
    })
    const [[west, south, east, north]] = answer.body.extent.spatial.bbox
    const placed = written.flatMap((report) => (report.position === null ? [] : [report.position]))
    expect(west).toBe(Math.min(...placed.map(([longitude]) => longitude)))
    expect(east).toBe(Math.max(...placed.map(([longitude]) => longitude)))
    // Latitudes to the row of 0.01° that holds them.
    expect(south).toBeLessThanOrEqual(Math.min(...placed.map(([, latitude]) => latitude)))
    expect(south).toBeGreaterThan(Math.min(...placed.map(([, latitude]) => latitude)) - 0.01)
    expect(north).toBeGreaterThanOrEqual(Math.max(...placed.map(([, latitude]) => latitude)))
    expect(north).toBeLessThan(Math.max(...placed.map(([, latitude]) => latitude)) + 0.01 + 1e-9)
    expect(answer.body.links.map((link: { rel: string; type: string }) => [link.rel, link.type])).toEqual([
      ["self", "application/json"],
      ["items", "application/geo+json"],
    ])
    expect(answer.body.links[1].href).toBe(`${server.url}/ogc/features${items()}`)
  })

  it("gives a channel without reports no extent", async () => {
    const empty = await createChannel(server, world.owner, world.teamId, "Empty")
    const answer = await ogc(server, `/collections/reports-${empty.id}`, { token: world.owner.token })
    expect(answer.status).toBe(200)
    expect(answer.body.extent).toEqual({})
  })

  it("answers 404 for a channel the caller does not read, another tenant's, or no collection at all", async () => {
    for (const [path, credential] of [
      [`/collections/reports-${second.id}`, viewer],
      [`/collections/reports-${world.outsiderChannel.id}`, viewer],
      [`/collections/reports-${world.channel.id}`, { token: world.outsider.token }],
      [`/collections/reports-${world.channel.id}/items`, { token: world.member.token }],
      ["/collections/reports-999999", viewer],
      ["/collections/channels", viewer],
      ["/collections/shapes", { token: world.invited.token }],
    ] as const) {
      const answer = await ogc(server, path, credential)
      expect(answer.status, path).toBe(404)
      expect(answer.headers.get("content-type")).toMatch(/^application\/problem\+json/)
    }
  })
})

describe("GET /ogc/features/collections/{id}/items", () => {
  it("answers GeoJSON: every report once, in id order, with counts and links", async () => {
    const answer = await ogc(server, items(), viewer)
    expect(answer.status).toBe(200)
    expect(answer.headers.get("content-type")).toMatch(/^application\/geo\+json/)
    expect(answer.body.type).toBe("FeatureCollection")
    expect(featureIds([answer])).toEqual(written.map((report) => report.id))
    expect(answer.body.numberMatched).toBe(written.length)
    expect(answer.body.numberReturned).toBe(written.length)
    expect(Date.parse(answer.body.timeStamp)).not.toBeNaN()
    expect(answer.body.links.map((link: { rel: string; href: string }) => [link.rel, link.href])).toEqual([
      ["self", `${server.url}/ogc/features${items()}`],
      ["collection", `${server.url}/ogc/features/collections/${collection()}`],
    ])
    const [first] = answer.body.features
    expect(first).toEqual({
      type: "Feature",
      id: written[0]?.id,
      geometry: { type: "Point", coordinates: [174.7, -41.3] },
      properties: expect.objectContaining({
        title: "Report 1",
        category_id: world.channel.category_id,
        category_name: "Cleaner streams",
        report_state_id: states.New,
        report_state_name: "New",
        user_id: world.owner.id,
        is_anonymous: false,
        iso_created_at: "2026-01-01T00:00:00.000Z",
      }),
    })
    const addressOnly = answer.body.features.find(
      (feature: { geometry: unknown }) => feature.geometry === null,
    )
    expect(addressOnly.properties).toMatchObject({ address: "1 Lambton Quay", report_state_name: "Resolved" })
  })

  it("gives every feature the same properties: the report's fields, then the form's answers by key", async () => {
    const answer = await ogc(server, items(), viewer)
    const keys = answer.body.features.map((feature: { properties: object }) =>
      Object.keys(feature.properties),
    )
    for (const each of keys) expect(each).toEqual(keys[0])
    expect(keys[0]).toEqual([
      "title",
      "address",
      "category_id",
      "category_name",
      "report_state_id",
      "report_state_name",
      "user_id",
      "is_anonymous",
      "shape_id",
      "assignee_id",
      "assignment_due_at",
      "iso_created_at",
      "updated_at",
      form.what,
      form.description,
      form.when,
      form.checks,
      form.choice,
      form.photos,
      form.files,
      form.secret,
    ])
  })

  it("pages by next links that carry the page's parameters, numberMatched the same on every page", async () => {
    const pages = await followPages(server, items("limit=5&datetime=2026-01-01/2026-12-31"), viewer)
    expect(pages.map((page) => page.body.numberReturned)).toEqual([5, 5, 5, 3])
    expect(pages.every((page) => page.body.numberMatched === 18)).toBe(true)
    expect(featureIds(pages)).toEqual(written.map((report) => report.id))
    const second = new URL(nextLink(pages[0]!) ?? "")
    expect(second.searchParams.get("limit")).toBe("5")
    expect(second.searchParams.get("datetime")).toBe("2026-01-01/2026-12-31")
    expect(second.searchParams.get("cursor")).not.toBeNull()
    expect(nextLink(pages[3]!)).toBeUndefined()
    // Each page names itself with its cursor.
    expect(pages[1]?.body.links[0].href).toBe(nextLink(pages[0]!))
  })

  it("keeps pages right while reports are added: nothing repeated or skipped, new reports at the end", async () => {
    const first = await ogc(server, items("limit=6"), viewer)
    const added = await insertReports(server, world.channel.id, [
      {
        position: [174.8, -41.2],
        createdAt: "2026-12-24T00:00:00.000Z",
        userId: world.owner.id,
        categoryId: potholes,
      },
      { position: null, createdAt: "2026-12-25T00:00:00.000Z", userId: world.owner.id, categoryId: potholes },
    ])
    const rest = await followPages(server, nextLink(first) ?? "", viewer)
    expect(featureIds([first, ...rest])).toEqual([...written.map((report) => report.id), ...added])
    expect(rest.at(-1)?.body.numberMatched).toBe(written.length + added.length)
    written.push(
      ...added.map((id, index) => ({
        id,
        position: index === 0 ? ([174.8, -41.2] as const) : null,
        createdAt: index === 0 ? "2026-12-24T00:00:00.000Z" : "2026-12-25T00:00:00.000Z",
        userId: world.owner.id,
        categoryId: potholes,
      })),
    )
  })

  it("takes 100 features a page by default, and reads a larger limit than 10,000 as 10,000", async () => {
    const many = await insertReports(
      server,
      second.id,
      Array.from({ length: 150 }, (_, index) => ({
        position: [170 + index / 100, -40] as const,
        createdAt: "2026-02-01T00:00:00.000Z",
        userId: world.owner.id,
        categoryId: second.category_id,
      })),
    )
    const operator = { token: world.operator.token }
    const page = await ogc(server, `/collections/reports-${second.id}/items`, operator)
    expect(page.body.numberReturned).toBe(100)
    expect(page.body.numberMatched).toBe(151)
    expect(nextLink(page)).toBeDefined()
    const whole = await ogc(server, `/collections/reports-${second.id}/items?limit=50000`, operator)
    expect(whole.body.numberReturned).toBe(151)
    expect(whole.body.links[0].href).toMatch(/limit=10000$/)
    expect(featureIds([whole]).slice(1)).toEqual(many)
  })

  it("writes a page longer than the chunks it is read in as one document, and survives a client that leaves", async () => {
    const large = await createChannel(server, world.owner, world.teamId, "Large")
    const ids = await insertReports(
      server,
      large.id,
      Array.from({ length: 2_345 }, (_, index) => ({
        position: [174 + index / 10_000, -41] as const,
        createdAt: "2026-04-01T00:00:00.000Z",
        userId: world.owner.id,
        categoryId: large.category_id,
      })),
    )
    const owner = { token: world.owner.token }
    const page = await ogc(server, `/collections/reports-${large.id}/items?limit=3000`, owner)
    expect(page.status).toBe(200)
    expect(page.body.numberReturned).toBe(2_345)
    expect(featureIds([page])).toEqual(ids)
    const leaving = new AbortController()
    const response = await fetch(
      `${server.url}/ogc/features/collections/reports-${large.id}/items?limit=3000`,
      {
        headers: { Authorization: `Token token=${world.owner.token}` },
        signal: leaving.signal,
      },
    )
    await response.body?.getReader().read()
    leaving.abort()
    const again = await ogc(server, `/collections/reports-${large.id}/items?limit=1`, owner)
    expect(again.body.numberMatched).toBe(2_345)
  })

  it.each([
    ["limit=0", "limit"],
    ["limit=ten", "limit"],
    ["bbox=1,2,3", "bbox"],
    ["bbox=0,10,1,5", "bbox"],
    ["bbox=170,0,181,1", "bbox"],
    ["datetime=2026-13-01", "datetime"],
    ["datetime=2026-06-01T00:00:00", "datetime"],
    ["datetime=2026-12-01/2026-01-01", "datetime"],
    ["datetime=../..", "datetime"],
    ["cursor=2", "cursor"],
    ["report_state_id=new", "report_state_id"],
    ["resultType=hits", "resultType"],
    ["limit=5&limit=6", "limit"],
  ])("answers 400 naming the parameter for %s", async (query, name) => {
    const answer = await ogc(server, items(query), viewer)
    expect(answer.status).toBe(400)
    expect(answer.headers.get("content-type")).toMatch(/^application\/problem\+json/)
    expect(Object.keys(answer.body.errors)).toEqual([name])
  })
})

describe("the bbox filter", () => {
  const inBox = async (bbox: string) =>
    featureIds([await ogc(server, items(`bbox=${bbox}&limit=1000`), viewer)])
  const expected = (bbox: string) => {
    const boxes = Result.getOrThrow(OgcBbox.parse(bbox))
    return written
      .filter((report) => report.position !== null && OgcBbox.contains(boxes, report.position))
      .map((report) => report.id)
  }

  it.each([
    ["a box around part of the city", "174.72,-41.3,174.76,-41.27"],
    ["edges through reports: they are in", "174.7,-41.3,174.72,-41.29"],
    ["a box of one point", "174.73,-41.285,174.73,-41.285"],
    ["a box just off a report", "174.7000001,-41.3,174.71,-41.29"],
    ["the whole world", "-180,-90,180,90"],
    ["six numbers with heights", "174.72,-41.3,-100,174.76,-41.27,100"],
    ["a box east of 179 up to the antimeridian", "179,-18,180,-16"],
    ["a box west of -179 from the antimeridian", "-180,-18,-179,-16"],
    ["a box crossing the antimeridian", "179,-18,-179,-16"],
    ["a box crossing the antimeridian, one side only", "179.6,-18,-179,-16"],
  ])("selects the reports in %s", async (_, bbox) => {
    expect(await inBox(bbox)).toEqual(expected(bbox))
  })

  it("holds the reports on the antimeridian in the boxes that end there, on either side", async () => {
    const [east, west, on] = written.slice(12, 15).map((report) => report.id)
    expect(await inBox("179,-18,-179,-16")).toEqual([east, west, on])
    expect(await inBox("179,-18,180,-16")).toEqual([east, on])
    expect(await inBox("-180,-18,-179,-16")).toEqual([west, on])
  })

  it("counts what it selects, and leaves out reports without a place", async () => {
    const answer = await ogc(server, items("bbox=-180,-90,180,90"), viewer)
    expect(answer.body.numberMatched).toBe(written.filter((report) => report.position !== null).length)
  })
})

describe("the datetime filter", () => {
  const during = async (datetime: string) =>
    featureIds([await ogc(server, items(`datetime=${encodeURIComponent(datetime)}&limit=1000`), viewer)])
  const expected = (datetime: string) => {
    const interval = Result.getOrThrow(OgcDatetime.parse(datetime))
    return written
      .filter((report) => OgcDatetime.contains(interval, report.createdAt))
      .map((report) => report.id)
  }

  it.each([
    ["an instant", "2026-03-01T00:00:00Z"],
    ["an instant with an offset", "2026-03-01T13:00:00+13:00"],
    ["an instant between reports", "2026-03-01T00:00:00.001Z"],
    ["a date", "2026-03-10"],
    ["a closed interval, both ends included", "2026-03-01T00:00:00Z/2026-06-01T00:00:00Z"],
    ["an interval of dates", "2026-03-01/2026-05-31"],
    ["an open end", "2026-11-01T00:00:00Z/.."],
    ["an open end left empty", "2026-11-01T00:00:00Z/"],
    ["an open start", "../2026-02-01T00:00:00Z"],
    ["an open start left empty", "/2026-02-01T00:00:00Z"],
    ["an interval holding nothing", "2025-01-01/2025-12-31"],
  ])("selects the reports created at %s", async (_, datetime) => {
    const ids = await during(datetime)
    expect(ids).toEqual(expected(datetime))
  })

  it("meets the instants of the reports exactly", async () => {
    expect(await during("2026-03-01T00:00:00Z")).toEqual([written[2]?.id])
    expect(await during("2026-03-10")).toEqual([written[15]?.id])
    expect(await during("2026-03-01T00:00:00Z/2026-06-01T00:00:00Z")).toEqual(
      [2, 3, 4, 5].map((index) => written[index]?.id).concat(written[15]?.id),
    )
  })

  it("combines with the bbox and counts what both select", async () => {
    const answer = await ogc(server, items("bbox=174.7,-41.3,174.72,-41.29&datetime=2026-02-01/.."), viewer)
    expect(featureIds([answer])).toEqual([written[1]?.id, written[2]?.id])
    expect(answer.body.numberMatched).toBe(2)
  })
})

describe("the property filters", () => {
  it("select reports by state and by category, each a list of ids", async () => {
    const resolved = await ogc(server, items(`report_state_id=${states.Resolved}`), viewer)
    expect(featureIds([resolved])).toEqual([written[15]?.id])
    expect(resolved.body.numberMatched).toBe(1)
    const inPotholes = written.filter((report) => report.categoryId === potholes).map((report) => report.id)
    const byCategory = await ogc(server, items(`category_id=${potholes}`), viewer)
    expect(featureIds([byCategory])).toEqual(inPotholes)
    expect(byCategory.body.numberMatched).toBe(inPotholes.length)
    const both = await ogc(
      server,
      items(`report_state_id=${states.New},${states.Resolved}&category_id=${potholes}`),
      viewer,
    )
    expect(featureIds([both])).toEqual(inPotholes)
    const none = await ogc(server, items(`category_id=${second.category_id}`), viewer)
    expect(none.body).toMatchObject({ numberMatched: 0, numberReturned: 0, features: [] })
  })

  it("are not taken by the shapes", async () => {
    const answer = await ogc(server, "/collections/shapes/items?category_id=1", viewer)
    expect(answer.status).toBe(400)
    expect(Object.keys(answer.body.errors)).toEqual(["category_id"])
  })
})

describe("GET /ogc/features/collections/{id}/items/{featureId}", () => {
  it("answers one feature with its links", async () => {
    const report = written[0]
    const answer = await ogc(server, `${items()}/${report?.id}`, viewer)
    expect(answer.status).toBe(200)
    expect(answer.headers.get("content-type")).toMatch(/^application\/geo\+json/)
    expect(answer.body).toMatchObject({
      type: "Feature",
      id: report?.id,
      geometry: { type: "Point", coordinates: [174.7, -41.3] },
      properties: { title: "Report 1" },
    })
    expect(answer.body.links.map((link: { rel: string; href: string }) => [link.rel, link.href])).toEqual([
      ["self", `${server.url}/ogc/features${items()}/${report?.id}`],
      ["collection", `${server.url}/ogc/features/collections/${collection()}`],
    ])
  })

  it("answers 404 for a report of another collection, one that does not exist, or no id", async () => {
    const elsewhere = await ogc(server, `/collections/reports-${second.id}/items/${written[0]?.id}`, {
      token: world.operator.token,
    })
    expect(elsewhere.status).toBe(404)
    expect((await ogc(server, `${items()}/999999`, viewer)).status).toBe(404)
    expect((await ogc(server, `${items()}/first`, viewer)).status).toBe(404)
    expect((await ogc(server, `${items()}/${written[0]?.id}?bbox=1,2,3,4`, viewer)).status).toBe(400)
  })
})

describe("what a feature discloses", () => {
  const propertiesOf = async (id: number | undefined, credential: Credential) =>
    (await ogc(server, `${items()}/${id}`, credential)).body.properties
  const own = () => written[16]?.id
  const anonymous = () => written[17]?.id

  it("shows a private answer to the channel's staff and to the reporter, null to other readers", async () => {
    expect((await propertiesOf(own(), viewer))[form.secret]).toBeNull()
    expect((await propertiesOf(own(), { token: world.operator.token }))[form.secret]).toBe("gate code 1234")
    expect((await propertiesOf(own(), { token: world.reporter.token }))[form.secret]).toBe("gate code 1234")
    expect((await propertiesOf(own(), viewer))[form.what]).toBe("Slip")
  })

  it("names nobody on an anonymous report, whoever asks", async () => {
    for (const credential of [viewer, { token: world.owner.token }, { token: world.reporter.token }]) {
      const properties = await propertiesOf(anonymous(), credential)
      expect(properties).toMatchObject({ user_id: null, is_anonymous: true })
    }
    const page = await ogc(server, items(), viewer)
    const feature = page.body.features.find((each: { id: number }) => each.id === anonymous())
    expect(feature.properties).toMatchObject({
      user_id: null,
      [form.choice]: form.choiceOptions[1],
      [form.checks]: [form.checkOptions[0]],
    })
  })

  it("shows in a page what it shows alone", async () => {
    const page = await ogc(server, items(), { token: world.reporter.token })
    for (const id of [own(), anonymous()]) {
      const inPage = page.body.features.find((feature: { id: number }) => feature.id === id)
      expect(inPage.properties).toEqual(await propertiesOf(id, { token: world.reporter.token }))
    }
  })
})
