/**
 * `DELETE /api/v4/reports/{id|uuid}` (docs/api.md, Field apps and offline sync): for the report's
 * reporter and the channel's operators and admins, refused to everyone else; the report's
 * attachments (released to the clean-up), comments, notes, tasks, state changes, reads and
 * notifications go with it, every count the analytics and the map read is as if it had never been
 * filed, and tombstones of the report, its comments and its tasks are listed to those who read
 * them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { runJobs } from "../support/Members.ts"
import type { Person } from "../support/People.ts"
import {
  png,
  postReport,
  putTestForm,
  query,
  statesOf,
  type TestForm,
  upload,
} from "../support/ReportFixtures.ts"
import { startTestServer, type TestServer } from "../support/TestServer.ts"
import { buildWorld, type World } from "../support/World.ts"

let server: TestServer
let world: World
let form: TestForm

const wellington = { latitude: -41.2889, longitude: 174.7772 }

beforeAll(async () => {
  server = await startTestServer()
  world = await buildWorld(server, "deletion")
  form = await putTestForm(server, world.owner, world.channel.id)
  // The viewer follows the channel: every new report notifies them.
  const followed = await server.request("PATCH", `/api/v4/channel_selections/${world.channel.id}`, {
    token: world.viewer.token,
    body: { channel_selection: { view: true, follow: true, alert: false } },
  })
  expect(followed.status).toBe(204)
})
afterAll(() => server.close())

/**
 * Files a report with everything that can hang on it: a photo, a choice, a comment, a note, a
 * task, a state change, reads and an opened notification.
 */
const busyReport = async (reporter: Person) => {
  const photo = await upload(server, reporter, await png(), "spill.png")
  const uuid = crypto.randomUUID()
  const filed = await postReport(server, reporter, {
    account_id: world.channel.id,
    location: wellington,
    uuid,
    [form.photos]: [photo.id],
    [form.choice]: form.choiceOptions[1],
  })
  expect(filed.status).toBe(201)
  const id: number = filed.body.id
  await runJobs(server)
  const comment = await server.request("POST", "/api/v4/report_comments", {
    token: world.viewer.token,
    body: { report_comment: { report_id: id, content: "Seen it", uuid: crypto.randomUUID() } },
  })
  expect(comment.status).toBe(201)
  const note = await server.request("POST", `/api/v4/reports/${id}/note_comments`, {
    token: world.operator.token,
    body: { note_comment: { comment: "Crew sent", public: false } },
  })
  expect(note.status).toBe(201)
  const task = await server.request("POST", "/api/v4/tasks", {
    token: world.operator.token,
    body: {
      task: {
        uuid: crypto.randomUUID(),
        client_created_at: "2026-11-27T09:00:00Z",
        title: "Clean up",
        description: "",
        assignee_id: reporter.id,
        report_id: id,
      },
    },
  })
  expect(task.status).toBe(201)
  const states = await statesOf(server, world.owner, world.channel.id)
  const moved = await server.request("PATCH", `/api/v4/reports/${id}`, {
    token: world.operator.token,
    body: { report: { report_state_id: states["In progress"] } },
  })
  expect(moved.status).toBe(200)
  for (const reader of [world.viewer, world.viewer, world.operator])
    expect((await server.request("GET", `/api/v4/reports/${id}`, { token: reader.token })).status).toBe(200)
  return {
    id,
    uuid,
    photo: photo.id,
    comment: { id: comment.body.id as number, uuid: comment.body.uuid as string },
    task: task.body.uuid as string,
  }
}

/** Every count of the channel the analytics and the map answer, over a range holding today. */
const counts = async () => {
  const day = 86_400_000
  const range = {
    channel_id: String(world.channel.id),
    start_date: new Date(Date.now() - day).toISOString(),
    end_date: new Date(Date.now() + day).toISOString(),
  }
  const field = form.fields.find((candidate) => candidate.key === form.choice)?.id
  const ask = async (endpoint: string, extra: Record<string, string> = {}) => {
    const answer = await server.request(
      "GET",
      `/api/v4/analytics/${endpoint}?${new URLSearchParams({ ...range, ...extra })}`,
      { token: world.owner.token },
    )
    expect(answer.status, endpoint).toBe(200)
    return answer.body
  }
  const tiles = await server.request(
    "GET",
    `/api/v4/reports/tiles?scale=0.01&bbox=174,-42,175,-41&filter[channels]=[${world.channel.id}]`,
    { token: world.owner.token },
  )
  return {
    overTime: await ask("reports_over_time", { datetime_range_width: "day" }),
    perState: await ask("reports_per_state"),
    perUser: await ask("reports_per_user"),
    perChoice: await ask("reports_per_field_selection", { field_id: String(field) }),
    images: ((await ask("reports_images")) as ReadonlyArray<{ id: number }>).map((image) => image.id),
    read: await ask("reports_read", { fields: "total_reads,unique_reads,report_readers,reports_seen" }),
    awareness: await ask("user_awareness", {
      fields: "total_alerts,unique_alerts,alerts_opened,alert_source_reports",
    }),
    tiles: tiles.body,
  }
}

/** The tombstones a person lists. */
const tombstones = async (person: Person, type?: string) => {
  const answer = await server.request(
    "GET",
    `/api/v4/deleted_resources${type === undefined ? "" : `?type=${type}`}`,
    { token: person.token },
  )
  expect(answer.status).toBe(200)
  return answer.body.deleted_resources as ReadonlyArray<Record<string, unknown>>
}

