/**
 * A field app that works offline, simulated against the real server (docs/api.md, Field apps and
 * offline sync). The device keeps a copy of the reports, report comments, state changes and tasks
 * that matter to its user, as the mobile client keeps them: it syncs, goes offline, edits a report
 * and files two; meanwhile another user deletes one of its reports and edits another; the device
 * comes back, pages through the changes and the tombstones, is refused its stale edit with `412`,
 * fetches the report again and makes its edit on the current version, and ends holding exactly
 * what the server holds.
 *
 * The device pages as the guide says a client should: by moving `updated_after` to the last change
 * of a page, stepping back before a run of changes made at the same instant so that none is
 * skipped (records seen twice are simply written again), and starting each sync a few seconds
 * before the newest change it saw.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Person } from "../support/People.ts"
import { postReport, query, statesOf } from "../support/ReportFixtures.ts"
import { startTestServer, type TestServer } from "../support/TestServer.ts"
import { buildWorld, type World } from "../support/World.ts"

let server: TestServer
let world: World

beforeAll(async () => {
  server = await startTestServer()
  world = await buildWorld(server, "device")
})
afterAll(() => server.close())

// biome-ignore lint/suspicious/noExplicitAny: the device keeps records as the API answered them
type Row = Record<string, any>

/** How far back each sync starts before the newest change seen. */
const overlapMs = 5_000
/** Records per page: small, so that every list is paged. */
const pageSize = 2

const reportFields = "uuid,updated_at,version,assignee_id,report_state_name"

/** A mobile device of a person: its copy of what matters to them, and what it has not sent yet. */
class Device {
  readonly reports = new Map<string, Row>()
  readonly comments = new Map<string, Row>()
  readonly stateChanges = new Map<number, Row>()
  readonly tasks = new Map<string, Row>()
  /** Where each list's next sync starts. */
  readonly cursors = new Map<string, string>()
  /** Edits made offline, each on the version of the report it was made on. */
  readonly pendingEdits: Array<{ uuid: string; version: number; changes: Row }> = []
  readonly pendingReports: Array<Row> = []
  online = true
  readonly installation = crypto.randomUUID()

  readonly person: Person

  constructor(person: Person) {
    this.person = person
  }

