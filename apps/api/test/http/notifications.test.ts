import * as GreatCircle from "@fieldreport/domain/GreatCircle"
import type { Position } from "@fieldreport/domain/Position"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as JobKinds from "../../src/jobs/JobKinds.ts"
import { JobRunner } from "../../src/jobs/JobRunner.ts"
import { manualClock } from "../../src/seed/ManualClock.ts"
import { createPerson, joinChannel, joinTeam, type Person } from "../support/People.ts"
import { postReport, query } from "../support/ReportFixtures.ts"
import { startTestServer, type TestServer } from "../support/TestServer.ts"
import {
  buildWorld,
  type ChannelInfo,
  createApp,
  createChannel,
  createTeam,
  type World,
} from "../support/World.ts"

let server: TestServer
let world: World

const start = Date.parse("2030-01-01T00:00:00.000Z")
const time = manualClock(new Date(start).toISOString())
let seconds = 0

/** Moves the server's clock one second on and answers the new time, as the API writes it. */
const tick = (): string => {
  seconds += 1
  const instant = new Date(start + seconds * 1000).toISOString()
  time.set(instant)
  return instant
}

beforeAll(async () => {
  // No workers: the fan-out runs when a test runs the queue dry, never behind its back.
  server = await startTestServer({ FIELDREPORT_JOB_WORKERS: "0" }, undefined, { clock: time.clock })
  world = await buildWorld(server)
})
afterAll(() => server.close())

/** Runs every due job: the fan-out of the reports filed and moved so far. */
const runJobs = () =>
  server.runtime.runPromise(Effect.flatMap(Effect.service(JobRunner), (jobs) => jobs.awaitIdle))

/** A team user who is a viewer of the channel. */
const channelViewer = async (name: string, channel: ChannelInfo = world.channel): Promise<Person> => {
  const person = await createPerson(server, `${name}@example.com`)
  await joinTeam(server, channel.team_id, person, "team_member")
  await joinChannel(server, channel.id, person, "viewer")
  return person
}

/**
 * Stores a channel selection as `PATCH /api/v4/channel_selections/{channel_id}` would (that
 * endpoint is not part of this suite), for members and, to test who counts, for others too.
 */
const select = (
  person: Person,
  flags: { readonly view?: boolean; readonly follow?: boolean; readonly alert?: boolean },
  channel: ChannelInfo = world.channel,
) =>
  query(
    server,
    (sql) => sql`INSERT INTO channel_selections ${sql.insert({
      channel_id: channel.id,
      user_id: person.id,
      view: flags.view === true ? 1 : 0,
      follow: flags.follow === true ? 1 : 0,
      alert: flags.alert === true ? 1 : 0,
    })} ON CONFLICT (channel_id, user_id) DO UPDATE
      SET view = excluded.view, follow = excluded.follow, alert = excluded.alert
      RETURNING channel_id`,
  )

const addArea = async (person: Person, area: string, radius: number | null = null): Promise<number> => {
  const answer = await server.request("POST", "/api/v4/alert_areas", {
    token: person.token,
    body: { alert_area: { area, radius } },
  })
  expect(answer.status).toBe(201)
  return answer.body.id
}

const point = ([longitude, latitude]: Position) => `POINT (${longitude} ${latitude})`
const at = ([longitude, latitude]: Position) => ({ location: { latitude, longitude } })

/** Files a report and answers its id. */
const file = async (
  person: Person,
  where: Record<string, unknown>,
  channel: ChannelInfo = world.channel,
): Promise<number> => {
  const answer = await postReport(server, person, { account_id: channel.id, ...where })
  expect(answer.status).toBe(201)
  return answer.body.id
}

const move = async (person: Person, reportId: number, to: Position) => {
  const answer = await server.request("PATCH", `/api/v4/reports/${reportId}`, {
    token: person.token,
    body: { report: at(to) },
  })
  expect(answer.status).toBe(200)
}

