import { randomUUID } from "node:crypto"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createPerson, type Person } from "../support/People.ts"
import { startTestServer, type TestServer } from "../support/TestServer.ts"
import { buildWorld, createApp, createChannel, createTeam, type World } from "../support/World.ts"

let server: TestServer
let world: World
/** A report in the world's channel, filed by its owner. */
let reportId: number
/** A report in the outsider's own channel. */
let outsiderReportId: number

/** Files a report through the API and answers its id. */
const fileReport = async (person: Person, channelId: number): Promise<number> => {
  const answer = await server.request("POST", "/api/v4/reports", {
    token: person.token,
    body: { report: { account_id: channelId, location: { latitude: -41.3, longitude: 174.7 } } },
  })
  expect(answer.status).toBe(201)
  return answer.body.id
}

beforeAll(async () => {
  server = await startTestServer()
  world = await buildWorld(server)
  reportId = await fileReport(world.owner, world.channel.id)
  outsiderReportId = await fileReport(world.outsider, world.outsiderChannel.id)
})
afterAll(() => server.close())

/** A valid create body: a task for the world's member about the world's report. */
const newTask = (overrides: Record<string, unknown> = {}) => ({
  uuid: randomUUID(),
  client_created_at: "2024-05-01T09:30:00+12:00",
  title: "Inspect the outlet",
  description: "Look for oil.\nTake a photo.",
  assignee_id: world.member.id,
  report_id: reportId,
  ...overrides,
})

const createTask = (person: Person, task: Record<string, unknown>, headers: Record<string, string> = {}) =>
  server.request("POST", "/api/v4/tasks", { token: person.token, body: { task }, headers })

/** Creates a task that must be created, and answers its uuid. */
const taskOf = async (person: Person, overrides: Record<string, unknown> = {}): Promise<string> => {
  const answer = await createTask(person, newTask(overrides))
  expect(answer.status).toBe(201)
  return answer.body.uuid
}

const getTask = (person: Person, uuid: string, headers: Record<string, string> = {}) =>
  server.request("GET", `/api/v4/tasks/${uuid}`, { token: person.token, headers })

const patchTask = (person: Person, uuid: string, task: Record<string, unknown>) =>
  server.request("PATCH", `/api/v4/tasks/${uuid}`, { token: person.token, body: { task } })

const deleteTask = (person: Person, uuid: string) =>
  server.request("DELETE", `/api/v4/tasks/${uuid}`, { token: person.token })

const listTasks = (person: Person, query = "", headers: Record<string, string> = {}) =>
  server.request("GET", `/api/v4/tasks${query}`, { token: person.token, headers })

const uuidsOf = (answer: { body: ReadonlyArray<{ uuid: string }> }) => answer.body.map((task) => task.uuid)

const isoMillis = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/

