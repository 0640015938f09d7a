import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { addUsers, createMember, type Member } from "../support/Members.ts"
import { adminEmail, adminPassword, startTestServer, type TestServer } from "../support/TestServer.ts"
import {
  buildWorld,
  type ChannelInfo,
  createChannel,
  createTeam,
  fileReport,
  type World,
} from "../support/World.ts"

/**
 * The team "Tide watch", whose team users are made in this order (so their ids rise in it):
 * Ruth Zane (owner), Ana Moss (manager), Ben Abbott, Cleo abbott, Dan Yu (invited), Eve Kerr
 * (deactivated), Gus Hale (invited). Stan Stone runs another team. The platform administrator,
 * who is in no team, adds the members directly (an owner's additions would be invitations) and
 * reads the lists, so reading never moves anyone's `last_active_at`.
 */
let server: TestServer
let adminToken: string
let teamId: number
let alpha: ChannelInfo
let beta: ChannelInfo
let strangerTeamId: number
let strangerTeamUserId: number
const people: Record<string, Member> = {}
const teamUserIds: Record<string, number> = {}

const sqlRun = (statement: (sql: SqlClient.SqlClient) => Effect.Effect<unknown, unknown>) =>
  server.runtime.runPromise(Effect.flatMap(Effect.service(SqlClient.SqlClient), statement).pipe(Effect.orDie))

const setLastActive = (person: Member, at: string | null) =>
  sqlRun((sql) => sql`UPDATE users SET last_active_at = ${at} WHERE id = ${person.id}`)

const teamUsers = (query = "", token = adminToken, headers: Record<string, string> = {}) =>
  server.request("GET", `/api/v4/teams/${teamId}/team_users${query}`, { token, headers })

/** The names of a list answer's team users, in order. */
const namesOf = (body: ReadonlyArray<{ readonly id: number }>) =>
  body.map(({ id }) => Object.keys(teamUserIds).find((name) => teamUserIds[name] === id))

const person = (name: string): Member => {
  const found = people[name]
  if (found === undefined) throw new Error(`no person ${name}`)
  return found
}

