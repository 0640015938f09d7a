/**
 * OWASP API3:2023 Broken Object Property Level Authorization. Writing: the properties no client may
 * set (ids, owners, authors, timestamps, a user's administration) are ignored wherever a body
 * carries them. Reading: no answer of any read of the OpenAPI document carries a secret (a password
 * or its hash, a token's digest, a storage key, a signing secret), and the reporter of an anonymous
 * report is in none of the answers about it: the report with every field, the search results, the
 * notifications it caused, the analytics (docs/api.md, Reading a report).
 * `test/http/reports.test.ts` shows the same for a report's default and user fields on create and
 * fetch; this file covers the other bodies and answers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as Document from "../../src/openapi/Document.ts"
import { runJobs } from "../support/Members.ts"
import type { Person } from "../support/People.ts"
import { awaitSearch } from "../support/Searches.ts"
import {
  adminEmail,
  adminPassword,
  bundleId,
  startTestServer,
  type TestServer,
} from "../support/TestServer.ts"
import { buildWorld, type World } from "../support/World.ts"

let server: TestServer
let world: World
let admin: string

beforeAll(async () => {
  server = await startTestServer()
  world = await buildWorld(server, "props")
  admin = await server.login(adminEmail, adminPassword)
})
afterAll(() => server.close())

const post = async (person: Person, path: string, body: unknown) => {
  const answer = await server.request("POST", path, { token: person.token, body })
  expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300)
  return answer.body
}

/** Every key of a JSON value, at any depth. */
const keysOf = (value: unknown): ReadonlyArray<string> =>
  Array.isArray(value)
    ? value.flatMap(keysOf)
    : typeof value === "object" && value !== null
      ? Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)])
      : []

describe("properties no client may write", () => {
  it("are ignored on a user's own profile: administration, e-mail, deactivation", async () => {
    const answer = await server.request("PATCH", "/api/v4/users/me", {
      token: world.member.token,
      body: {
        user: { first_name: "Mia", admin: true, email: "admin@example.com", deactivated: true, id: 1 },
      },
    })
    expect(answer.status).toBeLessThan(300)
    const me = await server.request("GET", "/api/v4/users/me", { token: world.member.token })
    expect(me.body).toMatchObject({ id: world.member.id, email: world.member.email, first_name: "Mia" })
    expect((await server.request("GET", "/api/v4/admin/users", { token: world.member.token })).status).toBe(
      403,
    )
  })

  it("are ignored on a task: its creator, completion and team", async () => {
    const report = await post(world.reporter, "/api/v4/reports", {
      report: { account_id: world.channel.id, address: "Quay St" },
    })
    const task = await post(world.owner, "/api/v4/tasks", {
      task: {
        uuid: crypto.randomUUID(),
        client_created_at: "2024-05-01T09:30:00Z",
        title: "Inspect",
        description: "Look",
        assignee_id: world.member.id,
        report_id: report.id,
        creator_id: world.manager.id,
        completed_by_id: world.manager.id,
        completed_at: "2024-05-01T10:00:00Z",
        team_id: world.outsiderTeamId,
      },
    })
    const read = await server.request("GET", `/api/v4/tasks/${task.uuid}?fields=creator_id,completed_by_id`, {
      token: world.member.token,
    })
    expect(read.body).toMatchObject({
      creator_id: world.owner.id,
      completed_by_id: null,
      completed_at: null,
    })
  })

  it("are ignored on comments and alert areas: their author and owner", async () => {
    const report = await post(world.reporter, "/api/v4/reports", {
      report: { account_id: world.channel.id, address: "Quay St" },
    })
    const note = await post(world.operator, `/api/v4/reports/${report.id}/note_comments`, {
      note_comment: { comment: "Seen", user_id: world.owner.id, id: 1 },
    })
    expect(note.user_id).toBe(world.operator.id)
    const comment = await post(world.viewer, "/api/v4/report_comments", {
      report_comment: { report_id: report.id, content: "Me too", user_id: world.owner.id },
    })
    expect(comment.user_id).toBe(world.viewer.id)
    const area = await post(world.viewer, "/api/v4/alert_areas", {
      alert_area: { area: "POINT(174.7 -41.3)", radius: 100, user_id: world.owner.id },
    })
    expect(
      (await server.request("GET", `/api/v4/alert_areas/${area.id}`, { token: world.viewer.token })).status,
    ).toBe(200)
    expect(
      (await server.request("GET", `/api/v4/alert_areas/${area.id}`, { token: world.owner.token })).status,
    ).toBe(404)
  })

  it("are ignored on a new team and channel: the creator owns them, in the app of the request", async () => {
    const team = await post(world.outsider, "/api/v4/teams", {
      team: { name: "Mine", owner_id: world.owner.id, branded_app_id: 99, id: world.teamId },
    })
    expect(team.id).not.toBe(world.teamId)
    const users = await server.request("GET", `/api/v4/teams/${team.id}/team_users`, {
      token: world.outsider.token,
    })
    expect(users.body.map((user: { user_id: number; role: string }) => [user.user_id, user.role])).toEqual([
      [world.outsider.id, "owner"],
    ])
  })
})

