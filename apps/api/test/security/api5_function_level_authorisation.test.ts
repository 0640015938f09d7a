/**
 * OWASP API5:2023 Broken Function Level Authorization: the roles of docs/security.md as one matrix.
 * Each privileged function is called by a person in every team and channel role (and by an invited
 * user who has not accepted, a user of another team, and an administrator of the app who is in no
 * team); exactly the roles the table names succeed, everyone else is refused with 403 (or 404/422
 * where they may not even see the object), never a 2xx or a 5xx. The per-resource tests in
 * `test/http` show each rule in detail; this file shows that no role slips through any of them.
 * Platform administration is shown in `test/http/admin.test.ts` ("answers 403 to a user who is not
 * a platform administrator, on every call").
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createPerson, type Person } from "../support/People.ts"
import {
  type Answer,
  adminEmail,
  adminPassword,
  bundleId,
  startTestServer,
  type TestServer,
} from "../support/TestServer.ts"
import { buildWorld, makeAppAdministrator, type World } from "../support/World.ts"

type Role =
  | "owner"
  | "manager"
  | "member"
  | "operator"
  | "reporter"
  | "viewer"
  | "invited"
  | "outsider"
  | "appAdmin"
const roles: ReadonlyArray<Role> = [
  "owner",
  "manager",
  "member",
  "operator",
  "reporter",
  "viewer",
  "invited",
  "outsider",
  "appAdmin",
]

let server: TestServer
let world: World
/** An administrator of the app, in no team. */
let appAdmin: Person
/** A report the reporter filed. */
let reportId: number
let states: Record<string, number>
let taskUuid: string
/** A report search the owner started, and an export of it. */
let ownersSearchId: number
let ownersExportId: number

beforeAll(async () => {
  server = await startTestServer()
  world = await buildWorld(server, "roles")
  appAdmin = await createPerson(server, "roles-app-admin@example.com")
  await makeAppAdministrator(server, appAdmin)
  const report = await server.request("POST", "/api/v4/reports", {
    token: world.reporter.token,
    body: { report: { account_id: world.channel.id, address: "Quay St" } },
  })
  reportId = report.body.id
  const listed = await server.request("GET", `/api/v4/report_states?channel_id=${world.channel.id}`, {
    token: world.owner.token,
  })
  states = Object.fromEntries(
    listed.body.map((state: { id: number; name: string }) => [state.name, state.id]),
  )
  // A task the operator made for the reporter: the member is neither its creator nor its assignee.
  const task = await server.request("POST", "/api/v4/tasks", {
    token: world.operator.token,
    body: {
      task: {
        uuid: crypto.randomUUID(),
        client_created_at: "2024-05-01T09:30:00Z",
        title: "Inspect",
        description: "Look",
        assignee_id: world.reporter.id,
        report_id: reportId,
      },
    },
  })
  expect(task.status).toBe(201)
  taskUuid = task.body.uuid
  const search = await server.request("GET", "/api/v4/reports/search", { token: world.owner.token })
  expect(search.status).toBe(200)
  ownersSearchId = search.body.id
  const exporting = await server.request("POST", "/api/v4/report_exports", {
    token: world.owner.token,
    body: { report_export: { report_search_id: ownersSearchId, format: "csv" } },
  })
  expect(exporting.status).toBe(202)
  ownersExportId = exporting.body.id
})
afterAll(() => server.close())

/** A function and who may call it. */
interface Rule {
  readonly name: string
  readonly allowed: ReadonlyArray<Role>
  /** Who calls it: every role unless named. */
  readonly callers?: ReadonlyArray<Role>
  readonly call: (person: Person) => Promise<Answer>
}

