import { describe, expect, it } from "@effect/vitest"
import * as FieldreportClient from "@fieldreport/client/FieldreportClient"
import { Duration, Effect, Result } from "effect"
import type { ShapeDraft } from "../src/ShapeDraft.ts"
import * as ShapeUpload from "../src/ShapeUpload.ts"

const draft: ShapeDraft = {
  sourceKey: "sites.csv#4",
  geom: "POINT (174.7 -41.3)",
  metadata: { raw: {}, source_key: "sites.csv#4" },
  box: { minLongitude: 174.7, minLatitude: -41.3, maxLongitude: 174.7, maxLatitude: -41.3 },
}

const quick = { retries: 3, baseDelay: Duration.millis(1), maxDelay: Duration.millis(1) }

/**
 * A fake API whose first create stores the shape but answers 503 when `lostAnswer`, or fails
 * before storing it otherwise; it records the requests it got.
 */
const fakeApi = (lostAnswer: boolean) => {
  const requests: Array<string> = []
  const stored: Array<{ id: number; metadata: unknown }> = [
    { id: 1, metadata: { source_key: "sites.csv#3" } },
  ]
  const answer = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } })
  const fetch = (async (url: Parameters<typeof globalThis.fetch>[0], init?: RequestInit) => {
    const { pathname, search } = new URL(String(url))
    requests.push(`${init?.method} ${pathname}`)
    if (init?.method === "POST" && pathname === "/api/v4/shapes") {
      const creates = requests.filter((request) => request === "POST /api/v4/shapes").length
      if (creates === 1 && !lostAnswer) return answer(503, { title: "Unavailable" })
      const shape = { id: stored.length + 1, metadata: draft.metadata }
      stored.push(shape)
      return creates === 1 ? answer(503, { title: "Unavailable" }) : answer(201, { id: shape.id })
    }
    if (pathname === "/api/v4/shape_searches") return answer(201, { id: 9, url: "" })
    if (pathname === "/api/v4/shapes" && search.includes("shape_search_id=9")) {
      const [start = 0, end = 0] =
        /objects=(\d+)-(\d+)/
          .exec(new Headers(init?.headers).get("range") ?? "")
          ?.slice(1)
          .map(Number) ?? []
      const page = stored.slice(start, end + 1)
      return new Response(JSON.stringify(page), {
        status: 200,
        headers: {
          "Content-Type": "application/json",
          "Content-Range": `shapes ${start}-${start + page.length - 1}/${stored.length}`,
        },
      })
    }
    return answer(404, { title: "Not found" })
  }) as typeof globalThis.fetch
  const client = FieldreportClient.make({ baseUrl: "http://api.test", fetch })
  return { client, requests, stored }
}

describe("ShapeUpload", () => {
  it.live("finds the shape a failed create stored, instead of creating it twice", () =>
    Effect.gen(function* () {
      const api = fakeApi(true)
      expect(yield* ShapeUpload.create(api.client, draft, quick)).toBe(2)
      expect(api.requests).toEqual([
        "POST /api/v4/shapes",
        "POST /api/v4/shape_searches",
        "GET /api/v4/shapes",
      ])
      expect(api.stored).toHaveLength(2)
    }),
  )

  it.live("sends the shape again when the failed create did not store it", () =>
    Effect.gen(function* () {
      const api = fakeApi(false)
      expect(yield* ShapeUpload.create(api.client, draft, quick)).toBe(2)
      expect(api.requests).toEqual([
        "POST /api/v4/shapes",
        "POST /api/v4/shape_searches",
        "GET /api/v4/shapes",
        "POST /api/v4/shapes",
      ])
      expect(api.stored).toHaveLength(2)
    }),
  )
})

/** Drafts of points `sites.csv#1…`, one a degree apart. */
const drafts = (count: number): Array<ShapeDraft> =>
  Array.from({ length: count }, (_, i) => ({
    sourceKey: `sites.csv#${i + 1}`,
    geom: `POINT (${i} 0)`,
    metadata: { raw: {}, source_key: `sites.csv#${i + 1}` },
    box: { minLongitude: i, minLatitude: 0, maxLongitude: i, maxLatitude: 0 },
  }))

/**
 * A fake API with bulk creates that behaves as told: `lost` stores the first bulk create's shapes
 * but answers 503, `unavailable` answers 503 to the first without storing, `limited` answers 413 to
 * a bulk create of more than two shapes, `old` has no bulk creates (404), and a geometry holding
 * `200` is refused (422). Every request is recorded with how many shapes it sent.
 */
