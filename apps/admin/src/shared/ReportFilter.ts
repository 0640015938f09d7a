/**
 * The report filters the map, the table and the filter bar share: the `filter[…]`, `exclude[…]` and
 * `order[…]` parameters of the report search (docs/api.md, Report searches), as plain data, and
 * their query string form, written by the domain's `ReportSearchQuery`, the module the server
 * parses it with.
 */
import * as ReportSearchQuery from "@fieldreport/domain/ReportSearchQuery"
import type { Appearance } from "@fieldreport/domain/ReportStateRecord"
import { DateTime, Option } from "effect"

/** The criteria of `filter[…]` or `exclude[…]`; empty lists and undefined mean "not given". */
export interface Criteria {
  readonly channels: ReadonlyArray<number>
  /** ISO 8601 timestamps. */
  readonly updatedAfter: string | undefined
  readonly updatedBefore: string | undefined
  readonly appearance: Appearance | undefined
  readonly reportIds: ReadonlyArray<number>
  readonly reportSearchId: number | undefined
  readonly tileId: string | undefined
}

/** One `order[field]=direction` clause. */
export interface OrderClause {
  readonly field: "updated_at" | "id"
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
  channels: [],
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
  channels: criteria.channels,
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