describe("POST /api/v4/tasks", () => {
  it("creates a task in the current team and answers it with its Location", async () => {
    const task = newTask()
    const answer = await createTask(world.owner, task)
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({
      uuid: task.uuid,
      assignee_id: world.member.id,
      client_created_at: "2024-04-30T21:30:00.000Z",
      completed_at: null,
      completed_by_id: null,
      creator_id: world.owner.id,
      description: "Look for oil.\nTake a photo.",
      report_id: reportId,
      title: "Inspect the outlet",
    })
    expect(answer.headers.get("location")).toBe(`/api/v4/tasks/${task.uuid}`)
    const fetched = await getTask(world.member, task.uuid)
    expect(fetched.status).toBe(200)
    expect(fetched.body).toEqual(answer.body)
  })

  it("answers a repeated uuid with the existing task, changing nothing", async () => {
    const task = newTask()
    const first = await createTask(world.owner, task)
    expect(first.status).toBe(201)
    const again = await createTask(world.reporter, {
      ...task,
      title: "Something else",
      description: "",
      assignee_id: world.viewer.id,
      client_created_at: "2025-01-01T00:00:00Z",
    })
    expect(again.status).toBe(200)
    expect(again.body).toEqual(first.body)
    expect(again.headers.get("location")).toBeNull()
    expect((await getTask(world.owner, task.uuid)).body).toEqual(first.body)
  })

  it("refuses a uuid that another team's task holds, without showing that task", async () => {
    const task = newTask({
      assignee_id: world.outsider.id,
      report_id: outsiderReportId,
      title: "Harbour secret",
    })
    expect((await createTask(world.outsider, task)).status).toBe(201)
    const answer = await createTask(world.owner, {
      ...task,
      assignee_id: world.member.id,
      report_id: reportId,
    })
    expect(answer.status).toBe(409)
    expect(JSON.stringify(answer.body)).not.toContain("Harbour secret")
    expect((await getTask(world.outsider, task.uuid)).body.creator_id).toBe(world.outsider.id)
  })

  it("names every invalid field", async () => {
    const answer = await createTask(world.owner, {
      uuid: "not-a-uuid",
      client_created_at: "2024-05-01T09:30:00",
      title: " ",
      description: 4,
      assignee_id: "someone",
    })
    expect(answer.status).toBe(422)
    expect(Object.keys(answer.body.errors).sort()).toEqual([
      "task.assignee_id",
      "task.client_created_at",
      "task.description",
      "task.report_id",
      "task.title",
      "task.uuid",
    ])
    const noTask = await server.request("POST", "/api/v4/tasks", { token: world.owner.token, body: {} })
    expect(noTask.status).toBe(422)
    expect(Object.keys(noTask.body.errors)).toEqual(["task"])
  })

  it("assigns tasks only to users of the team who joined it", async () => {
    for (const assignee of [world.outsider.id, world.invited.id, 999_999]) {
      const answer = await createTask(world.owner, newTask({ assignee_id: assignee }))
      expect(answer.status).toBe(422)
      expect(Object.keys(answer.body.errors)).toEqual(["task.assignee_id"])
    }
  })

  it("takes only a report the caller can see in the current team", async () => {
    const otherTeams = await createTask(world.owner, newTask({ report_id: outsiderReportId }))
    expect(otherTeams.status).toBe(422)
    expect(Object.keys(otherTeams.body.errors)).toEqual(["task.report_id"])
    const unknown = await createTask(world.owner, newTask({ report_id: 999_999 }))
    expect(Object.keys(unknown.body.errors)).toEqual(["task.report_id"])
    // The member is in no channel, so the channel's report is not theirs to see.
    const unseen = await createTask(world.member, newTask({ assignee_id: world.viewer.id }))
    expect(unseen.status).toBe(422)
    expect(Object.keys(unseen.body.errors)).toEqual(["task.report_id"])
    const seen = await createTask(world.viewer, newTask({ assignee_id: world.member.id }))
    expect(seen.status).toBe(201)
    expect(seen.body.creator_id).toBe(world.viewer.id)
  })

  it("refuses callers without credentials", async () => {
    const answer = await server.request("POST", "/api/v4/tasks", { body: { task: newTask() } })
    expect(answer.status).toBe(401)
  })
})

