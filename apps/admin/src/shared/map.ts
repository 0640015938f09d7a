/**
 * What every map element shares: Leaflet's own styles, adopted into the element's shadow root
 * (a page's stylesheet does not reach inside it), and the optional base map. Without a tile URL the
 * map has no base layer, so the elements work offline and on private networks; a page that wants
 * one sets `tile-url` (a Leaflet URL template such as `https://tile.openstreetmap.org/{z}/{x}/{y}.png`).
 */

import * as L from "leaflet"
import leafletCss from "leaflet/dist/leaflet.css?inline"
import { unsafeCSS } from "lit"

/**
 * Leaflet's stylesheet as Lit styles.
 *
 * @example
 * ```ts
 * static override styles = [base, leafletStyles, css`#map { height: 24rem }`]
 * ```
 */
export const leafletStyles = unsafeCSS(leafletCss)

/**
 * Makes a Leaflet map in a container, with the base layer of `tileUrl` when one is given (credited
 * with `tileAttribution`, which most tile servers require) and keyboard panning and zooming on.
 *
 * @example
 * ```ts
 * const map = makeMap(this.renderRoot.querySelector("#map"), this.tileUrl, "© OpenStreetMap contributors")
 * ```
 */
export const makeMap = (
  container: HTMLElement,
  tileUrl: string | undefined,
  tileAttribution?: string | undefined,
): L.Map => {
  const map = L.map(container, { keyboard: true, zoomSnap: 0.5 }).setView([0, 0], 2)
  if (tileUrl !== undefined && tileUrl !== "") {
    L.tileLayer(tileUrl, { maxZoom: 19, attribution: tileAttribution ?? "" }).addTo(map)
  }
  // A map made before its element is laid out (or resized later) must measure itself again.
  new ResizeObserver(() => map.invalidateSize()).observe(container)
  return map
}
