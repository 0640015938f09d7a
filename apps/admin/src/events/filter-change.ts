/**
 * `fr-filter-change`: the user changed the report filters.
 */
import type { ReportFilter } from "../shared/ReportFilter.ts"

/**
 * Fired by `fr-report-filters`; the reports view hands the new filter to the map and the table, so
 * both always show the same reports.
 *
 * @example
 * ```ts
 * filters.addEventListener("fr-filter-change", (event) => { table.filter = event.filter })
 * ```
 */
export class FilterChangeEvent extends Event {
  static readonly eventName = "fr-filter-change"
  readonly filter: ReportFilter

  constructor(filter: ReportFilter) {
    super(FilterChangeEvent.eventName, { bubbles: true, composed: true })
    this.filter = filter
  }
}

declare global {
  interface HTMLElementEventMap {
    "fr-filter-change": FilterChangeEvent
  }
}