/** Every notification about a report, by user id: what the fan-out wrote, whoever may read it. */
const notificationsAbout = (reportId: number) =>
  query<{ id: number; user_id: number; read: number }>(
    server,
    (sql) =>
      sql`SELECT id, user_id, read FROM notifications WHERE report_id = ${reportId} ORDER BY user_id, id`,
  )

describe("notification fan-out", () => {
  const centre: Position = [174.7762, -41.2865]
  /** A square with a square hole; binary fractions, so points on its edges are exactly on them. */
  const ringed =
    "POLYGON ((174.5 -41.5, 174.75 -41.5, 174.75 -41.25, 174.5 -41.25, 174.5 -41.5), " +
    "(174.5625 -41.4375, 174.6875 -41.4375, 174.6875 -41.3125, 174.5625 -41.3125, 174.5625 -41.4375))"
  /** Inside the square, outside its hole. */
  const inRing: Position = [174.53125, -41.375]
  const far: Position = [170, -45]

  let circle: Person
  let poly: Person
  let twice: Person
  let follower: Person
  /** The names tests give their people, by user id. */
  const names = new Map<number, string>()
  const recipients = async (reportId: number): Promise<ReadonlyArray<string>> =>
    (await notificationsAbout(reportId)).map((row) => names.get(row.user_id) ?? `user ${row.user_id}`).sort()
  /** A viewer of the channel, named in the recipients of reports. */
  const castMember = async (name: string) => {
    const person = await channelViewer(name)
    names.set(person.id, name)
    return person
  }

  beforeAll(async () => {
    circle = await castMember("circle")
    poly = await castMember("poly")
    twice = await castMember("twice")
    follower = await castMember("follower")
    const viewOnly = await castMember("view-only")
    await select(circle, { alert: true })
    await addArea(circle, point(centre), 1000)
    await select(poly, { alert: true, view: true })
    await addArea(poly, ringed)
    await select(twice, { alert: true })
    await addArea(twice, point(inRing), 500)
    await addArea(
      twice,
      "POLYGON ((174.52 -41.38, 174.54 -41.38, 174.54 -41.37, 174.52 -41.37, 174.52 -41.38))",
    )
    await select(follower, { follow: true })
    // Areas that hold every location of these tests, of users who must not hear of them by area:
    // one without alerts, the reporter of most reports, one invited to the team and the channel
    // who has not agreed to join yet, and a team user outside the channel.
    const everywhere = [point(centre), 100_000] as const
    await select(viewOnly, { view: true })
    await addArea(viewOnly, ...everywhere)
    for (const person of [world.reporter, world.invited, world.member]) {
      await select(person, { follow: true, alert: true })
      await addArea(person, ...everywhere)
    }
    const others = {
      reporter: world.reporter,
      invited: world.invited,
      member: world.member,
      operator: world.operator,
      viewer: world.viewer,
      owner: world.owner,
      manager: world.manager,
    }
    for (const [name, person] of Object.entries(others)) names.set(person.id, name)
  })

  const filedAt = async (where: Position, by = world.reporter) => {
    const id = await file(by, at(where))
    await runJobs()
    return recipients(id)
  }

  it("notifies the owner of a circle holding the location, and followers", async () => {
    expect(await filedAt(centre)).toEqual(["circle", "follower"])
    expect(await filedAt(GreatCircle.destination(centre, 200, 999))).toEqual(["circle", "follower"])
  })

  it("measures circles by great-circle distance, not by their box", async () => {
    expect(await filedAt(GreatCircle.destination(centre, 90, 1001))).toEqual(["follower"])
    // Inside the circle's box, near its corner, 1.3 km from the centre.
    expect(await filedAt(GreatCircle.destination(centre, 45, 1300))).toEqual(["follower"])
  })

  it("notifies polygon owners inside the polygon and not in its hole", async () => {
    expect(await filedAt([174.71875, -41.28125])).toEqual(["follower", "poly"])
    expect(await filedAt([174.625, -41.375])).toEqual(["follower"])
  })

  it("counts points exactly on the boundary, of the outer ring and of the hole, as inside", async () => {
    expect(await filedAt([174.5, -41.40625])).toEqual(["follower", "poly"])
    expect(await filedAt([174.75, -41.25])).toEqual(["follower", "poly"])
    expect(await filedAt([174.5625, -41.375])).toEqual(["follower", "poly"])
  })

  it("sends one notification to a user two of whose areas hold the location", async () => {
    const id = await file(world.reporter, at(inRing))
    await runJobs()
    expect(await recipients(id)).toEqual(["follower", "poly", "twice"])
    expect((await notificationsAbout(id)).filter((row) => row.user_id === twice.id)).toHaveLength(1)
  })

  it("notifies followers wherever the report is, without a location too", async () => {
    expect(await filedAt(far)).toEqual(["follower"])
    const id = await file(world.reporter, { address: "12 Wharf Road" })
    await runJobs()
    expect(await recipients(id)).toEqual(["follower"])
  })

  it("never notifies the reporter, who is otherwise notified like anyone", async () => {
    expect(await filedAt(centre, world.operator)).toEqual(["circle", "follower", "reporter"])
  })

  it("runs idempotently: a job run again notifies nobody twice", async () => {
    const id = await file(world.reporter, at(inRing))
    await runJobs()
    const first = await notificationsAbout(id)
    await server.runtime.runPromise(
      Effect.flatMap(Effect.service(JobRunner), (jobs) =>
        jobs.enqueue(JobKinds.ReportCreated, { report_id: id }),
      ),
    )
    await runJobs()
    expect(await notificationsAbout(id)).toEqual(first)
  })

  it("notifies those whose areas a report moves into, once, and no follower again", async () => {
    const id = await file(world.reporter, at(far))
    await runJobs()
    expect(await recipients(id)).toEqual(["follower"])
    const lateFollower = await castMember("late-follower")
    await select(lateFollower, { follow: true })

    await move(world.reporter, id, centre)
    await runJobs()
    expect(await recipients(id)).toEqual(["circle", "follower"])
    const circleNotification = (await notificationsAbout(id)).find((row) => row.user_id === circle.id)
    const opened = await server.request("GET", `/api/v4/notifications/${circleNotification?.id}`, {
      token: circle.token,
    })
    expect(opened.body.read).toBe(true)

    // Within the circle again: the one notification stays as it was, read.
    await move(world.reporter, id, GreatCircle.destination(centre, 0, 500))
    await runJobs()
    expect((await notificationsAbout(id)).find((row) => row.user_id === circle.id)).toEqual({
      id: circleNotification?.id,
      user_id: circle.id,
      read: 1,
    })

    await move(world.reporter, id, inRing)
    await runJobs()
    expect(await recipients(id)).toEqual(["circle", "follower", "poly", "twice"])
    // Out of the way of the tests below, which expect the followers above.
    await select(lateFollower, { view: true })
  })

  it("follows alert areas as they are changed and deleted", async () => {
    const mover = await castMember("mover")
    await select(mover, { alert: true })
    const area = await addArea(mover, point(far), 2000)
    let id = await file(world.reporter, at(far))
    await runJobs()
    expect(await recipients(id)).toEqual(["follower", "mover"])

    const elsewhere: Position = [172.6, -43.5]
    const patched = await server.request("PATCH", `/api/v4/alert_areas/${area}`, {
      token: mover.token,
      body: { alert_area: { area: point(elsewhere), radius: 2000 } },
    })
    expect(patched.status).toBe(204)
    id = await file(world.reporter, at(far))
    await runJobs()
    expect(await recipients(id)).toEqual(["follower"])
    id = await file(world.reporter, at(elsewhere))
    await runJobs()
    expect(await recipients(id)).toEqual(["follower", "mover"])

    expect(
      (await server.request("DELETE", `/api/v4/alert_areas/${area}`, { token: mover.token })).status,
    ).toBe(204)
    id = await file(world.reporter, at(elsewhere))
    await runJobs()
    expect(await recipients(id)).toEqual(["follower"])
  })

  it("matches a polygon an area was changed into, and the polygon it was changed to next", async () => {
    const shaper = await castMember("shaper")
    await select(shaper, { alert: true })
    const area = await addArea(shaper, point(far), 2000)
    const square = (west: number, south: number) =>
      `POLYGON ((${west} ${south}, ${west + 0.1} ${south}, ${west + 0.1} ${south + 0.1}, ${west} ${south + 0.1}, ${west} ${south}))`
    const change = async (wkt: string) => {
      const patched = await server.request("PATCH", `/api/v4/alert_areas/${area}`, {
        token: shaper.token,
        body: { alert_area: { area: wkt, radius: null } },
      })
      expect(patched.status).toBe(204)
    }
    await change(square(172.55, -43.55))
    let id = await file(world.reporter, at([172.6, -43.5]))
    await runJobs()
    expect(await recipients(id)).toEqual(["follower", "shaper"])

    await change(square(170.45, -45.95))
    id = await file(world.reporter, at([172.6, -43.5]))
    await runJobs()
    expect(await recipients(id)).toEqual(["follower"])
    id = await file(world.reporter, at([170.5, -45.9]))
    await runJobs()
    expect(await recipients(id)).toEqual(["follower", "shaper"])
  })

  it("matches areas another process wrote, changed and deleted in the shared database", async () => {
    const neighbour = await castMember("neighbour")
    await select(neighbour, { alert: true })
    // Loads the areas into this process's memory before the other process writes.
    expect(await filedAt(far)).toEqual(["follower"])
    // As another API process on the same database would write them: straight into the tables.
    const [area] = await query<{ id: number }>(
      server,
      (sql) =>
        sql`INSERT INTO alert_areas ${sql.insert({
          user_id: neighbour.id,
          shape_type: "poly",
          radius: null,
          area: "POLYGON ((169.9 -45.1, 170.1 -45.1, 170.1 -44.9, 169.9 -44.9, 169.9 -45.1))",
          latitude: -45,
          longitude: 170,
          rings: JSON.stringify([
            [
              [169.9, -45.1],
              [170.1, -45.1],
              [170.1, -44.9],
              [169.9, -44.9],
              [169.9, -45.1],
            ],
          ]),
          created_at: tick(),
        })} RETURNING id`,
    )
    expect(await filedAt(far)).toEqual(["follower", "neighbour"])

    await query(
      server,
      (sql) => sql`UPDATE alert_areas SET shape_type = 'circle', radius = 1000, rings = NULL,
        area = ${point(centre)}, longitude = ${centre[0]}, latitude = ${centre[1]} WHERE id = ${area?.id}`,
    )
    expect(await filedAt(far)).toEqual(["follower"])
    expect(await filedAt(centre)).toEqual(["circle", "follower", "neighbour"])

    await query(server, (sql) => sql`DELETE FROM alert_areas WHERE id = ${area?.id} RETURNING id`)
    expect(await filedAt(centre)).toEqual(["circle", "follower"])
  })

  it("leaves out members who switched their alerts off", async () => {
    const quiet = await castMember("quiet")
    await addArea(quiet, point(centre), 5000)
    await select(quiet, { alert: true })
    let id = await file(world.reporter, at(centre))
    await runJobs()
    expect(await recipients(id)).toEqual(["circle", "follower", "quiet"])
    await select(quiet, { view: true })
    id = await file(world.reporter, at(centre))
    await runJobs()
    expect(await recipients(id)).toEqual(["circle", "follower"])
  })
})

