/**
 * Invitations by e-mail address through HTTP: a team's managers (and the app's administrators)
 * invite an address without an account, which is mailed a link whose token reads the invitation
 * and accepts it once, within a week, making the account, joining the team with the invited roles
 * and signing in. An address with an account is invited as a team user instead. Pending
 * invitations are listed for the managers, sent again at most once a day and withdrawn; the team's
 * other users and outsiders are refused; API tokens never read or accept.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { manualClock } from "../../src/seed/ManualClock.ts"
import { mailsOf, tokenIn } from "../support/Mails.ts"
import { runJobs } from "../support/Members.ts"
import { createPerson, joinTeam, type Person } from "../support/People.ts"
import {
  adminEmail,
  adminPassword,
  bundleId,
  startTestServer,
  type TestServer,
} from "../support/TestServer.ts"
import { type ChannelInfo, createChannel, createTeam, makeAppAdministrator } from "../support/World.ts"

const start = "2030-06-01T08:00:00Z"
const time = manualClock(start)
const personPassword = "person-password-1"
const password = "kereru over the ridge"
let server: TestServer
let adminToken: string
let owner: Person
let manager: Person
let member: Person
let outsider: Person
let teamId: number
let channel: ChannelInfo
let otherChannel: ChannelInfo

let lastAddress = 0
const newAddress = () => `198.51.100.${++lastAddress}`

beforeAll(async () => {
  server = await startTestServer({ FIELDREPORT_JOB_WORKERS: "0" }, undefined, { clock: time.clock })
  adminToken = await server.login(adminEmail, adminPassword)
  owner = await createPerson(server, "inv-owner@example.com")
  manager = await createPerson(server, "inv-manager@example.com")
  member = await createPerson(server, "inv-member@example.com")
  outsider = await createPerson(server, "inv-outsider@example.com")
  teamId = await createTeam(server, owner, "River care")
  channel = await createChannel(server, owner, teamId, "Banks")
  await joinTeam(server, teamId, manager, "manager")
  await joinTeam(server, teamId, member, "team_member")
  const outsiderTeam = await createTeam(server, outsider, "Elsewhere")
  otherChannel = await createChannel(server, outsider, outsiderTeam, "Not here")
}, 60_000)
afterAll(() => server.close())

// Each test starts with no pending invitation, and its e-mails sent.
afterEach(async () => {
  const left = await server.request("GET", `/api/v4/teams/${teamId}/invitations`, { token: owner.token })
  for (const { id } of left.body)
    await server.request("DELETE", `/api/v4/teams/${teamId}/invitations/${id}`, { token: owner.token })
  await runJobs(server)
})

const invite = (token: string, invitation: Record<string, unknown>, team = teamId) =>
  server.request("POST", `/api/v4/teams/${team}/invitations`, {
    token,
    body: { invitation },
    headers: { "X-Forwarded-For": newAddress() },
  })

const lookUp = (token: unknown, options: { readonly credential?: string } = {}) =>
  server.request("POST", "/api/v4/team_invitations/lookup", {
    body: { token },
    ...(options.credential === undefined ? {} : { token: options.credential }),
  })

const accept = (body: Record<string, unknown>, options: { readonly credential?: string } = {}) =>
  server.request("POST", "/api/v4/team_invitations/accept", {
    body: { first_name: "Ana", last_name: "Newcomer", password, ...body },
    headers: { "X-Forwarded-For": newAddress() },
    ...(options.credential === undefined ? {} : { token: options.credential }),
  })

const pending = (token: string) => server.request("GET", `/api/v4/teams/${teamId}/invitations`, { token })

/** Runs the jobs and answers the token of the latest e-mail to the address. */
const linkSentTo = async (email: string) => {
  await runJobs(server)
  const mail = mailsOf(server.dataDir).findLast((text) => text.includes(`To: ${email}`))
  if (mail === undefined) throw new Error(`no e-mail to ${email}`)
  return { mail, token: tokenIn(mail, "accept-invitation") }
}