describe("DELETE /api/v4/reports/{report_id}", () => {
  it("takes everything that hangs on the report with it, and leaves every count as before it", async () => {
    // Another report of the same kind stays, so the counts are not all 0.
    await busyReport(world.owner)
    const before = await counts()
    const report = await busyReport(world.reporter)
    const notification = (
      await server.request("GET", "/api/v4/notifications", { token: world.viewer.token })
    ).body.find((candidate: { report_id: number }) => candidate.report_id === report.id)
    expect(notification).toBeDefined()
    await server.request("GET", `/api/v4/notifications/${notification.id}`, { token: world.viewer.token })
    expect(await counts()).not.toEqual(before)

    const answer = await server.request("DELETE", `/api/v4/reports/${report.id}`, {
      token: world.reporter.token,
    })
    expect([answer.status, answer.body]).toEqual([204, undefined])

    expect(await counts()).toEqual(before)
    expect(
      (await server.request("GET", `/api/v4/reports/${report.id}`, { token: world.owner.token })).status,
    ).toBe(404)
    expect(
      (await server.request("GET", `/api/v4/tasks/${report.task}`, { token: world.reporter.token })).status,
    ).toBe(404)
    const notifications = await server.request("GET", "/api/v4/notifications", { token: world.viewer.token })
    expect(notifications.body.map((row: { report_id: number }) => row.report_id)).not.toContain(report.id)
    const left = await query<{ name: string; count: number }>(
      server,
      (
        sql,
      ) => sql`SELECT 'comments' AS name, COUNT(*) AS count FROM report_comments WHERE report_id = ${report.id}
        UNION ALL SELECT 'notes', COUNT(*) FROM note_comments WHERE report_id = ${report.id}
        UNION ALL SELECT 'state changes', COUNT(*) FROM report_state_changes WHERE report_id = ${report.id}
        UNION ALL SELECT 'reads', COUNT(*) FROM report_reads WHERE report_id = ${report.id}
        UNION ALL SELECT 'texts', COUNT(*) FROM report_texts WHERE report_id = ${report.id}
        UNION ALL SELECT 'links', COUNT(*) FROM report_attachments WHERE report_id = ${report.id}`,
    )
    expect(left.map((row) => [row.name, Number(row.count)])).toEqual(
      ["comments", "notes", "state changes", "reads", "texts", "links"].map((name) => [name, 0]),
    )
    // The photo is no report's any more: the clean-up of unused uploads removes it.
    const [photo] = await query<{ used: number; released_at: string | null }>(
      server,
      (sql) => sql`SELECT used, released_at FROM attachments WHERE id = ${report.photo}`,
    )
    expect([Number(photo?.used), typeof photo?.released_at]).toEqual([0, "string"])

    // Tombstones of the report, its comment and its task, for those who read them.
    const listed = await tombstones(world.viewer)
    expect(listed).toEqual(
      expect.arrayContaining([
        { uuid: report.uuid, id: report.id, type: "report", deleted_at: expect.any(String) },
        {
          uuid: report.comment.uuid,
          id: report.comment.id,
          type: "report_comment",
          deleted_at: expect.any(String),
        },
        { uuid: report.task, id: null, type: "task", deleted_at: expect.any(String) },
      ]),
    )
    expect(await tombstones(world.outsider)).toEqual([])
  })

  it("frees the report's uuid, and a report filed again with it is a new one", async () => {
    const uuid = crypto.randomUUID()
    const first = await postReport(server, world.reporter, {
      account_id: world.channel.id,
      address: "Quay",
      uuid,
    })
    expect(
      (await server.request("DELETE", `/api/v4/reports/${uuid}`, { token: world.reporter.token })).status,
    ).toBe(204)
    const again = await postReport(server, world.reporter, {
      account_id: world.channel.id,
      address: "Quay",
      uuid,
    })
    expect(again.status).toBe(201)
    expect(again.body.id).not.toBe(first.body.id)
  })

  it("is for the reporter and the channel's operators and admins; others are refused", async () => {
    const file = async () => {
      const answer = await postReport(server, world.reporter, {
        account_id: world.channel.id,
        address: "Quay",
      })
      expect(answer.status).toBe(201)
      return answer.body.id as number
    }
    const remove = (person: Person, id: number) =>
      server
        .request("DELETE", `/api/v4/reports/${id}`, { token: person.token })
        .then((answer) => answer.status)
    const id = await file()
    // Those who read the channel but may not change the report: 403; those who do not read it: 404.
    expect(await remove(world.viewer, id)).toBe(403)
    expect(await remove(world.manager, id)).toBe(403)
    expect(await remove(world.member, id)).toBe(404)
    expect(await remove(world.outsider, id)).toBe(404)
    expect(await remove(world.invited, id)).toBe(404)
    // Another reporter's report is not theirs to delete.
    const ownedByOperator = await postReport(server, world.operator, {
      account_id: world.channel.id,
      address: "Pier",
    })
    expect(await remove(world.reporter, ownedByOperator.body.id)).toBe(403)
    // Nothing went, and nothing was written of it.
    expect((await server.request("GET", `/api/v4/reports/${id}`, { token: world.viewer.token })).status).toBe(
      200,
    )
    expect((await tombstones(world.owner, "report")).map((row) => row.id)).not.toContain(id)
    expect(await remove(world.operator, id)).toBe(204)
    expect(await remove(world.owner, ownedByOperator.body.id)).toBe(204)
    expect(await remove(world.owner, id)).toBe(404)
    const unknown = await server.request("DELETE", `/api/v4/reports/${crypto.randomUUID()}`, {
      token: world.owner.token,
    })
    expect(unknown.status).toBe(404)
  })
})