describe("GET /api/v4/tasks", () => {
  let team: World
  const uuids: Record<"A" | "B" | "C" | "D" | "E", string> = { A: "", B: "", C: "", D: "", E: "" }
  let firstReport: number
  let secondReport: number

  const order = (answer: { body: ReadonlyArray<{ uuid: string }> }) =>
    answer.body.map((task) => Object.entries(uuids).find(([, uuid]) => uuid === task.uuid)?.[0])

  /** Sets when a completed task was completed, so orders by completion are known in advance. */
  const completedAt = (uuid: string, at: string) =>
    server.runtime.runPromise(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        yield* sql`UPDATE tasks SET completed_at = ${at} WHERE uuid = ${uuid}`
      }).pipe(Effect.orDie),
    )

  beforeAll(async () => {
    team = await buildWorld(server, "list")
    firstReport = await fileReport(team.owner, team.channel.id)
    secondReport = await fileReport(team.owner, team.channel.id)
    const task = async (creator: Person, assignee: Person, day: string, report: number) => {
      const answer = await createTask(creator, {
        ...newTask(),
        assignee_id: assignee.id,
        client_created_at: `2024-01-${day}T00:00:00Z`,
        report_id: report,
      })
      expect(answer.status).toBe(201)
      return answer.body.uuid as string
    }
    // The member, in no channel, creates none: every task of theirs is assigned to them. C is not.
    uuids.A = await task(team.owner, team.member, "01", firstReport)
    uuids.B = await task(team.operator, team.member, "02", firstReport)
    uuids.C = await task(team.reporter, team.viewer, "03", firstReport)
    uuids.D = await task(team.manager, team.member, "04", secondReport)
    uuids.E = await task(team.owner, team.member, "05", secondReport)
    for (const done of [uuids.A, uuids.B, uuids.E]) {
      expect((await patchTask(team.member, done, { completed: true })).status).toBe(204)
    }
    await completedAt(uuids.A, "2024-03-01T00:00:00.000Z")
    await completedAt(uuids.B, "2024-02-01T00:00:00.000Z")
    await completedAt(uuids.E, "2024-02-01T00:00:00.000Z")
  })

  it("lists the tasks the caller created or is assigned to, newest first", async () => {
    const answer = await listTasks(team.member)
    expect(answer.status).toBe(200)
    expect(order(answer)).toEqual(["E", "D", "B", "A"])
    expect(answer.body[1]).toEqual({
      uuid: uuids.D,
      assignee_id: team.member.id,
      client_created_at: "2024-01-04T00:00:00.000Z",
      completed_at: null,
      completed_by_id: null,
      creator_id: team.manager.id,
      description: "Look for oil.\nTake a photo.",
      report_id: secondReport,
      title: "Inspect the outlet",
    })
    // Managers too see only their own tasks in the list.
    expect(order(await listTasks(team.manager))).toEqual(["D"])
    expect(order(await listTasks(team.reporter))).toEqual(["C"])
    expect(order(await listTasks(team.viewer))).toEqual(["C"])
  })

  it("filters by completion, report and assignee, read leniently", async () => {
    expect(order(await listTasks(team.member, "?complete=true"))).toEqual(["E", "B", "A"])
    expect(order(await listTasks(team.member, "?complete=0"))).toEqual(["D"])
    expect(order(await listTasks(team.member, `?report_id=${secondReport}`))).toEqual(["E", "D"])
    expect(order(await listTasks(team.member, `?complete=1&report_id=${firstReport}`))).toEqual(["B", "A"])
    expect(order(await listTasks(team.reporter, `?assignee_id=${team.viewer.id}`))).toEqual(["C"])
    expect(order(await listTasks(team.reporter, `?assignee_id=${team.member.id}`))).toEqual([])
    const bad = await listTasks(team.member, "?complete=maybe&report_id=x")
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors)).toEqual(["complete"])
    const badReport = await listTasks(team.member, "?report_id=x")
    expect(Object.keys(badReport.body.errors)).toEqual(["report_id"])
  })

  it("orders by several clauses, open tasks after completed ones", async () => {
    const by = async (orderby: string) =>
      order(await listTasks(team.member, `?orderby=${encodeURIComponent(orderby)}`))
    expect(await by("completed_at asc,client_created_at desc")).toEqual(["E", "B", "A", "D"])
    expect(await by("completed_at asc,client_created_at asc")).toEqual(["B", "E", "A", "D"])
    expect(await by("completed_at DESC")).toEqual(["D", "A", "E", "B"])
    expect(await by("client_created_at asc")).toEqual(["A", "B", "D", "E"])
    const listForm = await listTasks(
      team.member,
      "?orderby[]=completed_at%20asc&orderby[]=client_created_at%20asc",
    )
    expect(order(listForm)).toEqual(["B", "E", "A", "D"])
    const bad = await listTasks(team.member, "?orderby=title%20asc")
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors)).toEqual(["orderby"])
  })

  it("leaves out the fields excluded with -, and names the fields it does not know", async () => {
    const answer = await listTasks(team.member, "?fields=-description,-creator_id,due_at")
    expect(answer.status).toBe(200)
    expect(Object.keys(answer.body[0]).sort()).toEqual([
      "assignee_id",
      "client_created_at",
      "completed_at",
      "completed_by_id",
      "report_id",
      "title",
      "uuid",
    ])
    expect(answer.headers.get("x-ignored-fields")).toBe("due_at")
    const one = await getTask(team.member, `${uuids.D}?fields=-title`)
    expect(one.body).not.toHaveProperty("title")
    expect(one.body.uuid).toBe(uuids.D)
  })

  it("pages with Range", async () => {
    const page = await listTasks(team.member, "", { Range: "objects=1-2" })
    expect(page.status).toBe(200)
    expect(order(page)).toEqual(["D", "B"])
    expect(page.headers.get("content-range")).toBe("tasks 1-2/4")
    expect(page.headers.get("accept-ranges")).toBe("tasks")
    const whole = await listTasks(team.member)
    expect(whole.headers.get("content-range")).toBe("tasks 0-3/4")
    const past = await listTasks(team.member, "", { Range: "objects=10-19" })
    expect(past.body).toEqual([])
    expect(past.headers.get("content-range")).toBe("tasks */4")
    const filtered = await listTasks(team.member, "?complete=false", { Range: "objects=0-0" })
    expect(filtered.headers.get("content-range")).toBe("tasks 0-0/1")
    expect((await listTasks(team.member, "", { Range: "rows=1-2" })).status).toBe(400)
  })
})

