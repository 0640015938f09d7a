import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import * as Tile from "@fieldreport/domain/Tile"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as JobKinds from "../../src/jobs/JobKinds.ts"
import { JobRunner } from "../../src/jobs/JobRunner.ts"
import { joinChannel, type Person } from "../support/People.ts"
import {
  awaitSearch,
  type FiledReport,
  fileReportAt,
  reportOf,
  searchIds,
  startSearch,
} from "../support/Searches.ts"
import { startTestServer, type TestServer } from "../support/TestServer.ts"
import { buildWorld, type ChannelInfo, createChannel, type World } from "../support/World.ts"

let server: TestServer
let world: World
/** The viewer reads `world.channel` and `second`, not `hidden`, nor the outsider's channel. */
let second: ChannelInfo
let hidden: ChannelInfo
let reports: Record<string, FiledReport>

const wellington = { longitude: 174.7, latitude: -41.3, scale: 0.05 }
const wellingtonTileId = Tile.encode(wellington)

/** The current `updated_at` and `cache_key` of a report. */
const refresh = async (report: FiledReport): Promise<FiledReport> => {
  const answer = await server.request("GET", `/api/v4/reports/${report.id}?fields=updated_at,cache_key`, {
    token: world.owner.token,
  })
  expect(answer.status).toBe(200)
  return reportOf(answer.body)
}

beforeAll(async () => {
  server = await startTestServer()
  world = await buildWorld(server)
  second = await createChannel(server, world.owner, world.teamId, "Second stream")
  hidden = await createChannel(server, world.owner, world.teamId, "Hidden stream")
  await joinChannel(server, second.id, world.viewer, "viewer")
  await joinChannel(server, second.id, world.operator, "viewer")
  const loudState = await server.request("POST", "/api/v4/report_states", {
    token: world.owner.token,
    body: { report_state: { channel_id: world.channel.id, name: "Urgent", appearance: "loud" } },
  })
  expect(loudState.status).toBe(201)

  const file = (
    channelId: number,
    position: readonly [number, number] | null,
    person: Person = world.owner,
  ) => fileReportAt(server, person, channelId, position)
  const corner = await file(world.channel.id, [174.7, -41.3])
  const inside = await file(world.channel.id, [174.72, -41.28])
  const eastEdge = await file(world.channel.id, [174.75, -41.28])
  const northEdge = await file(world.channel.id, [174.72, -41.25])
  const addressOnly = await file(world.channel.id, null)
  const loud = await file(world.channel.id, [174.8, -41.2])
  // In a cell whose tile id holds a `+`.
  const farEast = await file(world.channel.id, [175.96, -41.99])
  const secondInside = await file(second.id, [174.71, -41.29])
  const hiddenInside = await file(hidden.id, [174.71, -41.29])
  const outsiderInside = await file(world.outsiderChannel.id, [174.71, -41.29], world.outsider)
  const toLoud = await server.request("PATCH", `/api/v4/reports/${loud.id}`, {
    token: world.owner.token,
    body: { report: { report_state_id: loudState.body.id } },
  })
  expect(toLoud.status).toBe(200)
  await new Promise((resolve) => setTimeout(resolve, 3))
  const retitled = await server.request("PATCH", `/api/v4/reports/${inside.id}`, {
    token: world.owner.token,
    body: { report: { title: "Oil sheen, growing" } },
  })
  expect(retitled.status).toBe(200)
  reports = {
    corner,
    inside: await refresh(inside),
    eastEdge,
    northEdge,
    addressOnly,
    loud: await refresh(loud),
    farEast,
    secondInside,
    hiddenInside,
    outsiderInside,
  }
})
afterAll(() => server.close())

/** The viewer's reports (every channel they read), in the default order. */
const viewersReports = () =>
  ["corner", "inside", "eastEdge", "northEdge", "addressOnly", "loud", "farEast", "secondInside"].map(
    (name) => reports[name]!,
  )

const byUpdatedDesc = (a: FiledReport, b: FiledReport) =>
  b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id

const ids = (list: ReadonlyArray<FiledReport>) => list.map((report) => report.id)

