import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { manualClock } from "../../src/seed/ManualClock.ts"
import { startMailServer } from "../support/MailServer.ts"
import { addUsers, createMember, type Member, runJobs } from "../support/Members.ts"
import { adminEmail, adminPassword, startTestServer, type TestServer } from "../support/TestServer.ts"
import { type ChannelInfo, createChannel, createTeam, makeAppAdministrator } from "../support/World.ts"

// No job workers: invitation e-mails go out only when a test runs the jobs, so a test sees the
// state before and after.
const mailFrom = "Tide watch <tides@example.com>"
const env = { FIELDREPORT_JOB_WORKERS: "0", FIELDREPORT_MAIL_FROM: mailFrom }

let server: TestServer
let adminToken: string
let ruth: Member
let teamId: number
let alpha: ChannelInfo
let beta: ChannelInfo
let gamma: ChannelInfo
let strangerChannel: ChannelInfo

beforeAll(async () => {
  server = await startTestServer(env)
  adminToken = await server.login(adminEmail, adminPassword)
  ruth = await createMember(server, adminToken, "Ruth", "Zane")
  teamId = await createTeam(server, ruth, "Tide watch")
  alpha = await createChannel(server, ruth, teamId, "Alpha")
  beta = await createChannel(server, ruth, teamId, "Beta")
  gamma = await createChannel(server, ruth, teamId, "Gamma")
  const stan = await createMember(server, adminToken, "Stan", "Stone")
  strangerChannel = await createChannel(
    server,
    stan,
    await createTeam(server, stan, "Harbour watch"),
    "Harbour",
  )
})
afterAll(() => server.close())

const success = (user_id: number, role: string, http_status: number, send_email = false) => ({
  object: { user_id, role, send_email },
  http_status,
  status: "success",
  errors: {},
})

const failure = (
  user_id: number,
  role: string,
  http_status: number,
  errors: Record<string, Array<string>>,
) => ({
  object: { user_id, role, send_email: false },
  http_status,
  status: "error",
  errors,
})

/** The team user of a user in the team, as the administrator reads it. */
const teamUserOf = async (user: { readonly id: number }, fields = "") => {
  const answer = await server.request(
    "GET",
    `/api/v4/teams/${teamId}/team_users?user_ids=${user.id}${fields}`,
    {
      token: adminToken,
    },
  )
  return answer.body[0]
}

/** The member accepts their invitation to the team, as only they may. */
const accept = async (member: Member) => {
  const { id } = await teamUserOf(member)
  const answer = await server.request("PATCH", `/api/v4/teams/${teamId}/team_users/${id}`, {
    token: member.token,
    body: { team_user: { agreed_to_join: true } },
  })
  expect(answer.status).toBe(204)
}

const renameAlpha = (token: string) =>
  server.request("PATCH", `/api/v4/channels/${alpha.id}`, { token, body: { channel: { name: "Alpha" } } })