describe("notifications of the current user", () => {
  let inbox: ChannelInfo
  let reader: Person
  let other: Person

  /** Files a report in the inbox channel as its admin and runs the fan-out. */
  const notify = async (): Promise<{ readonly report: number; readonly notification: number }> => {
    const report = await file(world.owner, at([174.7, -41.3]), inbox)
    await runJobs()
    const rows = await notificationsAbout(report)
    const mine = rows.find((row) => row.user_id === reader.id)
    expect(mine).toBeDefined()
    return { report, notification: mine?.id ?? 0 }
  }

  const list = (person: Person, search = "", headers: Record<string, string> = {}) =>
    server.request("GET", `/api/v4/notifications${search}`, { token: person.token, headers })

  const fetchOne = (person: Person, id: number, search = "") =>
    server.request("GET", `/api/v4/notifications/${id}${search}`, { token: person.token })

  const patch = (person: Person, id: number, notification: unknown) =>
    server.request("PATCH", `/api/v4/notifications/${id}`, { token: person.token, body: { notification } })

  /** The reader's notification as the list shows it, without opening it. */
  const listed = async (id: number) =>
    ((await list(reader)).body as ReadonlyArray<{ id: number; read: boolean; archived: boolean }>).find(
      (row) => row.id === id,
    )

  beforeAll(async () => {
    inbox = await createChannel(server, world.owner, world.teamId, "Inbox")
    reader = await channelViewer("reader", inbox)
    other = await channelViewer("other-reader", inbox)
    await select(reader, { follow: true }, inbox)
    await select(other, { follow: true }, inbox)
  })

  it("lists a new notification unread, and opening it reads it", async () => {
    const createdAt = tick()
    const { report, notification } = await notify()
    tick()
    const created = await listed(notification)
    expect(created).toEqual({
      id: notification,
      archived_at: null,
      archived: false,
      created_at: createdAt,
      read: false,
      report_id: report,
      user_id: reader.id,
    })
    const opened = await fetchOne(reader, notification)
    expect(opened.status).toBe(200)
    expect(opened.body).toEqual({ ...created, read: true })
    expect(await listed(notification)).toEqual({ ...created, read: true })
  })

  it("reads the notification when the user opens its report", async () => {
    const { report, notification } = await notify()
    expect((await listed(notification))?.read).toBe(false)
    expect((await server.request("GET", `/api/v4/reports/${report}`, { token: reader.token })).status).toBe(
      200,
    )
    expect(await listed(notification)).toMatchObject({ read: true })
  })

  it("renders the fields asked for and names unknown ones", async () => {
    const { report, notification } = await notify()
    const answer = await fetchOne(reader, notification, "?fields=-user_id,-created_at,-archived_at,colour")
    expect(answer.body).toEqual({ id: notification, archived: false, read: true, report_id: report })
    expect(answer.headers.get("x-ignored-fields")).toBe("colour")
  })

  it("archives and unarchives, changing nothing else", async () => {
    const { report, notification } = await notify()
    const archivedAt = tick()
    expect((await patch(reader, notification, { archived: true })).status).toBe(204)
    const archived = (await fetchOne(reader, notification)).body
    expect(archived).toMatchObject({
      archived: true,
      archived_at: archivedAt,
      read: true,
      report_id: report,
      user_id: reader.id,
    })

    // Archiving again keeps the time it was archived.
    tick()
    expect((await patch(reader, notification, { archived: true })).status).toBe(204)
    expect((await fetchOne(reader, notification)).body.archived_at).toBe(archived.archived_at)

    const unarchived = await patch(reader, notification, { archived: false })
    expect(unarchived.status).toBe(204)
    expect(unarchived.body).toBeUndefined()
    expect((await fetchOne(reader, notification)).body).toEqual({
      ...archived,
      archived: false,
      archived_at: null,
    })
  })

  it("writes only archived: any other key of the body is ignored", async () => {
    const createdAt = tick()
    const { report, notification } = await notify()
    await fetchOne(reader, notification)
    const archivedAt = tick()
    const answer = await patch(reader, notification, {
      archived: true,
      read: false,
      report_id: 1,
      user_id: other.id,
      archived_at: "2001-01-01T00:00:00.000Z",
      created_at: "2001-01-01T00:00:00.000Z",
    })
    expect(answer.status).toBe(204)
    expect((await fetchOne(reader, notification)).body).toEqual({
      id: notification,
      archived_at: archivedAt,
      archived: true,
      created_at: createdAt,
      read: true,
      report_id: report,
      user_id: reader.id,
    })
  })

  it("refuses an update without a boolean archived with 422", async () => {
    const { notification } = await notify()
    const missing = await patch(reader, notification, { read: true })
    expect(missing.status).toBe(422)
    expect(missing.body.errors).toEqual({ "notification.archived": ["is required"] })
    const wrong = await patch(reader, notification, { archived: "yes" })
    expect(wrong.status).toBe(422)
    expect(wrong.body.errors).toEqual({ "notification.archived": ["must be a boolean"] })
    const none = await server.request("PATCH", `/api/v4/notifications/${notification}`, {
      token: reader.token,
      body: {},
    })
    expect(none.status).toBe(422)
    expect(none.body.errors).toEqual({ notification: ["must be an object"] })
    expect((await listed(notification))?.archived).toBe(false)
  })

  it("deletes a notification, 204", async () => {
    const { notification } = await notify()
    const answer = await server.request("DELETE", `/api/v4/notifications/${notification}`, {
      token: reader.token,
    })
    expect(answer.status).toBe(204)
    expect((await fetchOne(reader, notification)).status).toBe(404)
    expect(await listed(notification)).toBeUndefined()
    expect(
      (await server.request("DELETE", `/api/v4/notifications/${notification}`, { token: reader.token }))
        .status,
    ).toBe(404)
  })

  it("answers 404 for another user's notification and leaves it alone", async () => {
    const { notification } = await notify()
    expect((await fetchOne(other, notification)).status).toBe(404)
    expect((await patch(other, notification, { archived: true })).status).toBe(404)
    expect(
      (await server.request("DELETE", `/api/v4/notifications/${notification}`, { token: other.token }))
        .status,
    ).toBe(404)
    expect(await listed(notification)).toMatchObject({ read: false, archived: false })
    expect((await fetchOne(reader, notification)).status).toBe(200)
  })

  it("scopes notifications to the current team and branded app", async () => {
    const { notification } = await notify()
    const ownTeam = await createTeam(server, reader, "Reader's own team")
    const inOwnTeam = { "X-TeamId": String(ownTeam) }
    const listedThere = await list(reader, "", inOwnTeam)
    expect(listedThere.status).toBe(200)
    expect(listedThere.body).toEqual([])
    expect(listedThere.headers.get("content-range")).toBe("notifications */0")
    expect(
      (
        await server.request("GET", `/api/v4/notifications/${notification}`, {
          token: reader.token,
          headers: inOwnTeam,
        })
      ).status,
    ).toBe(404)
    const inOtherApp = { "X-AppId": await createApp(server, "com.example.elsewhere") }
    expect((await list(reader, "", inOtherApp)).body).toEqual([])
    const inInbox = await list(reader, "", { "X-TeamId": String(world.teamId) })
    expect(inInbox.body.map((row: { id: number }) => row.id)).toContain(notification)
  })

  describe("list", () => {
    let listener: Person
    /** The listener's notifications about four reports, oldest first. */
    let n: ReadonlyArray<number>

    const order = async (search: string) => {
      const answer = await list(listener, search)
      expect(answer.status).toBe(200)
      return (answer.body as ReadonlyArray<{ id: number }>).map((row) => row.id)
    }

    beforeAll(async () => {
      const channel = await createChannel(server, world.owner, world.teamId, "Listed")
      listener = await channelViewer("listener", channel)
      await select(listener, { follow: true }, channel)
      const reports: Array<number> = []
      for (let index = 0; index < 4; index++) {
        tick()
        reports.push(await file(world.owner, at([174.7, -41.3]), channel))
      }
      await runJobs()
      const ids: Array<number> = []
      for (const report of reports) {
        const [row] = (await notificationsAbout(report)).filter((found) => found.user_id === listener.id)
        ids.push(row?.id ?? 0)
      }
      n = ids
      const [n1 = 0, n2 = 0, n3 = 0] = n
      // n2 read; n1 archived, then n3; the report of n1 updated last.
      expect((await fetchOne(listener, n2)).status).toBe(200)
      tick()
      expect((await patch(listener, n1, { archived: true })).status).toBe(204)
      tick()
      expect((await patch(listener, n3, { archived: true })).status).toBe(204)
      tick()
      const edited = await server.request("PATCH", `/api/v4/reports/${reports[0]}`, {
        token: world.owner.token,
        body: { report: { address: "1 Quay Street" } },
      })
      expect(edited.status).toBe(200)
    })

    it("lists newest first by default, with Range headers", async () => {
      const [n1, n2, n3, n4] = n
      const answer = await list(listener)
      expect(answer.body.map((row: { id: number }) => row.id)).toEqual([n4, n3, n2, n1])
      expect(answer.headers.get("accept-ranges")).toBe("notifications")
      expect(answer.headers.get("content-range")).toBe("notifications 0-3/4")
    })

    it("pages with Range", async () => {
      const [, n2, n3] = n
      const page = await server.request("GET", "/api/v4/notifications", {
        token: listener.token,
        headers: { Range: "objects=1-2" },
      })
      expect(page.body.map((row: { id: number }) => row.id)).toEqual([n3, n2])
      expect(page.headers.get("content-range")).toBe("notifications 1-2/4")
      const beyond = await server.request("GET", "/api/v4/notifications", {
        token: listener.token,
        headers: { Range: "objects=10-19" },
      })
      expect(beyond.body).toEqual([])
      expect(beyond.headers.get("content-range")).toBe("notifications */4")
      const malformed = await server.request("GET", "/api/v4/notifications", {
        token: listener.token,
        headers: { Range: "pages=1" },
      })
      expect(malformed.status).toBe(400)
    })

    it("filters by archived", async () => {
      const [n1, n2, n3, n4] = n
      expect(await order("?archived=true")).toEqual([n3, n1])
      expect(await order("?archived=false")).toEqual([n4, n2])
      expect(await order("?archived=1")).toEqual([n3, n1])
      const answer = await list(listener, "?archived=false")
      expect(answer.headers.get("content-range")).toBe("notifications 0-1/2")
    })

    it("orders by read", async () => {
      const [n1, n2, n3, n4] = n
      expect(await order("?orderby=read+asc")).toEqual([n4, n3, n1, n2])
      expect(await order("?orderby=read+desc")).toEqual([n2, n4, n3, n1])
    })

    it("orders by archived_at, the unarchived first ascending and last descending", async () => {
      const [n1, n2, n3, n4] = n
      expect(await order("?orderby=archived_at+asc")).toEqual([n4, n2, n1, n3])
      expect(await order("?orderby=archived_at+desc")).toEqual([n3, n1, n4, n2])
    })

    it("orders by the report's updated_at", async () => {
      const [n1, n2, n3, n4] = n
      expect(await order("?orderby=report.updated_at+asc")).toEqual([n2, n3, n4, n1])
      expect(await order("?orderby=report.updated_at+desc")).toEqual([n1, n4, n3, n2])
    })

    it("orders by several clauses, combined with a filter", async () => {
      const [n1, n2, n3, n4] = n
      expect(await order("?orderby=read+asc,report.updated_at+asc")).toEqual([n3, n4, n1, n2])
      expect(await order("?orderby=archived_at+desc,read+desc")).toEqual([n3, n1, n2, n4])
      expect(await order("?archived=false&orderby=read+desc")).toEqual([n2, n4])
    })

    it("refuses an unknown orderby or archived value with 400", async () => {
      const unknown = await list(listener, "?orderby=title+asc")
      expect(unknown.status).toBe(400)
      expect(unknown.body.errors).toEqual({
        orderby: [
          'unknown field "title"; allowed: <field> <direction> with field one of archived_at, read, report.updated_at and direction asc or desc',
        ],
      })
      const archived = await list(listener, "?archived=maybe")
      expect(archived.status).toBe(400)
      expect(archived.body.errors).toEqual({ archived: ["must be true, false, 1 or 0"] })
    })
  })
})