const rules = (): ReadonlyArray<Rule> => {
  const request =
    (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    (person: Person) =>
      server.request(method, path, { token: person.token, headers, ...(body === undefined ? {} : { body }) })
  const channel = world.channel.id
  return [
    {
      name: "file a report in the channel",
      allowed: ["owner", "operator", "reporter"],
      call: request("POST", "/api/v4/reports", { report: { account_id: channel, address: "Wharf" } }),
    },
    {
      name: "edit another's report",
      allowed: ["owner", "operator", "reporter"],
      call: (person) =>
        // The reporter is the report's own reporter: they may edit it, any other reporter may not.
        request("PATCH", `/api/v4/reports/${reportId}`, { report: { address: `Edited by ${person.email}` } })(
          person,
        ),
    },
    {
      name: "delete a report the reporter filed",
      // Its reporter (the reporter), and the channel's operators and admins (the owner made it).
      allowed: ["owner", "operator", "reporter"],
      call: async (person) => {
        const filed = await request("POST", "/api/v4/reports", {
          report: { account_id: channel, address: "Jetty" },
        })(world.reporter)
        return request("DELETE", `/api/v4/reports/${filed.body.id}`)(person)
      },
    },
    {
      name: "change a report's state",
      allowed: ["owner", "operator"],
      call: async (person) => {
        const answer = await request("PATCH", `/api/v4/reports/${reportId}`, {
          report: { report_state_id: states["In progress"] },
        })(person)
        // Back to New for the next caller, as the channel's admin.
        await request("PATCH", `/api/v4/reports/${reportId}`, { report: { report_state_id: states.New } })(
          world.owner,
        )
        return answer
      },
    },
    {
      name: "replace the channel's form",
      allowed: ["owner"],
      call: request("PUT", `/api/v4/channels/${channel}/form`, {
        form: { name: "Hazards", fields: [{ label: "Category", field_type: "Category" }] },
      }),
    },
    {
      name: "add a category",
      allowed: ["owner"],
      call: request("POST", `/api/v4/channels/${channel}/categories`, {
        category: { name: "Oil", pin_color: "#3a7d44" },
      }),
    },
    {
      name: "add a report state",
      allowed: ["owner"],
      call: request("POST", "/api/v4/report_states", {
        report_state: { channel_id: channel, name: "Checked" },
      }),
    },
    {
      name: "rename the channel",
      allowed: ["owner"],
      call: request("PATCH", `/api/v4/channels/${channel}`, { channel: { name: "Cleaner streams" } }),
    },
    {
      name: "create a channel in the team",
      allowed: ["owner", "manager"],
      call: request("POST", "/api/v4/channels", { channel: { name: "Another", team_id: world.teamId } }),
    },
    {
      name: "add users to the team's channels",
      // The team's managers invite; the app's administrators add directly, in the team or not.
      allowed: ["owner", "manager", "appAdmin"],
      call: request("POST", `/api/v4/teams/${world.teamId}/add_users_to_team_channels`, {
        users: [{ user_id: world.viewer.id, role: "viewer", send_email: false }],
        channels: [{ name: "Cleaner streams", id: channel, isSelected: true }],
      }),
    },
    {
      name: "update the team",
      allowed: ["owner", "manager"],
      call: request("PATCH", `/api/v4/teams/${world.teamId}`, { team: { name: "River care" } }),
    },
    {
      name: "switch the team's tasks",
      allowed: ["owner"],
      call: request("PATCH", `/api/v4/teams/${world.teamId}`, { team: { feature_tasks_enabled: true } }),
    },
    {
      name: "hand the team's ownership over",
      // The owner may (shown in test/http/teams.test.ts); here, that nobody else may.
      allowed: [],
      callers: roles.filter((role) => role !== "owner"),
      call: (person) =>
        request("PATCH", `/api/v4/teams/${world.teamId}`, {
          team: { is_owner_change: true, user_id: person.id },
        })(person),
    },
    {
      name: "complete another's task",
      // The creator (operator), the assignee (reporter) and the team's managers and owner.
      allowed: ["owner", "manager", "operator", "reporter"],
      call: request(
        "PATCH",
        `/api/v4/tasks/${taskUuid}`,
        { task: { completed: false } },
        { "X-TeamId": String(world.teamId) },
      ),
    },
    {
      // The team's owner reads its audit events, and so does the app's administrator (every team of
      // the app); an outsider is told nothing (404), everyone else is refused.
      name: "read the team's audit events",
      allowed: ["owner", "appAdmin"],
      call: request("GET", `/api/v4/audit_events?team_id=${world.teamId}`),
    },
    {
      // Shapes are the app's: no team role manages them, not even owning a team (anyone may make one).
      name: "create a shape of the app",
      allowed: ["appAdmin"],
      call: request(
        "POST",
        "/api/v4/shapes",
        { shape: { geom: "POLYGON((174 -41, 175 -41, 175 -42, 174 -42, 174 -41))" } },
        { "X-AppId": bundleId },
      ),
    },
    {
      name: "create shapes of the app in bulk",
      allowed: ["appAdmin"],
      call: request(
        "POST",
        "/api/v4/shapes/bulk_create",
        [{ geom: "POLYGON((174 -41, 175 -41, 175 -42, 174 -42, 174 -41))" }],
        { "X-AppId": bundleId },
      ),
    },
    {
      name: "delete a shape of the app",
      allowed: ["appAdmin"],
      call: async (person) => {
        const app = { "X-AppId": bundleId }
        const shape = await request(
          "POST",
          "/api/v4/shapes",
          { shape: { geom: "POINT (174.5 -41.5)" } },
          app,
        )(appAdmin)
        expect(shape.status).toBe(201)
        return request("DELETE", `/api/v4/shapes/${shape.body.id}`, undefined, app)(person)
      },
    },
    {
      // Only the person who started a search exports it, whatever their role in its channels.
      name: "export another's report search",
      allowed: ["owner"],
      call: request("POST", "/api/v4/report_exports", {
        report_export: { report_search_id: ownersSearchId, format: "geojson" },
      }),
    },
    {
      name: "follow another's export",
      allowed: ["owner"],
      call: request("GET", `/api/v4/report_exports/${ownersExportId}`),
    },
    {
      // GIS tools read a channel's reports as OGC features: its readers and the team's managers do.
      name: "read the channel's reports as OGC features",
      allowed: ["owner", "manager", "operator", "reporter", "viewer"],
      call: request("GET", `/ogc/features/collections/reports-${channel}/items`),
    },
  ]
}

describe("the roles of docs/security.md", () => {
  it("let exactly the roles named call each privileged function", async () => {
    const people: Record<Role, Person> = {
      owner: world.owner,
      manager: world.manager,
      member: world.member,
      operator: world.operator,
      reporter: world.reporter,
      viewer: world.viewer,
      invited: world.invited,
      outsider: world.outsider,
      appAdmin,
    }
    const wrong: Array<string> = []
    for (const rule of rules()) {
      for (const role of rule.callers ?? roles) {
        const answer = await rule.call(people[role])
        const allowed = rule.allowed.includes(role)
        if (allowed && answer.status >= 300) wrong.push(`${rule.name}: ${role} refused with ${answer.status}`)
        if (!allowed && ![403, 404, 422].includes(answer.status))
          wrong.push(`${rule.name}: ${role} answered ${answer.status}`)
      }
    }
    expect(wrong).toEqual([])
  })

  it("keep platform administration to platform administrators, whatever their team role", async () => {
    const admin = await server.login(adminEmail, adminPassword)
    for (const person of [world.owner, world.manager, world.outsider, appAdmin]) {
      const answer = await server.request("GET", "/api/v4/admin/users", { token: person.token })
      expect(answer.status).toBe(403)
    }
    expect((await server.request("GET", "/api/v4/admin/users", { token: admin })).status).toBe(200)
  })
})