/** The e-mails written so far, oldest first, as text with quoted-printable soft breaks undone. */
const mails = (dataDir: string): ReadonlyArray<string> => {
  const directory = join(dataDir, "mail")
  const names = (() => {
    try {
      return readdirSync(directory)
    } catch {
      return []
    }
  })()
  return names
    .filter((name) => name.endsWith(".eml") && !name.startsWith("."))
    .sort()
    .map((name) =>
      readFileSync(join(directory, name), "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    )
}

describe("POST /api/v4/teams/{team_id}/add_users_to_team_channels", () => {
  it("adds users to every selected channel at once: 201 per item, and 200", async () => {
    const ana = await createMember(server, adminToken, "Ana", "Moss")
    const ben = await createMember(server, adminToken, "Ben", "Abbott")
    // A platform administrator, in no team, adds them directly.
    const answer = await server.request("POST", `/api/v4/teams/${teamId}/add_users_to_team_channels`, {
      token: adminToken,
      body: {
        users: [
          { user_id: ana.id, role: "viewer", send_email: false },
          { user_id: ben.id, role: "operator" },
        ],
        channels: [
          { name: "Alpha", id: alpha.id, isSelected: true },
          { name: "Gamma", id: gamma.id, isSelected: false },
          { name: "Beta", id: beta.id, isSelected: true },
        ],
      },
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      teams: [
        [success(ana.id, "viewer", 201), success(ben.id, "operator", 201)],
        [success(ana.id, "viewer", 201), success(ben.id, "operator", 201)],
      ],
    })
    expect(await teamUserOf(ana)).toMatchObject({
      role: "team_member",
      agreed_to_join: true,
      last_invited_at: null,
    })
    expect((await server.request("GET", `/api/v4/teams/${teamId}`, { token: ana.token })).status).toBe(200)
    expect((await server.request("GET", `/api/v4/channels/${beta.id}`, { token: ana.token })).status).toBe(
      200,
    )
    // Not selected: the team user is not a member of Gamma.
    expect((await server.request("GET", `/api/v4/channels/${gamma.id}`, { token: ana.token })).status).toBe(
      403,
    )
    const counted = await teamUserOf(ben, "&fields=channel_count")
    expect(counted.channel_count).toBe(2)
  })

  it("answers 200 with the role updated for someone already in the channel, and keeps a higher team role", async () => {
    const cleo = await createMember(server, adminToken, "Cleo", "Vance")
    expect(
      (await addUsers(server, ruth.token, teamId, [{ user_id: cleo.id, role: "viewer" }], [alpha.id])).status,
    ).toBe(200)
    await accept(cleo)
    expect((await renameAlpha(cleo.token)).status).toBe(403)
    const manager = (await teamUserOf(cleo)).id
    const promoted = await server.request("PATCH", `/api/v4/teams/${teamId}/team_users/${manager}`, {
      token: ruth.token,
      body: { team_user: { role: "manager" } },
    })
    expect(promoted.status).toBe(204)
    const again = await addUsers(
      server,
      ruth.token,
      teamId,
      [{ user_id: cleo.id, role: "admin" }],
      [alpha.id],
    )
    expect(again.status).toBe(200)
    expect(again.body).toEqual({ teams: [[success(cleo.id, "admin", 200)]] })
    expect((await renameAlpha(cleo.token)).status).toBe(204)
    expect((await teamUserOf(cleo)).role).toBe("manager")
    const owner = await addUsers(server, ruth.token, teamId, [{ user_id: ruth.id, role: "admin" }], [beta.id])
    expect(owner.body).toEqual({ teams: [[success(ruth.id, "admin", 200)]] })
    expect((await teamUserOf(ruth)).role).toBe("owner")
  })

  it("answers 207 with a result per item, in request order, when some fail", async () => {
    const dora = await createMember(server, adminToken, "Dora", "Quinn")
    const eve = await createMember(server, adminToken, "Eve", "Kerr")
    expect(
      (
        await server.request("PATCH", `/api/v4/admin/users/${eve.id}`, {
          token: adminToken,
          body: { user: { deactivated: true } },
        })
      ).status,
    ).toBe(200)
    const answer = await server.request("POST", `/api/v4/teams/${teamId}/add_users_to_team_channels`, {
      token: ruth.token,
      body: {
        users: [
          { user_id: dora.id, role: "reporter" },
          { user_id: 999_999, role: "viewer" },
          { user_id: eve.id, role: "viewer" },
        ],
        channels: [
          { name: "Alpha", id: alpha.id, isSelected: true },
          { name: "Harbour", id: strangerChannel.id, isSelected: true },
          { name: "Gamma", id: gamma.id, isSelected: false },
          { name: "Nowhere", id: 999_999, isSelected: true },
          { name: "Beta", id: beta.id, isSelected: true },
        ],
      },
    })
    expect(answer.status).toBe(207)
    const unknownUser = { "users.1.user_id": ["is not a known user"] }
    const deactivated = { "users.2.user_id": ["is deactivated"] }
    const notOurs = (index: number) => ({ [`channels.${index}.id`]: ["is not a channel of this team"] })
    expect(answer.body).toEqual({
      teams: [
        [
          success(dora.id, "reporter", 201),
          failure(999_999, "viewer", 404, unknownUser),
          failure(eve.id, "viewer", 422, deactivated),
        ],
        [
          failure(dora.id, "reporter", 404, notOurs(1)),
          failure(999_999, "viewer", 404, { ...unknownUser, ...notOurs(1) }),
          failure(eve.id, "viewer", 404, { ...deactivated, ...notOurs(1) }),
        ],
        [
          failure(dora.id, "reporter", 404, notOurs(3)),
          failure(999_999, "viewer", 404, { ...unknownUser, ...notOurs(3) }),
          failure(eve.id, "viewer", 404, { ...deactivated, ...notOurs(3) }),
        ],
        [
          success(dora.id, "reporter", 201),
          failure(999_999, "viewer", 404, unknownUser),
          failure(eve.id, "viewer", 422, deactivated),
        ],
      ],
    })
    // What succeeded stays; what failed left nothing behind.
    await accept(dora)
    expect(await teamUserOf(dora, "&fields=channel_count")).toMatchObject({
      agreed_to_join: true,
      channel_count: 2,
    })
    expect(await teamUserOf(eve)).toBeUndefined()
    const harbour = await server.request("GET", `/api/v4/channels/${strangerChannel.id}`, {
      token: dora.token,
    })
    expect(harbour.status).toBe(404)
  })

  it("answers 200 with an empty result for each selected channel when no user is given", async () => {
    const answer = await addUsers(server, ruth.token, teamId, [], [alpha.id, beta.id])
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ teams: [[], []] })
  })

  it("lets only the team's managers and owner add users", async () => {
    const fay = await createMember(server, adminToken, "Fay", "Lund")
    const member = await createMember(server, adminToken, "Moe", "Hart")
    expect(
      (await addUsers(server, ruth.token, teamId, [{ user_id: member.id, role: "admin" }], [alpha.id]))
        .status,
    ).toBe(200)
    await accept(member)
    const asMember = await addUsers(
      server,
      member.token,
      teamId,
      [{ user_id: fay.id, role: "viewer" }],
      [alpha.id],
    )
    expect(asMember.status).toBe(403)
    const asOutsider = await addUsers(
      server,
      fay.token,
      teamId,
      [{ user_id: fay.id, role: "admin" }],
      [alpha.id],
    )
    expect(asOutsider.status).toBe(404)
    expect(await teamUserOf(fay)).toBeUndefined()
  })

  it("refuses a bad body with 422 naming each field, and writes nothing", async () => {
    const gil = await createMember(server, adminToken, "Gil", "Ross")
    const answer = await server.request("POST", `/api/v4/teams/${teamId}/add_users_to_team_channels`, {
      token: ruth.token,
      body: {
        users: [
          { user_id: gil.id, role: "boss" },
          { user_id: "x", role: "viewer", send_email: "yes" },
        ],
        channels: [{ name: "Alpha", id: alpha.id }],
      },
    })
    expect(answer.status).toBe(422)
    expect(Object.keys(answer.body.errors).sort()).toEqual([
      "channels.0.isSelected",
      "users.0.role",
      "users.1.send_email",
      "users.1.user_id",
    ])
    const missing = await server.request("POST", `/api/v4/teams/${teamId}/add_users_to_team_channels`, {
      token: ruth.token,
      body: { users: [] },
    })
    expect(missing.status).toBe(422)
    expect(Object.keys(missing.body.errors)).toEqual(["channels"])
    expect(await teamUserOf(gil)).toBeUndefined()
  })
})