/** Logs a test person in again (after the clock moved past their token's day). */
const relogin = (person: Person) => server.login(person.email, personPassword)

describe("inviting an address without an account", () => {
  it("mails a link whose token reads the invitation and accepts it: the account joins the team, signed in", async () => {
    const before = mailsOf(server.dataDir).length
    const answer = await invite(manager.token, {
      email: "Ana@Example.net",
      team_role: "manager",
      channel_role: "operator",
      channel_ids: [channel.id],
    })
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({
      email: "ana@example.net",
      invitation_id: answer.body.invitation_id,
      team_user_id: null,
    })
    expect(mailsOf(server.dataDir)).toHaveLength(before)
    const { mail, token } = await linkSentTo("ana@example.net")
    expect(mailsOf(server.dataDir)).toHaveLength(before + 1)
    expect(mail).toMatch(/^Subject: inv-manager Tester invited you to join River care\r?$/m)
    expect(token).toMatch(/^fri_[A-Za-z0-9_-]{43}$/)
    expect(mail).toContain(`${server.url}/admin/#/accept-invitation?token=${token}`)

    const listed = await pending(manager.token)
    expect(listed.status).toBe(200)
    expect(listed.body).toEqual([
      {
        id: answer.body.invitation_id,
        email: "ana@example.net",
        team_role: "manager",
        channel_role: "operator",
        channel_ids: [channel.id],
        inviter_id: manager.id,
        last_invited_at: "2030-06-01T08:00:00.000Z",
        expires_at: "2030-06-08T08:00:00.000Z",
      },
    ])

    const found = await lookUp(token)
    expect(found.status).toBe(200)
    expect(found.body).toEqual({
      team_name: "River care",
      inviter_name: "inv-manager Tester",
      email: "ana@example.net",
    })

    const weak = await accept({ token, password: "ana@example.net" })
    expect(weak.status).toBe(422)
    expect(Object.keys(weak.body.errors)).toEqual(["password"])
    const blank = await accept({ token, first_name: " ", last_name: undefined })
    expect(Object.keys(blank.body.errors).sort()).toEqual(["first_name", "last_name"])

    const accepted = await accept({ token })
    expect(accepted.status).toBe(201)
    expect(accepted.body.session).toMatchObject({ app_bundle_id: bundleId })
    const session = accepted.body.session.access_token as string
    const me = await server.request("GET", "/api/v4/users/me", { token: session })
    expect(me.body).toMatchObject({ email: "ana@example.net", first_name: "Ana", last_name: "Newcomer" })
    expect(accepted.body.session.profile.preferred_team_id).toBe(teamId)
    const teams = await server.request("GET", "/api/v4/teams?fields=is_manager_of", { token: session })
    expect(teams.body).toEqual([expect.objectContaining({ id: teamId, is_manager_of: true })])
    expect((await server.request("GET", `/api/v4/channels/${channel.id}`, { token: session })).status).toBe(
      200,
    )
    const members = await server.request(
      "GET",
      `/api/v4/teams/${teamId}/team_users?user_ids[]=${me.body.id}&fields=channel_count,status`,
      { token: owner.token },
    )
    expect(members.body).toEqual([
      expect.objectContaining({ agreed_to_join: true, role: "manager", status: "active", channel_count: 1 }),
    ])
    // The address is verified: the e-mail reached its owner.
    expect(
      (
        await server.request("POST", "/api/v4/teams", {
          token: session,
          headers: { "X-AppId": bundleId },
          body: { team: { name: "Ana's team", industry: "Farming", location: "Otago" } },
        })
      ).status,
    ).toBe(201)
    expect(await server.login("ana@example.net", password)).toMatch(/^fra_/)

    // Once: the token, the look-up and the list are done with it.
    const again = await accept({ token })
    expect(again.status).toBe(422)
    expect(again.body.errors).toEqual({
      token: ["is not a valid invitation token, or it was used, withdrawn or expired"],
    })
    expect((await lookUp(token)).status).toBe(422)
    expect((await pending(manager.token)).body).toEqual([])

    const events = await server.request(
      "GET",
      `/api/v4/audit_events?team_id=${teamId}&kind=team_invitation.invited,team_invitation.accepted`,
      {
        token: adminToken,
      },
    )
    expect(events.body.map((event: { kind: string }) => event.kind)).toEqual([
      "team_invitation.accepted",
      "team_invitation.invited",
    ])
    expect(events.body[0]).toMatchObject({
      actor_id: me.body.id,
      target_type: "team_invitation",
      target_id: String(answer.body.invitation_id),
      detail: { user_id: me.body.id, team_role: "manager", channel_ids: String(channel.id) },
    })
    expect(events.body[1]).toMatchObject({
      actor_id: manager.id,
      detail: { email: "ana@example.net", mailed: true },
    })
  })

  it("refuses a token that is expired, unknown or missing (422), and API tokens (403)", async () => {
    await invite(owner.token, { email: "late@example.net" })
    const { token } = await linkSentTo("late@example.net")
    time.set("2030-06-08T08:00:00Z")
    const expiredLookUp = await lookUp(token)
    const expiredAccept = await accept({ token })
    time.set(start)
    expect(expiredLookUp.status).toBe(422)
    expect(expiredAccept.status).toBe(422)
    expect(Object.keys(expiredAccept.body.errors)).toEqual(["token"])
    expect(await server.login("late@example.net", password).catch(() => "refused")).toBe("refused")

    expect((await lookUp("fri_unknown")).status).toBe(422)
    expect((await accept({ token: "fri_unknown" })).status).toBe(422)
    const missing = await lookUp(undefined)
    expect(missing.status).toBe(422)
    expect(Object.keys(missing.body.errors)).toEqual(["token"])

    const apiToken = (
      await server.request("POST", `/api/v4/admin/users/${owner.id}/api_tokens`, {
        token: adminToken,
        body: { api_token: { name: "Integration" } },
      })
    ).body.token
    expect((await lookUp(token, { credential: apiToken })).status).toBe(403)
    expect((await accept({ token }, { credential: apiToken })).status).toBe(403)
  })

  it("makes one pending invitation of an address invited twice at once", async () => {
    const answers = await Promise.all([
      invite(owner.token, { email: "twice@example.net" }),
      invite(manager.token, { email: "Twice@example.net", team_role: "manager" }),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201])
    expect(answers[0]?.body.invitation_id).toBe(answers[1]?.body.invitation_id)
    expect((await pending(owner.token)).body.map((row: { email: string }) => row.email)).toEqual([
      "twice@example.net",
    ])
  })

  it("refuses an invitation whose address has an account by now (422), making no second account", async () => {
    await invite(owner.token, { email: "ivy@example.net" })
    const { token } = await linkSentTo("ivy@example.net")
    const ivy = await createPerson(server, "ivy@example.net")
    const refused = await accept({ token })
    expect(refused.status).toBe(422)
    expect(refused.body.errors.token[0]).toMatch(/has an account now: sign in/)
    expect((await server.request("GET", "/api/v4/users/me", { token: ivy.token })).body.first_name).toBe(
      "ivy",
    )
    expect((await pending(owner.token)).body.map((row: { email: string }) => row.email)).toEqual([
      "ivy@example.net",
    ])
  })

  it("refuses a channel of another team (422) and fields at fault", async () => {
    const outside = await invite(owner.token, {
      email: "cara@example.net",
      channel_ids: [channel.id, otherChannel.id],
    })
    expect(outside.status).toBe(422)
    expect(outside.body.errors).toEqual({ "invitation.channel_ids.1": ["is not a channel of this team"] })
    const tooMany = await invite(owner.token, {
      email: "cara@example.net",
      channel_ids: Array.from({ length: 501 }, () => channel.id),
    })
    expect(tooMany.status).toBe(422)
    expect(tooMany.body.errors).toEqual({ "invitation.channel_ids": ["must hold at most 500 channels"] })
    const wrong = await invite(owner.token, { email: "nope", team_role: "owner", channel_role: "boss" })
    expect(wrong.status).toBe(422)
    expect(Object.keys(wrong.body.errors).sort()).toEqual([
      "invitation.channel_role",
      "invitation.email",
      "invitation.team_role",
    ])
    expect((await pending(owner.token)).body).toEqual([])
  })
})

