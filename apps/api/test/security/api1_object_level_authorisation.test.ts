/**
 * OWASP API1:2023 Broken Object Level Authorization. Every operation of the OpenAPI document whose
 * path names an object (platform administration aside: that is function level, API5) is called on
 * the objects of a team's owner by someone who may not see them: a user of another team, the owner
 * through another branded app, and, for the objects that are a user's own (alert areas,
 * notifications, searches), a teammate. The answer never succeeds and is the answer for an id that
 * does not exist, so it does not even tell that the object exists (docs/api.md, Errors: `404`); the
 * objects are unchanged afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as Document from "../../src/openapi/Document.ts"
import { runJobs } from "../support/Members.ts"
import { createPerson, type Person } from "../support/People.ts"
import { png, upload } from "../support/ReportFixtures.ts"
import { awaitSearch } from "../support/Searches.ts"
import {
  type Answer,
  adminEmail,
  adminPassword,
  startTestServer,
  type TestServer,
} from "../support/TestServer.ts"
import { buildWorld, createApp, makeAppAdministrator, type World } from "../support/World.ts"

/** An operation of the document that names an object in its path. */
interface IdTaking {
  readonly method: string
  readonly path: string
  /** The envelope of its JSON body (`report`), when it takes one. */
  readonly root: string | undefined
}

const idTaking: ReadonlyArray<IdTaking> = Object.entries(Document.make().paths).flatMap(([path, item]) =>
  Object.entries(item)
    // Public addresses (signed file addresses, pins) name no one's object.
    .filter(
      ([, operation]) =>
        path.includes("{") && !path.startsWith("/api/v4/admin/") && operation?.security?.length !== 0,
    )
    .map(([method, operation]) => {
      const schema = (
        operation?.requestBody?.content as Record<string, { schema?: { properties?: object } }>
      )?.["application/json"]?.schema
      return { method: method.toUpperCase(), path, root: Object.keys(schema?.properties ?? {})[0] }
    }),
)

/** Operations on what is a user's own, hidden from teammates too (docs/api.md, Tenancy and roles). */
const ownedByTheUser = /^\/api\/v4\/(alert_areas|notifications|report_searches)\//

let server: TestServer
let world: World
let otherApp: string
/** The owner's objects, by the path segment before the parameter that names them. */
let objects: Record<string, string>
/** What the owner reads of each object before the attempts. */
let before: ReadonlyArray<{ readonly path: string; readonly answer: Answer }>

/** The path with the owner's objects, or with an object that does not exist in the last parameter. */
const fill = (template: string, unknownLast: boolean): string => {
  const names = [...template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? "")
  return names.reduce((path, name, index) => {
    const segment = path.split(`/{${name}}`)[0]?.split("/").pop() ?? ""
    const unknown = name === "uuid" ? "0d6c3c1e-5b7a-4f0e-9a51-3f7f6b0c0f00" : "987654"
    const value = unknownLast && index === names.length - 1 ? unknown : (objects[segment] ?? "")
    return path.replace(`{${name}}`, value)
  }, template)
}

const call = (operation: IdTaking, person: Person, unknownLast: boolean, headers: Record<string, string>) =>
  server.request(operation.method, fill(operation.path, unknownLast), {
    token: person.token,
    headers,
    ...(operation.root === undefined ? {} : { body: { [operation.root]: {} } }),
  })

beforeAll(async () => {
  server = await startTestServer()
  world = await buildWorld(server, "bola")
  otherApp = await createApp(server, "com.example.bola")
  const admin = await server.login(adminEmail, adminPassword)
  const { owner, reporter, channel } = world
  const post = async (person: Person, path: string, body: unknown) => {
    const answer = await server.request("POST", path, { token: person.token, body })
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300)
    return answer.body
  }
  // The owner follows the channel, so the reporter's report notifies them.
  await server.request("PATCH", `/api/v4/channel_selections/${channel.id}`, {
    token: owner.token,
    body: { channel_selection: { follow: true } },
  })
  const report = await post(reporter, "/api/v4/reports", {
    report: { account_id: channel.id, location: { latitude: -41.3, longitude: 174.7 }, address: "Quay St" },
  })
  await runJobs(server)
  const notifications = await server.request("GET", "/api/v4/notifications", { token: owner.token })
  const manager = await server.request("GET", `/api/v4/teams/${world.teamId}/team_users`, {
    token: owner.token,
  })
  const task = await post(owner, "/api/v4/tasks", {
    task: {
      uuid: crypto.randomUUID(),
      client_created_at: "2024-05-01T09:30:00Z",
      title: "Inspect",
      description: "Look",
      assignee_id: world.member.id,
      report_id: report.id,
    },
  })
  const area = await post(owner, "/api/v4/alert_areas", {
    alert_area: { area: "POINT(174.7 -41.3)", radius: 500 },
  })
  const note = await post(owner, `/api/v4/reports/${report.id}/note_comments`, {
    note_comment: { comment: "Seen" },
  })
  const category = await post(owner, `/api/v4/channels/${channel.id}/categories`, {
    category: { name: "Oil", pin_color: "#3a7d44" },
  })
  const states = await server.request("GET", `/api/v4/report_states?channel_id=${channel.id}`, {
    token: owner.token,
  })
  const search = await server.request("GET", "/api/v4/reports/search", { token: owner.token })
  // Its results must be there for the reads below to answer 200.
  await awaitSearch(server, owner, `/api/v4/report_searches/${search.body.id}`)
  const reportExport = await server.request("POST", "/api/v4/report_exports", {
    token: owner.token,
    body: { report_export: { report_search_id: search.body.id, format: "csv" } },
  })
  expect(reportExport.status).toBe(202)
  // Written before the reads below, so that nothing changes it between them.
  await runJobs(server)
  const shape = await server.request("POST", "/api/v4/shapes", {
    token: admin,
    headers: { "X-AppId": otherApp },
    body: { shape: { geom: "POLYGON((174 -41, 175 -41, 175 -42, 174 -42, 174 -41))" } },
  })
  expect(shape.status).toBe(201)
  const str = (value: unknown) => String(value)
  objects = {
    reports: str(report.id),
    tasks: str(task.uuid),
    alert_areas: str(area.id),
    note_comment: str(note.id),
    teams: str(world.teamId),
    team_users: str(manager.body.find((user: { user_id: number }) => user.user_id === world.manager.id).id),
    channels: str(channel.id),
    channel_selections: str(channel.id),
    categories: str(category.id),
    report_states: str(states.body[0].id),
    report_searches: str(search.body.id),
    report_exports: str(reportExport.body.id),
    notifications: str(notifications.body[0].id),
    // A shape of the other app: shapes are shared by everyone with a team in their own app.
    shapes: str(shape.body.id),
  }
  const reads = idTaking.filter((operation) => operation.method === "GET")
  before = await Promise.all(
    reads.map(async (operation) => {
      const path = fill(operation.path, false)
      const headers: Record<string, string> = path.startsWith("/api/v4/shapes") ? { "X-AppId": otherApp } : {}
      return {
        path,
        answer: await server.request("GET", path, {
          token: path.startsWith("/api/v4/shapes") ? admin : owner.token,
          headers,
        }),
      }
    }),
  )
  expect(before.filter(({ answer }) => answer.status !== 200).map(({ path }) => path)).toEqual([])
  // The attachment makes sure the uploads are someone's own too.
  await upload(server, owner, await png(), "spill.png")
}, 60_000)
afterAll(() => server.close())