beforeAll(async () => {
  server = await startTestServer()
  adminToken = await server.login(adminEmail, adminPassword)
  const names: ReadonlyArray<readonly [string, string, string]> = [
    ["ruth", "Ruth", "Zane"],
    ["ana", "Ana", "Moss"],
    ["ben", "Ben", "Abbott"],
    ["cleo", "Cleo", "abbott"],
    ["dan", "Dan", "Yu"],
    ["eve", "Eve", "Kerr"],
    ["gus", "Gus", "Hale"],
    ["stan", "Stan", "Stone"],
  ]
  for (const [key, first, last] of names) people[key] = await createMember(server, adminToken, first, last)
  const ruth = person("ruth")
  teamId = await createTeam(server, ruth, "Tide watch")
  alpha = await createChannel(server, ruth, teamId, "Alpha")
  beta = await createChannel(server, ruth, teamId, "Beta")
  const add = async (
    users: ReadonlyArray<{ user_id: number; role: string; send_email?: boolean }>,
    channels: ReadonlyArray<number>,
  ) => expect((await addUsers(server, adminToken, teamId, users, channels)).status).toBe(200)
  await add([{ user_id: person("ana").id, role: "viewer" }], [alpha.id])
  await add([{ user_id: person("ben").id, role: "reporter" }], [alpha.id, beta.id])
  await add([{ user_id: person("cleo").id, role: "viewer" }], [alpha.id])
  await add([{ user_id: person("dan").id, role: "viewer", send_email: true }], [alpha.id])
  await add([{ user_id: person("eve").id, role: "reporter" }], [beta.id])
  await add([{ user_id: person("gus").id, role: "viewer", send_email: true }], [alpha.id])

  const listed = await teamUsers()
  for (const teamUser of listed.body) {
    const name = Object.keys(people).find((key) => people[key]?.id === teamUser.user_id)
    if (name !== undefined) teamUserIds[name] = teamUser.id
  }
  const patch = (name: string, teamUser: Record<string, unknown>) =>
    server.request("PATCH", `/api/v4/teams/${teamId}/team_users/${teamUserIds[name]}`, {
      token: ruth.token,
      body: { team_user: teamUser },
    })
  expect((await patch("ana", { role: "manager" })).status).toBe(204)
  expect((await patch("ben", { supervisor_id: teamUserIds.ana })).status).toBe(204)
  expect((await patch("cleo", { supervisor_id: teamUserIds.ruth })).status).toBe(204)

  const stan = person("stan")
  strangerTeamId = await createTeam(server, stan, "Harbour watch")
  const harbour = await createChannel(server, stan, strangerTeamId, "Harbour")
  expect(
    (
      await addUsers(
        server,
        adminToken,
        strangerTeamId,
        [{ user_id: person("ben").id, role: "admin" }],
        [harbour.id],
      )
    ).status,
  ).toBe(200)
  const strangers = await server.request("GET", `/api/v4/teams/${strangerTeamId}/team_users`, {
    token: stan.token,
  })
  strangerTeamUserId = strangers.body.find((teamUser: { user_id: number }) => teamUser.user_id === stan.id).id

  // Reports count only in this team's channels: Ben's report in the harbour does not.
  for (const channel of [alpha, alpha, beta])
    await fileReport(server, channel.id, channel.category_id, person("ben").id)
  await fileReport(server, alpha.id, alpha.category_id, person("cleo").id)
  await fileReport(server, harbour.id, harbour.category_id, person("ben").id)

  const device = await server.request("PATCH", "/api/v4/users/me", {
    token: person("ben").token,
    body: {
      user: {
        app_version: "2.9.6",
        bluetooth_enabled: true,
        location_enabled: true,
        push_notification_enabled: false,
      },
    },
  })
  expect(device.status).toBe(200)
  expect(
    (
      await server.request("PATCH", `/api/v4/admin/users/${person("eve").id}`, {
        token: adminToken,
        body: { user: { deactivated: true } },
      })
    ).status,
  ).toBe(200)

  // Fixed times, set after the last request of each person (a request moves their own).
  await setLastActive(person("eve"), "2024-01-01T00:00:00.000Z")
  await setLastActive(person("ben"), "2024-01-03T00:00:00.000Z")
  await setLastActive(person("cleo"), "2024-01-04T00:00:00.000Z")
  await setLastActive(person("ana"), "2024-01-05T00:00:00.000Z")
  await setLastActive(person("gus"), "2024-01-06T00:00:00.000Z")
  await setLastActive(person("ruth"), "2024-01-07T00:00:00.000Z")
  await setLastActive(person("dan"), null)
  await sqlRun(
    (sql) =>
      sql`UPDATE team_users SET last_invited_at = '2024-03-01T00:00:00.000Z' WHERE id = ${teamUserIds.dan}`,
  )
  await sqlRun(
    (sql) =>
      sql`UPDATE team_users SET last_invited_at = '2024-02-01T00:00:00.000Z' WHERE id = ${teamUserIds.gus}`,
  )
})
afterAll(() => server.close())

const everyone = ["ruth", "ana", "ben", "cleo", "dan", "eve", "gus"]