describe("consent: nobody joins a team without accepting, or an administrator's act", () => {
  it("adds a user a manager names by id as an invitee, whatever send_email says, until they accept", async () => {
    const before = mails(server.dataDir).length
    const kim = await createMember(server, adminToken, "Kim", "Stranger")
    const answer = await addUsers(
      server,
      ruth.token,
      teamId,
      [{ user_id: kim.id, role: "operator", send_email: false }],
      [alpha.id],
    )
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ teams: [[success(kim.id, "operator", 201)]] })

    // The team's list shows the invitation, never the person: no names, e-mail, device or activity.
    const listed = await server.request(
      "GET",
      `/api/v4/teams/${teamId}/team_users?user_ids=${kim.id}&fields=status,channel_count,report_count,supervisor_id`,
      { token: ruth.token },
    )
    expect(listed.status).toBe(200)
    const pending = listed.body[0]
    expect(pending).toEqual({
      id: pending.id,
      agreed_to_join: false,
      last_invited_at: expect.any(String),
      role: "team_member",
      user_id: kim.id,
      status: "invited",
    })
    expect(Date.parse(pending.last_invited_at)).not.toBeNaN()
    const one = await server.request("GET", `/api/v4/teams/${teamId}/team_users/${pending.id}`, {
      token: adminToken,
    })
    expect(one.body).toEqual({
      id: pending.id,
      agreed_to_join: false,
      last_invited_at: pending.last_invited_at,
      role: "team_member",
      user_id: kim.id,
    })

    // No access: the team, its channels and their reports stay hidden.
    const report = await server.request("POST", "/api/v4/reports", {
      token: ruth.token,
      body: { report: { account_id: alpha.id, address: "Wharf" } },
    })
    expect(report.status).toBe(201)
    expect((await server.request("GET", "/api/v4/teams", { token: kim.token })).body).toEqual([])
    const invitations = await server.request("GET", "/api/v4/teams?agreed_to_join=false", {
      token: kim.token,
    })
    expect(invitations.body.map((team: { id: number }) => team.id)).toEqual([teamId])
    for (const path of [
      `/api/v4/teams/${teamId}`,
      `/api/v4/channels/${alpha.id}`,
      `/api/v4/reports/${report.body.id}`,
    ]) {
      const refused = await server.request("GET", path, { token: kim.token })
      expect([403, 404], path).toContain(refused.status)
    }
    expect((await server.request("GET", "/api/v4/channels", { token: kim.token })).body).toEqual([])
    const filed = await server.request("POST", "/api/v4/reports", {
      token: kim.token,
      body: { report: { account_id: alpha.id, address: "Quay St" } },
    })
    expect([403, 404, 422]).toContain(filed.status)
    expect((await renameAlpha(kim.token)).status).toBe(404)
    // send_email: false sends nothing.
    await runJobs(server)
    expect(mails(server.dataDir)).toHaveLength(before)

    // Nobody accepts for them, not even the team's owner or a platform administrator.
    for (const token of [ruth.token, adminToken]) {
      const accepted = await server.request("PATCH", `/api/v4/teams/${teamId}/team_users/${pending.id}`, {
        token,
        body: { team_user: { agreed_to_join: true } },
      })
      expect(accepted.status).toBe(403)
    }
    expect((await server.request("GET", `/api/v4/teams/${teamId}`, { token: kim.token })).status).toBe(404)

    const accepted = await server.request("PATCH", `/api/v4/teams/${teamId}/team_users/${pending.id}`, {
      token: kim.token,
      body: { team_user: { agreed_to_join: true } },
    })
    expect(accepted.status).toBe(204)
    expect((await server.request("GET", "/api/v4/teams", { token: kim.token })).body).toMatchObject([
      { id: teamId },
    ])
    expect((await renameAlpha(kim.token)).status).toBe(403)
    const filedNow = await server.request("POST", "/api/v4/reports", {
      token: kim.token,
      body: { report: { account_id: alpha.id, address: "Quay St" } },
    })
    expect(filedNow.status).toBe(201)
    expect(await teamUserOf(kim, "&fields=status")).toMatchObject({
      agreed_to_join: true,
      status: "active",
      first_name: "Kim",
      last_name: "Stranger",
      email: kim.email,
    })
  })

  it("lets platform administrators and the app's administrators add people directly", async () => {
    const appAdmin = await createMember(server, adminToken, "Abe", "Admin")
    await makeAppAdministrator(server, appAdmin)
    for (const [token, name] of [
      [adminToken, "Lou"],
      [appAdmin.token, "Max"],
    ] as const) {
      const person = await createMember(server, adminToken, name, "Direct")
      const answer = await addUsers(
        server,
        token,
        teamId,
        [{ user_id: person.id, role: "viewer" }],
        [beta.id],
      )
      expect(answer.status).toBe(200)
      expect(await teamUserOf(person)).toMatchObject({ agreed_to_join: true, last_invited_at: null })
      expect(
        (await server.request("GET", `/api/v4/channels/${beta.id}`, { token: person.token })).status,
      ).toBe(200)
    }
    // An administrator makes an invitee a member at once too.
    const ned = await createMember(server, adminToken, "Ned", "Pending")
    await addUsers(server, ruth.token, teamId, [{ user_id: ned.id, role: "viewer" }], [beta.id])
    expect((await teamUserOf(ned)).agreed_to_join).toBe(false)
    await addUsers(server, appAdmin.token, teamId, [{ user_id: ned.id, role: "viewer" }], [beta.id])
    expect((await teamUserOf(ned)).agreed_to_join).toBe(true)
  })

  it("invites again with a manager's second add, without making the invitee a member", async () => {
    const ola = await createMember(server, adminToken, "Ola", "Twice")
    await addUsers(server, ruth.token, teamId, [{ user_id: ola.id, role: "viewer" }], [alpha.id])
    const first = await teamUserOf(ola)
    const again = await addUsers(server, ruth.token, teamId, [{ user_id: ola.id, role: "admin" }], [alpha.id])
    expect(again.body).toEqual({ teams: [[success(ola.id, "admin", 200)]] })
    const second = await teamUserOf(ola)
    expect(second.agreed_to_join).toBe(false)
    expect(second.last_invited_at >= first.last_invited_at).toBe(true)
  })
})

