/**
 * `fr-location-change`: the user moved a report's location or changed its address.
 */
import type { Location } from "@fieldreport/domain/Report"

/**
 * Fired by `fr-location-picker`.
 *
 * @example
 * ```ts
 * picker.addEventListener("fr-location-change", (event) => console.log(event.location, event.address))
 * ```
 */
export class LocationChangeEvent extends Event {
  static readonly eventName = "fr-location-change"
  readonly location: Location | undefined
  readonly address: string

  constructor(location: Location | undefined, address: string) {
    super(LocationChangeEvent.eventName, { bubbles: true, composed: true })
    this.location = location
    this.address = address
  }
}

declare global {
  interface HTMLElementEventMap {
    "fr-location-change": LocationChangeEvent
  }
}