const idsOf = (...names: ReadonlyArray<string>) => names.map((name) => reports[name]!.id)

const sorted = (list: ReadonlyArray<number>) => [...list].sort((a, b) => a - b)

describe("GET /api/v4/reports/search", () => {
  it("starts a search and answers its id and absolute url", async () => {
    const started = await startSearch(server, world.viewer)
    expect(started.status).toBe(200)
    expect(started.body).toEqual({
      id: expect.any(Number),
      url: `${server.url}/api/v4/report_searches/${started.body.id}`,
    })
  })

  it("uses the configured public url when there is one", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fieldreport-search-url-"))
    const other = await startTestServer({ FIELDREPORT_PUBLIC_URL: "https://reports.example.org/" }, dir)
    try {
      const admin = await other.login("admin@example.com", "admin-password-1")
      const started = await other.request("GET", "/api/v4/reports/search", { token: admin })
      expect(started.status).toBe(200)
      expect(started.body.url).toBe(`https://reports.example.org/api/v4/report_searches/${started.body.id}`)
    } finally {
      await other.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it("finds, by default, every report of the channels the user reads, newest change first", async () => {
    const expected = ids([...viewersReports()].sort(byUpdatedDesc))
    expect(await searchIds(server, world.viewer)).toEqual(expected)
    // The retitled report changed last, so it leads although it is not the newest.
    expect(expected[0]).toBe(reports.inside!.id)
  })

  it("never shows reports of channels the user may not read, however asked", async () => {
    const leaked = [reports.hiddenInside!.id, reports.outsiderInside!.id]
    for (const query of [
      "",
      `filter[channels]=[${hidden.id},${world.outsiderChannel.id}]`,
      `filter[id][id_array]=${leaked.join(",")}`,
      `filter[tile_id]=${encodeURIComponent(wellingtonTileId)}`,
    ]) {
      const found = await searchIds(server, world.viewer, query)
      expect(
        found.filter((id) => leaked.includes(id)),
        query,
      ).toEqual([])
    }
    const owner = await searchIds(server, world.owner)
    expect(owner).toContain(reports.hiddenInside!.id)
    expect(owner).not.toContain(reports.outsiderInside!.id)
    expect(await searchIds(server, world.outsider)).toEqual([reports.outsiderInside!.id])
  })

  it("answers map items with cache key, pin, channel, appearance and position", async () => {
    const started = await startSearch(
      server,
      world.viewer,
      `filter[id][id_array]=${idsOf("loud", "addressOnly")}`,
    )
    const done = await awaitSearch(server, world.viewer, `/api/v4/report_searches/${started.body.id}`)
    expect(done.status).toBe(200)
    const category = await server.request(
      "GET",
      `/api/v4/channels/${world.channel.id}/categories/${world.channel.category_id}`,
      { token: world.owner.token },
    )
    const pin = category.body.pin_urls.at1x
    expect(pin).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v4\/pins\/.+@1x\.png$/)
    expect(done.body).toEqual([
      {
        id: reports.loud!.id,
        cache_key: reports.loud!.cacheKey,
        pin,
        channel_id: world.channel.id,
        appearance: "loud",
        latitude: -41.2,
        longitude: 174.8,
      },
      {
        id: reports.addressOnly!.id,
        cache_key: reports.addressOnly!.cacheKey,
        pin,
        channel_id: world.channel.id,
        appearance: "normal",
        latitude: null,
        longitude: null,
      },
    ])
  })

  it("pages with Range and answers Content-Range and Accept-Ranges", async () => {
    const expected = ids([...viewersReports()].sort(byUpdatedDesc))
    const started = await startSearch(server, world.viewer)
    const path = `/api/v4/report_searches/${started.body.id}`
    const first = await awaitSearch(server, world.viewer, path, { Range: "objects=0-2" })
    expect(first.status).toBe(200)
    expect(first.headers.get("accept-ranges")).toBe("reports")
    expect(first.headers.get("content-range")).toBe("reports 0-2/8")
    expect(first.body.map((item: { id: number }) => item.id)).toEqual(expected.slice(0, 3))
    const rest = await server.request("GET", path, {
      token: world.viewer.token,
      headers: { Range: "objects=3-" },
    })
    expect(rest.headers.get("content-range")).toBe("reports 3-7/8")
    expect(rest.body.map((item: { id: number }) => item.id)).toEqual(expected.slice(3))
    const beyond = await server.request("GET", path, {
      token: world.viewer.token,
      headers: { Range: "objects=10-19" },
    })
    expect(beyond.status).toBe(200)
    expect(beyond.body).toEqual([])
    expect(beyond.headers.get("content-range")).toBe("reports */8")
    const whole = await server.request("GET", path, { token: world.viewer.token })
    expect(whole.headers.get("content-range")).toBe("reports 0-7/8")
    const malformed = await server.request("GET", path, {
      token: world.viewer.token,
      headers: { Range: "rows=0-2" },
    })
    expect(malformed.status).toBe(400)
    expect(Object.keys(malformed.body.errors)).toEqual(["Range"])
  })

  it("answers the full reports with fields, in the same order and pages", async () => {
    const expected = ids([...viewersReports()].sort(byUpdatedDesc))
    const started = await startSearch(server, world.viewer)
    const path = `/api/v4/report_searches/${started.body.id}/reports`
    const page = await awaitSearch(server, world.viewer, path, { Range: "objects=1-3" })
    expect(page.status).toBe(200)
    expect(page.headers.get("content-range")).toBe("reports 1-3/8")
    expect(page.headers.get("accept-ranges")).toBe("reports")
    expect(page.body.map((report: { id: number }) => report.id)).toEqual(expected.slice(1, 4))
    expect(Object.keys(page.body[0])).toEqual(
      expect.arrayContaining(["id", "account_id", "address", "location", "report_state_id", "title"]),
    )
    const chosen = await server.request("GET", `${path}?fields=-title,cache_key,colour`, {
      token: world.viewer.token,
      headers: { Range: "objects=0-0" },
    })
    expect(chosen.status).toBe(200)
    expect(chosen.headers.get("x-ignored-fields")).toBe("colour")
    expect(chosen.body).toHaveLength(1)
    expect(chosen.body[0].id).toBe(expected[0])
    expect(chosen.body[0]).not.toHaveProperty("title")
    expect(chosen.body[0].cache_key).toBe(reports.inside!.cacheKey)
  })

  describe("filters and excludes", () => {
    it("channels: narrows to readable channels; exclude takes channels away", async () => {
      expect(sorted(await searchIds(server, world.viewer, `filter[channels]=[${second.id}]`))).toEqual(
        idsOf("secondInside"),
      )
      expect(
        sorted(await searchIds(server, world.viewer, `filter[channels]=[${second.id},${hidden.id}]`)),
      ).toEqual(idsOf("secondInside"))
      expect(await searchIds(server, world.viewer, `filter[channels][]=${world.outsiderChannel.id}`)).toEqual(
        [],
      )
      expect(
        sorted(await searchIds(server, world.viewer, `exclude[channels]=[${world.channel.id}]`)),
      ).toEqual(idsOf("secondInside"))
    })

    it("channels: without filter[channels], the channels selected for view, else every readable one", async () => {
      const all = sorted(await searchIds(server, world.operator))
      expect(all).toEqual(sorted(ids(viewersReports())))
      const selected = await server.request("PATCH", `/api/v4/channel_selections/${second.id}`, {
        token: world.operator.token,
        body: { channel_selection: { view: true } },
      })
      expect(selected.status).toBe(204)
      expect(await searchIds(server, world.operator)).toEqual(idsOf("secondInside"))
      expect(
        sorted(await searchIds(server, world.operator, `filter[channels]=[${world.channel.id}]`)),
      ).toEqual(sorted(ids(viewersReports().filter((report) => report.channelId === world.channel.id))))
      const unselected = await server.request("PATCH", `/api/v4/channel_selections/${second.id}`, {
        token: world.operator.token,
        body: { channel_selection: { view: false } },
      })
      expect(unselected.status).toBe(204)
      expect(sorted(await searchIds(server, world.operator))).toEqual(all)
    })

    it("tile_id: the reports of the cell, edges half-open; tile[…] names the same cell", async () => {
      const inCell = sorted(idsOf("corner", "inside", "secondInside"))
      const byId = await searchIds(
        server,
        world.viewer,
        `filter[tile_id]=${encodeURIComponent(wellingtonTileId)}`,
      )
      expect(sorted(byId)).toEqual(inCell)
      // An unescaped `+` arrives as a space; the id still reads.
      const plus = Tile.encode({ longitude: 175.95, latitude: -42, scale: 0.05 })
      expect(plus).toContain("+")
      expect(await searchIds(server, world.viewer, `filter[tile_id]=${plus}`)).toEqual(idsOf("farEast"))
      const byPoint = await searchIds(
        server,
        world.viewer,
        "filter[tile][latitude]=-41.26&filter[tile][longitude]=174.7499&filter[tile][scale]=0.05",
      )
      expect(byPoint).toEqual(byId)
      const outside = await searchIds(
        server,
        world.viewer,
        `exclude[tile_id]=${encodeURIComponent(wellingtonTileId)}`,
      )
      expect(sorted(outside)).toEqual(
        sorted(idsOf("eastEdge", "northEdge", "addressOnly", "loud", "farEast")),
      )
      const outsideByPoint = await searchIds(
        server,
        world.viewer,
        "exclude[tile][latitude]=-41.3&exclude[tile][longitude]=174.7&exclude[tile][scale]=0.05",
      )
      expect(outsideByPoint).toEqual(outside)
    })

    it("updated_after and updated_before: exclusive bounds on the last change", async () => {
      const ordered = [...viewersReports()].sort(byUpdatedDesc).reverse()
      const pivot = ordered[3]!
      const after = ordered.filter((report) => report.updatedAt > pivot.updatedAt)
      const before = ordered.filter((report) => report.updatedAt < pivot.updatedAt)
      const at = encodeURIComponent(pivot.updatedAt)
      expect(sorted(await searchIds(server, world.viewer, `filter[updated_after]=${at}`))).toEqual(
        sorted(ids(after)),
      )
      expect(sorted(await searchIds(server, world.viewer, `filter[updated_before]=${at}`))).toEqual(
        sorted(ids(before)),
      )
      expect(sorted(await searchIds(server, world.viewer, `exclude[updated_after]=${at}`))).toEqual(
        sorted([...ids(before), pivot.id]),
      )
      expect(sorted(await searchIds(server, world.viewer, `exclude[updated_before]=${at}`))).toEqual(
        sorted([...ids(after), pivot.id]),
      )
      // The same instant in another offset, with its `+` unescaped.
      const local = new Date(Date.parse(pivot.updatedAt) + 13 * 3_600_000)
        .toISOString()
        .replace("Z", "+13:00")
      expect(sorted(await searchIds(server, world.viewer, `filter[updated_after]=${local}`))).toEqual(
        sorted(ids(after)),
      )
    })

    it("appearance: of the report's state", async () => {
      expect(await searchIds(server, world.viewer, "filter[appearance]=loud")).toEqual(idsOf("loud"))
      const others = sorted(ids(viewersReports().filter((report) => report.id !== reports.loud!.id)))
      expect(sorted(await searchIds(server, world.viewer, "filter[appearance]=normal"))).toEqual(others)
      expect(sorted(await searchIds(server, world.viewer, "exclude[appearance]=loud"))).toEqual(others)
      expect(await searchIds(server, world.viewer, "filter[appearance]=invisible")).toEqual([])
    })

    it("id[id_array]: in any list form", async () => {
      const [a, b, c] = idsOf("corner", "eastEdge", "loud")
      expect(await searchIds(server, world.viewer, `filter[id][id_array]=${a},${b}&order[id]=asc`)).toEqual([
        a,
        b,
      ])
      expect(
        await searchIds(
          server,
          world.viewer,
          `filter[id][id_array][]=${a}&filter[id][id_array][]=${c}&order[id]=asc`,
        ),
      ).toEqual([a, c])
      const rest = sorted(ids(viewersReports().filter((report) => ![a, b].includes(report.id))))
      expect(sorted(await searchIds(server, world.viewer, `exclude[id][id_array]=${a},${b}`))).toEqual(rest)
    })

    it("combines criteria: every filter holds, and each exclude leaves out what it matches", async () => {
      const found = await searchIds(
        server,
        world.viewer,
        `filter[channels]=[${world.channel.id}]&exclude[appearance]=loud&exclude[id][id_array]=${reports.corner!.id}&exclude[tile_id]=${encodeURIComponent(Tile.encode({ longitude: 174.75, latitude: -41.3, scale: 0.05 }))}`,
      )
      expect(sorted(found)).toEqual(sorted(idsOf("inside", "northEdge", "addressOnly", "farEast")))
    })

    it("id[report_search_id]: reuses the results of an earlier search of the same user", async () => {
      const earlier = await startSearch(
        server,
        world.viewer,
        `filter[tile_id]=${encodeURIComponent(wellingtonTileId)}`,
      )
      const earlierIds = await awaitSearch(server, world.viewer, `/api/v4/report_searches/${earlier.body.id}`)
      const inCell = earlierIds.body.map((item: { id: number }) => item.id)
      expect(sorted(inCell)).toEqual(sorted(idsOf("corner", "inside", "secondInside")))
      expect(
        sorted(await searchIds(server, world.viewer, `filter[id][report_search_id]=${earlier.body.id}`)),
      ).toEqual(sorted(inCell))
      expect(
        await searchIds(
          server,
          world.viewer,
          `filter[id][report_search_id]=${earlier.body.id}&filter[channels]=[${second.id}]`,
        ),
      ).toEqual(idsOf("secondInside"))
      expect(
        sorted(await searchIds(server, world.viewer, `exclude[id][report_search_id]=${earlier.body.id}`)),
      ).toEqual(sorted(ids(viewersReports().filter((report) => !inCell.includes(report.id)))))
      // Another user's search, or one that does not exist, is not there to reuse.
      for (const [person, id] of [
        [world.owner, earlier.body.id],
        [world.viewer, 999_999],
      ] as const) {
        const refused = await startSearch(server, person, `filter[id][report_search_id]=${id}`)
        expect(refused.status).toBe(400)
        expect(Object.keys(refused.body.errors)).toEqual(["filter[id][report_search_id]"])
      }
    })
  })

  describe("order", () => {
    it("order[id] and order[updated_at] in either direction", async () => {
      const all = viewersReports()
      expect(await searchIds(server, world.viewer, "order[id]=asc")).toEqual(sorted(ids(all)))
      expect(await searchIds(server, world.viewer, "order[id]=DESC")).toEqual(sorted(ids(all)).reverse())
      expect(await searchIds(server, world.viewer, "order[updated_at]=asc")).toEqual(
        ids([...all].sort(byUpdatedDesc).reverse()),
      )
      expect(await searchIds(server, world.viewer, "order[updated_at]=desc")).toEqual(
        ids([...all].sort(byUpdatedDesc)),
      )
    })

    it("applies several clauses in the order given", async () => {
      const all = viewersReports()
      expect(await searchIds(server, world.viewer, "order[id]=asc&order[updated_at]=desc")).toEqual(
        sorted(ids(all)),
      )
      expect(await searchIds(server, world.viewer, "order[updated_at]=asc&order[id]=desc")).toEqual(
        ids([...all].sort(byUpdatedDesc).reverse()),
      )
    })
  })

  describe("bad parameters", () => {
    it.each([
      ["filter[appearance]=bright", "filter[appearance]"],
      ["exclude[appearance]=quiet", "exclude[appearance]"],
      ["filter[channels]=[1,x]", "filter[channels]"],
      ["filter[updated_after]=yesterday", "filter[updated_after]"],
      ["exclude[updated_before]=2024-01-01", "exclude[updated_before]"],
      ["filter[tile_id]=nope", "filter[tile_id]"],
      ["exclude[tile_id]=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "exclude[tile_id]"],
      ["filter[tile][latitude]=-41.3&filter[tile][longitude]=174.7", "filter[tile][scale]"],
      [
        "filter[tile][latitude]=-91&filter[tile][longitude]=174.7&filter[tile][scale]=1",
        "filter[tile][latitude]",
      ],
      [
        `filter[tile_id]=${encodeURIComponent(wellingtonTileId)}&filter[tile][latitude]=1&filter[tile][longitude]=1&filter[tile][scale]=1`,
        "filter[tile]",
      ],
      ["filter[id][id_array]=1,two", "filter[id][id_array]"],
      ["filter[id][report_search_id]=first", "filter[id][report_search_id]"],
      ["filter[colour]=red", "filter[colour]"],
      ["order[title]=asc", "order[title]"],
      ["order[id]=up", "order[id]"],
    ])("%s is 400 naming %s", async (query, parameter) => {
      const answer = await startSearch(server, world.viewer, query)
      expect(answer.status).toBe(400)
      expect(answer.headers.get("content-type")).toMatch(/^application\/problem\+json/)
      expect(Object.keys(answer.body.errors)).toEqual([parameter])
    })

    it("is 401 without credentials", async () => {
      expect((await server.request("GET", "/api/v4/reports/search")).status).toBe(401)
    })
  })
})

describe("GET /api/v4/report_searches/{id}", () => {
  it("is 404 for another user's search, an unknown one, and on its reports", async () => {
    const started = await startSearch(server, world.viewer)
    await awaitSearch(server, world.viewer, `/api/v4/report_searches/${started.body.id}`)
    for (const path of [
      `/api/v4/report_searches/${started.body.id}`,
      `/api/v4/report_searches/${started.body.id}/reports`,
    ]) {
      const foreign = await server.request("GET", path, { token: world.owner.token })
      expect(foreign.status).toBe(404)
      const outsider = await server.request("GET", path, { token: world.outsider.token })
      expect(outsider.status).toBe(404)
    }
    expect(
      (await server.request("GET", "/api/v4/report_searches/999999", { token: world.viewer.token })).status,
    ).toBe(404)
    expect(
      (await server.request("GET", "/api/v4/report_searches/first", { token: world.viewer.token })).status,
    ).toBe(400)
  })

  it("keeps results 24 hours; then the search is gone and the clean-up deletes it", async () => {
    const started = await startSearch(server, world.viewer)
    const path = `/api/v4/report_searches/${started.body.id}`
    expect((await awaitSearch(server, world.viewer, path)).status).toBe(200)
    const expiresAt = await server.runtime.runPromise(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const [row] = yield* sql<{ created_at: string; expires_at: string }>`SELECT created_at, expires_at
          FROM report_searches WHERE id = ${started.body.id}`
        return row!
      }),
    )
    expect(Date.parse(expiresAt.expires_at) - Date.parse(expiresAt.created_at)).toBe(24 * 3_600_000)
    const remaining = await server.runtime.runPromise(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        yield* sql`UPDATE report_searches SET expires_at = ${new Date(Date.now() - 1000).toISOString()}
          WHERE id = ${started.body.id}`
        yield* (yield* JobRunner).enqueue(JobKinds.ReportSearchCleanup, {})
        yield* (yield* JobRunner).awaitIdle
        return yield* sql<{ n: number }>`SELECT
          (SELECT COUNT(*) FROM report_searches WHERE id = ${started.body.id}) +
          (SELECT COUNT(*) FROM report_search_results WHERE search_id = ${started.body.id}) AS n`
      }),
    )
    expect(remaining[0]?.n).toBe(0)
    expect((await server.request("GET", path, { token: world.viewer.token })).status).toBe(404)
  })
})