describe("invitations (send_email: true)", () => {
  it("e-mails an invitation; the user sees nothing of the team until they accept", async () => {
    const gus = await createMember(server, adminToken, "Gus", "Hale")
    const before = mails(server.dataDir).length
    const answer = await addUsers(
      server,
      ruth.token,
      teamId,
      [{ user_id: gus.id, role: "operator", send_email: true }],
      [alpha.id, beta.id],
    )
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      teams: [[success(gus.id, "operator", 201, true)], [success(gus.id, "operator", 201, true)]],
    })
    const pending = await teamUserOf(gus, "&fields=status")
    expect(pending).toMatchObject({ agreed_to_join: false, status: "invited", role: "team_member" })
    expect(Date.parse(pending.last_invited_at)).not.toBeNaN()

    // Sent in the background, not by the request.
    expect(mails(server.dataDir)).toHaveLength(before)
    await runJobs(server)
    const sent = mails(server.dataDir)
    expect(sent).toHaveLength(before + 1)
    const mail = sent.at(-1) ?? ""
    const link = `${server.url}/api/v4/teams/${teamId}/team_users/${pending.id}`
    expect(mail).toMatch(/^To: Gus Hale <gus\.hale@example\.com>\r?$/m)
    expect(mail).toMatch(/^From: Tide watch <tides@example\.com>\r?$/m)
    expect(mail).toMatch(/^Subject: Ruth Zane invited you to join Tide watch\r?$/m)
    expect(mail).toContain("Alpha, Beta")
    expect(mail).toContain(link)
    expect(mail).toContain(`PATCH ${link}`)
    expect(mail).toContain('{"team_user": {"agreed_to_join": true}}')

    const teams = await server.request("GET", "/api/v4/teams", { token: gus.token })
    expect(teams.body).toEqual([])
    for (const path of [
      `/api/v4/teams/${teamId}`,
      `/api/v4/teams/${teamId}/team_users`,
      `/api/v4/teams/${teamId}/team_users/${pending.id}`,
      `/api/v4/channels/${alpha.id}`,
    ]) {
      expect((await server.request("GET", path, { token: gus.token })).status).toBe(404)
    }
    expect((await renameAlpha(gus.token)).status).toBe(404)

    const accepted = await server.request("PATCH", `/api/v4/teams/${teamId}/team_users/${pending.id}`, {
      token: gus.token,
      body: { team_user: { agreed_to_join: true } },
    })
    expect(accepted.status).toBe(204)
    expect((await server.request("GET", `/api/v4/teams/${teamId}`, { token: gus.token })).status).toBe(200)
    expect((await server.request("GET", `/api/v4/channels/${beta.id}`, { token: gus.token })).status).toBe(
      200,
    )
    expect((await teamUserOf(gus, "&fields=status")).status).toBe("active")
  })

  it("sends nothing to a team user who is already in, nor once an administrator added the user", async () => {
    const hal = await createMember(server, adminToken, "Hal", "Ives")
    const ivy = await createMember(server, adminToken, "Ivy", "Jones")
    expect(
      (await addUsers(server, adminToken, teamId, [{ user_id: hal.id, role: "viewer" }], [alpha.id])).status,
    ).toBe(200)
    await runJobs(server)
    const before = mails(server.dataDir).length
    const invited = await addUsers(
      server,
      ruth.token,
      teamId,
      [
        { user_id: hal.id, role: "reporter", send_email: true },
        { user_id: ivy.id, role: "viewer", send_email: true },
      ],
      [beta.id],
    )
    expect(invited.status).toBe(200)
    expect(await teamUserOf(hal)).toMatchObject({ agreed_to_join: true, last_invited_at: null })
    // Ivy is added at once before her invitation goes out: there is nothing left to invite her to.
    expect(
      (await addUsers(server, adminToken, teamId, [{ user_id: ivy.id, role: "viewer" }], [beta.id])).status,
    ).toBe(200)
    expect((await teamUserOf(ivy)).agreed_to_join).toBe(true)
    await runJobs(server)
    expect(mails(server.dataDir)).toHaveLength(before)
  })
})