describe("GET /api/v4/teams/{team_id}/team_users: fields", () => {
  it("renders the typed fields by default, with the device state the user's app reports", async () => {
    const answer = await teamUsers(`?user_ids[]=${person("ben").id}`)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual([
      {
        id: teamUserIds.ben,
        agreed_to_join: true,
        app_version: "2.9.6",
        bluetooth_enabled: true,
        email: "ben.abbott@example.com",
        first_name: "Ben",
        last_active_at: "2024-01-03T00:00:00.000Z",
        last_invited_at: null,
        last_name: "Abbott",
        location_enabled: true,
        push_notification_enabled: false,
        role: "team_member",
        user_id: person("ben").id,
      },
    ])
    expect(answer.headers.get("x-ignored-fields")).toBeNull()
  })

  it("adds channel_count, report_count, status and supervisor_id when asked, counted in this team only", async () => {
    const answer = await teamUsers("?fields=channel_count,report_count,status,supervisor_id,-email,colour")
    expect(answer.status).toBe(200)
    expect(answer.headers.get("x-ignored-fields")).toBe("colour")
    expect(Object.keys(answer.body[0])).toEqual([
      "id",
      "agreed_to_join",
      "app_version",
      "bluetooth_enabled",
      "first_name",
      "last_active_at",
      "last_invited_at",
      "last_name",
      "location_enabled",
      "push_notification_enabled",
      "role",
      "user_id",
      "channel_count",
      "report_count",
      "status",
      "supervisor_id",
    ])
    const picked = answer.body.map(
      (row: {
        channel_count: number
        report_count: number
        status: string
        supervisor_id: number | null
      }) => [row.channel_count, row.report_count, row.status, row.supervisor_id],
    )
    expect(namesOf(answer.body)).toEqual(everyone)
    // Invitees who have not accepted show their invitation only: no counts, no supervisor.
    expect(picked).toEqual([
      [2, 0, "active", null],
      [1, 0, "active", null],
      [2, 3, "active", teamUserIds.ana],
      [1, 1, "active", teamUserIds.ruth],
      [undefined, undefined, "invited", undefined],
      [1, 0, "deactivated", null],
      [undefined, undefined, "invited", undefined],
    ])
    expect(Object.keys(answer.body[4])).toEqual([
      "id",
      "agreed_to_join",
      "last_invited_at",
      "role",
      "user_id",
      "status",
    ])
  })

  it("fetches one team user with the same fields", async () => {
    const fetch = (name: string) =>
      server.request(
        "GET",
        `/api/v4/teams/${teamId}/team_users/${teamUserIds[name]}?fields=status,channel_count,-app_version`,
        { token: adminToken },
      )
    const ben = await fetch("ben")
    expect(ben.status).toBe(200)
    expect(ben.body).toMatchObject({
      id: teamUserIds.ben,
      agreed_to_join: true,
      email: "ben.abbott@example.com",
      first_name: "Ben",
      last_name: "Abbott",
      user_id: person("ben").id,
      status: "active",
      channel_count: 2,
    })
    expect(ben.body).not.toHaveProperty("app_version")
    expect(ben.body).not.toHaveProperty("report_count")
    // An invitee who has not accepted: the invitation, nothing of the person.
    const dan = await fetch("dan")
    expect(dan.status).toBe(200)
    expect(dan.body).toEqual({
      id: teamUserIds.dan,
      agreed_to_join: false,
      last_invited_at: "2024-03-01T00:00:00.000Z",
      role: "team_member",
      user_id: person("dan").id,
      status: "invited",
    })
  })

  it("gives a user who was never active their account's creation as last_active_at", async () => {
    await setLastActive(person("cleo"), null)
    try {
      const answer = await teamUsers(`?user_ids=${person("cleo").id}`)
      const [created] = await server.runtime.runPromise(
        Effect.flatMap(
          Effect.service(SqlClient.SqlClient),
          (sql) => sql<{ created_at: string }>`SELECT created_at FROM users WHERE id = ${person("cleo").id}`,
        ).pipe(Effect.orDie),
      )
      expect(answer.body[0].last_active_at).toBe(created?.created_at)
    } finally {
      await setLastActive(person("cleo"), "2024-01-04T00:00:00.000Z")
    }
  })
})

