/**
 * The lists a field app syncs from (docs/api.md, Field apps and offline sync):
 *
 * - `GET /api/v4/reports?preset_filter=syncable_reports`: the reports the user filed, is assigned,
 *   or that lie in channels they selected to view, of the channels they read, changed in the last
 *   `FIELDREPORT_SYNC_DAYS` (10 here); `updated_after` exclusive; by `updated_at`, then id; `Range`
 *   100 without it, at most 1,000; `fields` as on a fetch.
 * - `updated_after` and `Range` on the tasks, the report comments (a list of its own), the report
 *   state changes (one of the reports the user reads) and the notifications.
 */
import { Array as Arr } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { runJobs } from "../support/Members.ts"
import type { Person } from "../support/People.ts"
import { joinChannel } from "../support/People.ts"
import { postReport, query, statesOf } from "../support/ReportFixtures.ts"
import { startTestServer, type TestServer } from "../support/TestServer.ts"
import { buildWorld, type ChannelInfo, createChannel, type World } from "../support/World.ts"

let server: TestServer
let world: World
/** A second channel of the team: the reporter views it, files nothing in it. */
let viewed: ChannelInfo
/** A third: the reporter is a reporter in it, but has not selected it to view. */
let unviewed: ChannelInfo

beforeAll(async () => {
  server = await startTestServer({ FIELDREPORT_SYNC_DAYS: "10" })
  world = await buildWorld(server, "sync")
  viewed = await createChannel(server, world.owner, world.teamId, "Viewed")
  unviewed = await createChannel(server, world.owner, world.teamId, "Unviewed")
  await joinChannel(server, viewed.id, world.reporter, "viewer")
  await joinChannel(server, unviewed.id, world.reporter, "reporter")
  const selected = await server.request("PATCH", `/api/v4/channel_selections/${viewed.id}`, {
    token: world.reporter.token,
    body: { channel_selection: { view: true, follow: false, alert: false } },
  })
  expect(selected.status).toBe(204)
})
afterAll(() => server.close())

const get = (person: Person, path: string, headers: Record<string, string> = {}) =>
  server.request("GET", path, { token: person.token, headers })

const file = async (person: Person, channelId: number, address = "Quay St") => {
  const answer = await postReport(server, person, {
    account_id: channelId,
    address,
    uuid: crypto.randomUUID(),
  })
  expect(answer.status).toBe(201)
  return answer.body.id as number
}

/** Sets a report's last change, as if it had been changed then. */
const changedAt = (id: number, at: string) =>
  query(server, (sql) => sql`UPDATE reports SET updated_at = ${at} WHERE id = ${id} RETURNING id`)

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString()

const ids = (answer: { body: ReadonlyArray<{ id: number }> }) => answer.body.map((row) => row.id)

