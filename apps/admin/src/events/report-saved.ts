/**
 * `fr-report-saved`: a report was created or changed through an element.
 */

/**
 * Fired by the new report form and the report detail after the server accepted the change, so
 * lists and maps can reload.
 *
 * @example
 * ```ts
 * form.addEventListener("fr-report-saved", (event) => navigate(`reports/${event.reportId}`))
 * ```
 */
export class ReportSavedEvent extends Event {
  static readonly eventName = "fr-report-saved"
  readonly reportId: number
  /** True when the report was just created. */
  readonly created: boolean

  constructor(reportId: number, created: boolean) {
    super(ReportSavedEvent.eventName, { bubbles: true, composed: true })
    this.reportId = reportId
    this.created = created
  }
}

declare global {
  interface HTMLElementEventMap {
    "fr-report-saved": ReportSavedEvent
  }
}