  request(method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}) {
    if (!this.online) throw new Error("the device is offline")
    return server.request(method, path, {
      token: this.person.token,
      ...(options.body === undefined ? {} : { body: options.body }),
      headers: { "X-InstallationId": this.installation, ...options.headers },
    })
  }

  /**
   * Pages through the changes of a list after the cursor: each page starts after the last change
   * of the one before, less the run of changes at that same instant, which comes again.
   */
  async pull(list: string, path: string, changedAt: (row: Row) => string, keep: (row: Row) => void) {
    const start = this.cursors.get(list)
    let after = start
    let newest = start ?? ""
    let size = pageSize
    let pages = 0
    for (;;) {
      const separator = path.includes("?") ? "&" : "?"
      const query = after === undefined ? "" : `${separator}updated_after=${encodeURIComponent(after)}`
      const answer = await this.request("GET", `${path}${query}`, {
        headers: { Range: `objects=0-${size - 1}` },
      })
      expect(answer.status, `${list}: ${JSON.stringify(answer.body)}`).toBe(200)
      const rows: ReadonlyArray<Row> = answer.body
      pages++
      for (const row of rows) keep(row)
      for (const row of rows) if (changedAt(row) > newest) newest = changedAt(row)
      if (rows.length < size) break
      const last = changedAt(rows.at(-1) ?? {})
      const before = rows.filter((row) => changedAt(row) < last)
      if (before.length === 0) size = Math.min(size * 2, 1_000)
      else after = changedAt(before.at(-1) ?? {})
    }
    if (newest !== "") this.cursors.set(list, new Date(Date.parse(newest) - overlapMs).toISOString())
    return pages
  }

  /** Pages through the tombstones after the cursor, by position: tombstones never change. */
  async pullTombstones() {
    const after = this.cursors.get("tombstones")
    const query = after === undefined ? "" : `?deleted_after=${encodeURIComponent(after)}`
    let newest = after ?? ""
    let pages = 0
    for (let start = 0; ; start += pageSize) {
      const answer = await this.request("GET", `/api/v4/deleted_resources${query}`, {
        headers: { Range: `objects=${start}-${start + pageSize - 1}` },
      })
      expect(answer.status).toBe(200)
      pages++
      const rows: ReadonlyArray<Row> = answer.body.deleted_resources
      for (const row of rows) {
        if (row.type === "report") this.forgetReport(row.uuid)
        if (row.type === "report_comment") this.comments.delete(row.uuid)
        if (row.type === "task") this.tasks.delete(row.uuid)
        if (row.deleted_at > newest) newest = row.deleted_at
      }
      if (rows.length < pageSize) break
    }
    if (newest !== "") this.cursors.set("tombstones", new Date(Date.parse(newest) - overlapMs).toISOString())
    return pages
  }

  forgetReport(uuid: string) {
    const report = this.reports.get(uuid)
    this.reports.delete(uuid)
    for (const [id, change] of this.stateChanges)
      if (change.report_id === report?.id) this.stateChanges.delete(id)
  }

  /** Pulls every list a field app syncs; answers how many pages each took. */
  async sync() {
    return {
      reports: await this.pull(
        "reports",
        `/api/v4/reports?preset_filter=syncable_reports&fields=${reportFields}`,
        (row) => row.updated_at,
        (row) => this.reports.set(row.uuid, row),
      ),
      comments: await this.pull(
        "comments",
        "/api/v4/report_comments?preset_filter=syncable_reports&fields=report_uuid",
        (row) => row.created_at,
        (row) => this.comments.set(row.uuid, row),
      ),
      stateChanges: await this.pull(
        "stateChanges",
        "/api/v4/report_state_changes?preset_filter=syncable_reports&fields=report_uuid",
        (row) => row.created_at,
        (row) => this.stateChanges.set(row.id, row),
      ),
      tasks: await this.pull(
        "tasks",
        "/api/v4/tasks?fields=updated_at,version",
        (row) => row.updated_at,
        (row) => this.tasks.set(row.uuid, row),
      ),
      tombstones: await this.pullTombstones(),
    }
  }

  /** Edits its copy of a report offline, to send later on the version it has. */
  editOffline(uuid: string, changes: Row) {
    const report = this.reports.get(uuid)
    if (report === undefined) throw new Error(`no report ${uuid} on the device`)
    this.reports.set(uuid, { ...report, ...changes })
    this.pendingEdits.push({ uuid, version: report.version, changes })
  }

  /** Files a report offline, with the uuid that names it from now on. */
  fileOffline(report: Row) {
    const uuid = crypto.randomUUID()
    this.pendingReports.push({ ...report, uuid })
    return uuid
  }

  /**
   * Sends what it did offline: the reports it filed, then its edits with `If-Match`; a stale edit
   * is answered with the report as it is, which the device fetches again and edits anew. Answers
   * the statuses, in order.
   */
  async push() {
    const statuses: Array<number> = []
    for (const report of this.pendingReports.splice(0)) {
      const answer = await this.request("POST", `/api/v4/reports?fields=${reportFields}`, {
        body: { report },
      })
      statuses.push(answer.status)
      this.reports.set(report.uuid, answer.body)
    }
    for (const edit of this.pendingEdits.splice(0)) {
      const path = `/api/v4/reports/${edit.uuid}?fields=${reportFields}`
      const stale = await this.request("PATCH", path, {
        headers: { "If-Match": `"${edit.version}"` },
        body: { report: edit.changes },
      })
      statuses.push(stale.status)
      if (stale.status !== 412) continue
      expect(stale.body.version).toBeGreaterThan(edit.version)
      const fetched = await this.request("GET", path)
      statuses.push(fetched.status)
      const retried = await this.request("PATCH", path, {
        headers: { "If-Match": fetched.headers.get("etag") ?? "" },
        body: { report: edit.changes },
      })
      statuses.push(retried.status)
      this.reports.set(edit.uuid, retried.body)
    }
    return statuses
  }
}

/** The whole of a list as the server holds it now, page after page. */
const everything = async (person: Person, path: string, root?: string) => {
  const rows: Array<Row> = []
  for (let start = 0; ; start += 1_000) {
    const answer = await server.request("GET", path, {
      token: person.token,
      headers: { Range: `objects=${start}-${start + 999}` },
    })
    expect(answer.status).toBe(200)
    const page: ReadonlyArray<Row> = root === undefined ? answer.body : answer.body[root]
    rows.push(...page)
    if (page.length < 1_000) return rows
  }
}

const byKey = (rows: ReadonlyArray<Row>, key: string) =>
  Object.fromEntries(rows.map((row) => [String(row[key]), row]))

