import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { AlertAreaIndex } from "../../src/store/AlertAreaIndex.ts"
import { createPerson, type Person } from "../support/People.ts"
import { startTestServer, type TestServer } from "../support/TestServer.ts"

let server: TestServer
let ana: Person
let ben: Person

beforeAll(async () => {
  server = await startTestServer({ FIELDREPORT_JOB_WORKERS: "0" })
  ana = await createPerson(server, "ana@example.com")
  ben = await createPerson(server, "ben@example.com")
})
afterAll(() => server.close())

const wellington = "POINT (174.7762 -41.2865)"
/** A square with a square hole; every coordinate a binary fraction, so boxes read back exactly. */
const ringed =
  "POLYGON ((174.5 -41.5, 174.75 -41.5, 174.75 -41.25, 174.5 -41.25, 174.5 -41.5), " +
  "(174.5625 -41.4375, 174.6875 -41.4375, 174.6875 -41.3125, 174.5625 -41.3125, 174.5625 -41.4375))"

const create = (person: Person, alert_area: unknown) =>
  server.request("POST", "/api/v4/alert_areas", { token: person.token, body: { alert_area } })

const fetchArea = (person: Person, id: number, fields?: string) =>
  server.request("GET", `/api/v4/alert_areas/${id}${fields === undefined ? "" : `?fields=${fields}`}`, {
    token: person.token,
  })

const createdId = async (person: Person, alert_area: unknown): Promise<number> => {
  const answer = await create(person, alert_area)
  expect(answer.status).toBe(201)
  return answer.body.id
}

/**
 * Whether the notification fan-out's matching (the server's in-memory index) finds the area
 * containing the position `[longitude, latitude]`.
 */
const matches = (id: number, position: readonly [number, number]): Promise<boolean> =>
  server.runtime.runPromise(
    Effect.gen(function* () {
      const areas = yield* (yield* AlertAreaIndex).containing(position)
      return areas.some((area) => area.id === id)
    }),
  )

