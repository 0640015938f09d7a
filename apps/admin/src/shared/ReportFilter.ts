/**
 * The report filters the map, the table and the filter bar share: the `filter[…]`, `exclude[…]` and
 * `order[…]` parameters of the report search (docs/api.md, Report searches), as plain data, and
 * their query string form.
 */
import type { Appearance } from "@fieldreport/domain/ReportStateRecord"

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

const criteriaQuery = (group: "filter" | "exclude", criteria: Criteria): Record<string, string> => {
  const query: Record<string, string> = {}
  if (criteria.channels.length > 0) query[`${group}[channels]`] = criteria.channels.join(",")
  if (criteria.updatedAfter !== undefined) query[`${group}[updated_after]`] = criteria.updatedAfter
  if (criteria.updatedBefore !== undefined) query[`${group}[updated_before]`] = criteria.updatedBefore
  if (criteria.appearance !== undefined) query[`${group}[appearance]`] = criteria.appearance
  if (criteria.reportIds.length > 0) query[`${group}[id][id_array]`] = criteria.reportIds.join(",")
  if (criteria.reportSearchId !== undefined)
    query[`${group}[id][report_search_id]`] = String(criteria.reportSearchId)
  if (criteria.tileId !== undefined) query[`${group}[tile_id]`] = criteria.tileId
  return query
}

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
export const toQuery = (search: ReportFilter, withOrder = true): Record<string, string> => {
  const query = { ...criteriaQuery("filter", search.filter), ...criteriaQuery("exclude", search.exclude) }
  if (withOrder) for (const clause of search.order) query[`order[${clause.field}]`] = clause.direction
  return query
}