describe("GET /api/v4/teams/{team_id}/team_users: filters", () => {
  const cases: ReadonlyArray<readonly [string, ReadonlyArray<string>]> = [
    ["agreed_to_join=true", ["ruth", "ana", "ben", "cleo", "eve"]],
    ["agreed_to_join=0", ["dan", "gus"]],
    ["team_role=true", ["ruth", "ana"]],
    ["team_role=false", ["ben", "cleo", "dan", "eve", "gus"]],
  ]
  for (const [query, expected] of cases) {
    it(`filters by ${query}`, async () => {
      const answer = await teamUsers(`?${query}`)
      expect(answer.status).toBe(200)
      expect(namesOf(answer.body)).toEqual(expected)
    })
  }

  it("filters by user_ids in every list form", async () => {
    const ben = person("ben").id
    const dan = person("dan").id
    for (const query of [
      `user_ids[]=${ben}&user_ids[]=${dan}`,
      `user_ids=${ben},${dan}`,
      `user_ids[0]=${dan}&user_ids[1]=${ben}`,
    ]) {
      expect(namesOf((await teamUsers(`?${query}`)).body)).toEqual(["ben", "dan"])
    }
  })

  it("keeps includes_team_user_ids and drops excludes_team_user_ids", async () => {
    const included = await teamUsers(
      `?includes_team_user_ids[]=${teamUserIds.cleo}&includes_team_user_ids[]=${teamUserIds.ben}`,
    )
    expect(namesOf(included.body)).toEqual(["ben", "cleo"])
    const excluded = await teamUsers(`?excludes_team_user_ids=${teamUserIds.ruth},${teamUserIds.gus}`)
    expect(namesOf(excluded.body)).toEqual(["ana", "ben", "cleo", "dan", "eve"])
  })

  it("combines filters", async () => {
    const answer = await teamUsers(
      `?team_role=false&agreed_to_join=true&excludes_team_user_ids[]=${teamUserIds.ben}`,
    )
    expect(namesOf(answer.body)).toEqual(["cleo", "eve"])
  })

  it("refuses malformed filters with 400 naming the parameter", async () => {
    const agreed = await teamUsers("?agreed_to_join=maybe")
    expect(agreed.status).toBe(400)
    expect(Object.keys(agreed.body.errors)).toEqual(["agreed_to_join"])
    const ids = await teamUsers("?user_ids=4,x")
    expect(ids.status).toBe(400)
    expect(Object.keys(ids.body.errors)).toEqual(["user_ids"])
  })
})

describe("GET /api/v4/teams/{team_id}/team_users: orderby and pages", () => {
  // Invitees who have not accepted (Dan, Gus) come last in both directions of the orders by what
  // their records hide (names, e-mail, activity), in the order they joined: their order would
  // tell what is hidden.
  const orders: ReadonlyArray<readonly [string, ReadonlyArray<string>]> = [
    // Last names compare without case: both Abbotts come first, by first name.
    ["name asc", ["ben", "cleo", "eve", "ana", "ruth", "dan", "gus"]],
    ["name desc", ["ruth", "ana", "eve", "cleo", "ben", "dan", "gus"]],
    ["email asc", ["ana", "ben", "cleo", "eve", "ruth", "dan", "gus"]],
    ["email DESC", ["ruth", "eve", "cleo", "ben", "ana", "dan", "gus"]],
    // Never invited come last either way, in the order they joined.
    ["last_invited_at asc", ["gus", "dan", "ruth", "ana", "ben", "cleo", "eve"]],
    ["last_invited_at desc", ["dan", "gus", "ruth", "ana", "ben", "cleo", "eve"]],
    ["last_activity asc", ["eve", "ben", "cleo", "ana", "ruth", "dan", "gus"]],
    ["last_activity desc", ["ruth", "ana", "cleo", "ben", "eve", "dan", "gus"]],
    // By the supervisor's name (Moss before Zane); no supervisor last.
    ["supervisor asc", ["ben", "cleo", "ruth", "ana", "dan", "eve", "gus"]],
    ["supervisor desc", ["cleo", "ben", "ruth", "ana", "dan", "eve", "gus"]],
    ["status asc", ["ruth", "ana", "ben", "cleo", "dan", "gus", "eve"]],
    ["status desc", ["eve", "dan", "gus", "ruth", "ana", "ben", "cleo"]],
  ]
  for (const [orderby, expected] of orders) {
    it(`orders by ${orderby}`, async () => {
      const answer = await teamUsers(`?orderby=${encodeURIComponent(orderby)}`)
      expect(answer.status).toBe(200)
      expect(namesOf(answer.body)).toEqual(expected)
    })
  }

  it("lists in the order team users joined without orderby", async () => {
    expect(namesOf((await teamUsers()).body)).toEqual(everyone)
  })

  it("refuses an unknown field, a second clause or a bad direction with 400 naming the allowed fields", async () => {
    for (const orderby of ["title asc", "name asc,email desc", "name upward"]) {
      const answer = await teamUsers(`?orderby=${encodeURIComponent(orderby)}`)
      expect(answer.status).toBe(400)
      expect(answer.body.errors.orderby[0]).toContain(
        "name, email, last_invited_at, last_activity, supervisor, status",
      )
    }
  })

  it("pages with Range and says where the page lies in Content-Range", async () => {
    const page = await teamUsers("?orderby=name%20asc", adminToken, { Range: "objects=1-2" })
    expect(page.status).toBe(200)
    expect(namesOf(page.body)).toEqual(["cleo", "eve"])
    expect(page.headers.get("content-range")).toBe("team_users 1-2/7")
    expect(page.headers.get("accept-ranges")).toBe("team_users")
    const filtered = await teamUsers("?team_role=true", adminToken, { Range: "objects=1-5" })
    expect(namesOf(filtered.body)).toEqual(["ana"])
    expect(filtered.headers.get("content-range")).toBe("team_users 1-1/2")
    const beyond = await teamUsers("", adminToken, { Range: "objects=50-59" })
    expect(beyond.body).toEqual([])
    expect(beyond.headers.get("content-range")).toBe("team_users */7")
    expect((await teamUsers("", adminToken, { Range: "rows=0-1" })).status).toBe(400)
  })
})

