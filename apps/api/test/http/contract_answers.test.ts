/**
 * The real server answers what the contract declares. Through the typed client only, every
 * operation of the contract is called once with valid input, in an order that makes what later
 * calls need; the client takes only a status the operation declares and decodes every answer with
 * the declared Schemas, so a call that passes here is one whose answer matches its declaration.
 * The last test names every operation of the contract that no call reached, so an endpoint added
 * to the contract is checked here too or shows as missing.
 *
 * `contract_round_trip.test.ts` checks the other half: that each call reaches its handler.
 */
import { randomUUID } from "node:crypto"
import type { ApiError, TransportError } from "@fieldreport/client/ApiError"
import * as FieldreportClient from "@fieldreport/client/FieldreportClient"
import * as Api from "@fieldreport/contract/Api"
import type { Endpoint } from "@fieldreport/contract/Endpoint"
import type { Attachment } from "@fieldreport/domain/Attachment"
import type { Category } from "@fieldreport/domain/Category"
import type { Channel } from "@fieldreport/domain/Channel"
import type { Form } from "@fieldreport/domain/Form"
import type { Report } from "@fieldreport/domain/Report"
import type { ReportStateRecord } from "@fieldreport/domain/ReportStateRecord"
import type { Session } from "@fieldreport/domain/Session"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { TeamInvitationStore } from "../../src/store/TeamInvitationStore.ts"
import { mailsOf, tokenIn } from "../support/Mails.ts"
import { runJobs } from "../support/Members.ts"
import { png } from "../support/ReportFixtures.ts"
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

/** The operations the clients of this file called. */
const called = new Set<string>()

type Client = FieldreportClient.FieldreportClient

/** A client whose every call records its operation id. */
const recording = (client: Client): Client => ({
  call: (operationId, ...args) => {
    called.add(operationId)
    return client.call(operationId, ...args)
  },
  request: (operationId, ...args) => {
    called.add(operationId)
    return client.request(operationId, ...args)
  },
  page: (operationId, range, ...args) => {
    called.add(operationId)
    return client.page(operationId, range, ...args)
  },
  login: (credentials) => {
    called.add("createSession")
    return client.login(credentials)
  },
})

/**
 * Where answers' headers differ from their declarations: a reply declared with `location` answers
 * a `Location`, a paginated one a `Content-Range`, and no other reply does.
 */
const headerMismatches: Array<string> = []

/** `fetch`, noting any answer whose `Location` or `Content-Range` its reply does not declare. */
const checkingFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
  const response = await fetch(input, init)
  const url = new URL(input instanceof Request ? input.url : input)
  const endpoint: Endpoint | undefined = Api.match(init?.method ?? "GET", url.pathname)
  const reply = endpoint?.replies[response.status]
  const declared = { location: reply?.location === true, "content-range": reply?.paginated === true }
  for (const [header, expected] of Object.entries(declared))
    if (reply !== undefined && response.headers.has(header) !== expected)
      headerMismatches.push(
        `${endpoint?.operationId} ${response.status} ${expected ? "lacks" : "answers an undeclared"} ${header}`,
      )
  return response
}

/** A recording client of the test server, with a token and the app or team it works in. */
const clientFor = (token?: string, scope: { readonly appId?: string; readonly teamId?: number } = {}) =>
  recording(FieldreportClient.make({ baseUrl: server.url, token, fetch: checkingFetch, ...scope }))

/** Runs a call; a failure names what the server said, with the fields at fault. */
const run = <A>(effect: Effect.Effect<A, ApiError | TransportError>): Promise<A> =>
  Effect.runPromise(
    Effect.mapError(
      effect,
      (error) =>
        new Error(
          error._tag === "ApiError" ? `${error.message} ${JSON.stringify(error.errors)}` : error.message,
        ),
    ),
  )

