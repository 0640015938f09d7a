/**
 * The report fields the mobile client asks for that fit the model (`categories_title`,
 * `comment_count`, `viewer_count`, `report_state`, `user_short_name`, `assignee`, `hidden_fields`),
 * rendered when `fields` names them, for one report and for a page of them; the names the client
 * asks for that the model has no place for are ignored and listed in `X-Ignored-Fields`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { postReport, putTestForm, type TestForm } from "../support/ReportFixtures.ts"
import { awaitSearch } from "../support/Searches.ts"
import { startTestServer, type TestServer } from "../support/TestServer.ts"
import { buildWorld, type World } from "../support/World.ts"

let server: TestServer
let world: World
let form: TestForm
let roads: number
let potholes: number

/** The `fields` the Android client sends when it fetches reports. */
const androidFields =
  "categories_title,category_id,comment_count,viewer_count,form_fields,hidden_fields,is_hazard,risk_level," +
  "risk_assessment,risk_matrix_config,risk_control_id,risk_control_editable_by,report_state,user_short_name," +
  "appearance,assignee_id,assignment_due_at,assignee,feature_uuid"

const mobileFields =
  "categories_title,comment_count,viewer_count,report_state,user_short_name,assignee,hidden_fields"

beforeAll(async () => {
  server = await startTestServer()
  world = await buildWorld(server, "mobile")
  form = await putTestForm(server, world.owner, world.channel.id)
  const category = (name: string, parent_id: number) =>
    server.request("POST", `/api/v4/channels/${world.channel.id}/categories`, {
      token: world.owner.token,
      body: { category: { name, parent_id } },
    })
  roads = (await category("Roads", world.channel.category_id)).body.id
  potholes = (await category("Potholes", roads)).body.id
})
afterAll(() => server.close())

const fetchReport = (id: number, token: string, fields = mobileFields) =>
  server.request("GET", `/api/v4/reports/${id}?fields=${fields}`, { token })

const file = async (body: Record<string, unknown>) => {
  const answer = await postReport(server, world.reporter, {
    account_id: world.channel.id,
    address: "12 Cuba Street",
    ...body,
  })
  expect(answer.status).toBe(201)
  return answer.body.id as number
}

describe("the mobile client's report fields", () => {
  it("renders each for the report's readers, the private fields hidden from those who may not see them", async () => {
    const id = await file({ category_id: potholes, [form.secret]: "gate code 4411" })
    await server.request("PATCH", `/api/v4/reports/${id}`, {
      token: world.operator.token,
      body: { report: { assignee_id: world.operator.id } },
    })
    for (const content of ["On our way", "Fixed"])
      expect(
        (
          await server.request("POST", "/api/v4/report_comments", {
            token: world.viewer.token,
            body: { report_comment: { report_id: id, content } },
          })
        ).status,
      ).toBe(201)
    const state = (
      await server.request("GET", `/api/v4/report_states?channel_id=${world.channel.id}`, {
        token: world.owner.token,
      })
    ).body[0]

    const asViewer = await fetchReport(id, world.viewer.token)
    expect(asViewer.status).toBe(200)
    expect(asViewer.body).toMatchObject({
      categories_title: "Potholes, Roads, Cleaner streams",
      comment_count: 2,
      report_state: state,
      user_short_name: "mobile-reporter T.",
      assignee: { id: world.operator.id, first_name: "mobile-operator", last_name: "Tester" },
      hidden_fields: [form.secret],
    })
    // The fetch itself is a read: the viewer is the report's first reader.
    expect(asViewer.body.viewer_count).toBe(1)
    const asOperator = await fetchReport(id, world.operator.token)
    expect(asOperator.body).toMatchObject({ viewer_count: 2, hidden_fields: [] })
    const asReporter = await fetchReport(id, world.reporter.token)
    expect(asReporter.body).toMatchObject({ viewer_count: 3, hidden_fields: [] })
  })

  it("names no assignee when there is none, and counts nothing that is not there", async () => {
    const id = await file({})
    const answer = await fetchReport(id, world.reporter.token)
    expect(answer.body).toMatchObject({
      categories_title: "Cleaner streams",
      comment_count: 0,
      viewer_count: 1,
      assignee: null,
      hidden_fields: [],
    })
  })

  it("leaves them out unless named, and ignores the names the model has no place for", async () => {
    const id = await file({ category_id: roads })
    const plain = await fetchReport(id, world.viewer.token, "")
    for (const name of mobileFields.split(",")) expect(plain.body).not.toHaveProperty(name)
    const android = await fetchReport(id, world.viewer.token, androidFields)
    expect(android.status).toBe(200)
    expect(android.body).toMatchObject({ categories_title: "Roads, Cleaner streams", comment_count: 0 })
    expect(android.body.form_fields.length).toBeGreaterThan(0)
    expect(android.headers.get("x-ignored-fields")?.split(", ")).toEqual([
      "is_hazard",
      "risk_level",
      "risk_assessment",
      "risk_matrix_config",
      "risk_control_id",
      "risk_control_editable_by",
      "feature_uuid",
    ])
  })

  it("renders them for every report of a page at once", async () => {
    const started = await server.request(
      "GET",
      `/api/v4/reports/search?filter[channels]=[${world.channel.id}]`,
      {
        token: world.viewer.token,
      },
    )
    await awaitSearch(server, world.viewer, `/api/v4/report_searches/${started.body.id}`)
    const page = await server.request(
      "GET",
      `/api/v4/report_searches/${started.body.id}/reports?fields=${mobileFields}`,
      { token: world.viewer.token },
    )
    expect(page.status).toBe(200)
    expect(page.body.length).toBeGreaterThanOrEqual(3)
    for (const report of page.body) {
      expect(typeof report.categories_title).toBe("string")
      expect(report.report_state.id).toBe(report.report_state_id)
      expect(report.hidden_fields).toEqual([form.secret])
    }
    expect(page.body.map((report: { comment_count: number }) => report.comment_count).sort()).toContain(2)
  })
})