describe("POST /api/v4/alert_areas", () => {
  it("creates a circle from a POINT and a radius, its WKT made canonical", async () => {
    const answer = await create(ana, { area: "point(174.7762   -41.2865)", radius: 5000 })
    expect(answer.status).toBe(201)
    const { id } = answer.body
    expect(Number.isInteger(id)).toBe(true)
    expect(answer.body).toEqual({
      id,
      name: null,
      shape_type: "circle",
      radius: 5000,
      area: wellington,
      latitude: -41.2865,
      longitude: 174.7762,
    })
    expect(answer.headers.get("location")).toBe(`/api/v4/alert_areas/${id}`)
    expect((await fetchArea(ana, id)).body).toEqual(answer.body)
  })

  it("creates a polygon with a hole, centred on its bounding box, radius null", async () => {
    const answer = await create(ana, { area: ringed.replaceAll(", ", ","), radius: null })
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({
      id: answer.body.id,
      name: null,
      shape_type: "poly",
      radius: null,
      area: ringed,
      latitude: -41.375,
      longitude: 174.625,
    })
  })

  it("takes a polygon without any radius key", async () => {
    const answer = await create(ana, { area: "POLYGON((0 0, 1 0, 1 1, 0 0))" })
    expect(answer.status).toBe(201)
    expect(answer.body).toMatchObject({
      shape_type: "poly",
      radius: null,
      area: "POLYGON ((0 0, 1 0, 1 1, 0 0))",
    })
  })

  it("takes radii from 1 to 100,000 metres", async () => {
    for (const radius of [1, 100_000]) {
      const answer = await create(ana, { area: "POINT(10 5)", radius })
      expect(answer.status).toBe(201)
      expect(answer.body.radius).toBe(radius)
    }
  })

  it("matches reports in a polygon's rings but not its hole, and within a circle's radius", async () => {
    const id = await createdId(ana, { area: ringed })
    expect(await matches(id, [174.51, -41.49])).toBe(true)
    expect(await matches(id, [174.74, -41.26])).toBe(true)
    expect(await matches(id, [174.49, -41.49])).toBe(false)
    expect(await matches(id, [174.76, -41.26])).toBe(false)
    expect(await matches(id, [174.625, -41.375])).toBe(false)
    const circle = await createdId(ana, { area: wellington, radius: 1000 })
    // 1 km is 0.009 degrees of latitude, 0.012 of longitude at this latitude.
    expect(await matches(circle, [174.7762, -41.2865 + 0.0089])).toBe(true)
    expect(await matches(circle, [174.7762, -41.2865 + 0.0091])).toBe(false)
    expect(await matches(circle, [174.7762, -41.2865 - 0.0089])).toBe(true)
    expect(await matches(circle, [174.7762, -41.2865 - 0.0091])).toBe(false)
    expect(await matches(circle, [174.7762 + 0.0118, -41.2865])).toBe(true)
    expect(await matches(circle, [174.7762 + 0.0122, -41.2865])).toBe(false)
    expect(await matches(circle, [174.7762 - 0.0118, -41.2865])).toBe(true)
    expect(await matches(circle, [174.7762 - 0.0122, -41.2865])).toBe(false)
  })

  const invalid: ReadonlyArray<readonly [string, unknown, Record<string, ReadonlyArray<string>>]> = [
    ["no alert_area", undefined, { alert_area: ["is required"] }],
    ["no area", {}, { "alert_area.area": ["is required"] }],
    [
      "wrong types",
      { area: 5, radius: "500" },
      {
        "alert_area.area": ["must be a string"],
        "alert_area.radius": ["must be a whole number of metres, or null for a polygon"],
      },
    ],
    [
      "invalid WKT",
      { area: "POINT(abc)", radius: 10 },
      { "alert_area.area": ['is not valid WKT: found "A" where a number was expected, after "POINT("'] },
    ],
    [
      "empty WKT",
      { area: "", radius: 10 },
      {
        "alert_area.area": [
          "is not valid WKT: found the end of the text where a geometry type such as POINT or POLYGON was expected",
        ],
      },
    ],
    [
      "an unclosed ring",
      { area: "POLYGON((0 0, 1 0, 1 1, 0 1))" },
      { "alert_area.area": ["outer ring is not closed: its last position must repeat its first"] },
    ],
    [
      "a self-intersecting ring",
      { area: "POLYGON((0 0, 1 1, 1 0, 0 1, 0 0))" },
      { "alert_area.area": ["outer ring intersects itself: the edge 0 0, 1 1 meets the edge 1 0, 0 1"] },
    ],
    [
      "a latitude out of range",
      { area: "POINT(10 95)", radius: 10 },
      { "alert_area.area": ["latitude must be between -90 and 90, not 95"] },
    ],
    [
      "a longitude out of range",
      { area: "POLYGON((0 0, 190 0, 1 1, 0 0))" },
      { "alert_area.area": ["longitude must be between -180 and 180, not 190"] },
    ],
    [
      "another geometry",
      { area: "LINESTRING(0 0, 1 1)" },
      { "alert_area.area": ["must be a POINT (a circle, with radius) or a POLYGON"] },
    ],
    [
      "a circle without radius",
      { area: "POINT(10 5)" },
      { "alert_area.radius": ["is required for a circle (a POINT area)"] },
    ],
    [
      "a circle with a null radius",
      { area: "POINT(10 5)", radius: null },
      { "alert_area.radius": ["is required for a circle (a POINT area)"] },
    ],
    [
      "a polygon with a radius",
      { area: "POLYGON((0 0, 1 0, 1 1, 0 0))", radius: 5 },
      { "alert_area.radius": ["must be null for a polygon (a POLYGON area)"] },
    ],
    [
      "a radius of 0",
      { area: "POINT(10 5)", radius: 0 },
      { "alert_area.radius": ["must be between 1 and 100000 metres"] },
    ],
    [
      "a radius over 100 km",
      { area: "POINT(10 5)", radius: 100_001 },
      { "alert_area.radius": ["must be between 1 and 100000 metres"] },
    ],
    [
      "a fractional radius",
      { area: "POINT(10 5)", radius: 12.5 },
      { "alert_area.radius": ["must be a whole number of metres"] },
    ],
  ]

  it.each(invalid)(
    "refuses %s with 422 naming the field, and stores nothing",
    async (_, alert_area, errors) => {
      const before = (await server.request("GET", "/api/v4/alert_areas", { token: ben.token })).body
      const answer = await create(ben, alert_area)
      expect(answer.status).toBe(422)
      expect(answer.headers.get("content-type")).toMatch(/^application\/problem\+json/)
      expect(answer.body.errors).toEqual(errors)
      expect((await server.request("GET", "/api/v4/alert_areas", { token: ben.token })).body).toEqual(before)
    },
  )

  it("needs credentials", async () => {
    const answer = await server.request("POST", "/api/v4/alert_areas", {
      body: { alert_area: { area: wellington, radius: 5 } },
    })
    expect(answer.status).toBe(401)
  })
})

describe("GET /api/v4/alert_areas", () => {
  it("lists the current user's areas only, oldest first", async () => {
    const cleo = await createPerson(server, "cleo@example.com")
    const first = await create(cleo, { area: wellington, radius: 250 })
    const second = await create(cleo, { area: ringed, radius: null })
    await create(ana, { area: wellington, radius: 300 })
    const answer = await server.request("GET", "/api/v4/alert_areas", { token: cleo.token })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual([first.body, second.body])
  })

  it("answers an empty array for a user without areas", async () => {
    const dan = await createPerson(server, "dan@example.com")
    const answer = await server.request("GET", "/api/v4/alert_areas", { token: dan.token })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual([])
  })

  it("leaves out fields excluded with -, ignores unknown ones", async () => {
    const eve = await createPerson(server, "eve@example.com")
    const id = await createdId(eve, { area: wellington, radius: 250 })
    const answer = await server.request(
      "GET",
      "/api/v4/alert_areas?fields=-name,-area,-latitude,-longitude,colour",
      {
        token: eve.token,
      },
    )
    expect(answer.body).toEqual([{ id, shape_type: "circle", radius: 250 }])
    expect(answer.headers.get("x-ignored-fields")).toBe("colour")
  })
})