/** The answers that differ between the owner's object and one that does not exist, or succeed. */
const disclosures = async (
  person: () => Person,
  headers: () => Record<string, string>,
  operations: ReadonlyArray<IdTaking>,
  notFound = true,
) => {
  const found: Array<string> = []
  for (const operation of operations) {
    const name = `${operation.method} ${operation.path}`
    const theirs = await call(operation, person(), false, headers())
    const unknown = await call(operation, person(), true, headers())
    if (theirs.status < 300) found.push(`${name}: ${theirs.status}`)
    else if (theirs.status !== unknown.status || theirs.body?.type !== unknown.body?.type)
      found.push(`${name}: ${theirs.status} for the object, ${unknown.status} for none`)
    else if (notFound && ["GET", "DELETE"].includes(operation.method) && theirs.status !== 404)
      found.push(`${name}: ${theirs.status} instead of 404`)
  }
  return found
}

describe("the objects of a team's owner", () => {
  const ofTheTeam = () => idTaking.filter((operation) => !operation.path.startsWith("/api/v4/shapes"))

  it("are each answered to a user of another team exactly as an object that does not exist: 404", async () => {
    expect(
      await disclosures(
        () => world.outsider,
        () => ({}),
        ofTheTeam(),
      ),
    ).toEqual([])
  })

  it("are each answered to a user's teammate as one that does not exist, where they are the user's own", async () => {
    const own = idTaking.filter((operation) => ownedByTheUser.test(operation.path))
    expect(own.length).toBeGreaterThanOrEqual(8)
    expect(
      await disclosures(
        () => world.viewer,
        () => ({}),
        own,
      ),
    ).toEqual([])
  })

  it("are not reached through another branded app, where the owner has no team", async () => {
    // Alert areas are the user's own in every app; the rest belongs to a team of an app. Without a
    // team in the app, task calls are 403 whatever the task (docs/api.md, Tasks): that tells nothing.
    const ofTheApp = ofTheTeam().filter((operation) => !operation.path.startsWith("/api/v4/alert_areas"))
    const viaOtherApp = () => ({ "X-AppId": otherApp })
    expect(await disclosures(() => world.owner, viaOtherApp, ofTheApp, false)).toEqual([])
  })

  it("of another branded app (a shape) are answered as ones that do not exist", async () => {
    const shapes = idTaking.filter((operation) => operation.path.startsWith("/api/v4/shapes"))
    // Someone who may read and delete the shapes of their own app: its administrator.
    const appAdmin = await createPerson(server, "objects-app-admin@example.com")
    await makeAppAdministrator(server, appAdmin)
    expect(
      await disclosures(
        () => appAdmin,
        () => ({ "X-AppId": "com.fieldreport.app" }),
        shapes,
      ),
    ).toEqual([])
  })

  it("are unchanged after every attempt", async () => {
    const admin = await server.login(adminEmail, adminPassword)
    for (const { path, answer } of before) {
      const shape = path.startsWith("/api/v4/shapes")
      const again = await server.request("GET", path, {
        token: shape ? admin : world.owner.token,
        headers: shape ? { "X-AppId": otherApp } : {},
      })
      expect(again.status, path).toBe(200)
      // Reads that record themselves (a report's readers, a notification's read flag, activity) aside,
      // and the expiry and signature of signed addresses, which move with the clock's minute.
      const unsigned = (body: unknown) =>
        JSON.stringify(body).replace(/expires=\d+&signature=[\w-]+/g, "expires=…&signature=…")
      if (!/reports\/\d+$|notifications\/\d+$|team_users/.test(path))
        expect(unsigned(again.body), path).toEqual(unsigned(answer.body))
    }
  })
})