describe("who may invite", () => {
  it("is the team's managers and owner and the app's administrators; other users 403, outsiders 404", async () => {
    expect((await invite(member.token, { email: "dan@example.net" })).status).toBe(403)
    expect((await invite(outsider.token, { email: "dan@example.net" })).status).toBe(404)
    expect((await pending(member.token)).status).toBe(403)
    expect((await pending(outsider.token)).status).toBe(404)
    const appAdmin = await createPerson(server, "inv-app-admin@example.com")
    await makeAppAdministrator(server, appAdmin)
    expect((await invite(appAdmin.token, { email: "dan@example.net" })).status).toBe(201)
    expect((await invite(adminToken, { email: "eve@example.net" })).status).toBe(201)
    const listed = await pending(appAdmin.token)
    expect(listed.body.map((row: { email: string }) => row.email)).toEqual([
      "dan@example.net",
      "eve@example.net",
    ])
    expect(listed.headers.get("content-range")).toBe("team_invitations 0-1/2")
    const id = listed.body[0].id
    expect(
      (
        await server.request("POST", `/api/v4/teams/${teamId}/invitations/${id}/resend`, {
          token: member.token,
        })
      ).status,
    ).toBe(403)
    expect(
      (await server.request("DELETE", `/api/v4/teams/${teamId}/invitations/${id}`, { token: member.token }))
        .status,
    ).toBe(403)
    expect(
      (await server.request("DELETE", `/api/v4/teams/${teamId}/invitations/${id}`, { token: outsider.token }))
        .status,
    ).toBe(404)
    for (const row of listed.body)
      expect(
        (
          await server.request("DELETE", `/api/v4/teams/${teamId}/invitations/${row.id}`, {
            token: owner.token,
          })
        ).status,
      ).toBe(204)
    await runJobs(server)
  })
})