const bulkApi = (behaviour: "lost" | "unavailable" | "limited" | "old" | "plain") => {
  const requests: Array<string> = []
  const stored: Array<{ id: number; metadata: { source_key: string } }> = []
  const answer = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } })
  const store = (item: { metadata: { source_key: string } }) => {
    stored.push({ id: stored.length + 1, metadata: item.metadata })
    return stored.length
  }
  const fetch = (async (url: Parameters<typeof globalThis.fetch>[0], init?: RequestInit) => {
    const { pathname, search } = new URL(String(url))
    const body = init?.body === undefined ? undefined : JSON.parse(String(init.body))
    if (pathname === "/api/v4/shapes/bulk_create") {
      requests.push(`bulk of ${body.length}`)
      if (behaviour === "old") return answer(404, { title: "Not Found" })
      if (behaviour === "limited" && body.length > 2) return answer(413, { title: "Content Too Large" })
      const first = requests.filter((request) => request.startsWith("bulk")).length === 1
      if (first && behaviour === "unavailable") return answer(503, { title: "Unavailable" })
      const results = body.map((item: { geom: string; metadata: { source_key: string } }, ref: number) =>
        item.geom.includes("200")
          ? { ref, http_status: 422, errors: { geom: ["longitude must be between -180 and 180, not 200"] } }
          : { ref, data: { id: store(item) }, http_status: 201, errors: {} },
      )
      if (first && behaviour === "lost") return answer(503, { title: "Unavailable" })
      return answer(
        results.every((result: { http_status: number }) => result.http_status === 201) ? 200 : 207,
        results,
      )
    }
    if (init?.method === "POST" && pathname === "/api/v4/shapes") {
      requests.push("single")
      return answer(201, { id: store(body.shape) })
    }
    if (pathname === "/api/v4/shape_searches") {
      requests.push("search")
      return answer(201, { id: 9, url: "" })
    }
    if (pathname === "/api/v4/shapes" && search.includes("shape_search_id=9")) {
      return new Response(JSON.stringify(stored), {
        status: 200,
        headers: {
          "Content-Type": "application/json",
          "Content-Range": `shapes 0-${stored.length - 1}/${stored.length}`,
        },
      })
    }
    return answer(404, { title: "Not found" })
  }) as typeof globalThis.fetch
  const client = FieldreportClient.make({ baseUrl: "http://api.test", fetch })
  return { client, requests, stored }
}

/** The source keys the fake API holds, in the order it stored them. */
const keysOf = (api: ReturnType<typeof bulkApi>) => api.stored.map((shape) => shape.metadata.source_key)

describe("ShapeUpload.createBatch", () => {
  it.live("creates a batch in one bulk create and answers each draft's id in order", () =>
    Effect.gen(function* () {
      const api = bulkApi("plain")
      const outcomes = yield* ShapeUpload.createBatch(api.client, drafts(3), quick)
      expect(outcomes).toEqual([Result.succeed(1), Result.succeed(2), Result.succeed(3)])
      expect(api.requests).toEqual(["bulk of 3"])
    }),
  )

  it.live("answers a refused item with its reasons and creates the others", () =>
    Effect.gen(function* () {
      const api = bulkApi("plain")
      const batch = drafts(3).map((draft, i) => (i === 1 ? { ...draft, geom: "POINT (200 0)" } : draft))
      const outcomes = yield* ShapeUpload.createBatch(api.client, batch, quick)
      expect(outcomes).toEqual([
        Result.succeed(1),
        Result.fail("422 geom: longitude must be between -180 and 180, not 200"),
        Result.succeed(2),
      ])
    }),
  )

  it.live("after a lost answer, finds what the bulk create stored instead of sending it again", () =>
    Effect.gen(function* () {
      const api = bulkApi("lost")
      const outcomes = yield* ShapeUpload.createBatch(api.client, drafts(3), quick)
      expect(outcomes).toEqual([Result.succeed(1), Result.succeed(2), Result.succeed(3)])
      expect(api.requests).toEqual(["bulk of 3", "search", "search", "search"])
      expect(keysOf(api)).toEqual(["sites.csv#1", "sites.csv#2", "sites.csv#3"])
    }),
  )

  it.live("sends the batch again when the failed bulk create stored nothing", () =>
    Effect.gen(function* () {
      const api = bulkApi("unavailable")
      const outcomes = yield* ShapeUpload.createBatch(api.client, drafts(2), quick)
      expect(outcomes).toEqual([Result.succeed(1), Result.succeed(2)])
      expect(api.requests).toEqual(["bulk of 2", "search", "search", "bulk of 2"])
    }),
  )

  it.live("splits a batch the server finds too large, down to what it takes", () =>
    Effect.gen(function* () {
      const api = bulkApi("limited")
      const outcomes = yield* ShapeUpload.createBatch(api.client, drafts(5), quick)
      expect(outcomes.every(Result.isSuccess)).toBe(true)
      expect(api.requests).toEqual(["bulk of 5", "bulk of 3", "bulk of 2", "single", "bulk of 2"])
      expect(keysOf(api)).toEqual(["sites.csv#1", "sites.csv#2", "sites.csv#3", "sites.csv#4", "sites.csv#5"])
    }),
  )

  it.live("sends the drafts one by one to a server without bulk creates", () =>
    Effect.gen(function* () {
      const api = bulkApi("old")
      const outcomes = yield* ShapeUpload.createBatch(api.client, drafts(2), quick)
      expect(outcomes).toEqual([Result.succeed(1), Result.succeed(2)])
      expect(api.requests).toEqual(["bulk of 2", "single", "single"])
    }),
  )
})
