/**
 * `fr-reports-changed`: a bulk action changed or deleted reports.
 */

/**
 * Fired by `fr-report-bulk-actions` once a bulk action is over (whatever the server refused), so the
 * table and the map show the reports as they are now and the selection is cleared.
 *
 * @example
 * ```ts
 * table.addEventListener("fr-reports-changed", () => map.refresh())
 * ```
 */
export class ReportsChangedEvent extends Event {
  static readonly eventName = "fr-reports-changed"
  /** The reports the action changed or deleted. */
  readonly reportIds: ReadonlyArray<number>

  constructor(reportIds: ReadonlyArray<number>) {
    super(ReportsChangedEvent.eventName, { bubbles: true, composed: true })
    this.reportIds = reportIds
  }
}

declare global {
  interface HTMLElementEventMap {
    "fr-reports-changed": ReportsChangedEvent
  }
}
