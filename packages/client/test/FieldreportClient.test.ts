import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit, Schema } from "effect"
import { ApiError } from "../src/ApiError.ts"
import * as FieldreportClient from "../src/FieldreportClient.ts"

interface Seen {
  url: string
  init: RequestInit
}

const fakeFetch = (
  seen: Array<Seen>,
  answer: { status: number; body?: unknown; headers?: Record<string, string> },
) =>
  (async (url: URL | RequestInfo, init?: RequestInit) => {
    seen.push({ url: String(url), init: init ?? {} })
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { "Content-Type": "application/json", ...answer.headers },
    })
  }) as typeof fetch

const Item = Schema.Struct({ id: Schema.Number })

const task = {
  uuid: "3ffeef7c-0f73-4e82-b39e-5a55cce0daef",
  assignee_id: 2,
  client_created_at: "2026-11-20T08:00:00.000Z",
  completed_at: null,
  completed_by_id: null,
  creator_id: 1,
  description: "Check the gate",
  report_id: 7,
  title: "Gate",
}

describe("FieldreportClient", () => {
  it.effect("calls an operation at its path, with credentials, app, team, query and JSON body", () =>
    Effect.gen(function* () {
      const seen: Array<Seen> = []
      const client = FieldreportClient.make({
        baseUrl: "http://api.test",
        token: "fra_x",
        appId: "com.example.app",
        teamId: 4,
        fetch: fakeFetch(seen, { status: 201, body: task }),
      })
      const { uuid: _, ...fields } = task
      const created = yield* client.request("createTask", {
        body: { task: { ...fields, uuid: task.uuid } },
      })
      expect(created.status).toBe(201)
      expect(created.body.title).toBe("Gate")
      const [request] = seen
      expect(request?.url).toBe("http://api.test/api/v4/tasks")
      expect(request?.init.method).toBe("POST")
      expect(request?.init.headers).toMatchObject({
        Authorization: "Token token=fra_x",
        "X-AppId": "com.example.app",
        "X-TeamId": "4",
        "Content-Type": "application/json",
      })
      expect(JSON.parse(String(request?.init.body))).toMatchObject({ task: { title: "Gate" } })
    }),
  )

  it.effect("fills in and encodes path parameters, and repeats list values in the query", () =>
    Effect.gen(function* () {
      const seen: Array<Seen> = []
      const client = FieldreportClient.make({
        baseUrl: "http://api.test",
        fetch: fakeFetch(seen, { status: 200, body: [], headers: { "Content-Range": "team_users */0" } }),
      })
      yield* client.page(
        "listTeamUsers",
        { start: 0, end: 9 },
        {
          path: { team_id: 5 },
          query: { "user_ids[]": [1, 2], fields: "id,-email", agreed_to_join: undefined },
        },
      )
      yield* Effect.exit(client.call("getTask", { path: { uuid: "a/b c" } }))
      expect(seen[0]?.url).toBe(
        "http://api.test/api/v4/teams/5/team_users?user_ids%5B%5D=1&user_ids%5B%5D=2&fields=id%2C-email",
      )
      expect(seen[1]?.url).toBe("http://api.test/api/v4/tasks/a%2Fb%20c")
    }),
  )

  it.effect("reads a page and the total from Content-Range", () =>
    Effect.gen(function* () {
      const seen: Array<Seen> = []
      const client = FieldreportClient.make({
        baseUrl: "http://api.test",
        fetch: fakeFetch(seen, {
          status: 200,
          body: [task],
          headers: { "Content-Range": "tasks 60-60/61" },
        }),
      })
      const page = yield* client.page("listTasks", { start: 60, end: 119 })
      expect(page.items.map((item) => item.uuid)).toEqual([task.uuid])
      expect(page.start).toBe(60)
      expect(page.total).toBe(61)
      expect(seen[0]?.init.headers).toMatchObject({ Range: "objects=60-119" })
    }),
  )

  it.effect("leaves the total unknown for a range without a count", () =>
    Effect.gen(function* () {
      const client = FieldreportClient.make({
        baseUrl: "http://api.test",
        fetch: fakeFetch([], { status: 200, body: [], headers: { "Content-Range": "tasks */*" } }),
      })
      expect((yield* client.page("listTasks", { start: 0, end: 59 })).total).toBeUndefined()
    }),
  )

  it.effect("decodes the records with another Schema when asked (fields picked)", () =>
    Effect.gen(function* () {
      const client = FieldreportClient.make({
        baseUrl: "http://api.test",
        fetch: fakeFetch([], { status: 200, body: [{ id: 1 }, { id: 2 }] }),
      })
      const items = yield* client.call("listTasks", { query: { fields: "id" } }, { as: Item })
      expect(items).toEqual([{ id: 1 }, { id: 2 }])
    }),
  )

  it.effect("answers nothing for a 204", () =>
    Effect.gen(function* () {
      const client = FieldreportClient.make({
        baseUrl: "http://api.test",
        fetch: fakeFetch([], { status: 204 }),
      })
      const answer = yield* client.request("deleteTask", { path: { uuid: task.uuid } })
      expect(answer).toMatchObject({ status: 204, body: undefined })
    }),
  )

  it.effect("refuses a success status the operation does not declare", () =>
    Effect.gen(function* () {
      const client = FieldreportClient.make({
        baseUrl: "http://api.test",
        fetch: fakeFetch([], { status: 200, body: {} }),
      })
      const error = yield* Effect.flip(client.call("deleteTask", { path: { uuid: task.uuid } }))
      expect(error._tag).toBe("TransportError")
      expect(error.message).toContain("deleteTask does not declare")
    }),
  )

  it.effect("turns a problem answer into an ApiError naming the fields", () =>
    Effect.gen(function* () {
      const client = FieldreportClient.make({
        baseUrl: "http://api.test",
        fetch: fakeFetch([], {
          status: 422,
          body: {
            type: "urn:fieldreport:problem:invalid-input",
            title: "Invalid input",
            status: 422,
            detail: "report.location.latitude: must be between -90 and 90",
            errors: { "report.location.latitude": ["must be between -90 and 90"] },
          },
        }),
      })
      const exit = yield* Effect.exit(client.call("createReport", { body: { report: {} as never } }))
      expect(exit).toEqual(
        Exit.fail(
          new ApiError({
            status: 422,
            title: "Invalid input",
            detail: "report.location.latitude: must be between -90 and 90",
            errors: { "report.location.latitude": ["must be between -90 and 90"] },
          }),
        ),
      )
    }),
  )

  it.effect("keeps how long a 429 asked to wait", () =>
    Effect.gen(function* () {
      const client = FieldreportClient.make({
        baseUrl: "http://api.test",
        fetch: fakeFetch([], {
          status: 429,
          body: { title: "Too many requests", status: 429, detail: "slow down" },
          headers: { "Retry-After": "12" },
        }),
      })
      const error = yield* Effect.flip(client.call("getCurrentUser"))
      expect(error._tag === "ApiError" && error.retryAfterSeconds).toBe(12)
    }),
  )

  it.effect("reports an answer of the wrong shape as a transport error", () =>
    Effect.gen(function* () {
      const client = FieldreportClient.make({
        baseUrl: "http://api.test",
        fetch: fakeFetch([], { status: 200, body: { ...task, title: 9 } }),
      })
      const error = yield* Effect.flip(client.call("getTask", { path: { uuid: task.uuid } }))
      expect(error._tag).toBe("TransportError")
    }),
  )

  it.effect("sends FormData as multipart, leaving the Content-Type with its boundary to fetch", () =>
    Effect.gen(function* () {
      const seen: Array<Seen> = []
      const client = FieldreportClient.make({
        baseUrl: "http://api.test",
        token: "fra_x",
        fetch: fakeFetch(seen, { status: 500, body: {} }),
      })
      const form = new FormData()
      form.append("file", new Blob(["hello"], { type: "text/plain" }), "note.txt")
      yield* Effect.exit(client.call("createFileAttachment", { body: form }))
      const headers = seen[0]?.init.headers as Record<string, string>
      expect(seen[0]?.init.body).toBe(form)
      expect(headers["Content-Type"]).toBeUndefined()
      expect(headers.Authorization).toBe("Token token=fra_x")
    }),
  )

  it.effect("reads a body that is not JSON as bytes", () =>
    Effect.gen(function* () {
      const client = FieldreportClient.make({
        baseUrl: "http://api.test",
        fetch: (async () => new Response(new Uint8Array([137, 80, 78, 71]), { status: 200 })) as typeof fetch,
      })
      const pin = yield* client.call("getPin", { path: { color: "green", file: "default@2x.png" } })
      expect([...new Uint8Array(yield* Effect.promise(() => pin.arrayBuffer()))]).toEqual([137, 80, 78, 71])
    }),
  )

  it.effect("logs in and answers the session", () =>
    Effect.gen(function* () {
      const seen: Array<Seen> = []
      const session = {
        access_token: "fra_a",
        refresh_token: "frr_b",
        token_expire_at: "2026-11-23T04:00:00.000Z",
        app_bundle_id: "com.fieldreport.app",
        branded_app_id: 1,
        client_uuid: "6f1c2a8e-9d3b-4c55-8e0a-1b2c3d4e5f60",
        profile: { user_id: 1, preferred_team_id: null },
      }
      const client = FieldreportClient.make({
        baseUrl: "http://api.test",
        fetch: fakeFetch(seen, { status: 201, body: { session } }),
      })
      const answer = yield* client.login({
        app_bundle_id: "com.fieldreport.app",
        email: "a@b.c",
        password: "pw",
      })
      expect(answer.access_token).toBe("fra_a")
      expect(JSON.parse(String(seen[0]?.init.body))).toEqual({
        session: { app_bundle_id: "com.fieldreport.app", email: "a@b.c", password: "pw" },
      })
    }),
  )
})