describe("PATCH /api/v4/tasks/{uuid}", () => {
  it("changes the title, the description and the assignee", async () => {
    const uuid = await taskOf(world.owner)
    const answer = await patchTask(world.member, uuid, {
      title: "Inspect both outlets",
      description: "",
      assignee_id: world.reporter.id,
    })
    expect(answer.status).toBe(204)
    expect(answer.body).toBeUndefined()
    expect((await getTask(world.owner, uuid)).body).toMatchObject({
      title: "Inspect both outlets",
      description: "",
      assignee_id: world.reporter.id,
      creator_id: world.owner.id,
    })
  })

  it("names invalid fields and refuses assignees outside the team", async () => {
    const uuid = await taskOf(world.owner)
    const invalid = await patchTask(world.owner, uuid, { title: "", time: "soon", completed: "yes" })
    expect(invalid.status).toBe(422)
    expect(Object.keys(invalid.body.errors).sort()).toEqual(["task.completed", "task.time", "task.title"])
    const outsider = await patchTask(world.owner, uuid, { assignee_id: world.outsider.id })
    expect(outsider.status).toBe(422)
    expect(Object.keys(outsider.body.errors)).toEqual(["task.assignee_id"])
    expect((await getTask(world.owner, uuid)).body.assignee_id).toBe(world.member.id)
  })

  it("completes a task for the user who completed it, keeps that completion, and reopens it", async () => {
    const uuid = await taskOf(world.owner)
    expect((await patchTask(world.member, uuid, { completed: true })).status).toBe(204)
    const completed = (await getTask(world.owner, uuid)).body
    expect(completed.completed_by_id).toBe(world.member.id)
    expect(completed.completed_at).toMatch(isoMillis)
    expect((await patchTask(world.manager, uuid, { completed: true })).status).toBe(204)
    expect((await getTask(world.owner, uuid)).body).toEqual(completed)
    expect((await patchTask(world.owner, uuid, { completed: false })).status).toBe(204)
    expect((await getTask(world.owner, uuid)).body).toMatchObject({
      completed_at: null,
      completed_by_id: null,
    })
    expect((await patchTask(world.manager, uuid, { completed: true })).status).toBe(204)
    expect((await getTask(world.owner, uuid)).body.completed_by_id).toBe(world.manager.id)
  })

  it("ignores a change older than the last one applied, and applies a newer one", async () => {
    const uuid = await taskOf(world.owner)
    const current = async () => (await getTask(world.owner, uuid)).body
    expect(
      (await patchTask(world.member, uuid, { title: "Second", time: "2024-05-01T10:00:00Z" })).status,
    ).toBe(204)
    expect((await current()).title).toBe("Second")
    // 21:00 at +12:00 is 09:00 UTC: older, whatever its local digits say.
    const late = await patchTask(world.owner, uuid, {
      title: "Late",
      completed: true,
      time: "2024-05-01T21:00:00+12:00",
    })
    expect(late.status).toBe(204)
    expect(await current()).toMatchObject({ title: "Second", completed_at: null })
    expect(
      (await patchTask(world.member, uuid, { title: "Third", time: "2024-05-01T11:30:00+01:00" })).status,
    ).toBe(204)
    expect((await current()).title).toBe("Third")
  })

  it("always applies a change without time, as made now, so older timed changes cannot undo it", async () => {
    const uuid = await taskOf(world.owner)
    const title = async () => (await getTask(world.owner, uuid)).body.title
    const change = (person: Person, task: Record<string, unknown>) =>
      patchTask(person, uuid, task).then((answer) => expect(answer.status).toBe(204))
    await change(world.member, { title: "Old client", time: "2000-01-01T00:00:00Z" })
    await change(world.owner, { title: "From the web" })
    expect(await title()).toBe("From the web")
    // Made in 2001, long before the web edit: it arrives too late.
    await change(world.member, { title: "Queued", time: "2001-01-01T00:00:00Z" })
    expect(await title()).toBe("From the web")
    // A client whose clock runs far ahead wins the race of timed changes, but not against the web.
    await change(world.member, { title: "From the future", time: "2999-01-01T00:00:00Z" })
    expect(await title()).toBe("From the future")
    await change(world.owner, { title: "From the web again" })
    expect(await title()).toBe("From the web again")
  })

  it("lets the creator, the assignee and the team's managers change a task, and no one else", async () => {
    // Created by the reporter for the operator: the viewer is neither.
    const uuid = await taskOf(world.reporter, { assignee_id: world.operator.id })
    expect((await getTask(world.viewer, uuid)).status).toBe(200)
    const refused = await patchTask(world.viewer, uuid, { title: "Mine now" })
    expect(refused.status).toBe(403)
    expect((await deleteTask(world.viewer, uuid)).status).toBe(403)
    expect((await getTask(world.owner, uuid)).body.title).toBe("Inspect the outlet")
    for (const [person, title] of [
      [world.reporter, "By the creator"],
      [world.operator, "By the assignee"],
      [world.manager, "By a manager"],
      [world.owner, "By the owner"],
    ] as const) {
      expect((await patchTask(person, uuid, { title })).status).toBe(204)
      expect((await getTask(world.viewer, uuid)).body.title).toBe(title)
    }
  })

  it("answers 404 for a task that does not exist", async () => {
    expect((await patchTask(world.owner, randomUUID(), { title: "Nothing" })).status).toBe(404)
    expect((await getTask(world.owner, "not-a-uuid")).status).toBe(404)
  })
})

