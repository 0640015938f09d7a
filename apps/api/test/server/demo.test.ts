/**
 * Demo data (`FIELDREPORT_DEMO=true`): the first start fills an empty database with a council's
 * team, two channels and 300 reports around Wellington with photos, state changes and notes, and
 * four people; the bootstrap administrator manages the team and administers its channels, so sees
 * it all through the API. A later start on the same data adds nothing.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as Content from "../../src/demo/DemoContent.ts"
import type { Person } from "../support/People.ts"
import { awaitSearch } from "../support/Searches.ts"
import { adminEmail, adminPassword, startTestServer, type TestServer } from "../support/TestServer.ts"

const dir = mkdtempSync(join(tmpdir(), "fieldreport-demo-"))
let server: TestServer
/** The bootstrap administrator. */
let admin: Person

beforeAll(async () => {
  server = await startTestServer({ FIELDREPORT_DEMO: "true" }, dir)
  const token = await server.login(adminEmail, adminPassword)
  const me = await server.request("GET", "/api/v4/users/me", { token })
  admin = { id: me.body.id, email: adminEmail, token }
})
afterAll(async () => {
  await server.close()
  rmSync(dir, { recursive: true, force: true })
})

const get = (path: string, headers: Record<string, string> = {}) =>
  server.request("GET", path, { token: admin.token, headers })

/** A demo report as the search answers it, with what the test reads of it. */
interface DemoReport {
  readonly id: number
  readonly account_id: number
  readonly user_id: number
  readonly location: { readonly latitude: number; readonly longitude: number } | null
  readonly report_state_id: number
  readonly note_comment_ids: ReadonlyArray<number>
  readonly is_manageable_by: boolean
  readonly form_fields: ReadonlyArray<{ readonly field_type: string; readonly value: unknown }>
}

/** Every report the administrator can read, through a search paged 100 at a time, and the total. */
const allReports = async (): Promise<{
  readonly total: number
  readonly reports: ReadonlyArray<DemoReport>
}> => {
  const started = await get("/api/v4/reports/search?order[id]=asc")
  expect(started.status).toBe(200)
  const path = `/api/v4/report_searches/${started.body.id}/reports?fields=form_fields,is_manageable_by`
  const reports: Array<DemoReport> = []
  let total = 0
  for (let start = 0; start === 0 || start < total; start += 100) {
    const page = await awaitSearch(server, admin, path, { Range: `objects=${start}-${start + 99}` })
    expect(page.status).toBe(200)
    total = Number(page.headers.get("content-range")?.split("/")[1])
    reports.push(...page.body)
  }
  return { total, reports }
}

const demoEmails = Content.people.map((person) => person.email)

/** The demo's state as the administrator sees it, for comparing two starts. */
const counts = async () => {
  const teams = await get("/api/v4/teams")
  const channels = await get("/api/v4/channels")
  const users = await get("/api/v4/admin/users", { Range: "objects=0-99" })
  const { total } = await allReports()
  return {
    teams: teams.body.length,
    channels: channels.body.length,
    users: users.headers.get("content-range"),
    reports: total,
  }
}

