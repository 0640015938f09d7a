/**
 * Helpers for the OGC API – Features tests: API tokens issued through the admin API, reports
 * written straight into the reports table (at chosen times and places, many at once; the table's
 * triggers keep the counts as for any write), and requests with the credentials GIS tools send.
 */
import { Array as Arr, Effect } from "effect"
import { SqlClient } from "effect/sql"
import { expect } from "vitest"
import { type Answer, adminEmail, adminPassword, type TestServer } from "./TestServer.ts"

/** A report to write: where (null for an address only), when, and optionally in which state. */
export interface ReportRow {
  readonly position: readonly [longitude: number, latitude: number] | null
  readonly createdAt: string
  readonly userId: number
  readonly categoryId: number
  readonly stateId?: number
  readonly anonymous?: boolean
  readonly answers?: Readonly<Record<string, unknown>>
  readonly title?: string
}

/**
 * Issues an API token for a person, as the bootstrap administrator, and answers it.
 *
 * @example
 * ```ts
 * const token = await issueToken(server, world.viewer, "read")
 * ```
 */
export const issueToken = async (
  server: TestServer,
  person: { readonly id: number },
  scope: "read" | "write",
): Promise<{ readonly id: number; readonly token: string }> => {
  const admin = await server.login(adminEmail, adminPassword)
  const answer = await server.request("POST", `/api/v4/admin/users/${person.id}/api_tokens`, {
    token: admin,
    body: { api_token: { name: `GIS ${scope}`, scope } },
  })
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return { id: answer.body.id, token: answer.body.token }
}

/**
 * The initial state of a channel.
 *
 * @example
 * ```ts
 * const stateId = await initialState(server, channel.id)
 * ```
 */
export const initialState = (server: TestServer, channelId: number): Promise<number> =>
  server.runtime.runPromise(
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const [state] = yield* sql<{ id: number }>`SELECT id FROM report_states
        WHERE channel_id = ${channelId} AND initial = 1`
      return state?.id ?? 0
    }),
  )

/**
 * Writes reports into a channel in one statement per 200, and answers their ids in order.
 *
 * @example
 * ```ts
 * const ids = await insertReports(server, channel.id, [{ position: [174.7, -41.3], createdAt, userId, categoryId }])
 * ```
 */
export const insertReports = async (
  server: TestServer,
  channelId: number,
  reports: ReadonlyArray<ReportRow>,
): Promise<ReadonlyArray<number>> => {
  const initial = await initialState(server, channelId)
  return server.runtime.runPromise(
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const ids: Array<number> = []
      for (let start = 0; start < reports.length; start += 200) {
        const rows = reports.slice(start, start + 200).map((report, index) => ({
          channel_id: channelId,
          user_id: report.userId,
          is_anonymous: report.anonymous === true ? 1 : 0,
          title: report.title ?? `Report ${start + index + 1}`,
          address: report.position === null ? "1 Lambton Quay" : "",
          latitude: report.position?.[1] ?? null,
          longitude: report.position?.[0] ?? null,
          category_id: report.categoryId,
          report_state_id: report.stateId ?? initial,
          answers: JSON.stringify(report.answers ?? {}),
          created_at: report.createdAt,
          updated_at: report.createdAt,
        }))
        if (!Arr.isArrayNonEmpty(rows)) continue
        const inserted = yield* sql<{ id: number }>`INSERT INTO reports ${sql.insert(rows)} RETURNING id`
        ids.push(...inserted.map((row) => row.id).sort((a, b) => a - b))
      }
      return ids
    }),
  )
}

/** Credentials as a client sends them: a token header, or Basic with a user name and a password. */
export type Credential =
  | { readonly token: string }
  | { readonly basic: readonly [user: string, password: string] }
  | { readonly header: string }

const authorization = (credential: Credential | undefined): Record<string, string> => {
  if (credential === undefined) return {}
  if ("token" in credential) return { Authorization: `Token token=${credential.token}` }
  if ("header" in credential) return { Authorization: credential.header }
  return { Authorization: `Basic ${Buffer.from(credential.basic.join(":")).toString("base64")}` }
}

/**
 * A GET of an OGC path (below `/ogc/features`, or an absolute link the service wrote).
 *
 * @example
 * ```ts
 * const answer = await ogc(server, "/collections", { basic: ["qgis", token] })
 * ```
 */
export const ogc = (server: TestServer, path: string, credential?: Credential): Promise<Answer> =>
  server.request("GET", path.startsWith("http") ? path.slice(server.url.length) : `/ogc/features${path}`, {
    headers: authorization(credential),
  })

/**
 * Every page of features from a first page on, following `next` links as a GIS tool does.
 *
 * @example
 * ```ts
 * const pages = await followPages(server, "/collections/reports-1/items?limit=10", { token })
 * ```
 */
export const followPages = async (
  server: TestServer,
  path: string,
  credential: Credential,
): Promise<ReadonlyArray<Answer>> => {
  const pages: Array<Answer> = []
  let next: string | undefined = path
  while (next !== undefined) {
    const page = await ogc(server, next, credential)
    expect(page.status, JSON.stringify(page.body)).toBe(200)
    pages.push(page)
    next = nextLink(page)
    expect(pages.length).toBeLessThan(1000)
  }
  return pages
}

/** The `next` link of a page of features, if it has one. */
export const nextLink = (page: Answer): string | undefined =>
  page.body.links.find((link: { rel: string }) => link.rel === "next")?.href

/** The ids of the features of pages, in order. */
export const featureIds = (pages: ReadonlyArray<Answer>): ReadonlyArray<number> =>
  pages.flatMap((page) => page.body.features.map((feature: { id: number }) => feature.id))
