/**
 * `fr-report-close`: the user is done with a report's detail (its Back to reports button).
 */

/**
 * Fired by `fr-report-detail`; the reports view goes back to the reports. A page embedding the
 * detail alone listens for it to hide the detail.
 *
 * @example
 * ```ts
 * detail.addEventListener("fr-report-close", () => detail.remove())
 * ```
 */
export class ReportCloseEvent extends Event {
  static readonly eventName = "fr-report-close"
  /** The report whose detail is closed. */
  readonly reportId: number

  constructor(reportId: number) {
    super(ReportCloseEvent.eventName, { bubbles: true, composed: true })
    this.reportId = reportId
  }
}

declare global {
  interface HTMLElementEventMap {
    "fr-report-close": ReportCloseEvent
  }
}
