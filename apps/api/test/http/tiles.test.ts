import type { Position } from "@fieldreport/domain/Position"
import * as Tile from "@fieldreport/domain/Tile"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { joinChannel } from "../support/People.ts"
import { type FiledReport, fileReportAt, searchIds } from "../support/Searches.ts"
import { startTestServer, type TestServer } from "../support/TestServer.ts"
import { buildWorld, type ChannelInfo, createChannel, type World } from "../support/World.ts"

let server: TestServer
let world: World
let second: ChannelInfo
let filed: Array<FiledReport>

const scale = 0.05

/**
 * Positions in and around the Wellington cell (174.7, -41.3) at 0.05°: its south-west corner, a
 * point inside, its east and north edges and its north-east corner (which belong to the next
 * cells), a point one ulp west of its east edge, and a point of the cell to its west. `174.7 /
 * 0.05` is `3493.9999999999995`, so the corner is where a plain `floor` errs.
 */
const positions: ReadonlyArray<Position> = [
  [174.7, -41.3],
  [174.72, -41.28],
  [174.75, -41.28],
  [174.72, -41.25],
  [174.75, -41.25],
  [174.74999999999997, -41.26],
  [174.69, -41.28],
  [174.69, -41.3],
]

/** What the domain says the cells hold, from the positions and `Tile.containing`. */
const expectedCells = (points: ReadonlyArray<Position>, atScale = scale) => {
  const cells = new Map<string, { tile: Tile.Tile; count: number }>()
  for (const point of points) {
    const tile = Tile.containing(point, atScale)
    const key = Tile.encode(tile)
    cells.set(key, { tile, count: (cells.get(key)?.count ?? 0) + 1 })
  }
  return [...cells.entries()]
    .map(([tile_id, { tile, count }]) => ({
      tile_id,
      latitude: tile.latitude,
      longitude: tile.longitude,
      scale: tile.scale,
      report_count: count,
    }))
    .sort((a, b) => a.latitude - b.latitude || a.longitude - b.longitude)
}

const tiles = (query: string, token = world.viewer.token) =>
  server.request("GET", `/api/v4/reports/tiles?${query}`, { token })

beforeAll(async () => {
  server = await startTestServer()
  world = await buildWorld(server)
  second = await createChannel(server, world.owner, world.teamId, "Second stream")
  await joinChannel(server, second.id, world.viewer, "viewer")
  filed = []
  for (const position of positions)
    filed.push(await fileReportAt(server, world.owner, world.channel.id, position))
  filed.push(await fileReportAt(server, world.owner, world.channel.id, null))
  filed.push(await fileReportAt(server, world.owner, second.id, [174.71, -41.29]))
  await fileReportAt(server, world.outsider, world.outsiderChannel.id, [174.71, -41.29])
})
afterAll(() => server.close())