describe("invitations again", () => {
  it("e-mail a pending invitee at most once a day, and refresh last_invited_at only then", async () => {
    const time = manualClock("2030-03-01T08:00:00Z")
    const local = await startTestServer({ ...env, FIELDREPORT_ACCESS_TOKEN_TTL: "7 days" }, undefined, {
      clock: time.clock,
    })
    try {
      const admin = await local.login(adminEmail, adminPassword)
      const inviter = await createMember(local, admin, "Ivy", "Ash")
      const team = await createTeam(local, inviter, "Reef care")
      const channel = await createChannel(local, inviter, team, "Reef")
      const jo = await createMember(local, admin, "Jo", "King")
      const invite = async () => {
        const answer = await addUsers(
          local,
          inviter.token,
          team,
          [{ user_id: jo.id, role: "viewer", send_email: true }],
          [channel.id],
        )
        expect(answer.status).toBe(200)
        await runJobs(local)
      }
      const invitedAt = async () => {
        const answer = await local.request("GET", `/api/v4/teams/${team}/team_users?user_ids=${jo.id}`, {
          token: admin,
        })
        expect(answer.body[0].agreed_to_join).toBe(false)
        return answer.body[0].last_invited_at
      }

      await invite()
      expect(mails(local.dataDir)).toHaveLength(1)
      expect(await invitedAt()).toBe("2030-03-01T08:00:00.000Z")

      // Asking again and again within the day sends nothing more.
      time.set("2030-03-01T20:00:00Z")
      await invite()
      await invite()
      expect(mails(local.dataDir)).toHaveLength(1)
      expect(await invitedAt()).toBe("2030-03-01T08:00:00.000Z")

      time.set("2030-03-02T09:00:00Z")
      await invite()
      const sent = mails(local.dataDir)
      expect(sent).toHaveLength(2)
      expect(sent.at(-1)).toMatch(/^To: Jo King <jo\.king@example\.com>\r?$/m)
      expect(await invitedAt()).toBe("2030-03-02T09:00:00.000Z")
    } finally {
      await local.close()
    }
  })
})

