/**
 * `fr-location-picker`: where a report is: a point chosen by clicking the map (or typed as
 * latitude and longitude), and an address. A report needs one or the other.
 */
import { msg, updateWhenLocaleChanges } from "@lit/localize"
import "../../shared/localization.ts"
import type { Location } from "@fieldreport/domain/Report"
import leafletCss from "leaflet/dist/leaflet.css?inline"
import { css, html, LitElement, type PropertyValues, unsafeCSS } from "lit"
import { LocationChangeEvent } from "../../events/location-change.ts"
import * as L from "../../shared/leaflet.ts"
import { base, border, radius, surfaceRaised } from "../../shared/theme.ts"

/**
 * @summary A map to click for a location, the coordinates, and an address.
 *
 * @event fr-location-change - `LocationChangeEvent` with the location (or undefined) and the address.
 * @csspart map - The map.
 * @cssproperty --fr-picker-height - The map's height (260px).
 *
 * @example
 * ```html
 * <fr-location-picker latitude="-41.29" longitude="174.78" tile-url="https://tile.openstreetmap.org/{z}/{x}/{y}.png"
 *   tile-attribution="© OpenStreetMap contributors"></fr-location-picker>
 * ```
 */
export class LocationPicker extends LitElement {
  static override properties = {
    latitude: { type: Number },
    longitude: { type: Number },
    address: {},
    tileUrl: { attribute: "tile-url" },
    tileAttribution: { attribute: "tile-attribution" },
    disabled: { type: Boolean },
  }

  static override styles = [
    base,
    unsafeCSS(leafletCss),
    css`
      :host { display: grid; gap: 0.5rem; }
      .map {
        height: var(--fr-picker-height, 260px); border: 1px solid ${border}; border-radius: ${radius};
        background: ${surfaceRaised}; cursor: crosshair;
      }
      .row { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; }
      label { display: grid; gap: 0.2rem; }
      label.address { flex: 1 1 16rem; }
      input { width: 100%; }
      .point { width: 9rem; }
    `,
  ]

  /** Latitude of the chosen location; none until one is chosen. */
  declare latitude: number | undefined
  /** Longitude of the chosen location. */
  declare longitude: number | undefined
  /** The location's address, as typed. */
  declare address: string
  /** A basemap, such as `https://tile.openstreetmap.org/{z}/{x}/{y}.png`; none by default (works offline). */
  declare tileUrl: string | undefined
  /** Credit of the basemap's tiles, shown in the map's corner. */
  declare tileAttribution: string | undefined
  /** Shows the location without letting it change. */
  declare disabled: boolean

  #map: L.Map | undefined
  #marker: L.CircleMarker | undefined

  constructor() {
    super()
    updateWhenLocaleChanges(this)
    this.address = ""
    this.disabled = false
  }

  /** The chosen location, when both coordinates are given. */
  get location(): Location | undefined {
    return this.latitude === undefined || this.longitude === undefined
      ? undefined
      : { latitude: this.latitude, longitude: this.longitude }
  }

  override render() {
    return html`
      <div part="map" class="map" role="application"
        aria-label=${msg("Map: click to place the report, or type the coordinates below", { id: "locationPicker.map" })}></div>
      <div class="row">
        <label class="point">${msg("Latitude", { id: "locationPicker.latitude" })}
          <input type="number" step="any" min="-90" max="90" name="latitude" ?disabled=${this.disabled}
            .value=${this.latitude === undefined ? "" : String(this.latitude)}
            @change=${(event: Event) => this.typed("latitude", (event.target as HTMLInputElement).value)} />
        </label>
        <label class="point">${msg("Longitude", { id: "locationPicker.longitude" })}
          <input type="number" step="any" min="-180" max="180" name="longitude" ?disabled=${this.disabled}
            .value=${this.longitude === undefined ? "" : String(this.longitude)}
            @change=${(event: Event) => this.typed("longitude", (event.target as HTMLInputElement).value)} />
        </label>
        <label class="address">${msg("Address", { id: "locationPicker.address" })}
          <input name="address" autocomplete="street-address" ?disabled=${this.disabled} .value=${this.address}
            @input=${(event: Event) => {
              this.address = (event.target as HTMLInputElement).value
              this.announce()
            }} />
        </label>
      </div>
    `
  }

  protected override firstUpdated(): void {
    const container = this.renderRoot.querySelector<HTMLElement>(".map")!
    const map = L.map(container, { minZoom: 2 })
    map.attributionControl.setPrefix(false)
    if (this.tileUrl !== undefined && this.tileUrl !== "") {
      L.tileLayer(this.tileUrl, { attribution: this.tileAttribution ?? "" }).addTo(map)
    }
    const location = this.location
    map.setView(location === undefined ? [0, 0] : [location.latitude, location.longitude], location ? 14 : 2)
    map.on("click", (event: L.LeafletMouseEvent) => {
      if (this.disabled) return
      this.latitude = Number(event.latlng.lat.toFixed(6))
      this.longitude = Number(event.latlng.wrap().lng.toFixed(6))
      this.announce()
    })
    new ResizeObserver(() => map.invalidateSize()).observe(container)
    this.#map = map
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed)
    if (!changed.has("latitude") && !changed.has("longitude")) return
    const location = this.location
    this.#marker?.remove()
    this.#marker = undefined
    if (location === undefined || this.#map === undefined) return
    this.#marker = L.circleMarker([location.latitude, location.longitude], { radius: 9, weight: 3 })
      .bindTooltip(msg("Report location", { id: "locationPicker.marker" }))
      .addTo(this.#map)
  }

  /** Centres the map on a point (the user's area before they pick). */
  centre(location: Location, zoom = 13): void {
    this.#map?.setView([location.latitude, location.longitude], zoom)
  }

  private typed(axis: "latitude" | "longitude", text: string) {
    this[axis] = text.trim() === "" ? undefined : Number(text)
    const location = this.location
    const map = this.#map
    if (location !== undefined && map !== undefined) {
      map.setView([location.latitude, location.longitude], Math.max(map.getZoom(), 13))
    }
    this.announce()
  }

  private announce() {
    this.dispatchEvent(new LocationChangeEvent(this.location, this.address))
  }
}

customElements.define("fr-location-picker", LocationPicker)

declare global {
  interface HTMLElementTagNameMap {
    "fr-location-picker": LocationPicker
  }
}