describe("GET /api/v4/reports?preset_filter=syncable_reports", () => {
  it("lists what the user filed, is assigned, or views, of the channels they read, changed in the window", async () => {
    const own = await file(world.reporter, world.channel.id)
    const assigned = await file(world.operator, world.channel.id)
    const assigning = await server.request("PATCH", `/api/v4/reports/${assigned}`, {
      token: world.operator.token,
      body: { report: { assignee_id: world.reporter.id } },
    })
    expect(assigning.status).toBe(200)
    const others = await file(world.operator, world.channel.id)
    const inViewed = await file(world.owner, viewed.id)
    const inUnviewed = await file(world.owner, unviewed.id)
    const ownInUnviewed = await file(world.reporter, unviewed.id)
    const outsiders = await file(world.outsider, world.outsiderChannel.id)
    const old = await file(world.reporter, world.channel.id)
    await changedAt(old, daysAgo(11))
    const recent = await file(world.reporter, world.channel.id)
    await changedAt(recent, daysAgo(9))

    const answer = await get(world.reporter, "/api/v4/reports?preset_filter=syncable_reports")
    expect(answer.status).toBe(200)
    const listed = ids(answer)
    expect(listed).toEqual([recent, own, assigned, inViewed, ownInUnviewed])
    for (const left of [others, inUnviewed, outsiders, old]) expect(listed).not.toContain(left)
    expect(answer.headers.get("content-range")).toBe("reports 0-4/5")
    expect(answer.headers.get("accept-ranges")).toBe("reports")
    // What the user no longer reads is no longer synced, whatever they filed there.
    await query(
      server,
      (sql) =>
        sql`DELETE FROM channel_members WHERE channel_id = ${unviewed.id} AND user_id = ${world.reporter.id} RETURNING user_id`,
    )
    expect(ids(await get(world.reporter, "/api/v4/reports?preset_filter=syncable_reports"))).not.toContain(
      ownInUnviewed,
    )
  })

  it("renders the fields asked, and refuses a missing or other preset_filter with 400", async () => {
    const id = await file(world.reporter, world.channel.id)
    const answer = await get(
      world.reporter,
      `/api/v4/reports?preset_filter=syncable_reports&fields=uuid,updated_at,version,-address`,
    )
    const record = answer.body.find((row: { id: number }) => row.id === id)
    expect(record).toMatchObject({ id, version: 1, uuid: expect.any(String), updated_at: expect.any(String) })
    expect(record).not.toHaveProperty("address")
    for (const search of ["", "?preset_filter=all", "?preset_filter=syncable_reports&updated_after=today"]) {
      const refused = await get(world.reporter, `/api/v4/reports${search}`)
      expect(refused.status, search).toBe(400)
    }
    expect((await server.request("GET", "/api/v4/reports?preset_filter=syncable_reports")).status).toBe(401)
  })

  it("holds what changed after updated_after, exclusive, in the order of updated_at then id", async () => {
    const [a, b, c] = [
      await file(world.reporter, world.channel.id),
      await file(world.reporter, world.channel.id),
      await file(world.reporter, world.channel.id),
    ]
    const at = daysAgo(1)
    // b and c changed at one instant: the id says which comes first.
    await changedAt(a, at)
    await changedAt(c, at)
    await changedAt(b, at)
    const before = new Date(Date.parse(at) - 1).toISOString()
    const answer = await get(
      world.reporter,
      `/api/v4/reports?preset_filter=syncable_reports&updated_after=${encodeURIComponent(before)}`,
    )
    expect(ids(answer).slice(0, 3)).toEqual([a, b, c])
    const exclusive = await get(
      world.reporter,
      `/api/v4/reports?preset_filter=syncable_reports&updated_after=${encodeURIComponent(at)}`,
    )
    for (const id of [a, b, c]) expect(ids(exclusive)).not.toContain(id)
  })

  it("pages with Range: 100 without it, at most 1,000", async () => {
    const bulk = await createChannel(server, world.owner, world.teamId, "Bulk")
    const [state] = await query<{ id: number }>(
      server,
      (sql) => sql`SELECT id FROM report_states WHERE channel_id = ${bulk.id} AND initial = 1`,
    )
    const now = new Date().toISOString()
    await query(
      server,
      (sql) =>
        sql`INSERT INTO reports ${sql.insert(
          Arr.makeBy(1_050, () => ({
            channel_id: bulk.id,
            user_id: world.owner.id,
            title: "Bulk",
            category_id: bulk.category_id,
            report_state_id: state?.id ?? 0,
            created_at: now,
            updated_at: now,
          })),
        )} RETURNING id`,
    )
    const path = "/api/v4/reports?preset_filter=syncable_reports"
    const first = await get(world.owner, path)
    expect(first.body).toHaveLength(100)
    const total = Number(first.headers.get("content-range")?.split("/")[1])
    expect(total).toBeGreaterThanOrEqual(1_050)
    const wide = await get(world.owner, path, { Range: "objects=0-4999" })
    expect(wide.body).toHaveLength(1_000)
    expect(wide.headers.get("content-range")).toBe(`reports 0-999/${total}`)
    const rest = await get(world.owner, path, { Range: "objects=1000-1999" })
    expect(new Set([...ids(wide), ...ids(rest)]).size).toBe(total)
  })
})

