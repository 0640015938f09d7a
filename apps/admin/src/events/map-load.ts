/**
 * `fr-map-load`: the report map finished showing the current view.
 */

/**
 * Fired by `fr-report-map` each time it has drawn what the view holds, so a page (or a benchmark)
 * knows when the map is ready.
 *
 * @example
 * ```ts
 * map.addEventListener("fr-map-load", (event) => console.log(event.mode, event.reportCount))
 * ```
 */
export class MapLoadEvent extends Event {
  static readonly eventName = "fr-map-load"
  /** `counts` when tiles show how many reports they hold, `pins` when each report has its pin. */
  readonly mode: "counts" | "pins"
  /** Reports in the view. */
  readonly reportCount: number

  constructor(mode: "counts" | "pins", reportCount: number) {
    super(MapLoadEvent.eventName, { bubbles: true, composed: true })
    this.mode = mode
    this.reportCount = reportCount
  }
}

declare global {
  interface HTMLElementEventMap {
    "fr-map-load": MapLoadEvent
  }
}