describe("a field app that works offline", () => {
  it("syncs, works offline, comes back and ends with exactly the server's state", async () => {
    const channel = world.channel.id
    const reporter = world.reporter
    const operator = world.operator
    // The reporter views the channel, so they sync the operator's reports too.
    await server.request("PATCH", `/api/v4/channel_selections/${channel}`, {
      token: reporter.token,
      body: { channel_selection: { view: true, follow: false, alert: false } },
    })
    const file = async (person: Person, address: string) => {
      const uuid = crypto.randomUUID()
      const answer = await postReport(server, person, { account_id: channel, address, uuid })
      expect(answer.status).toBe(201)
      return { id: answer.body.id as number, uuid }
    }
    const comment = async (reportId: number, content: string) => {
      const answer = await server.request("POST", "/api/v4/report_comments", {
        token: operator.token,
        body: { report_comment: { report_id: reportId, content } },
      })
      expect(answer.status).toBe(201)
      return answer.body.uuid as string
    }
    const toDelete = await file(reporter, "1 Quay St")
    const toEdit = await file(reporter, "2 Quay St")
    const untouched = await file(reporter, "3 Quay St")
    const operators = await file(operator, "4 Quay St")
    const onUntouched = await comment(untouched.id, "On our list")
    const onDeleted = await comment(toDelete.id, "Seen from the road")
    const task = await server.request("POST", "/api/v4/tasks", {
      token: operator.token,
      body: {
        task: {
          uuid: crypto.randomUUID(),
          client_created_at: "2026-11-27T09:00:00Z",
          title: "Photograph it",
          description: "",
          assignee_id: reporter.id,
          report_id: toDelete.id,
        },
      },
    })
    expect(task.status).toBe(201)

    // First sync: everything that matters, a page of two at a time.
    const device = new Device(reporter)
    const first = await device.sync()
    expect(first.reports).toBeGreaterThan(1)
    expect([...device.reports.keys()].sort()).toEqual(
      [toDelete.uuid, toEdit.uuid, untouched.uuid, operators.uuid].sort(),
    )
    expect(device.tasks.has(task.body.uuid)).toBe(true)
    expect([device.comments.has(onUntouched), device.comments.has(onDeleted)]).toEqual([true, true])

    // Offline: an edit, and two new reports.
    device.online = false
    device.editOffline(toEdit.uuid, { address: "2 Quay St, by the gate" })
    const filedOffline = [
      device.fileOffline({ account_id: channel, address: "5 Quay St" }),
      device.fileOffline({ account_id: channel, address: "6 Quay St" }),
    ]
    await expect(device.sync()).rejects.toThrow("offline")

    // Meanwhile another user deletes one of its reports and edits another.
    const deleted = await server.request("DELETE", `/api/v4/reports/${toDelete.id}`, {
      token: operator.token,
    })
    expect(deleted.status).toBe(204)
    const states = await statesOf(server, world.owner, channel)
    const edited = await server.request("PATCH", `/api/v4/reports/${toEdit.id}`, {
      token: operator.token,
      body: { report: { assignee_id: reporter.id, report_state_id: states["In progress"] } },
    })
    expect(edited.status).toBe(200)

    // Back online: it pages through the changes and the tombstones first.
    device.online = true
    const back = await device.sync()
    // The report, its comment and its task: two pages of two.
    expect(back.tombstones).toBe(2)
    expect(device.reports.has(toDelete.uuid)).toBe(false)
    expect(device.tasks.has(task.body.uuid)).toBe(false)
    expect([device.comments.has(onUntouched), device.comments.has(onDeleted)]).toEqual([true, false])
    // Its copy of the edited report is the operator's now; its own edit waits, on the old version.
    expect(device.reports.get(toEdit.uuid)).toMatchObject({
      assignee_id: reporter.id,
      report_state_name: "In progress",
      address: "2 Quay St",
    })
    expect([...device.stateChanges.values()].map((change) => change.report_uuid)).toEqual([toEdit.uuid])

    // Then it sends: two reports filed, the stale edit refused, fetched again and made anew.
    expect(await device.push()).toEqual([201, 201, 412, 200, 200])
    const [made] = [...device.reports.values()].filter((row) => row.uuid === toEdit.uuid)
    expect(made).toMatchObject({ address: "2 Quay St, by the gate", assignee_id: reporter.id })

    // A last sync, and the device holds exactly what the server holds.
    await device.sync()
    const reports = await everything(
      reporter,
      `/api/v4/reports?preset_filter=syncable_reports&fields=${reportFields}`,
    )
    expect(byKey([...device.reports.values()], "uuid")).toEqual(byKey(reports, "uuid"))
    for (const uuid of filedOffline) expect(device.reports.has(uuid)).toBe(true)
    const comments = await everything(
      reporter,
      "/api/v4/report_comments?preset_filter=syncable_reports&fields=report_uuid",
    )
    expect(byKey([...device.comments.values()], "uuid")).toEqual(byKey(comments, "uuid"))
    const changes = await everything(
      reporter,
      "/api/v4/report_state_changes?preset_filter=syncable_reports&fields=report_uuid",
    )
    expect(byKey([...device.stateChanges.values()], "id")).toEqual(byKey(changes, "id"))
    const tasks = await everything(reporter, "/api/v4/tasks?fields=updated_at,version")
    expect(byKey([...device.tasks.values()], "uuid")).toEqual(byKey(tasks, "uuid"))
    // The session knows the installation the device used.
    const [session] = await query<{ installation_id: string }>(
      server,
      (sql) => sql`SELECT installation_id FROM sessions WHERE user_id = ${reporter.id} ORDER BY id DESC`,
    )
    expect(session?.installation_id).toBe(device.installation)
  })
})