describe("DELETE /api/v4/tasks/{uuid}", () => {
  it("deletes a task", async () => {
    const uuid = await taskOf(world.reporter, { assignee_id: world.operator.id })
    const answer = await deleteTask(world.reporter, uuid)
    expect(answer.status).toBe(204)
    expect(answer.body).toBeUndefined()
    expect((await getTask(world.reporter, uuid)).status).toBe(404)
    expect((await listTasks(world.operator)).body.map((task: { uuid: string }) => task.uuid)).not.toContain(
      uuid,
    )
    expect((await deleteTask(world.reporter, uuid)).status).toBe(404)
    // Its uuid is free again: the same create makes a new task.
    expect((await createTask(world.reporter, newTask({ uuid, assignee_id: world.operator.id }))).status).toBe(
      201,
    )
  })

  it("lets the assignee and managers delete a task", async () => {
    const assigned = await taskOf(world.reporter, { assignee_id: world.operator.id })
    expect((await deleteTask(world.operator, assigned)).status).toBe(204)
    const managed = await taskOf(world.reporter, { assignee_id: world.operator.id })
    expect((await deleteTask(world.manager, managed)).status).toBe(204)
    expect((await getTask(world.owner, managed)).status).toBe(404)
  })
})

describe("tenancy", () => {
  it("answers 404 for another team's task, and lists none of it", async () => {
    const uuid = await taskOf(world.owner)
    expect((await getTask(world.outsider, uuid)).status).toBe(404)
    expect((await patchTask(world.outsider, uuid, { title: "Taken" })).status).toBe(404)
    expect((await deleteTask(world.outsider, uuid)).status).toBe(404)
    const listed = await listTasks(world.outsider)
    expect(listed.body.map((task: { uuid: string }) => task.uuid)).not.toContain(uuid)
    expect((await getTask(world.owner, uuid)).body.title).toBe("Inspect the outlet")
  })

  it("acts in the current team only", async () => {
    const uuid = await taskOf(world.owner)
    const otherTeamId = await createTeam(server, world.owner, "Second team")
    expect((await getTask(world.owner, uuid, { "X-TeamId": String(otherTeamId) })).status).toBe(404)
    expect((await getTask(world.owner, uuid, { "X-TeamId": String(world.teamId) })).status).toBe(200)
  })

  it("answers 404 for a task of another branded app", async () => {
    const uuid = await taskOf(world.owner)
    const other = await createApp(server, "com.example.tasks-other")
    const answer = await server.request("POST", "/api/v4/teams", {
      token: world.owner.token,
      headers: { "X-AppId": other },
      body: { team: { name: "Elsewhere" } },
    })
    expect(answer.status).toBe(201)
    expect((await getTask(world.owner, uuid, { "X-AppId": other })).status).toBe(404)
    // In an app where the user has no team there is no team to hold tasks.
    expect((await getTask(world.member, uuid, { "X-AppId": other })).status).toBe(403)
  })
})

