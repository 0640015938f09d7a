/**
 * Helpers for the report search and tiles tests: reports filed through `POST /api/v4/reports`, and
 * searches started and awaited through the API.
 */
import { expect } from "vitest"
import type { Person } from "./People.ts"
import type { Answer, TestServer } from "./TestServer.ts"

/** A report as the tests need it: id, channel, position, and what the API answered for it. */
export interface FiledReport {
  readonly id: number
  readonly channelId: number
  readonly latitude: number | null
  readonly longitude: number | null
  readonly updatedAt: string
  readonly cacheKey: string
}

/**
 * Files a report in a channel at a position, or with an address only when `position` is null.
 *
 * @example
 * ```ts
 * const report = await fileReportAt(server, owner, channel.id, [174.72, -41.28])
 * ```
 */
export const fileReportAt = async (
  server: TestServer,
  person: Person,
  channelId: number,
  position: readonly [longitude: number, latitude: number] | null,
): Promise<FiledReport> => {
  const where =
    position === null
      ? { address: "1 Lambton Quay, Wellington" }
      : { location: { longitude: position[0], latitude: position[1] } }
  const answer = await server.request("POST", "/api/v4/reports?fields=updated_at,cache_key", {
    token: person.token,
    body: { report: { account_id: channelId, ...where } },
  })
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  // Distinct `updated_at` values keep the expected orders free of ties.
  await new Promise((resolve) => setTimeout(resolve, 3))
  return reportOf(answer.body)
}

/** The fixture record of a report body that holds `updated_at` and `cache_key`. */
export const reportOf = (body: {
  readonly id: number
  readonly account_id: number
  readonly location: { readonly latitude: number; readonly longitude: number } | null
  readonly updated_at: string
  readonly cache_key: string
}): FiledReport => ({
  id: body.id,
  channelId: body.account_id,
  latitude: body.location?.latitude ?? null,
  longitude: body.location?.longitude ?? null,
  updatedAt: body.updated_at,
  cacheKey: body.cache_key,
})

/**
 * Starts a search with a query string (without the `?`) and answers the response.
 *
 * @example
 * ```ts
 * const started = await startSearch(server, viewer, "filter[appearance]=loud")
 * ```
 */
export const startSearch = (server: TestServer, person: Person, query = ""): Promise<Answer> =>
  server.request("GET", `/api/v4/reports/search${query === "" ? "" : `?${query}`}`, { token: person.token })

/**
 * Polls a search resource until it is no longer pending (at most `bound` polls 20 ms apart).
 *
 * @example
 * ```ts
 * const done = await awaitSearch(server, viewer, `/api/v4/report_searches/${id}`)
 * ```
 */
export const awaitSearch = async (
  server: TestServer,
  person: Person,
  path: string,
  headers: Record<string, string> = {},
  bound = 250,
): Promise<Answer> => {
  for (let poll = 0; poll < bound; poll++) {
    const answer = await server.request("GET", path, { token: person.token, headers })
    if (answer.status !== 202) return answer
    expect(answer.body).toEqual({ id: expect.any(Number), status: "pending" })
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`${path} was still pending after ${bound} polls`)
}

/**
 * Runs a search to completion and answers the ids of its results (the first 100).
 *
 * @example
 * ```ts
 * expect(await searchIds(server, viewer, "order[id]=asc")).toEqual([1, 2, 3])
 * ```
 */
export const searchIds = async (server: TestServer, person: Person, query = ""): Promise<Array<number>> => {
  const started = await startSearch(server, person, query)
  expect(started.status, JSON.stringify(started.body)).toBe(200)
  const done = await awaitSearch(server, person, `/api/v4/report_searches/${started.body.id}`, {
    Range: "objects=0-99",
  })
  expect(done.status, JSON.stringify(done.body)).toBe(200)
  return done.body.map((item: { readonly id: number }) => item.id)
}
