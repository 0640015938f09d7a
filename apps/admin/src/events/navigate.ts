/**
 * `fr-navigate`: an element inside the app shell asks to show another view.
 */

/**
 * Fired by views; the shell moves to `#/<path>`. Outside the shell nobody listens, so an embedded
 * element stays where it is.
 *
 * @example
 * ```ts
 * this.dispatchEvent(new NavigateEvent("reports/42"))
 * ```
 */
export class NavigateEvent extends Event {
  static readonly eventName = "fr-navigate"
  /** The view path without `#/`, such as `reports/42`. */
  readonly path: string

  constructor(path: string) {
    super(NavigateEvent.eventName, { bubbles: true, composed: true })
    this.path = path
  }
}

declare global {
  interface HTMLElementEventMap {
    "fr-navigate": NavigateEvent
  }
}