describe("searches run as jobs", () => {
  it("answers 202 while pending, survives a restart, and completes after it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fieldreport-search-restart-"))
    try {
      // No job workers: the search stays pending until the server is stopped.
      const before = await startTestServer({ FIELDREPORT_JOB_WORKERS: "0" }, dir)
      const people = await buildWorld(before, "r")
      const filed = await fileReportAt(before, people.owner, people.channel.id, [174.72, -41.28])
      const started = await startSearch(before, people.viewer, "filter[appearance]=normal")
      expect(started.status).toBe(200)
      const path = `/api/v4/report_searches/${started.body.id}`
      const pending = await before.request("GET", path, { token: people.viewer.token })
      expect(pending.status).toBe(202)
      expect(pending.body).toEqual({ id: started.body.id, status: "pending" })
      const pendingReports = await before.request("GET", `${path}/reports`, { token: people.viewer.token })
      expect(pendingReports.status).toBe(202)
      await before.close()

      const after = await startTestServer({}, dir)
      try {
        const done = await awaitSearch(after, people.viewer, path)
        expect(done.status).toBe(200)
        expect(done.body.map((item: { id: number }) => item.id)).toEqual([filed.id])
      } finally {
        await after.close()
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it("fails, as a 500 problem, when a reused search expires before it runs", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fieldreport-search-failed-"))
    const quiet = await startTestServer({ FIELDREPORT_JOB_WORKERS: "0" }, dir)
    try {
      const people = await buildWorld(quiet, "f")
      await fileReportAt(quiet, people.owner, people.channel.id, [174.72, -41.28])
      const runJobs = () =>
        quiet.runtime.runPromise(Effect.flatMap(Effect.service(JobRunner), (jobs) => jobs.awaitIdle))
      const earlier = await startSearch(quiet, people.viewer)
      // Still running is fine: the later search waits for it.
      const waiting = await startSearch(
        quiet,
        people.viewer,
        `filter[id][report_search_id]=${earlier.body.id}`,
      )
      expect(waiting.status).toBe(200)
      await runJobs()
      const reused = await quiet.request("GET", `/api/v4/report_searches/${waiting.body.id}`, {
        token: people.viewer.token,
      })
      expect(reused.status).toBe(200)
      expect(reused.body).toHaveLength(1)

      const later = await startSearch(
        quiet,
        people.viewer,
        `exclude[id][report_search_id]=${earlier.body.id}`,
      )
      expect(later.status).toBe(200)
      await quiet.runtime.runPromise(
        Effect.flatMap(
          Effect.service(SqlClient.SqlClient),
          (sql) => sql`UPDATE report_searches SET expires_at = ${new Date(Date.now() - 1000).toISOString()}
            WHERE id = ${earlier.body.id}`,
        ),
      )
      await runJobs()
      const failed = await quiet.request("GET", `/api/v4/report_searches/${later.body.id}`, {
        token: people.viewer.token,
      })
      expect(failed.status).toBe(500)
      expect(failed.headers.get("content-type")).toMatch(/^application\/problem\+json/)
      expect(failed.body.title).toBe("Search failed")
      expect(failed.body.detail).toMatch(/exclude\[id\]\[report_search_id\]/)
      const failedReports = await quiet.request("GET", `/api/v4/report_searches/${later.body.id}/reports`, {
        token: people.viewer.token,
      })
      expect(failedReports.status).toBe(500)
      // A failed search cannot be reused either.
      const refused = await startSearch(quiet, people.viewer, `filter[id][report_search_id]=${later.body.id}`)
      expect(refused.status).toBe(400)
    } finally {
      await quiet.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it("fails, as a 500 problem, when its job gave up", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fieldreport-search-gave-up-"))
    const quiet = await startTestServer({ FIELDREPORT_JOB_WORKERS: "0" }, dir)
    try {
      const people = await buildWorld(quiet, "g")
      const started = await startSearch(quiet, people.viewer)
      await quiet.runtime.runPromise(
        Effect.flatMap(
          Effect.service(SqlClient.SqlClient),
          (sql) => sql`UPDATE jobs SET status = 'failed', last_error = 'disk full'
            WHERE id = (SELECT job_id FROM report_searches WHERE id = ${started.body.id})`,
        ),
      )
      const failed = await quiet.request("GET", `/api/v4/report_searches/${started.body.id}`, {
        token: people.viewer.token,
      })
      expect(failed.status).toBe(500)
      expect(failed.body.title).toBe("Search failed")
      expect(failed.body.detail).not.toMatch(/disk full/)
    } finally {
      await quiet.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
