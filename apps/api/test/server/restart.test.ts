/**
 * A restart loses nothing: everything written through the API before the process stopped reads
 * back identically from the next process on the same data directory, the tokens issued before
 * still work, the signed address of a file still serves it, and a search left pending (the first
 * process runs no jobs) completes. Both processes read one manual clock and one public URL, so
 * timestamps and signed addresses are comparable byte for byte.
 */
import { randomUUID } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { expect, it } from "vitest"
import { manualClock } from "../../src/seed/ManualClock.ts"
import { addUsers, createMember, type Member } from "../support/Members.ts"
import { png, postReport, putTestForm, statesOf, upload } from "../support/ReportFixtures.ts"
import { awaitSearch } from "../support/Searches.ts"
import { adminEmail, adminPassword, startTestServer, type TestServer } from "../support/TestServer.ts"
import { createChannel, createTeam } from "../support/World.ts"

const env = { FIELDREPORT_PUBLIC_URL: "https://reports.example.org" }

/** Every optional field of a report, so the snapshot holds all a report is made of. */
const everyReportField = [
  "account_logo",
  "account_name",
  "form_fields",
  "is_manageable_by",
  "map_url",
  "note_comments",
  "report_comments",
  "report_state_name",
  "user_image",
  "user_short_name",
  "assignee_id",
  "assignment_due_at",
  "users_opened",
  "uuid",
  "updated_at",
  "appearance",
  "cache_key",
].join(",")

const everyCategoryField =
  "id,name,label_name,depth,max_subtree_extra_depth,pin_color,pin_appearance,pin_urls,position,account,parent,children"

/** What the test wrote, by id. */
interface Written {
  readonly owner: Member
  readonly reporter: Member
  readonly teamId: number
  readonly channelId: number
  readonly reportIds: ReadonlyArray<number>
  readonly taskUuid: string
  readonly alertAreaId: number
}

/** Reads everything written, each answer as status and body. */
const snapshot = async (server: TestServer, written: Written) => {
  const { owner, reporter, teamId, channelId } = written
  const read = async (path: string, member: Member = owner) => {
    const answer = await server.request("GET", path, { token: member.token })
    return { path, status: answer.status, body: answer.body, range: answer.headers.get("content-range") }
  }
  const reads = [
    await read("/api/v4/users/me"),
    await read("/api/v4/users/me", reporter),
    await read("/api/v4/teams?fields=is_manager_of,is_owner_of"),
    await read(`/api/v4/teams/${teamId}/team_users?fields=channel_count,report_count,status`),
    await read("/api/v4/channels"),
    await read(`/api/v4/channels/${channelId}`),
    await read(`/api/v4/channels/${channelId}/categories?fields=${everyCategoryField}`),
    await read(`/api/v4/channels/${channelId}/form`),
    await read(`/api/v4/report_states?channel_id=${channelId}`),
    await read("/api/v4/tasks"),
    await read(`/api/v4/tasks/${written.taskUuid}`, reporter),
    await read("/api/v4/alert_areas", reporter),
    await read(`/api/v4/alert_areas/${written.alertAreaId}`, reporter),
  ]
  for (const id of written.reportIds) {
    reads.push(await read(`/api/v4/reports/${id}?fields=${everyReportField}`))
    reads.push(await read(`/api/v4/reports/${id}?fields=${everyReportField}`, reporter))
    reads.push(await read(`/api/v4/reports/${id}/report_state_changes`))
    reads.push(await read(`/api/v4/reports/${id}/note_comments`))
  }
  return reads
}