describe("properties no client may read", () => {
  const secret = /password|hash|digest|secret|storage_key|refresh_token|lease/i

  it("are in no answer of any read of the document", async () => {
    const reads = Object.entries(Document.make().paths)
      .filter(([, item]) => item.get !== undefined)
      .map(([path]) => path.replace(/\{[^}]+\}/g, "1"))
    expect(reads.length).toBeGreaterThan(40)
    const found: Array<string> = []
    for (const path of reads) {
      for (const token of [admin, world.owner.token]) {
        const answer = await server.request("GET", path, { token, headers: { "X-AppId": bundleId } })
        if (path.endsWith("openapi.json")) continue
        for (const key of keysOf(answer.body)) if (secret.test(key)) found.push(`${path}: ${key}`)
      }
    }
    expect(found).toEqual([])
  })
})

describe("the reporter of an anonymous report", () => {
  it("is in none of the answers about it, to staff, followers and analytics alike", async () => {
    await server.request("PATCH", `/api/v4/channel_selections/${world.channel.id}`, {
      token: world.owner.token,
      body: { channel_selection: { follow: true } },
    })
    // The operator has filed nothing else, so any mention of them would be of this report.
    const reporter = world.operator
    const report = await post(reporter, "/api/v4/reports", {
      report: { account_id: world.channel.id, address: "Quay St", is_anonymous: true },
    })
    await runJobs(server)
    // The reader opens it, so users_opened has someone in it; the reporter is not named anywhere.
    const every =
      "account_logo,account_name,form_fields,is_manageable_by,map_url,note_comments,report_comments,report_state_name,user_image,user_short_name,assignee_id,users_opened,uuid,updated_at,appearance,cache_key"
    const search = await server.request("GET", `/api/v4/reports/search?filter[id][id_array]=${report.id}`, {
      token: world.owner.token,
    })
    await awaitSearch(server, world.owner, `/api/v4/report_searches/${search.body.id}`)
    const year = new Date().getUTCFullYear()
    const range = `channel_id=${world.channel.id}&start_date=${year - 1}-01-01T00:00:00Z&end_date=${year + 1}-01-01T00:00:00Z`
    const answers = [
      await server.request("GET", `/api/v4/reports/${report.id}?fields=${every}`, {
        token: world.owner.token,
      }),
      await server.request("GET", `/api/v4/reports/${report.id}?fields=${every}`, {
        token: world.reporter.token,
      }),
      await server.request("GET", `/api/v4/report_searches/${search.body.id}/reports?fields=${every}`, {
        token: world.owner.token,
      }),
      await server.request("GET", `/api/v4/report_searches/${search.body.id}`, { token: world.owner.token }),
      await server.request("GET", "/api/v4/notifications?fields=report", { token: world.owner.token }),
      await server.request("GET", `/api/v4/analytics/reports_per_user?${range}`, {
        token: world.owner.token,
      }),
    ]
    for (const answer of answers) {
      expect(answer.status).toBe(200)
      const text = JSON.stringify(answer.body)
      expect(text).not.toContain(reporter.email)
      expect(text).not.toContain(reporter.email.split("@")[0])
      expect(text).not.toMatch(new RegExp(`"user_id":${reporter.id}\\b`))
    }
    const awareness = await server.request(
      "GET",
      `/api/v4/analytics/user_awareness?${range}&fields=alert_source_reports`,
      {
        token: world.owner.token,
      },
    )
    const reporterRow = awareness.body.find(
      (row: { user_id?: number; id?: number }) => (row.user_id ?? row.id) === reporter.id,
    )
    expect(reporterRow?.alert_source_reports ?? 0).toBe(0)
  })
})
