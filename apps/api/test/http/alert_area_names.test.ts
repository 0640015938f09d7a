/**
 * Alert area names, this service's own beyond the v4 dialect: given on create, trimmed, blank read
 * as none, at most `TextLimits.name` characters; renamed or cleared by an update that names it, and
 * kept by one that does not (a client of the dialect knows no names).
 */
import * as TextLimits from "@fieldreport/domain/TextLimits"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createPerson, type Person } from "../support/People.ts"
import { startTestServer, type TestServer } from "../support/TestServer.ts"

let server: TestServer
let ana: Person

beforeAll(async () => {
  server = await startTestServer({ FIELDREPORT_JOB_WORKERS: "0" })
  ana = await createPerson(server, "ana@example.com")
})
afterAll(() => server.close())

const home = "POINT (174.7762 -41.2865)"

const create = (alert_area: unknown) =>
  server.request("POST", "/api/v4/alert_areas", { token: ana.token, body: { alert_area } })

const update = (id: number, alert_area: unknown) =>
  server.request("PATCH", `/api/v4/alert_areas/${id}`, { token: ana.token, body: { alert_area } })

const nameOf = async (id: number): Promise<unknown> =>
  (await server.request("GET", `/api/v4/alert_areas/${id}`, { token: ana.token })).body.name

describe("alert area names", () => {
  it("keeps the name given on create, trimmed, in the answer, the fetch and the list", async () => {
    const created = await create({ name: "  Home  ", area: home, radius: 500 })
    expect(created.status).toBe(201)
    expect(created.body.name).toBe("Home")
    expect(await nameOf(created.body.id)).toBe("Home")
    const listed = await server.request("GET", "/api/v4/alert_areas", { token: ana.token })
    expect(listed.body.find((area: { id: number }) => area.id === created.body.id)?.name).toBe("Home")
  })

  it.each([
    ["without a name", {}],
    ["with a blank name", { name: "   " }],
    ["with a null name", { name: null }],
  ])("stores an area %s as unnamed, null", async (_, name) => {
    const created = await create({ ...name, area: home, radius: 500 })
    expect(created.status).toBe(201)
    expect(created.body.name).toBeNull()
    expect(await nameOf(created.body.id)).toBeNull()
  })

  it("renames an area, keeps the name through an update without one, and clears it with null", async () => {
    const id = (await create({ name: "Home", area: home, radius: 500 })).body.id
    expect((await update(id, { name: "The farm", area: home, radius: 800 })).status).toBe(204)
    expect(await nameOf(id)).toBe("The farm")
    expect((await update(id, { area: home, radius: 900 })).status).toBe(204)
    const kept = (await server.request("GET", `/api/v4/alert_areas/${id}`, { token: ana.token })).body
    expect(kept).toMatchObject({ name: "The farm", radius: 900 })
    expect((await update(id, { name: null, area: home, radius: 900 })).status).toBe(204)
    expect(await nameOf(id)).toBeNull()
  })

  it("takes a name of the longest a name may be, and refuses a longer one or one not text with 422", async () => {
    const longest = "n".repeat(TextLimits.name)
    const created = await create({ name: longest, area: home, radius: 500 })
    expect(created.status).toBe(201)
    expect(created.body.name).toBe(longest)
    const tooLong = await create({ name: `${longest}n`, area: home, radius: 500 })
    expect(tooLong.status).toBe(422)
    expect(Object.keys(tooLong.body.errors)).toEqual(["alert_area.name"])
    const notText = await update(created.body.id, { name: 7, area: home, radius: 500 })
    expect(notText.status).toBe(422)
    expect(Object.keys(notText.body.errors)).toEqual(["alert_area.name"])
    expect(await nameOf(created.body.id)).toBe(longest)
  })

  it("leaves the name out when fields does", async () => {
    const id = (await create({ name: "Home", area: home, radius: 500 })).body.id
    const without = await server.request("GET", `/api/v4/alert_areas/${id}?fields=-name`, {
      token: ana.token,
    })
    expect(without.body).not.toHaveProperty("name")
  })
})
