/**
 * `fr-report-select`: the user picked a report (a pin on the map, a row of the table).
 */

/**
 * Fired by the map and the table; the reports view opens the report's detail.
 *
 * @example
 * ```ts
 * this.dispatchEvent(new ReportSelectEvent(42))
 * table.addEventListener("fr-report-select", (event) => open(event.reportId))
 * ```
 */
export class ReportSelectEvent extends Event {
  static readonly eventName = "fr-report-select"
  readonly reportId: number

  constructor(reportId: number) {
    super(ReportSelectEvent.eventName, { bubbles: true, composed: true })
    this.reportId = reportId
  }
}

declare global {
  interface HTMLElementEventMap {
    "fr-report-select": ReportSelectEvent
  }
}
