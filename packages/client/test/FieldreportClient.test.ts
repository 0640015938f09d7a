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

describe("FieldreportClient", () => {
  it.effect("sends credentials, app, team, range and JSON body", () =>
    Effect.gen(function* () {
      const seen: Array<Seen> = []
      const client = FieldreportClient.make({
        baseUrl: "http://api.test",
        token: "fra_x",
        appId: "com.example.app",
        teamId: 4,
        fetch: fakeFetch(seen, { status: 201, body: { id: 9 } }),
      })
      const created = yield* client.call("POST", "/api/v4/things", Item, {
        body: { thing: { name: "a" } },
        query: { fields: "id,-title", skip: undefined },
      })
      expect(created).toEqual({ id: 9 })
      const [request] = seen
      expect(request?.url).toBe("http://api.test/api/v4/things?fields=id%2C-title")
      expect(request?.init.method).toBe("POST")
      expect(request?.init.headers).toMatchObject({
        Authorization: "Token token=fra_x",
        "X-AppId": "com.example.app",
        "X-TeamId": "4",
        "Content-Type": "application/json",
      })
      expect(request?.init.body).toBe('{"thing":{"name":"a"}}')
    }),
  )

  it.effect("reads a page and the total from Content-Range", () =>
    Effect.gen(function* () {
      const seen: Array<Seen> = []
      const client = FieldreportClient.make({
        baseUrl: "http://api.test",
        fetch: fakeFetch(seen, {
          status: 200,
          body: [{ id: 1 }, { id: 2 }],
          headers: { "Content-Range": "tasks 60-61/62" },
        }),
      })
      const page = yield* client.page("/api/v4/tasks", Item, { start: 60, end: 119 })
      expect(page).toEqual({ items: [{ id: 1 }, { id: 2 }], start: 60, total: 62 })
      expect(seen[0]?.init.headers).toMatchObject({ Range: "objects=60-119" })
    }),
  )

  it.effect("leaves the total unknown for a range without a count", () =>
    Effect.gen(function* () {
      const client = FieldreportClient.make({
        baseUrl: "http://api.test",
        fetch: fakeFetch([], { status: 200, body: [], headers: { "Content-Range": "reports 0-59/*" } }),
      })
      expect((yield* client.page("/api/v4/reports", Item, { start: 0, end: 59 })).total).toBeUndefined()
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
      const exit = yield* Effect.exit(client.call("POST", "/api/v4/reports", Item, { body: {} }))
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
      const error = yield* Effect.flip(client.call("POST", "/api/v4/shapes", Item, { body: {} }))
      expect(error._tag === "ApiError" && error.retryAfterSeconds).toBe(12)
    }),
  )

  it.effect("reports an answer of the wrong shape as a transport error", () =>
    Effect.gen(function* () {
      const client = FieldreportClient.make({
        baseUrl: "http://api.test",
        fetch: fakeFetch([], { status: 200, body: { id: "nine" } }),
      })
      const error = yield* Effect.flip(client.call("GET", "/api/v4/things/9", Item))
      expect(error._tag).toBe("TransportError")
    }),
  )

  it.effect("sends FormData as multipart, leaving the Content-Type with its boundary to fetch", () =>
    Effect.gen(function* () {
      const seen: Array<Seen> = []
      const client = FieldreportClient.make({
        baseUrl: "http://api.test",
        token: "fra_x",
        fetch: fakeFetch(seen, { status: 201, body: { id: 3 } }),
      })
      const form = new FormData()
      form.append("file", new Blob(["hello"], { type: "text/plain" }), "note.txt")
      yield* client.call("POST", "/api/v4/file_attachments", Item, { body: form })
      const headers = seen[0]?.init.headers as Record<string, string>
      expect(seen[0]?.init.body).toBe(form)
      expect(headers["Content-Type"]).toBeUndefined()
      expect(headers.Authorization).toBe("Token token=fra_x")
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
