/**
 * The reports view's filter in the page's address, `#/reports?filter[channels]=3&order[id]=asc`:
 * a link opens the same reports, the back button brings the previous filter back, and a reload
 * keeps it. The query string is the report search's own parameters (`toQuery`), read back with
 * `fromParams`. The last filter is also remembered for the page's life, so leaving the reports
 * for another view and coming back by the navigation finds them as they were left.
 */
import { everything, fromParams, type ReportFilter, toQuery } from "./ReportFilter.ts"

/**
 * The last filter and its query string: the same string gives the same object, so the map and the
 * table, which compare filters by identity, do not search again when the address catches up with
 * a filter they already show.
 */
let last: { readonly query: string; readonly filter: ReportFilter } | undefined

/**
 * The query string of a filter, as the address holds it.
 *
 * @example
 * ```ts
 * queryOf(everything) // "order%5Bupdated_at%5D=desc"
 * ```
 */
export const queryOf = (filter: ReportFilter): string => new URLSearchParams(toQuery(filter)).toString()

/**
 * The filter an address's query string gives; an empty one gives the filter last shown (every
 * report at first).
 *
 * @example
 * ```ts
 * filterOf(new URLSearchParams("filter[id][id_array]=12")).filter.reportIds // [12]
 * ```
 */
export const filterOf = (query: URLSearchParams): ReportFilter => {
  if (query.size === 0) return last?.filter ?? everything
  const text = query.toString()
  if (last?.query !== text) last = { query: text, filter: fromParams(query) }
  return last.filter
}

/**
 * The query string remembered from the last filter shown, empty at first.
 *
 * @example
 * ```ts
 * rememberedQuery() // "filter%5Bchannels%5D=3&order%5Bupdated_at%5D=desc"
 * ```
 */
export const rememberedQuery = (): string => last?.query ?? ""

/**
 * Remembers a filter the user applied and puts it in the address, as a step the back button
 * undoes.
 *
 * @example
 * ```ts
 * filters.addEventListener("fr-filter-change", (event) => showInAddress("reports", event.filter))
 * ```
 */
export const showInAddress = (path: string, filter: ReportFilter): void => {
  const query = queryOf(filter)
  // URLSearchParams writes the same string whether it reads the address or this query back.
  last = { query: new URLSearchParams(query).toString(), filter }
  if (globalThis.location.hash !== `#/${path}?${query}`) globalThis.location.hash = `#/${path}?${query}`
}
