/**
 * `GET /api/v4/deleted_resources` (docs/api.md, Field apps and offline sync): the tombstones of
 * deleted reports, report comments, tasks and alert areas, listed only to who could read what
 * they name, filtered by type and by `deleted_after` (exclusive), in the order of deletion, paged
 * with `Range` (100 without it, at most 1,000), and kept 90 days.
 */
import { Array as Arr, Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DeletedResources } from "../../src/services/DeletedResources.ts"
import type { Person } from "../support/People.ts"
import { postReport, query } from "../support/ReportFixtures.ts"
import { startTestServer, type TestServer } from "../support/TestServer.ts"
import { buildWorld, createChannel, type World } from "../support/World.ts"

let server: TestServer
let world: World

beforeAll(async () => {
  server = await startTestServer()
  world = await buildWorld(server, "tombstones")
})
afterAll(() => server.close())

const list = (person: Person, search = "", headers: Record<string, string> = {}) =>
  server.request("GET", `/api/v4/deleted_resources${search}`, { token: person.token, headers })

/** The tombstones a person lists, as `type:id-or-uuid`. */
const named = async (person: Person, search = "") => {
  const answer = await list(person, search)
  expect(answer.status).toBe(200)
  return answer.body.deleted_resources.map(
    (row: { type: string; id: number | null; uuid: string | null }) => `${row.type}:${row.id ?? row.uuid}`,
  )
}

const fileAndDelete = async (person: Person, channelId: number) => {
  const filed = await postReport(server, person, { account_id: channelId, address: "Quay St" })
  expect(filed.status).toBe(201)
  const deleted = await server.request("DELETE", `/api/v4/reports/${filed.body.id}`, { token: person.token })
  expect(deleted.status).toBe(204)
  return filed.body.id as number
}

describe("GET /api/v4/deleted_resources", () => {
  it("lists only what the user could read: their channels' reports, their team's tasks, their own areas", async () => {
    const report = await fileAndDelete(world.reporter, world.channel.id)
    // A channel of the team the viewer was never a member of, and the outsider's channel.
    const hidden = await createChannel(server, world.owner, world.teamId, "Hidden")
    const hiddenReport = await fileAndDelete(world.owner, hidden.id)
    const outsiders = await fileAndDelete(world.outsider, world.outsiderChannel.id)

    const area = await server.request("POST", "/api/v4/alert_areas", {
      token: world.viewer.token,
      body: { alert_area: { area: "POINT(174.7772 -41.2889)", radius: 500 } },
    })
    expect(area.status).toBe(201)
    expect(
      (await server.request("DELETE", `/api/v4/alert_areas/${area.body.id}`, { token: world.viewer.token }))
        .status,
    ).toBe(204)

    const target = await postReport(server, world.reporter, {
      account_id: world.channel.id,
      address: "Wharf",
    })
    const task = await server.request("POST", "/api/v4/tasks", {
      token: world.operator.token,
      body: {
        task: {
          uuid: crypto.randomUUID(),
          client_created_at: "2026-11-27T09:00:00Z",
          title: "Check",
          description: "",
          assignee_id: world.reporter.id,
          report_id: target.body.id,
        },
      },
    })
    expect(task.status).toBe(201)
    expect(
      (await server.request("DELETE", `/api/v4/tasks/${task.body.uuid}`, { token: world.operator.token }))
        .status,
    ).toBe(204)

    const viewerSees = await named(world.viewer)
    expect(viewerSees).toEqual([`report:${report}`, `alert_area:${area.body.id}`, `task:${task.body.uuid}`])
    // The owner (a manager of the team) reads both channels; the area is the viewer's own.
    expect(await named(world.owner)).toEqual([
      `report:${report}`,
      `report:${hiddenReport}`,
      `task:${task.body.uuid}`,
    ])
    // Someone in the team but no channel reads the team's tasks; the outsider only their own channel.
    expect(await named(world.member)).toEqual([`task:${task.body.uuid}`])
    expect(await named(world.outsider)).toEqual([`report:${outsiders}`])
    expect(await named(world.invited)).toEqual([])
  })

  it("filters by type and by the time of deletion, exclusive", async () => {
    const first = await fileAndDelete(world.reporter, world.channel.id)
    const all = await list(world.reporter, "?type=report")
    const rows: ReadonlyArray<{ id: number; deleted_at: string; type: string }> = all.body.deleted_resources
    expect(rows.every((row) => row.type === "report")).toBe(true)
    const firstAt = rows.find((row) => row.id === first)?.deleted_at ?? ""
    const second = await fileAndDelete(world.reporter, world.channel.id)
    const after = await named(world.reporter, `?type=report&deleted_after=${encodeURIComponent(firstAt)}`)
    expect(after).toContain(`report:${second}`)
    expect(after).not.toContain(`report:${first}`)
    expect(await named(world.reporter, "?type=alert_area")).toEqual([])
    for (const search of [
      "?type=account",
      "?deleted_after=yesterday",
      "?deleted_after=2026-11-27T09:00:00",
    ]) {
      const answer = await list(world.reporter, search)
      expect(answer.status, search).toBe(400)
    }
  })

  it("pages with Range: 100 without it, at most 1,000, with Content-Range", async () => {
    const now = new Date().toISOString()
    await query(
      server,
      (sql) =>
        sql`INSERT INTO deleted_resources ${sql.insert(
          Arr.makeBy(1_050, (index) => ({
            type: "report",
            uuid: crypto.randomUUID(),
            record_id: 1_000_000 + index,
            channel_id: world.outsiderChannel.id,
            team_id: null,
            user_id: null,
            deleted_at: now,
          })),
        )} RETURNING id`,
    )
    const first = await list(world.outsider)
    expect(first.body.deleted_resources).toHaveLength(100)
    const total = Number(first.headers.get("content-range")?.split("/")[1])
    expect(total).toBeGreaterThan(1_050)
    expect(first.headers.get("content-range")).toBe(`deleted_resources 0-99/${total}`)
    const wide = await list(world.outsider, "", { Range: "objects=0-4999" })
    expect(wide.body.deleted_resources).toHaveLength(1_000)
    expect(wide.headers.get("content-range")).toBe(`deleted_resources 0-999/${total}`)
    const rest = await list(world.outsider, "", { Range: "objects=1000-1999" })
    expect(rest.body.deleted_resources).toHaveLength(total - 1_000)
    // Each tombstone once, in the order of deletion, then of writing.
    const ids = [...wide.body.deleted_resources, ...rest.body.deleted_resources].map(
      (row: { id: number }) => row.id,
    )
    expect(new Set(ids).size).toBe(total)
  })

  it("keeps tombstones 90 days: the clean-up deletes older ones", async () => {
    const id = await fileAndDelete(world.operator, world.channel.id)
    const old = new Date(Date.now() - 91 * 86_400_000).toISOString()
    await query(
      server,
      (sql) => sql`UPDATE deleted_resources SET deleted_at = ${old} WHERE record_id = ${id} RETURNING id`,
    )
    const recent = await fileAndDelete(world.operator, world.channel.id)
    const removed = await server.runtime.runPromise(
      Effect.flatMap(Effect.service(DeletedResources), (deleted) => deleted.cleanup),
    )
    expect(removed).toBeGreaterThanOrEqual(1)
    const left = await named(world.operator, "?type=report")
    expect(left).toContain(`report:${recent}`)
    expect(left).not.toContain(`report:${id}`)
  })
})