it("keeps everything written before a restart, and completes a pending search after it", async () => {
  const dir = mkdtempSync(join(tmpdir(), "fieldreport-restart-"))
  const time = manualClock("2031-03-04T05:06:07.890Z")
  const photoBytes = await png()
  try {
    // No job workers: the search and every other job wait for the next process.
    const before = await startTestServer({ ...env, FIELDREPORT_JOB_WORKERS: "0" }, dir, { clock: time.clock })
    let written: Written
    let searchPath: string
    let photoUrl: string
    let adminToken: string
    let saved: Awaited<ReturnType<typeof snapshot>>
    try {
      adminToken = await before.login(adminEmail, adminPassword)
      const owner = await createMember(before, adminToken, "Ana", "Owner")
      const reporter = await createMember(before, adminToken, "Rua", "Reporter")
      const teamId = await createTeam(before, owner, "River care")
      const channel = await createChannel(before, owner, teamId, "Cleaner streams")
      const reporterRole = { user_id: reporter.id, role: "reporter", send_email: false }
      // Added directly by the administrator: an owner's addition would wait for the reporter's consent.
      const added = await addUsers(before, adminToken, teamId, [reporterRole], [channel.id])
      expect(added.status).toBe(200)

      const category = async (body: Record<string, unknown>) => {
        const answer = await before.request("POST", `/api/v4/channels/${channel.id}/categories`, {
          token: owner.token,
          body: { category: body },
        })
        expect(answer.status).toBe(201)
        return answer.body.id as number
      }
      const spills = await category({ name: "Spills", pin_color: "#d9480f" })
      const oil = await category({ name: "Oil", parent_id: spills, pin_color: "#d9480f" })
      const form = await putTestForm(before, owner, channel.id)

      time.set("2031-03-04T06:00:00.000Z")
      const photo = await upload(before, reporter, photoBytes, "spill.png")
      const first = await postReport(before, reporter, {
        account_id: channel.id,
        category_id: oil,
        location: { latitude: -41.2865, longitude: 174.7762 },
        [form.what]: "Oil",
        [form.description]: "A sheen by the outlet",
        [form.checks]: [form.checkOptions[1]],
        [form.photos]: [photo.id],
        [form.secret]: "Owner is Bob",
      })
      expect(first.status).toBe(201)
      time.set("2031-03-04T06:30:00.000Z")
      const second = await postReport(before, owner, {
        account_id: channel.id,
        category_id: spills,
        address: "1 Lambton Quay, Wellington",
      })
      expect(second.status).toBe(201)

      time.set("2031-03-04T07:00:00.000Z")
      const states = await statesOf(before, owner, channel.id)
      const moved = await before.request("PATCH", `/api/v4/reports/${first.body.id}`, {
        token: owner.token,
        body: { report: { report_state_id: states["In progress"] } },
      })
      expect(moved.status).toBeLessThan(300)
      for (const note of [
        { comment: "Crew booked.", public: false },
        { comment: "Cleaned up.", public: true },
      ]) {
        const answer = await before.request("POST", `/api/v4/reports/${first.body.id}/note_comments`, {
          token: owner.token,
          body: { note_comment: note },
        })
        expect(answer.status).toBe(201)
      }
      const task = await before.request("POST", "/api/v4/tasks", {
        token: owner.token,
        body: {
          task: {
            uuid: randomUUID(),
            client_created_at: "2031-03-04T07:01:00Z",
            title: "Check the outlet again",
            description: "Take a photo.",
            assignee_id: reporter.id,
            report_id: first.body.id,
          },
        },
      })
      expect(task.status).toBe(201)
      // Far from the reports, so no notification is due when the next process runs the jobs.
      const area = await before.request("POST", "/api/v4/alert_areas", {
        token: reporter.token,
        body: { alert_area: { area: "POINT (172.6362 -43.5321)", radius: 2000 } },
      })
      expect(area.status).toBe(201)

      const search = await before.request("GET", "/api/v4/reports/search?order[id]=asc", {
        token: owner.token,
      })
      expect(search.status).toBe(200)
      searchPath = `/api/v4/report_searches/${search.body.id}`
      expect((await before.request("GET", searchPath, { token: owner.token })).status).toBe(202)

      written = {
        owner,
        reporter,
        teamId,
        channelId: channel.id,
        reportIds: [first.body.id, second.body.id],
        taskUuid: task.body.uuid,
        alertAreaId: area.body.id,
      }
      // Read once first: reading a report is itself recorded (users_opened).
      await snapshot(before, written)
      saved = await snapshot(before, written)
      for (const answer of saved) expect(answer.status, answer.path).toBe(200)
      // The photo's address as the report shows it now (the upload's own is an hour old, expired).
      const shown = saved.find((answer) => answer.path.startsWith(`/api/v4/reports/${first.body.id}?`))
      photoUrl = shown?.body.form_fields.find((field: { key: string }) => field.key === form.photos).value[0]
        .original_url
    } finally {
      await before.close()
    }

    const after = await startTestServer(env, dir, { clock: time.clock })
    try {
      expect(await snapshot(after, written)).toEqual(saved)
      const done = await awaitSearch(after, written.owner, searchPath)
      expect(done.status).toBe(200)
      expect(done.body.map((report: { id: number }) => report.id)).toEqual(written.reportIds)
      // The first process's signed address serves the stored file from the second.
      const { pathname, search } = new URL(photoUrl)
      const download = await fetch(`${after.url}${pathname}${search}`)
      expect(download.status).toBe(200)
      expect(Buffer.from(await download.arrayBuffer()).equals(photoBytes)).toBe(true)
      // And the administrator's session goes on.
      expect((await after.request("GET", "/api/v4/admin/users", { token: adminToken })).status).toBe(200)
    } finally {
      await after.close()
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