describe("the first start", () => {
  it("makes the administrator a manager of the demo team, with its two channels", async () => {
    const teams = await get("/api/v4/teams?fields=is_manager_of,is_owner_of")
    expect(teams.body).toEqual([
      expect.objectContaining({ ...Content.team, is_manager_of: true, is_owner_of: false }),
    ])
    const channels = await get("/api/v4/channels")
    expect(channels.status).toBe(200)
    expect(channels.body.map((channel: { name: string }) => channel.name).sort()).toEqual(
      Content.channels.map((channel) => channel.name).sort(),
    )
    const teamUsers = await get(`/api/v4/teams/${teams.body[0].id}/team_users`)
    expect(
      teamUsers.body.map((user: { email: string; role: string }) => [user.email, user.role]).sort(),
    ).toEqual(
      [
        [adminEmail, "manager"],
        [demoEmails[0], "owner"],
        ...demoEmails.slice(1).map((email) => [email, "team_member"]),
      ].sort(),
    )
  })

  it("makes the administrator an admin of both channels, who may add a category", async () => {
    const channels = await get("/api/v4/channels")
    for (const channel of channels.body as ReadonlyArray<{ id: number }>) {
      const created = await server.request("POST", `/api/v4/channels/${channel.id}/categories`, {
        token: admin.token,
        body: { category: { name: "Checked by the administrator", pin_color: "#1971c2" } },
      })
      expect(created.status, JSON.stringify(created.body)).toBe(201)
    }
  })

  it("creates four demo users", async () => {
    const users = await get("/api/v4/admin/users", { Range: "objects=0-99" })
    expect(users.status).toBe(200)
    expect(users.body.map((user: { email: string }) => user.email).sort()).toEqual(
      [adminEmail, ...demoEmails].sort(),
    )
  })

  it("files 300 reports around Wellington, readable in a search", async () => {
    const { total, reports } = await allReports()
    expect(total).toBe(Content.reportCount)
    expect(new Set(reports.map((report) => report.id)).size).toBe(Content.reportCount)
    const spread = Content.city.spreadDegrees
    for (const { location } of reports) {
      expect(Math.abs((location?.latitude ?? 0) - Content.city.latitude)).toBeLessThanOrEqual(spread)
      expect(Math.abs((location?.longitude ?? 0) - Content.city.longitude)).toBeLessThanOrEqual(spread)
    }
    // Filed by the demo's staff, none by the administrator, who may edit them all.
    expect(reports.some((report) => report.user_id === admin.id)).toBe(false)
    expect(reports.every((report) => report.is_manageable_by)).toBe(true)
  })

  it("shows photos in Image answers, served at their signed addresses", async () => {
    const { reports } = await allReports()
    const photos = reports.flatMap((report) =>
      report.form_fields
        .filter((field) => field.field_type === "Image")
        .flatMap((field) => (field.value ?? []) as ReadonlyArray<{ readonly original_url: string }>),
    )
    expect(photos.length).toBeGreaterThan(10)
    const photo = photos[0]
    const download = await fetch(photo?.original_url ?? "")
    expect(download.status).toBe(200)
    expect(download.headers.get("content-type")).toBe("image/jpeg")
  })

  it("has notes on some reports and moved others out of their first state", async () => {
    const { reports } = await allReports()
    const noted = reports.find((report) => report.note_comment_ids.length > 0)
    expect(noted).toBeDefined()
    const notes = await get(`/api/v4/reports/${noted?.id}/note_comments`)
    expect(notes.status).toBe(200)
    expect(notes.body.length).toBe(noted?.note_comment_ids.length)

    const states = await get(`/api/v4/report_states?channel_id=${reports[0]?.account_id}`)
    const initial = states.body.find((state: { initial: boolean }) => state.initial).id
    const moved = reports.find((report) => report.report_state_id !== initial)
    expect(moved).toBeDefined()
    const history = await get(`/api/v4/reports/${moved?.id}/report_state_changes`)
    expect(history.body).toEqual([
      expect.objectContaining({ new_report_state: expect.objectContaining({ id: moved?.report_state_id }) }),
    ])
  })

  it("counts each channel's reports in reports_per_state as the search does", async () => {
    const { reports } = await allReports()
    const channels = await get("/api/v4/channels")
    const now = Date.now()
    let counted = 0
    for (const channel of channels.body as ReadonlyArray<{ id: number }>) {
      const parameters = new URLSearchParams({
        channel_id: String(channel.id),
        start_date: new Date(now - (Content.days + 10) * 86_400_000).toISOString(),
        end_date: new Date(now + 86_400_000).toISOString(),
      })
      const answer = await get(`/api/v4/analytics/reports_per_state?${parameters}`)
      expect(answer.status).toBe(200)
      const perState: ReadonlyArray<{ report_count: number }> = answer.body
      const sum = perState.reduce((total, state) => total + state.report_count, 0)
      expect(sum).toBe(reports.filter((report) => report.account_id === channel.id).length)
      // More than one state holds reports.
      expect(perState.filter((state) => state.report_count > 0).length).toBeGreaterThan(1)
      counted += sum
    }
    expect(counted).toBe(Content.reportCount)
  })
})

describe("a second start on the same data", () => {
  it("creates nothing more", async () => {
    const before = await counts()
    await server.close()
    server = await startTestServer({ FIELDREPORT_DEMO: "true" }, dir)
    // The administrator's session lives in the database, so it goes on.
    expect(await counts()).toEqual(before)
  })
})