describe("GET /api/v4/reports/tiles", () => {
  it("counts the reports of each cell exactly, edges and corners in the cells Tile.containing names", async () => {
    const answer = await tiles(`scale=${scale}&bbox=174.6,-41.35,174.8,-41.2`)
    expect(answer.status).toBe(200)
    const expected = expectedCells([...positions, [174.71, -41.29]])
    expect(answer.body).toEqual(expected)
    expect(
      answer.body.find(
        (cell: { longitude: number; latitude: number }) =>
          cell.longitude === 174.7 && cell.latitude === -41.3,
      ),
    ).toEqual({
      tile_id: "ZmZmZmbWZUBmZmZmZqZEwJqZmZmZmak/",
      latitude: -41.3,
      longitude: 174.7,
      scale: 0.05,
      report_count: 4,
    })
  })

  it("gives each cell the count of a search filtered to its tile_id, or to a point of it with tile[…]", async () => {
    const answer = await tiles(`scale=${scale}&bbox=174.6,-41.35,174.8,-41.2`)
    for (const cell of answer.body as ReadonlyArray<{
      tile_id: string
      latitude: number
      longitude: number
      report_count: number
    }>) {
      const byId = await searchIds(
        server,
        world.viewer,
        `filter[tile_id]=${encodeURIComponent(cell.tile_id)}`,
      )
      expect(byId).toHaveLength(cell.report_count)
      const byPoint = await searchIds(
        server,
        world.viewer,
        `filter[tile][latitude]=${cell.latitude + scale / 2}&filter[tile][longitude]=${cell.longitude + scale / 2}&filter[tile][scale]=${scale}`,
      )
      expect(byPoint).toEqual(byId)
    }
  })

  it("reads the bbox half-open, as a tile: its east and north edges belong to the next cells", async () => {
    const one = await tiles(`scale=${scale}&bbox=174.7,-41.3,174.75,-41.25`)
    expect(one.body.map((cell: { tile_id: string }) => cell.tile_id)).toEqual([
      "ZmZmZmbWZUBmZmZmZqZEwJqZmZmZmak/",
    ])
    const point = await tiles(`scale=${scale}&bbox=174.75,-41.25,174.75,-41.25`)
    expect(point.body).toEqual(expectedCells([[174.75, -41.25]]))
  })

  it("applies the search's filters and excludes, and only to channels the user reads", async () => {
    const secondOnly = await tiles(
      `scale=${scale}&bbox=174.6,-41.35,174.8,-41.2&filter[channels]=[${second.id}]`,
    )
    expect(secondOnly.body).toEqual(expectedCells([[174.71, -41.29]]))
    const withoutSecond = await tiles(
      `scale=${scale}&bbox=174.6,-41.35,174.8,-41.2&exclude[channels]=[${second.id}]`,
    )
    expect(withoutSecond.body).toEqual(expectedCells(positions))
    const corner = filed[0]!.id
    const withoutCorner = await tiles(
      `scale=${scale}&bbox=174.6,-41.35,174.8,-41.2&exclude[id][id_array]=${corner}`,
    )
    expect(withoutCorner.body).toEqual(expectedCells([...positions.slice(1), [174.71, -41.29]]))
    const tileOnly = await tiles(
      `scale=${scale}&bbox=174.6,-41.35,174.8,-41.2&filter[tile_id]=${encodeURIComponent("ZmZmZmbWZUBmZmZmZqZEwJqZmZmZmak/")}`,
    )
    expect(tileOnly.body).toEqual([{ ...expectedCells([[174.7, -41.3]])[0], report_count: 4 }])
    const loud = await tiles(`scale=${scale}&bbox=174.6,-41.35,174.8,-41.2&filter[appearance]=loud`)
    expect(loud.body).toEqual([])
    const outsider = await tiles(`scale=${scale}&bbox=174.6,-41.35,174.8,-41.2`, world.outsider.token)
    expect(outsider.body).toEqual(expectedCells([[174.71, -41.29]]))
  })

  it("counts at coarser scales too, the whole map included", async () => {
    const all = [...positions, [174.71, -41.29] as const]
    for (const [coarse, bbox] of [
      [0.1, "170,-45,180,-35"],
      [2, "-180,-90,180,90"],
      [45, "-180,-90,180,90"],
    ] as const) {
      const answer = await tiles(`scale=${coarse}&bbox=${bbox}`)
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual(expectedCells(all, coarse))
    }
  })

  it("answers without a filter (from the counts kept per cell) as with one that keeps every report (counted from the reports)", async () => {
    const all = [...positions, [174.71, -41.29] as const]
    const around = "174.68,-41.31,174.77,-41.24"
    for (const [atScale, bbox] of [
      [0.0005, "174.69,-41.3,174.755,-41.249"],
      [0.001, around],
      [0.002, around],
      [0.005, around],
      [0.01, around],
      [0.02, around],
      [0.2, "170,-45,180,-35"],
      [0.5, "170,-45,180,-35"],
      [5, "-180,-90,180,90"],
      [90, "-180,-90,180,90"],
    ] as const) {
      const kept = await tiles(`scale=${atScale}&bbox=${bbox}`)
      const counted = await tiles(`scale=${atScale}&bbox=${bbox}&filter[updated_after]=2000-01-01T00:00:00Z`)
      expect(kept.status).toBe(200)
      expect(kept.body).toEqual(counted.body)
      expect(kept.body).toEqual(expectedCells(all, atScale))
    }
  })

  it("counts a report where it is now once it moves", async () => {
    const moving = await fileReportAt(server, world.owner, second.id, [10.005, 20.005])
    const query = `scale=0.01&bbox=10,20,10.02,20.02&filter[channels]=[${second.id}]`
    expect((await tiles(query)).body).toEqual(expectedCells([[10.005, 20.005]], 0.01))
    const moved = await server.request("PATCH", `/api/v4/reports/${moving.id}`, {
      token: world.owner.token,
      body: { report: { location: { latitude: 20.015, longitude: 10.015 } } },
    })
    expect(moved.status).toBe(200)
    expect((await tiles(query)).body).toEqual(expectedCells([[10.015, 20.015]], 0.01))
  })

  it("files longitude 180 under the cell at -180, as Tile.containing does", async () => {
    const dateline = await fileReportAt(server, world.owner, world.channel.id, [180, 0.5])
    try {
      expect((await tiles("scale=1&bbox=-180,0,-179,1")).body).toEqual(expectedCells([[180, 0.5]], 1))
      expect((await tiles("scale=1&bbox=179,0,180,1")).body).toEqual([])
      const cell = Tile.encode({ longitude: -180, latitude: 0, scale: 1 })
      expect(await searchIds(server, world.viewer, `filter[tile_id]=${encodeURIComponent(cell)}`)).toEqual([
        dateline.id,
      ])
    } finally {
      const moved = await server.request("PATCH", `/api/v4/reports/${dateline.id}`, {
        token: world.owner.token,
        body: { report: { location: { latitude: 10, longitude: 10 } } },
      })
      expect(moved.status).toBe(200)
    }
  })

  describe("bad parameters", () => {
    it.each([
      ["bbox=174,-42,175,-41", "scale"],
      ["scale=0&bbox=174,-42,175,-41", "scale"],
      ["scale=400&bbox=174,-42,175,-41", "scale"],
      ["scale=wide&bbox=174,-42,175,-41", "scale"],
      ["scale=0.001&bbox=170,-45,180,-35", "scale"],
      ["scale=0.05", "bbox"],
      ["scale=0.05&bbox=174,-42,175", "bbox"],
      ["scale=0.05&bbox=174,-42,175,north", "bbox"],
      ["scale=0.05&bbox=175,-42,174,-41", "bbox"],
      ["scale=0.05&bbox=174,-95,175,-41", "bbox"],
      ["scale=0.05&bbox=174,-42,175,-41&filter[appearance]=bright", "filter[appearance]"],
      ["scale=0.05&bbox=174,-42,175,-41&exclude[tile_id]=nope", "exclude[tile_id]"],
    ])("%s is 400 naming %s", async (query, parameter) => {
      const answer = await tiles(query)
      expect(answer.status).toBe(400)
      expect(Object.keys(answer.body.errors)).toEqual([parameter])
    })

    it("is 401 without credentials", async () => {
      expect((await server.request("GET", "/api/v4/reports/tiles?scale=1&bbox=0,0,1,1")).status).toBe(401)
    })
  })
})