describe("feature_tasks_enabled", () => {
  it("answers 403 to every task call in a team without tasks", async () => {
    const owner = await createPerson(server, "feature-owner@example.com")
    const teamId = await createTeam(server, owner, "No tasks here")
    const channel = await createChannel(server, owner, teamId, "Quiet channel")
    const report = await fileReport(owner, channel.id)
    const task = { ...newTask(), assignee_id: owner.id, report_id: report }
    expect((await createTask(owner, task)).status).toBe(201)
    const switchTasks = (enabled: boolean) =>
      server.request("PATCH", `/api/v4/teams/${teamId}`, {
        token: owner.token,
        body: { team: { feature_tasks_enabled: enabled } },
      })
    expect((await switchTasks(false)).status).toBe(204)
    const calls = [
      await createTask(owner, { ...newTask(), assignee_id: owner.id, report_id: report }),
      await createTask(owner, task),
      await getTask(owner, task.uuid),
      await listTasks(owner),
      await patchTask(owner, task.uuid, { title: "Changed" }),
      await deleteTask(owner, task.uuid),
    ]
    expect(calls.map((answer) => answer.status)).toEqual([403, 403, 403, 403, 403, 403])
    expect((await switchTasks(true)).status).toBe(204)
    const after = await getTask(owner, task.uuid)
    expect(after.status).toBe(200)
    expect(after.body.title).toBe(task.title)
    expect(uuidsOf(await listTasks(owner))).toEqual([task.uuid])
  })
})