/** Repeats a request while it answers `202` (a search or an export still running). */
const untilDone = async <A extends { readonly status: number }>(ask: () => Promise<A>): Promise<A> => {
  for (let poll = 0; poll < 250; poll++) {
    const answer = await ask()
    if (answer.status !== 202) return answer
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error("still running after 250 polls")
}

/** The path parameters and query of a signed file address: `/…/{id}/{style}?expires=…&signature=…`. */
const signed = (address: string) => {
  const url = new URL(address)
  return {
    segments: url.pathname.split("/"),
    expires: Number(url.searchParams.get("expires")),
    signature: url.searchParams.get("signature") ?? "",
  }
}

const everything = { start: 0, end: 99 }
const wellington = { latitude: -41.2865, longitude: 174.7762 }
const password = "contract-password-1"

// What earlier calls made and later calls use.
let admin: Session
let adminClient: Client
let owner: Client
let viewer: Client
let newcomerId: number
let attachment: Attachment
let channel: Channel
/**
 * A channel with nothing in it, deleted at the end: what a deletion cascades to is the channels
 * suite's business.
 */
let spareChannel: Channel
let form: Form
let category: Category
let state: ReportStateRecord
let report: Report

beforeAll(async () => {
  server = await startTestServer()
  world = await buildWorld(server)
  owner = clientFor(world.owner.token)
  viewer = clientFor(world.viewer.token)
})
afterAll(() => server.close())

describe("the real server answers as the contract declares", () => {
  it("logs in and reads the session, the current user and app, and the reference", async () => {
    admin = await run(
      clientFor().login({ app_bundle_id: bundleId, email: adminEmail, password: adminPassword }),
    )
    adminClient = clientFor(admin.access_token)
    const current = await run(adminClient.call("getSession"))
    expect(current.session.profile.user_id).toBe((await run(adminClient.call("getCurrentUser"))).id)
    const renamed = await run(owner.call("updateCurrentUser", { body: { user: { first_name: "Olive" } } }))
    expect(renamed.first_name).toBe("Olive")
    expect((await run(owner.call("getCurrentBrandedApp"))).bundle_id).toBe(bundleId)
    expect((await run(clientFor().call("getOpenApiDocument"))).openapi).toMatch(/^3\.1\./)
  })

  it("administers branded apps, users, API tokens and app administrators", async () => {
    const app = await run(
      adminClient.call("createBrandedApp", {
        body: { branded_app: { bundle_id: "com.example.contract", name: "Contract" } },
      }),
    )
    expect((await run(adminClient.call("listBrandedApps"))).map((each) => each.id)).toContain(app.id)
    const user = await run(
      adminClient.call("createUser", {
        body: { user: { email: "newcomer@example.com", first_name: "Nia", last_name: "Newcomer", password } },
      }),
    )
    newcomerId = user.id
    expect((await run(adminClient.page("listUsers", everything))).items.map((each) => each.id)).toContain(
      user.id,
    )
    const updated = await run(
      adminClient.call("updateUser", { path: { id: user.id }, body: { user: { last_name: "Newman" } } }),
    )
    expect(updated.last_name).toBe("Newman")
    const token = await run(
      adminClient.call("createApiToken", { path: { id: user.id }, body: { api_token: { name: "Sync" } } }),
    )
    expect((await run(adminClient.call("listApiTokens", { path: { id: user.id } })))[0]?.id).toBe(token.id)
    await run(adminClient.call("deleteApiToken", { path: { id: user.id, token_id: token.id } }))
    const added = await run(
      adminClient.request("addAppAdministrator", { path: { id: app.id }, body: { user_id: user.id } }),
    )
    expect(added.status).toBe(201)
    const administered = await run(adminClient.call("getBrandedApp", { path: { id: app.id } }))
    expect(administered.administrators.map((each) => each.id)).toEqual([user.id])
    await run(adminClient.call("removeAppAdministrator", { path: { id: app.id, user_id: user.id } }))
    const opened = await run(
      adminClient.call("updateBrandedApp", {
        path: { id: app.id },
        body: { branded_app: { self_sign_up: true } },
      }),
    )
    expect(opened.self_sign_up).toBe(true)
  })

  it("signs up in an app that allows it, verifies the address and resets the password", async () => {
    const inApp = clientFor(undefined, { appId: "com.example.contract" })
    const email = "signed-up@example.com"
    const signedUp = await run(
      inApp.request("signUp", {
        body: { user: { email, first_name: "Sid", last_name: "Signup", password } },
      }),
    )
    expect(signedUp.status).toBe(201)
    await runJobs(server)
    const verified = await run(
      clientFor().call("verifyEmail", {
        body: { token: tokenIn(mailsOf(server.dataDir).at(-1) ?? "", "verify-email") },
      }),
    )
    expect(verified.email).toBe(email)
    expect((await run(clientFor().call("requestPasswordReset", { body: { email } }))).email).toBe(email)
    await runJobs(server)
    const reset = await run(
      clientFor().call("resetPassword", {
        body: {
          token: tokenIn(mailsOf(server.dataDir).at(-1) ?? "", "reset-password"),
          password: "kiwi fern harbour tide",
        },
      }),
    )
    expect(reset.email).toBe(email)
    await run(clientFor().call("requestPasswordReset", { body: { email } }))
    await runJobs(server)
    const updated = await run(
      clientFor().call("updatePasswordWithResetToken", {
        body: {
          email,
          reset_token: tokenIn(mailsOf(server.dataDir).at(-1) ?? "", "reset-password"),
          password: "tui song over the estuary",
          password_confirmation: "tui song over the estuary",
        },
      }),
    )
    expect(updated.email).toBe(email)
  })

  it("makes a team, invites a user into the world's team, and the user accepts", async () => {
    const team = await run(
      owner.call("createTeam", {
        body: { team: { name: "Contract", industry: "Water", location: "Otago" } },
      }),
    )
    await run(
      owner.call("updateTeam", { path: { team_id: team.id }, body: { team: { location: "Southland" } } }),
    )
    expect((await run(owner.call("getTeam", { path: { team_id: team.id } }))).location).toBe("Southland")
    expect((await run(owner.call("listTeams"))).map((each) => each.id)).toContain(team.id)
    const invited = await run(
      owner.call("addUsersToTeamChannels", {
        path: { team_id: world.teamId },
        body: {
          users: [{ user_id: newcomerId, role: "reporter" }],
          channels: [{ id: world.channel.id, isSelected: true }],
        },
      }),
    )
    expect(invited.teams.flat().map((result) => result.status)).toEqual(["success"])
    const invitations = await run(
      owner.page("listTeamUsers", everything, {
        path: { team_id: world.teamId },
        query: { "user_ids[]": [newcomerId] },
      }),
    )
    const invitation = invitations.items[0]
    if (invitation === undefined) throw new Error("the invitation is not listed")
    expect(invitation.agreed_to_join).toBe(false)
    const newcomer = await run(
      clientFor().login({ app_bundle_id: bundleId, email: "newcomer@example.com", password }),
    )
    await run(
      clientFor(newcomer.access_token).call("updateTeamUser", {
        path: { team_id: world.teamId, id: invitation.id },
        body: { team_user: { agreed_to_join: true } },
      }),
    )
    const joined = await run(
      owner.call("getTeamUser", { path: { team_id: world.teamId, id: invitation.id } }),
    )
    expect(joined.agreed_to_join).toBe(true)
  })

  it("invites e-mail addresses: one accepts with the token of the e-mail, another is sent again and withdrawn", async () => {
    const sent = await run(
      owner.request("createTeamInvitation", {
        path: { team_id: world.teamId },
        body: { invitation: { email: "by-mail@example.com", channel_ids: [world.channel.id] } },
      }),
    )
    expect(sent.status).toBe(201)
    await runJobs(server)
    const token = tokenIn(mailsOf(server.dataDir).at(-1) ?? "", "accept-invitation")
    const found = await run(clientFor().call("lookUpTeamInvitation", { body: { token } }))
    expect(found).toEqual({
      team_name: "River care",
      inviter_name: expect.any(String),
      email: "by-mail@example.com",
    })
    const accepted = await run(
      clientFor().call("acceptTeamInvitation", {
        body: { token, first_name: "By", last_name: "Mail", password: "kiwi fern harbour tide" },
      }),
    )
    expect(accepted.session.app_bundle_id).toBe(bundleId)

    const later = await run(
      owner.call("createTeamInvitation", {
        path: { team_id: world.teamId },
        body: { invitation: { email: "later@example.com", team_role: "manager" } },
      }),
    )
    const pending = await run(
      owner.page("listTeamInvitations", everything, { path: { team_id: world.teamId } }),
    )
    expect(pending.items.map((each) => each.email)).toEqual(["later@example.com"])
    const id = later.invitation_id ?? 0
    // Sent a day ago, it may be sent again.
    await server.runtime.runPromise(
      Effect.flatMap(Effect.service(TeamInvitationStore), (invitations) =>
        invitations.update(id, { last_invited_at: "2000-01-01T00:00:00.000Z" }),
      ),
    )
    const resent = await run(owner.call("resendTeamInvitation", { path: { team_id: world.teamId, id } }))
    expect(resent.team_role).toBe("manager")
    await run(owner.call("withdrawTeamInvitation", { path: { team_id: world.teamId, id } }))
    await runJobs(server)
  })

  it("makes and changes channels, forms, categories and report states", async () => {
    channel = await run(
      owner.call("createChannel", { body: { channel: { name: "Contract streams", team_id: world.teamId } } }),
    )
    spareChannel = await run(
      owner.call("createChannel", { body: { channel: { name: "Spare", team_id: world.teamId } } }),
    )
    await run(
      owner.call("updateChannel", { path: { id: channel.id }, body: { channel: { name: "Streams" } } }),
    )
    expect((await run(owner.call("getChannel", { path: { id: channel.id } }))).name).toBe("Streams")
    const channels = await run(owner.call("listChannels", { query: { team_id: world.teamId } }))
    expect(channels.map((each) => each.id)).toContain(channel.id)

    const initial = await run(owner.call("getChannelForm", { path: { channel_id: channel.id } }))
    form = await run(
      owner.call("replaceChannelForm", {
        path: { channel_id: channel.id },
        body: {
          form: {
            name: "Streams",
            fields: [
              ...initial.fields.map((field) => ({
                id: field.id,
                label: field.label,
                field_type: field.field_type,
                data: field.data,
              })),
              {
                label: "Severity",
                field_type: "DropDown",
                data: JSON.stringify({ options: [{ label: "Low" }, { label: "High" }] }),
              },
            ],
          },
        },
      }),
    )
    expect(form.version).toBe(initial.version + 1)

    category = await run(
      owner.call("createCategory", {
        path: { channel_id: channel.id },
        body: { category: { name: "Spill", parent_id: channel.category_id, pin_color: "#00aa00" } },
      }),
    )
    const renamed = await run(
      owner.call("updateCategory", {
        path: { channel_id: channel.id, id: category.id },
        body: { category: { name: "Oil spill" } },
      }),
    )
    expect(renamed.name).toBe("Oil spill")
    const fetched = await run(
      owner.call("getCategory", { path: { channel_id: channel.id, id: category.id } }),
    )
    expect(fetched.pin_color).toBe("#00aa00")
    const listed = await run(owner.call("listCategories", { path: { channel_id: channel.id } }))
    expect(listed.map((each) => each.id)).toContain(category.id)
    const spare = await run(
      owner.call("createCategory", {
        path: { channel_id: channel.id },
        body: { category: { name: "Spare" } },
      }),
    )
    await run(owner.call("deleteCategory", { path: { channel_id: channel.id, id: spare.id } }))

    state = await run(
      owner.call("createReportState", {
        body: { report_state: { channel_id: channel.id, name: "Checked", appearance: "attention" } },
      }),
    )
    const changed = await run(
      owner.call("updateReportState", {
        path: { id: state.id },
        body: { report_state: { name: "Inspected" } },
      }),
    )
    expect(changed.name).toBe("Inspected")
    expect((await run(owner.call("getReportState", { path: { id: state.id } }))).appearance).toBe("attention")
    const states = await run(owner.call("listReportStates", { query: { channel_id: channel.id } }))
    expect(states.map((each) => each.id)).toContain(state.id)
    const spareState = await run(
      owner.call("createChannelReportState", {
        path: { channel_id: channel.id },
        body: { report_state: { name: "Spare" } },
      }),
    )
    const renamedState = await run(
      owner.call("updateChannelReportState", {
        path: { channel_id: channel.id, id: spareState.id },
        body: { report_state: { name: "Spare state" } },
      }),
    )
    expect(renamedState.name).toBe("Spare state")
    const ofChannel = await run(owner.call("listChannelReportStates", { path: { channel_id: channel.id } }))
    expect(ofChannel.map((each) => each.id)).toEqual(states.map((each) => each.id).concat(spareState.id))
    await run(owner.call("deleteChannelReportState", { path: { channel_id: channel.id, id: spareState.id } }))
    const doomed = await run(
      owner.call("createReportState", { body: { report_state: { channel_id: channel.id, name: "Doomed" } } }),
    )
    await run(owner.call("deleteReportState", { path: { id: doomed.id } }))
  })

  it("reads a map pin", async () => {
    const pin = await run(
      clientFor().call("getPin", { path: { color: category.pin_color, file: "normal@2x.png" } }),
    )
    expect(pin.type).toBe("image/png")
  })

  it("keeps the viewer's channel selections and alert areas", async () => {
    await run(
      owner.call("addUsersToTeamChannels", {
        path: { team_id: world.teamId },
        body: {
          users: [{ user_id: world.viewer.id, role: "viewer" }],
          channels: [{ id: channel.id, isSelected: true }],
        },
      }),
    )
    await run(
      viewer.call("updateChannelSelection", {
        path: { channel_id: channel.id },
        body: { channel_selection: { view: true, follow: true, alert: true } },
      }),
    )
    const selections = await run(viewer.call("listChannelSelections"))
    expect(selections).toContainEqual({ id: channel.id, view: true, follow: true, alert: true })

    const area = await run(
      viewer.call("createAlertArea", {
        body: { alert_area: { area: "POINT(174.7762 -41.2865)", radius: 1000 } },
      }),
    )
    await run(
      viewer.call("updateAlertArea", {
        path: { id: area.id },
        body: { alert_area: { area: "POINT(174.7762 -41.2865)", radius: 2000 } },
      }),
    )
    expect((await run(viewer.call("getAlertArea", { path: { id: area.id } }))).radius).toBe(2000)
    const spare = await run(
      viewer.call("createAlertArea", {
        body: { alert_area: { area: "POLYGON((170 -46, 171 -46, 171 -45, 170 -45, 170 -46))" } },
      }),
    )
    expect((await run(viewer.call("listAlertAreas"))).map((each) => each.id)).toEqual([area.id, spare.id])
    await run(viewer.call("deleteAlertArea", { path: { id: spare.id } }))
  })

  it("uploads an attachment and reads its bytes from the signed address", async () => {
    const upload = new FormData()
    upload.append("file", new Blob([new Uint8Array(await png())]), "runoff.png")
    attachment = await run(owner.call("createFileAttachment", { body: upload }))
    const { segments, expires, signature } = signed(attachment.original_url)
    const [id, style] = segments.slice(-2)
    expect([id, style]).toEqual([String(attachment.id), "original"])
    const file = await run(
      clientFor().call("getFile", {
        path: { id: attachment.id, style: "original" },
        query: { expires, signature },
      }),
    )
    expect(file.size).toBe(attachment.byte_size)
  })

  it("authorizes an upload, takes the file posted with its form, and makes an attachment of its key", async () => {
    const { upload_authorization: authorization } = await run(
      owner.call("getUploadAuthorization", { query: { content_type: "image/png" } }),
    )
    const form = new FormData()
    for (const [name, value] of Object.entries(authorization.fields)) form.append(name, value)
    form.set("key", `${authorization.key_prefix}runoff.png`)
    form.append("file", new Blob([new Uint8Array(await png())]), "runoff.png")
    expect(await run(clientFor().call("uploadAuthorizedFile", { body: form }))).toBeUndefined()
    const made = await run(
      owner.call("createFileAttachment", {
        body: { file_attachment: { key: `${authorization.key_prefix}runoff.png` } },
      }),
    )
    expect(made).toMatchObject({ filename: "runoff.png", content_type: "image/png" })
  })

  it("files, reads, moves and upserts reports, and notifies the viewer", async () => {
    const key = (type: string) => form.fields.find((field) => field.field_type === type)?.key ?? ""
    const severity = form.fields.find((field) => field.label === "Severity")
    const low = JSON.parse(severity?.data ?? "{}").options[0].value
    const created = await run(
      owner.request("createReport", {
        body: {
          report: {
            account_id: channel.id,
            location: wellington,
            category_id: category.id,
            title: "Oil on the water",
            [key("Image")]: [attachment.id],
            [severity?.key ?? ""]: low,
          },
        },
      }),
    )
    expect(created.status).toBe(201)
    report = created.body
    const moved = await run(
      owner.call("updateReport", {
        path: { report_id: report.id },
        body: { report: { report_state_id: state.id } },
      }),
    )
    expect(moved.report_state_id).toBe(state.id)
    const changes = await run(owner.call("listReportStateChanges", { path: { report_id: report.id } }))
    expect(changes.map((change) => change.new_report_state.id)).toEqual([state.id])
    const bulkMoved = await run(
      owner.request("bulkUpdateReports", { body: [{ id: report.id, title: "Oil on the water" }] }),
    )
    expect(bulkMoved.status).toBe(200)
    const history = await run(owner.page("listReportChanges", everything, { path: { report_id: report.id } }))
    expect(history.items.map((change) => change.field)).toContain("report_state_id")
    const upserted = await run(
      owner.request("upsertReport", {
        body: {
          report: { account_id: channel.id, source_id: "gauge-7", address: "1 Lambton Quay, Wellington" },
        },
      }),
    )
    expect(upserted.status).toBe(201)

    await runJobs(server)
    const notifications = await run(viewer.page("listNotifications", everything))
    const notification = notifications.items.find((each) => each.report_id === report.id)
    if (notification === undefined) throw new Error("the viewer was not notified")
    expect((await run(viewer.call("getNotification", { path: { id: notification.id } }))).id).toBe(
      notification.id,
    )
    expect((await run(viewer.call("getReport", { path: { report_id: report.id } }))).title).toBe(
      "Oil on the water",
    )
    await run(
      viewer.call("updateNotification", {
        path: { id: notification.id },
        body: { notification: { archived: true } },
      }),
    )
    await run(viewer.call("deleteNotification", { path: { id: notification.id } }))
  })

  it("comments on the report and makes a task of it", async () => {
    const note = await run(
      owner.call("createNoteComment", {
        path: { report_id: report.id },
        body: { note_comment: { comment: "Booms are out." } },
      }),
    )
    expect((await run(owner.call("getNoteComment", { path: { id: note.id } }))).comment).toBe(
      "Booms are out.",
    )
    const notes = await run(owner.page("listNoteComments", everything, { path: { report_id: report.id } }))
    expect(notes.items.map((each) => each.id)).toEqual([note.id])
    const comment = await run(
      owner.request("createReportComment", {
        body: { report_comment: { report_id: report.id, content: "Thanks, on our way." } },
      }),
    )
    expect(comment.status).toBe(201)

    const task = await run(
      owner.request("createTask", {
        body: {
          task: {
            uuid: randomUUID(),
            client_created_at: new Date().toISOString(),
            title: "Inspect the outlet",
            description: "Take a photo.",
            assignee_id: world.member.id,
            report_id: report.id,
          },
        },
      }),
    )
    expect(task.status).toBe(201)
    const uuid = task.body.uuid
    await run(owner.call("updateTask", { path: { uuid }, body: { task: { completed: true } } }))
    expect((await run(owner.call("getTask", { path: { uuid } }))).completed_by_id).toBe(world.owner.id)
    const tasks = await run(owner.page("listTasks", everything, { query: { report_id: report.id } }))
    expect(tasks.items.map((each) => each.uuid)).toEqual([uuid])
    await run(owner.call("deleteTask", { path: { uuid } }))
  })

  it("lists what a field app syncs, deletes a report by its uuid and lists the tombstones", async () => {
    const syncable = await run(
      owner.request("listReports", { query: { preset_filter: "syncable_reports" } }, { range: everything }),
    )
    expect(syncable.body.map((each) => each.id)).toContain(report.id)
    const comments = await run(
      owner.request("listReportComments", { query: { report_id: report.id } }, { range: everything }),
    )
    expect(comments.body.map((each) => each.report_id)).toEqual([report.id])
    const changes = await run(
      owner.request("listAllReportStateChanges", { query: { report_id: report.id } }, { range: everything }),
    )
    expect(changes.body.map((each) => each.report_id)).toEqual([report.id])
    const uuid = randomUUID()
    const filed = await run(
      owner.call("createReport", { body: { report: { account_id: channel.id, address: "Pier", uuid } } }),
    )
    await run(owner.call("deleteReport", { path: { report_id: uuid } }))
    const tombstones = await run(
      owner.request("listDeletedResources", { query: { type: "report" } }, { range: everything }),
    )
    expect(tombstones.body.deleted_resources).toContainEqual(
      expect.objectContaining({ uuid, id: filed.id, type: "report" }),
    )
  })

  it("searches reports, counts them per tile and exports them", async () => {
    const search = await run(
      owner.call("startReportSearch", { query: { "filter[channels]": `[${channel.id}]` } }),
    )
    const items = await untilDone(() => run(owner.request("getReportSearch", { path: { id: search.id } })))
    expect(items.status).toBe(200)
    const found = await untilDone(() =>
      run(owner.request("listReportSearchReports", { path: { id: search.id } }, { range: everything })),
    )
    expect(found.status).toBe(200)
    const tiles = await run(owner.call("listReportTiles", { query: { scale: 1, bbox: "170,-45,180,-35" } }))
    expect(tiles.map((tile) => tile.report_count)).toEqual([1])

    const started = await run(
      owner.request("startReportExport", {
        body: { report_export: { report_search_id: search.id, format: "csv" } },
      }),
    )
    expect(started.status).toBe(202)
    const exported = await untilDone(() =>
      run(owner.request("getReportExport", { path: { id: started.body.id } })),
    )
    if (exported.status !== 200) throw new Error("the export did not finish")
    const { expires, signature } = signed(exported.body.download_url)
    const file = await run(
      clientFor().call("getReportExportFile", {
        path: { id: started.body.id },
        query: { expires, signature },
      }),
    )
    expect(file.size).toBe(exported.body.bytes)
    const listed = await run(owner.page("listReportExports", everything))
    expect(listed.items.map((each) => [each.id, each.state])).toEqual([[started.body.id, "done"]])
  })

  it("answers every analytics of the channel", async () => {
    const range = {
      channel_id: channel.id,
      start_date: new Date(Date.now() - 86_400_000).toISOString(),
      end_date: new Date(Date.now() + 86_400_000).toISOString(),
    }
    const query = { query: range }
    const fieldId = form.fields.find((field) => field.label === "Severity")?.id ?? 0
    await runJobs(server)
    const images = await run(owner.call("analyticsReportsImages", query))
    expect(images.map((image) => image.report_id)).toEqual([report.id])
    const overTime = await run(owner.call("analyticsReportsOverTime", query))
    expect(overTime.reduce((sum, bucket) => sum + bucket.report_count, 0)).toBe(2)
    const perOption = await run(
      owner.call("analyticsReportsPerFieldSelection", { query: { ...range, field_id: fieldId } }),
    )
    expect(perOption.map((option) => option.report_count)).toContain(1)
    expect(await run(owner.call("analyticsReportsPerState", query))).not.toHaveLength(0)
    expect(await run(owner.call("analyticsReportsPerUser", query))).toEqual([
      { user_id: world.owner.id, account_id: channel.id, report_count: 2 },
    ])
    expect(await run(owner.call("analyticsReportsPerDayHour", query))).not.toHaveLength(0)
    expect(await run(owner.call("analyticsReportsPerWeekDay", query))).not.toHaveLength(0)
    expect((await run(owner.call("analyticsReportsRead", query))).total_reads).toBe(1)
    const awareness = await run(owner.call("analyticsUserAwareness", query))
    expect(awareness.map((user) => user.user_id)).toContain(world.viewer.id)
  })

  it("keeps the app's shapes, as a platform administrator in the app", async () => {
    const inApp = clientFor(admin.access_token, { appId: bundleId })
    const square = "POLYGON((174 -42, 175 -42, 175 -41, 174 -41, 174 -42))"
    const shape = await run(
      inApp.call("createShape", { body: { shape: { geom: square, metadata: { display: ["Harbour"] } } } }),
    )
    const bulk = await run(inApp.request("bulkCreateShapes", { body: [{ geom: "POINT(174.5 -41.5)" }] }))
    expect(bulk.status).toBe(200)
    expect((await run(inApp.call("getShape", { path: { id: shape.id } }))).geom).toBe(shape.geom)
    const renamed = await run(
      inApp.call("updateShape", {
        path: { id: shape.id },
        body: { shape: { metadata: { display: ["Inner harbour"] } } },
      }),
    )
    expect(renamed.metadata.display).toEqual(["Inner harbour"])
    const put = await run(
      inApp.call("putShape", {
        path: { id: shape.id },
        body: { shape: { metadata: { display: ["Harbour"] } } },
      }),
    )
    expect(put.geom).toBe(shape.geom)
    const shapes = await run(inApp.page("listShapes", everything))
    expect(shapes.items.map((each) => each.id)).toContain(shape.id)
    const search = await run(
      inApp.call("createShapeSearch", { body: { shape_search: { contains: wellington } } }),
    )
    const found = await run(inApp.page("listShapes", everything, { query: { shape_search_id: search.id } }))
    expect(found.items.map((each) => each.id)).toEqual([shape.id])
    await run(inApp.call("deleteShape", { path: { id: shape.id } }))
  })

  it("lists the audit events and deletes a channel", async () => {
    await run(owner.call("deleteChannel", { path: { id: spareChannel.id } }))
    const events = await run(
      adminClient.page("listAuditEvents", everything, { query: { kind: "channel.deleted" } }),
    )
    expect(events.items.map((event) => event.target_id)).toEqual([String(spareChannel.id)])
  })

  it("rotates a session's tokens and ends the session", async () => {
    const session = await run(
      clientFor().login({ app_bundle_id: bundleId, email: adminEmail, password: adminPassword }),
    )
    const rotated = await run(
      clientFor(session.access_token).call("rotateSession", {
        body: { session: { access_token: session.access_token, refresh_token: session.refresh_token } },
      }),
    )
    const signedIn = clientFor(rotated.session.access_token)
    expect((await run(signedIn.call("getSession"))).session.client_uuid).toBe(session.client_uuid)
    expect(await run(signedIn.call("deleteSession"))).toEqual({})
  })

  it("answered a Location and a Content-Range exactly where the replies declare them", () => {
    expect(headerMismatches).toEqual([])
  })

  it("called every operation of the contract", () => {
    const declared = Api.groups.flatMap((group) => group.endpoints.map((endpoint) => endpoint.operationId))
    const notCalled = declared.filter((operationId) => !called.has(operationId))
    expect(notCalled, `operations of the contract this file does not call: ${notCalled.join(", ")}`).toEqual(
      [],
    )
  })
})
