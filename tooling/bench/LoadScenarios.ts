/**
 * What the load benchmark and the soak ask the API, on a generated database: a request each, made
 * afresh for every call (another report, another place), as the owner of the generated team, who
 * may read and write every channel.
 */
import { href } from "@fieldreport/contract/Api"
import { seeded } from "@fieldreport/domain/SeededRandom"
import { city, period, timeZone } from "../generate/Generate.ts"
import type { Generated } from "../generate/GeneratedDatabase.ts"

/** One kind of request under load. */
export interface LoadScenario {
  readonly name: string
  /** Its route on the bare server: `/{key}/…`. */
  readonly key: string
  readonly method: "GET" | "POST" | "PATCH"
  /** The status a good answer has. */
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  /** The next call's path (with its query) and body. */
  readonly next: () => { readonly path: string; readonly body?: string }
  /** Whether its calls leave background jobs behind (report fan-outs, searches). */
  readonly makesJobs: boolean
  /** Whether it is a hot request, which the floor server (`floor.ts`) answers too. */
  readonly floor: boolean
}

/** What the scenarios need besides the generated database. */
export interface LoadContext {
  readonly generated: Generated
  /** The access token of the generated team's owner. */
  readonly token: string
  /** The ids of the reports, lowest and highest: fetches pick one between them. */
  readonly reportIds: { readonly min: number; readonly max: number }
  /** A finished report search: polled, and listed a page at a time. */
  readonly searchId: number
  readonly seed: number
}

const day = 86_400_000

/**
 * The query of a report search of the first channel's reports of the last week of the two years
 * (about 0.5% of the reports): the search the benchmark starts, and polls once finished.
 *
 * @example
 * ```ts
 * fetch(`${url}${href("startReportSearch", {})}?${searchQuery(generated)}`)
 * ```
 */
export const searchQuery = (generated: Generated): string =>
  new URLSearchParams({
    "filter[channels]": `[${generated.setup.channelId}]`,
    "filter[updated_after]": new Date(Date.parse(period.end) - 7 * day).toISOString(),
    "order[updated_at]": "desc",
  }).toString()

/**
 * The scenarios, in the order the load benchmark runs them: reads first, then the calls that
 * leave jobs (searches) and write (creates, then updates).
 *
 * @example
 * ```ts
 * for (const scenario of loadScenarios(context)) await measure(api.url, scenario, options)
 * ```
 */
export const loadScenarios = (context: LoadContext): ReadonlyArray<LoadScenario> => {
  const { generated, token, reportIds } = context
  const { setup } = generated
  const random = seeded(context.seed)
  const headers = { Authorization: `Token token=${token}` }
  const anyReport = () => reportIds.min + Math.floor(random() * (reportIds.max - reportIds.min + 1))
  const cityPoint = () => ({
    latitude: city.south + random() * (city.north - city.south),
    longitude: city.west + random() * (city.east - city.west),
  })
  const month = new URLSearchParams({
    channel_id: String(setup.channelId),
    start_date: new Date(Date.parse(period.end) - 30 * day).toISOString(),
    end_date: period.end,
    time_zone: timeZone,
  })
  /** A map view of about 5 by 5 km somewhere in the city, in cells of about 500 m. */
  const tiles = () => {
    const { latitude, longitude } = cityPoint()
    const query = new URLSearchParams({
      scale: "0.005",
      bbox: [longitude - 0.03, latitude - 0.025, longitude + 0.03, latitude + 0.025]
        .map((value) => value.toFixed(5))
        .join(","),
      "filter[channels]": `[${setup.channelId}]`,
    })
    return `${href("listReportTiles", {})}?${query}`
  }
  return [
    // The two floors under a fetch: what the common middleware alone costs (security headers,
    // CORS, request id and log line, metrics), then with authentication and a small JSON answer.
    {
      name: "health check (the common middleware)",
      key: "health",
      method: "GET",
      status: 200,
      headers,
      next: () => ({ path: "/healthz" }),
      makesJobs: false,
      floor: false,
    },
    {
      name: "signed-in user (authentication floor)",
      key: "me",
      method: "GET",
      status: 200,
      headers,
      next: () => ({ path: href("getCurrentUser", {}) }),
      makesJobs: false,
      floor: true,
    },
    {
      name: "report fetch, default fields",
      key: "fetch",
      method: "GET",
      status: 200,
      headers,
      next: () => ({ path: href("getReport", { report_id: anyReport() }) }),
      makesJobs: false,
      floor: true,
    },
    {
      name: "report fetch with form_fields",
      key: "fetch-form",
      method: "GET",
      status: 200,
      headers,
      next: () => ({ path: `${href("getReport", { report_id: anyReport() })}?fields=form_fields` }),
      makesJobs: false,
      floor: true,
    },
    {
      name: "list with Range (25 full reports of a search)",
      key: "list",
      method: "GET",
      status: 200,
      headers: { ...headers, Range: "objects=0-24" },
      next: () => ({ path: href("listReportSearchReports", { id: context.searchId }) }),
      makesJobs: false,
      floor: true,
    },
    {
      name: "search poll (60 map items)",
      key: "poll",
      method: "GET",
      status: 200,
      headers: { ...headers, Range: "objects=0-59" },
      next: () => ({ path: href("getReportSearch", { id: context.searchId }) }),
      makesJobs: false,
      floor: true,
    },
    {
      name: "tiles (5 km view, 500 m cells)",
      key: "tiles",
      method: "GET",
      status: 200,
      headers,
      next: () => ({ path: tiles() }),
      makesJobs: false,
      floor: true,
    },
    {
      name: "analytics (reports_per_state, 30 days)",
      key: "analytics",
      method: "GET",
      status: 200,
      headers,
      next: () => ({ path: `${href("analyticsReportsPerState", {})}?${month}` }),
      makesJobs: false,
      floor: false,
    },
    {
      name: "search start",
      key: "search",
      method: "GET",
      status: 200,
      headers,
      next: () => ({ path: `${href("startReportSearch", {})}?${searchQuery(generated)}` }),
      makesJobs: true,
      floor: false,
    },
    {
      name: "report create (its fan-out job apart)",
      key: "create",
      method: "POST",
      status: 201,
      headers: { ...headers, "Content-Type": "application/json" },
      next: () => ({
        path: href("createReport", {}),
        body: JSON.stringify({
          report: {
            account_id: setup.channelId,
            location: cityPoint(),
            category_id: setup.categoryIds[Math.floor(random() * setup.categoryIds.length)],
            [setup.severity.key]:
              setup.severity.options[Math.floor(random() * setup.severity.options.length)],
            [setup.side.key]: setup.side.options[0],
            [setup.notesKey]: "Filed under load",
          },
        }),
      }),
      makesJobs: true,
      floor: true,
    },
    {
      name: "report update (its address)",
      key: "update",
      method: "PATCH",
      status: 200,
      headers: { ...headers, "Content-Type": "application/json" },
      next: () => ({
        path: href("updateReport", { report_id: anyReport() }),
        body: JSON.stringify({ report: { address: `${1 + Math.floor(random() * 400)} Queen St` } }),
      }),
      makesJobs: false,
      floor: true,
    },
  ]
}