describe("GET /api/v4/alert_areas/{id}", () => {
  it("fetches the user's own area, with fields", async () => {
    const id = await createdId(ana, { area: wellington, radius: 700 })
    expect((await fetchArea(ana, id, "-area")).body).toEqual({
      id,
      name: null,
      shape_type: "circle",
      radius: 700,
      latitude: -41.2865,
      longitude: 174.7762,
    })
  })

  it("answers 404 for another user's area and an unknown one, 400 for a malformed id", async () => {
    const id = await createdId(ana, { area: wellington, radius: 700 })
    expect((await fetchArea(ben, id)).status).toBe(404)
    expect((await fetchArea(ana, 999_999)).status).toBe(404)
    const malformed = await server.request("GET", "/api/v4/alert_areas/abc", { token: ana.token })
    expect(malformed.status).toBe(400)
    expect(malformed.body.errors).toEqual({ id: ["must be an integer id"] })
  })
})

describe("PATCH /api/v4/alert_areas/{id}", () => {
  it("replaces a circle with a polygon and moves where it matches, 204", async () => {
    const id = await createdId(ana, { area: wellington, radius: 700 })
    const answer = await server.request("PATCH", `/api/v4/alert_areas/${id}`, {
      token: ana.token,
      body: { alert_area: { area: ringed, radius: null } },
    })
    expect(answer.status).toBe(204)
    expect(answer.body).toBeUndefined()
    expect((await fetchArea(ana, id)).body).toEqual({
      id,
      name: null,
      shape_type: "poly",
      radius: null,
      area: ringed,
      latitude: -41.375,
      longitude: 174.625,
    })
    expect(await matches(id, [174.51, -41.49])).toBe(true)
    expect(await matches(id, [174.7762, -41.2865])).toBe(false)
  })

  it("resizes a circle", async () => {
    const id = await createdId(ana, { area: "POINT (0 0)", radius: 1000 })
    // About 1.5 km north of the centre.
    expect(await matches(id, [0, 0.0135])).toBe(false)
    await server.request("PATCH", `/api/v4/alert_areas/${id}`, {
      token: ana.token,
      body: { alert_area: { area: "POINT (0 0)", radius: 2000 } },
    })
    expect((await fetchArea(ana, id)).body.radius).toBe(2000)
    expect(await matches(id, [0, 0.0135])).toBe(true)
  })

  it("refuses an invalid area with 422 and keeps the old one", async () => {
    const id = await createdId(ana, { area: wellington, radius: 700 })
    const before = (await fetchArea(ana, id)).body
    const unclosed = await server.request("PATCH", `/api/v4/alert_areas/${id}`, {
      token: ana.token,
      body: { alert_area: { area: "POLYGON((0 0, 1 0, 1 1, 0 1))", radius: null } },
    })
    expect(unclosed.status).toBe(422)
    expect(unclosed.body.errors).toEqual({
      "alert_area.area": ["outer ring is not closed: its last position must repeat its first"],
    })
    const tooWide = await server.request("PATCH", `/api/v4/alert_areas/${id}`, {
      token: ana.token,
      body: { alert_area: { area: wellington, radius: 100_001 } },
    })
    expect(tooWide.status).toBe(422)
    expect(tooWide.body.errors).toEqual({ "alert_area.radius": ["must be between 1 and 100000 metres"] })
    expect((await fetchArea(ana, id)).body).toEqual(before)
  })

  it("answers 404 for another user's area and leaves it alone", async () => {
    const id = await createdId(ana, { area: wellington, radius: 700 })
    const answer = await server.request("PATCH", `/api/v4/alert_areas/${id}`, {
      token: ben.token,
      body: { alert_area: { area: ringed, radius: null } },
    })
    expect(answer.status).toBe(404)
    expect((await fetchArea(ana, id)).body.area).toBe(wellington)
  })
})

describe("DELETE /api/v4/alert_areas/{id}", () => {
  it("deletes the area, which no longer matches, 204", async () => {
    const id = await createdId(ana, { area: wellington, radius: 700 })
    expect(await matches(id, [174.7762, -41.2865])).toBe(true)
    const answer = await server.request("DELETE", `/api/v4/alert_areas/${id}`, { token: ana.token })
    expect(answer.status).toBe(204)
    expect((await fetchArea(ana, id)).status).toBe(404)
    expect(await matches(id, [174.7762, -41.2865])).toBe(false)
    expect((await server.request("DELETE", `/api/v4/alert_areas/${id}`, { token: ana.token })).status).toBe(
      404,
    )
  })

  it("answers 404 for another user's area and keeps it", async () => {
    const id = await createdId(ana, { area: wellington, radius: 700 })
    expect((await server.request("DELETE", `/api/v4/alert_areas/${id}`, { token: ben.token })).status).toBe(
      404,
    )
    expect((await fetchArea(ana, id)).status).toBe(200)
    expect(await matches(id, [174.7762, -41.2865])).toBe(true)
  })
})