describe("updated_after and Range on the other lists a device syncs", () => {
  it("lists report comments of the reports the user reads, by report, uuid or preset, after a time", async () => {
    const id = await file(world.reporter, world.channel.id)
    const [report] = await query<{ uuid: string }>(
      server,
      (sql) => sql`SELECT uuid FROM reports WHERE id = ${id}`,
    )
    const comment = async (content: string) => {
      const answer = await server.request("POST", "/api/v4/report_comments", {
        token: world.viewer.token,
        body: { report_comment: { report_id: id, content } },
      })
      expect(answer.status).toBe(201)
      return answer.body
    }
    const first = await comment("First")
    const second = await comment("Second")
    const hidden = await file(world.outsider, world.outsiderChannel.id)
    await server.request("POST", "/api/v4/report_comments", {
      token: world.outsider.token,
      body: { report_comment: { report_id: hidden, content: "Elsewhere" } },
    })

    const byReport = await get(world.reporter, `/api/v4/report_comments?report_id=${id}&fields=report_uuid`)
    expect(byReport.status).toBe(200)
    expect(byReport.body).toEqual([
      { ...first, report_id: id, report_uuid: report?.uuid },
      { ...second, report_id: id, report_uuid: report?.uuid },
    ])
    expect(byReport.headers.get("content-range")).toBe("report_comments 0-1/2")
    const byUuid = await get(world.reporter, `/api/v4/report_comments?report_uuid=${report?.uuid}`)
    expect(byUuid.body.map((row: { id: number }) => row.id)).toEqual([first.id, second.id])
    const after = await get(
      world.reporter,
      `/api/v4/report_comments?preset_filter=syncable_reports&updated_after=${encodeURIComponent(first.created_at)}`,
    )
    expect(after.body.map((row: { id: number }) => row.id)).toContain(second.id)
    expect(after.body.map((row: { id: number }) => row.id)).not.toContain(first.id)
    const everything = await get(world.reporter, "/api/v4/report_comments", { Range: "objects=0-0" })
    expect(everything.body).toHaveLength(1)
    expect(everything.headers.get("content-range")).toMatch(/^report_comments 0-0\/\d+$/)
    const theirs = await get(world.outsider, "/api/v4/report_comments")
    expect(theirs.body.map((row: { content: string }) => row.content)).toEqual(["Elsewhere"])
  })

  it("lists the state changes of the reports the user reads, syncable ones with the preset, after a time", async () => {
    const states = await statesOf(server, world.owner, world.channel.id)
    const move = async (id: number) => {
      const answer = await server.request("PATCH", `/api/v4/reports/${id}`, {
        token: world.operator.token,
        body: { report: { report_state_id: states["In progress"] } },
      })
      expect(answer.status).toBe(200)
    }
    const mine = await file(world.reporter, world.channel.id)
    const others = await file(world.operator, world.channel.id)
    await move(mine)
    await move(others)
    const all = await get(world.reporter, "/api/v4/report_state_changes?fields=report_uuid")
    expect(all.status).toBe(200)
    const reports = all.body.map((row: { report_id: number }) => row.report_id)
    expect(reports).toEqual(expect.arrayContaining([mine, others]))
    expect(all.body[0]).toHaveProperty("report_uuid")
    const syncable = await get(world.reporter, "/api/v4/report_state_changes?preset_filter=syncable_reports")
    const synced = syncable.body.map((row: { report_id: number }) => row.report_id)
    expect(synced).toContain(mine)
    expect(synced).not.toContain(others)
    const last = all.body.at(-1)
    const after = await get(
      world.reporter,
      `/api/v4/report_state_changes?updated_after=${encodeURIComponent(last.created_at)}`,
    )
    expect(after.body).toEqual([])
    const one = await get(world.reporter, `/api/v4/report_state_changes?report_id=${mine}`)
    expect(one.body.map((row: { report_id: number }) => row.report_id)).toEqual([mine])
    expect((await get(world.outsider, `/api/v4/report_state_changes?report_id=${mine}`)).body).toEqual([])
  })

  it("lists tasks changed after a time, in the order they changed", async () => {
    const id = await file(world.reporter, world.channel.id)
    const task = async (title: string) => {
      const answer = await server.request("POST", "/api/v4/tasks", {
        token: world.operator.token,
        body: {
          task: {
            uuid: crypto.randomUUID(),
            client_created_at: "2026-11-27T09:00:00Z",
            title,
            description: "",
            assignee_id: world.reporter.id,
            report_id: id,
          },
        },
      })
      expect(answer.status).toBe(201)
      return answer.body.uuid as string
    }
    const first = await task("First")
    const second = await task("Second")
    const since = (await get(world.reporter, `/api/v4/tasks/${second}?fields=updated_at`)).body.updated_at
    await server.request("PATCH", `/api/v4/tasks/${first}`, {
      token: world.reporter.token,
      body: { task: { completed: true } },
    })
    const changed = await get(
      world.reporter,
      `/api/v4/tasks?updated_after=${encodeURIComponent(since)}&fields=updated_at,version`,
    )
    expect(changed.status).toBe(200)
    expect(changed.body.map((row: { uuid: string; version: number }) => [row.uuid, row.version])).toEqual([
      [first, 2],
    ])
    expect(changed.headers.get("content-range")).toBe("tasks 0-0/1")
    const paged = await get(world.reporter, `/api/v4/tasks?report_id=${id}`, { Range: "objects=1-1" })
    expect(paged.body).toHaveLength(1)
    expect(paged.headers.get("content-range")).toBe("tasks 1-1/2")
  })

  it("lists notifications made, read or archived after a time, in the order they changed", async () => {
    await server.request("PATCH", `/api/v4/channel_selections/${world.channel.id}`, {
      token: world.viewer.token,
      body: { channel_selection: { view: true, follow: true, alert: false } },
    })
    const first = await file(world.reporter, world.channel.id)
    const second = await file(world.reporter, world.channel.id)
    await runJobs(server)
    const listed = await get(world.viewer, "/api/v4/notifications?fields=updated_at")
    const of = (id: number) => listed.body.find((row: { report_id: number }) => row.report_id === id)
    const since = [of(first).updated_at, of(second).updated_at].sort().at(-1)
    // Opening the first report reads its notification: a change of it.
    await get(world.viewer, `/api/v4/reports/${first}`)
    const changed = await get(
      world.viewer,
      `/api/v4/notifications?updated_after=${encodeURIComponent(since)}&fields=updated_at`,
    )
    expect(
      changed.body.map((row: { report_id: number; read: boolean }) => [row.report_id, row.read]),
    ).toEqual([[first, true]])
    const archived = await server.request("PATCH", `/api/v4/notifications/${of(second).id}`, {
      token: world.viewer.token,
      body: { notification: { archived: true } },
    })
    expect(archived.status).toBe(204)
    const both = await get(world.viewer, `/api/v4/notifications?updated_after=${encodeURIComponent(since)}`)
    expect(both.body.map((row: { report_id: number }) => row.report_id)).toEqual([first, second])
    const refused = await get(world.viewer, "/api/v4/notifications?updated_after=2026-11-27")
    expect(refused.status).toBe(400)
  })
})
