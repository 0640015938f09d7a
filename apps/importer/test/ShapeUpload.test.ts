import { describe, expect, it } from "@effect/vitest"
import * as FieldreportClient from "@fieldreport/client/FieldreportClient"
import { Duration, Effect } from "effect"
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