describe("sending again and withdrawing", () => {
  it("sends a pending invitation again at most once a day, with a new link; the old one stops working", async () => {
    const first = await invite(owner.token, { email: "fay@example.net" })
    const id = first.body.invitation_id
    const { token: firstToken } = await linkSentTo("fay@example.net")
    const resend = (token: string) =>
      server.request("POST", `/api/v4/teams/${teamId}/invitations/${id}/resend`, {
        token,
        headers: { "X-Forwarded-For": newAddress() },
      })
    const early = await resend(owner.token)
    expect(early.status).toBe(429)
    expect(Number(early.headers.get("retry-after"))).toBe(24 * 60 * 60)
    // Inviting the address again within the day changes its terms, and mails nothing.
    const sent = mailsOf(server.dataDir).length
    const changed = await invite(manager.token, { email: "fay@example.net", team_role: "manager" })
    expect(changed.status).toBe(200)
    expect(changed.body).toEqual({ email: "fay@example.net", invitation_id: id, team_user_id: null })
    await runJobs(server)
    expect(mailsOf(server.dataDir)).toHaveLength(sent)

    time.set("2030-06-02T08:00:00Z")
    const owned = await relogin(owner)
    const resent = await resend(owned)
    expect(resent.status).toBe(200)
    expect(resent.body).toMatchObject({
      id,
      team_role: "manager",
      last_invited_at: "2030-06-02T08:00:00.000Z",
      expires_at: "2030-06-09T08:00:00.000Z",
    })
    const { token: secondToken } = await linkSentTo("fay@example.net")
    expect(secondToken).not.toBe(firstToken)
    expect((await lookUp(firstToken)).status).toBe(422)
    expect((await lookUp(secondToken)).status).toBe(200)
    const events = await server.request(
      "GET",
      `/api/v4/audit_events?team_id=${teamId}&kind=team_invitation.resent`,
      {
        token: await server.login(adminEmail, adminPassword),
      },
    )
    expect(events.body[0]).toMatchObject({ actor_id: owner.id, target_id: String(id) })

    // Withdrawn, its link stops working and it is gone.
    const withdraw = () =>
      server.request("DELETE", `/api/v4/teams/${teamId}/invitations/${id}`, { token: owned })
    expect((await withdraw()).status).toBe(204)
    expect((await lookUp(secondToken)).status).toBe(422)
    expect((await accept({ token: secondToken })).status).toBe(422)
    expect((await withdraw()).status).toBe(404)
    expect((await resend(owned)).status).toBe(404)
    time.set(start)
  })

  it("counts with the other account e-mails: 3 an hour per address", async () => {
    for (let attempt = 0; attempt < 2; attempt++)
      expect((await invite(owner.token, { email: "gus@example.net" })).status).toBe(attempt === 0 ? 201 : 200)
    await server.request("POST", "/api/v4/reset_passwords/request_token", {
      body: { email: "gus@example.net" },
    })
    const refused = await invite(owner.token, { email: "gus@example.net" })
    expect(refused.status).toBe(429)
    expect(refused.headers.get("retry-after")).not.toBeNull()
    await runJobs(server)
  })
})