describe("invitations through FIELDREPORT_SMTP_URL", () => {
  it("sends the invitation to the mail server instead of writing a file", async () => {
    const mailServer = await startMailServer()
    const smtpServer = await startTestServer({
      ...env,
      FIELDREPORT_SMTP_URL: `smtp://127.0.0.1:${mailServer.port}`,
    })
    try {
      const admin = await smtpServer.login(adminEmail, adminPassword)
      const owner = await createMember(smtpServer, admin, "Kay", "Low")
      const guest = await createMember(smtpServer, admin, "Lee", "Marsh")
      const smtpTeam = await createTeam(smtpServer, owner, "Mail room")
      const channel = await createChannel(smtpServer, owner, smtpTeam, "Post")
      const answer = await addUsers(
        smtpServer,
        owner.token,
        smtpTeam,
        [{ user_id: guest.id, role: "viewer", send_email: true }],
        [channel.id],
      )
      expect(answer.status).toBe(200)
      await runJobs(smtpServer)
      expect(mailServer.received).toHaveLength(1)
      expect(mailServer.received[0]?.recipients).toEqual(["lee.marsh@example.com"])
      expect(mailServer.received[0]?.data).toMatch(/^Subject: Kay Low invited you to join Mail room\r?$/m)
      expect(mails(smtpServer.dataDir)).toEqual([])
    } finally {
      await smtpServer.close()
      await mailServer.close()
    }
  })
})