describe("reading team users: who may", () => {
  it("lets a team member read the list and one team user", async () => {
    const list = await teamUsers("", person("cleo").token)
    expect(list.status).toBe(200)
    expect(list.body).toHaveLength(7)
    const one = await server.request("GET", `/api/v4/teams/${teamId}/team_users/${teamUserIds.ruth}`, {
      token: person("cleo").token,
    })
    expect(one.status).toBe(200)
    expect(one.body.role).toBe("owner")
  })

  it("hides the team from the invited, the outsiders and unknown team users", async () => {
    expect((await teamUsers("", person("dan").token)).status).toBe(404)
    expect((await teamUsers("", person("stan").token)).status).toBe(404)
    const unknown = await server.request("GET", `/api/v4/teams/${teamId}/team_users/999999`, {
      token: adminToken,
    })
    expect(unknown.status).toBe(404)
  })

  it("answers 404 for another team's team user, whichever path names it", async () => {
    const viaOurs = await server.request("GET", `/api/v4/teams/${teamId}/team_users/${strangerTeamUserId}`, {
      token: person("ruth").token,
    })
    expect(viaOurs.status).toBe(404)
    const viaTheirs = await server.request(
      "GET",
      `/api/v4/teams/${strangerTeamId}/team_users/${teamUserIds.ben}`,
      {
        token: person("stan").token,
      },
    )
    expect(viaTheirs.status).toBe(404)
    const ownersElsewhere = await server.request(
      "GET",
      `/api/v4/teams/${strangerTeamId}/team_users/${strangerTeamUserId}`,
      {
        token: person("ruth").token,
      },
    )
    expect(ownersElsewhere.status).toBe(404)
  })
})