describe("the throttle", () => {
  it("counts an inviter's invitations, 100 an hour, not their client address's", async () => {
    const lead = await createPerson(server, "inv-crew-lead@example.com")
    await joinTeam(server, teamId, lead, "manager")
    // A crew invited at once from one office, past the 20 an hour of an address asking anonymously.
    const office = newAddress()
    const inviteFromOffice = (person: Person, email: string) =>
      server.request("POST", `/api/v4/teams/${teamId}/invitations`, {
        token: person.token,
        body: { invitation: { email } },
        headers: { "X-Forwarded-For": office },
      })
    for (let n = 1; n <= 100; n++)
      expect((await inviteFromOffice(lead, `crew-${n}@example.net`)).status).toBe(201)
    const refused = await inviteFromOffice(lead, "crew-101@example.net")
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get("retry-after"))).toBe(60 * 60)
    // Another manager at the office has a count of their own, and the office still has its 20
    // anonymous requests: the invitations took none of them.
    expect((await inviteFromOffice(manager, "crew-101@example.net")).status).toBe(201)
    const reset = await server.request("POST", "/api/v4/reset_passwords/request_token", {
      body: { email: "someone@example.net" },
      headers: { "X-Forwarded-For": office },
    })
    expect(reset.status).toBe(200)
  })
})

describe("inviting an address with an account", () => {
  it("invites the user as a team user, with the invited team role, and mails the team user invitation", async () => {
    const hal = await createPerson(server, "hal@example.com")
    const answer = await invite(manager.token, {
      email: "HAL@example.com",
      team_role: "manager",
      channel_role: "viewer",
      channel_ids: [channel.id],
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      email: "hal@example.com",
      invitation_id: null,
      team_user_id: answer.body.team_user_id,
    })
    const invited = await server.request(
      "GET",
      `/api/v4/teams/${teamId}/team_users/${answer.body.team_user_id}?fields=status`,
      {
        token: owner.token,
      },
    )
    expect(invited.body).toMatchObject({
      agreed_to_join: false,
      role: "manager",
      user_id: hal.id,
      status: "invited",
    })
    await runJobs(server)
    const mail = mailsOf(server.dataDir).findLast((text) => text.includes("To: hal Tester <hal@example.com>"))
    expect(mail).toMatch(/invited you to join River care/)
    expect(mail).not.toContain("accept-invitation")
    expect((await pending(owner.token)).body.map((row: { email: string }) => row.email)).not.toContain(
      "hal@example.com",
    )
  })
})
