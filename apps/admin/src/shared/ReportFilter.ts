/**
 * The report filters the map, the table and the filter bar share: the `filter[…]`, `exclude[…]` and
 * `order[…]` parameters of the report search (docs/api.md, Report searches), as plain data, and
 * their query string form, written by the domain's `ReportSearchQuery`, the module the server
 * parses it with.
 */
import * as ReportSearchQuery from "@fieldreport/domain/ReportSearchQuery"
import type { Appearance } from "@fieldreport/domain/ReportStateRecord"
import { DateTime, Option, Result } from "effect"

/** The criteria of `filter[…]` or `exclude[…]`; empty lists and undefined mean "not given". */
export interface Criteria {
  /** Free text as typed: each of its words begins a word of the report (`q`). */
  readonly text: string | undefined
  readonly channels: ReadonlyArray<number>
  readonly reportStateIds: ReadonlyArray<number>
  /** A category's id with those of its subcategories, as the form writes it. */
  readonly categoryIds: ReadonlyArray<number>
  readonly assigneeIds: ReadonlyArray<number>
  readonly reporterIds: ReadonlyArray<number>
  /** ISO 8601 timestamps. */
  readonly createdAfter: string | undefined
  readonly createdBefore: string | undefined
  readonly updatedAfter: string | undefined
  readonly updatedBefore: string | undefined
  readonly appearance: Appearance | undefined
  readonly reportIds: ReadonlyArray<number>
  readonly reportSearchId: number | undefined
  readonly tileId: string | undefined
}

/** One `order[field]=direction` clause; `relevance` ranks by the free text, `filter[q]`. */
export interface OrderClause {
  readonly field: "updated_at" | "id" | "relevance"
  readonly direction: "asc" | "desc"
}

/**
 * A whole report search.
 *
 * @example
 * ```ts
 * const recent: ReportFilter = { ...everything, filter: { ...none, channels: [3] } }
 * ```
 */
export interface ReportFilter {
  readonly filter: Criteria
  readonly exclude: Criteria
  readonly order: ReadonlyArray<OrderClause>
}

/** Criteria that match every report. */
export const none: Criteria = {
  text: undefined,
  channels: [],
  reportStateIds: [],
  categoryIds: [],
  assigneeIds: [],
  reporterIds: [],
  createdAfter: undefined,
  createdBefore: undefined,
  updatedAfter: undefined,
  updatedBefore: undefined,
  appearance: undefined,
  reportIds: [],
  reportSearchId: undefined,
  tileId: undefined,
}

/** Every report, newest change first. */
export const everything: ReportFilter = {
  filter: none,
  exclude: none,
  order: [{ field: "updated_at", direction: "desc" }],
}

// The domain's criteria: empty lists are not given, and timestamps are instants.
const searchCriteria = (criteria: Criteria): ReportSearchQuery.Criteria => ({
  ...ReportSearchQuery.nothing,
  tileId: criteria.tileId,
  text: criteria.text,
  channels: criteria.channels,
  reportStateIds: criteria.reportStateIds,
  categoryIds: criteria.categoryIds,
  assigneeIds: criteria.assigneeIds,
  reporterIds: criteria.reporterIds,
  createdAfter: instant(criteria.createdAfter),
  createdBefore: instant(criteria.createdBefore),
  updatedAfter: instant(criteria.updatedAfter),
  updatedBefore: instant(criteria.updatedBefore),
  appearance: criteria.appearance,
  reportIds: criteria.reportIds,
  reportSearchId: criteria.reportSearchId,
})

const instant = (timestamp: string | undefined): DateTime.Utc | undefined =>
  timestamp === undefined ? undefined : Option.getOrUndefined(DateTime.make(timestamp))

/**
 * The query parameters of a search; `withOrder: false` leaves the order out (the tiles search has
 * no order).
 *
 * @example
 * ```ts
 * toQuery({ ...everything, filter: { ...none, channels: [1, 2] } })
 * // { "filter[channels]": "1,2", "order[updated_at]": "desc" }
 * ```
 */
export const toQuery = (search: ReportFilter, withOrder = true): Record<string, string> =>
  ReportSearchQuery.toParams({
    filter: searchCriteria(search.filter),
    exclude: searchCriteria(search.exclude),
    order: withOrder ? search.order : [],
  })

/** `filter[id][id_array]=1,2` nested as qs nests it, `{ filter: { id: { id_array: "1,2" } } }`. */
const nested = (params: URLSearchParams): Record<string, unknown> => {
  const query: Record<string, unknown> = {}
  for (const [name, value] of params) {
    const path = name.split("[").map((segment) => segment.replace(/]$/, ""))
    let group = query
    for (const segment of path.slice(0, -1)) {
      const inner = Object.hasOwn(group, segment) ? group[segment] : undefined
      const next = typeof inner === "object" && inner !== null ? (inner as Record<string, unknown>) : {}
      group[segment] = next
      group = next
    }
    group[path[path.length - 1] ?? name] = value
  }
  return query
}

const iso = (instant: DateTime.Utc | undefined): string | undefined =>
  instant === undefined ? undefined : DateTime.formatIso(instant)

const fromCriteria = (criteria: ReportSearchQuery.Criteria): Criteria => ({
  text: criteria.text,
  channels: criteria.channels ?? [],
  reportStateIds: criteria.reportStateIds ?? [],
  categoryIds: criteria.categoryIds ?? [],
  assigneeIds: criteria.assigneeIds ?? [],
  reporterIds: criteria.reporterIds ?? [],
  createdAfter: iso(criteria.createdAfter),
  createdBefore: iso(criteria.createdBefore),
  updatedAfter: iso(criteria.updatedAfter),
  updatedBefore: iso(criteria.updatedBefore),
  appearance: criteria.appearance,
  reportIds: criteria.reportIds ?? [],
  reportSearchId: criteria.reportSearchId,
  tileId: criteria.tileId,
})

/**
 * Reads back a search from the parameters `toQuery` wrote (an address's query string, say), with
 * the domain's `ReportSearchQuery.parse`, the server's reader. Parameters it cannot read give
 * every report rather than a failure: an edited or outdated link still opens the reports. No
 * `order[…]` gives the default order, newest change first.
 *
 * @example
 * ```ts
 * fromParams(new URLSearchParams("filter[channels]=1,2&order[id]=asc"))
 * // { filter: { ...none, channels: [1, 2] }, exclude: none, order: [{ field: "id", direction: "asc" }] }
 * ```
 */
export const fromParams = (params: URLSearchParams): ReportFilter => {
  const parsed = ReportSearchQuery.parse(nested(params))
  if (Result.isFailure(parsed)) return everything
  const { filter, exclude, order } = parsed.success
  return {
    filter: fromCriteria(filter),
    exclude: fromCriteria(exclude),
    order: order.length === 0 ? everything.order : order,
  }
}