describe("PATCH /api/v4/teams/{team_id}/team_users/{id}", () => {
  let world: World
  const worldTeamUserId = async (someone: { readonly id: number }) => {
    const answer = await server.request(
      "GET",
      `/api/v4/teams/${world.teamId}/team_users?user_ids=${someone.id}`,
      {
        token: adminToken,
      },
    )
    return answer.body[0].id as number
  }
  const patchIn = (token: string, id: number, teamUser: unknown) =>
    server.request("PATCH", `/api/v4/teams/${world.teamId}/team_users/${id}`, {
      token,
      body: { team_user: teamUser },
    })
  const fetchIn = async (id: number) =>
    (
      await server.request("GET", `/api/v4/teams/${world.teamId}/team_users/${id}?fields=supervisor_id`, {
        token: adminToken,
      })
    ).body

  beforeAll(async () => {
    world = await buildWorld(server, "patch")
  })

  it("lets a manager promote and demote a team user", async () => {
    const reporter = await worldTeamUserId(world.reporter)
    expect((await patchIn(world.manager.token, reporter, { role: "manager" })).status).toBe(204)
    expect((await fetchIn(reporter)).role).toBe("manager")
    const asTeam = await server.request("GET", `/api/v4/teams/${world.teamId}?fields=is_manager_of`, {
      token: world.reporter.token,
    })
    expect(asTeam.body.is_manager_of).toBe(true)
    expect((await patchIn(world.owner.token, reporter, { role: "team_member" })).status).toBe(204)
    expect((await fetchIn(reporter)).role).toBe("team_member")
  })

  it("refuses team members (403) and outsiders (404)", async () => {
    const viewer = await worldTeamUserId(world.viewer)
    expect((await patchIn(world.member.token, viewer, { role: "manager" })).status).toBe(403)
    expect((await patchIn(world.outsider.token, viewer, { role: "manager" })).status).toBe(404)
    expect((await fetchIn(viewer)).role).toBe("team_member")
  })

  it("refuses ownership and changing the owner's role: those go through the team update", async () => {
    const viewer = await worldTeamUserId(world.viewer)
    const owner = await worldTeamUserId(world.owner)
    const toOwner = await patchIn(world.owner.token, viewer, { role: "owner" })
    expect(toOwner.status).toBe(422)
    expect(Object.keys(toOwner.body.errors)).toEqual(["team_user.role"])
    const demoted = await patchIn(world.manager.token, owner, { role: "team_member" })
    expect(demoted.status).toBe(422)
    expect(Object.keys(demoted.body.errors)).toEqual(["team_user.role"])
    expect((await fetchIn(owner)).role).toBe("owner")
  })

  it("sets and clears a supervisor of the same team", async () => {
    const operator = await worldTeamUserId(world.operator)
    const manager = await worldTeamUserId(world.manager)
    expect((await patchIn(world.manager.token, operator, { supervisor_id: manager })).status).toBe(204)
    expect((await fetchIn(operator)).supervisor_id).toBe(manager)
    expect((await patchIn(world.manager.token, operator, { supervisor_id: null })).status).toBe(204)
    expect((await fetchIn(operator)).supervisor_id).toBeNull()
  })

  it("refuses a supervisor from another team, an invitee, or the team user themself, with 422", async () => {
    const operator = await worldTeamUserId(world.operator)
    // An invitee who has not accepted is not in the team yet.
    const invited = await worldTeamUserId(world.invited)
    for (const supervisor of [strangerTeamUserId, invited, operator, 999999]) {
      const answer = await patchIn(world.owner.token, operator, { supervisor_id: supervisor })
      expect(answer.status).toBe(422)
      expect(Object.keys(answer.body.errors)).toEqual(["team_user.supervisor_id"])
    }
    expect((await fetchIn(operator)).supervisor_id).toBeNull()
  })

  it("lets only the invited user accept, after which they see the team", async () => {
    const invited = await worldTeamUserId(world.invited)
    const teamPath = `/api/v4/teams/${world.teamId}`
    expect((await server.request("GET", teamPath, { token: world.invited.token })).status).toBe(404)
    expect((await patchIn(world.manager.token, invited, { agreed_to_join: true })).status).toBe(403)
    expect((await patchIn(adminToken, invited, { agreed_to_join: true })).status).toBe(403)
    expect((await patchIn(world.outsider.token, invited, { agreed_to_join: true })).status).toBe(404)
    const refused = await patchIn(world.invited.token, invited, { agreed_to_join: false })
    expect(refused.status).toBe(422)
    expect(Object.keys(refused.body.errors)).toEqual(["team_user.agreed_to_join"])
    expect((await fetchIn(invited)).agreed_to_join).toBe(false)
    expect((await patchIn(world.invited.token, invited, { agreed_to_join: true })).status).toBe(204)
    expect((await fetchIn(invited)).agreed_to_join).toBe(true)
    expect((await server.request("GET", teamPath, { token: world.invited.token })).status).toBe(200)
    const channel = await server.request("GET", `/api/v4/channels/${world.channel.id}`, {
      token: world.invited.token,
    })
    expect(channel.status).toBe(200)
  })

  it("answers 404 for a team user of another team", async () => {
    expect((await patchIn(world.owner.token, strangerTeamUserId, { role: "manager" })).status).toBe(404)
  })
})
