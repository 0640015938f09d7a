/**
 * `fr-report-map`: the reports of a filter on a Leaflet map, through the server's tiles search.
 * Zoomed out it shows how many reports each tile holds, asking after a pan only for the strips of
 * cells it has not counted yet; once the view holds at most `pin-limit` reports it shows their pins.
 */

import type { MapItem, Tile } from "@fieldreport/domain/ReportSearch"
import * as TileGrid from "@fieldreport/domain/TileGrid"
import { msg, str } from "@lit/localize"
import { html, nothing, type PropertyValues } from "lit"
import { MapLoadEvent } from "../../events/map-load.ts"
import { ReportSelectEvent } from "../../events/report-select.ts"
import { ApiElement } from "../../shared/ApiElement.ts"
import type { Connection } from "../../shared/connection.ts"
import * as L from "../../shared/leaflet.ts"
import { everything, type ReportFilter, toQuery } from "../../shared/ReportFilter.ts"
import { reportCount } from "../../shared/reportCount.ts"
import { mapItemPage, startSearch, tileCounts } from "../../shared/reportSearch.ts"
import { errorText } from "../../shared/run.ts"
import { formatCount } from "../../shared/size.ts"
import { type CountCache, countCacheFor } from "./count-cache.ts"
import { inView } from "./in-view.ts"
import {
  type Bbox,
  cellBlock,
  clip,
  countScale,
  coverScale,
  finestScale,
  inside,
  uncovered,
} from "./map-scale.ts"
import { type PinCache, pinCacheFor } from "./pin-cache.ts"
import { styles } from "./report-map.styles.ts"

const world: Bbox = [-180, -90, 180, 90]

const tileBounds = (tile: Tile): L.LatLngBounds =>
  L.latLngBounds([tile.latitude, tile.longitude], [tile.latitude + tile.scale, tile.longitude + tile.scale])

const extent = (tiles: ReadonlyArray<Tile>): L.LatLngBounds => {
  const bounds = L.latLngBounds([])
  for (const tile of tiles) bounds.extend(tileBounds(tile))
  return bounds
}

const bboxOf = (bounds: L.LatLngBounds): Bbox => [
  bounds.getWest(),
  bounds.getSouth(),
  bounds.getEast(),
  bounds.getNorth(),
]

/**
 * @summary A map of reports: counts per tile zoomed out, pins zoomed in.
 *
 * @event fr-report-select - `ReportSelectEvent` when the user opens a pin (click, or Enter on a focused pin).
 * @event fr-map-load - `MapLoadEvent` when the map has drawn the current view (counts or pins).
 * @csspart map - The map container.
 * @cssproperty --fr-map-height - The element's height when the page sets none (480px); a height set on the element itself wins, and the map fills it.
 * @cssproperty --fr-color-accent - Count bubbles.
 *
 * @example
 * ```html
 * <fr-report-map base-url="https://reports.example.com" token="fra_…"
 *   tile-url="https://tile.openstreetmap.org/{z}/{x}/{y}.png"
 *   tile-attribution="© OpenStreetMap contributors"></fr-report-map>
 * ```
 */
export class ReportMap extends ApiElement {
  static override properties = {
    ...ApiElement.properties,
    filter: { attribute: false },
    tileUrl: { attribute: "tile-url" },
    tileAttribution: { attribute: "tile-attribution" },
    latitude: { type: Number },
    longitude: { type: Number },
    zoom: { type: Number },
    pinLimit: { attribute: "pin-limit", type: Number },
    status: { state: true },
  }

  static override styles = styles

  /** Which reports (the order is not used). */
  declare filter: ReportFilter
  /** A basemap, such as `https://tile.openstreetmap.org/{z}/{x}/{y}.png`; none by default (works offline). */
  declare tileUrl: string | undefined
  /** Credit of the basemap's tiles, shown in the map's corner. */
  declare tileAttribution: string | undefined
  /** The first view's centre and zoom; without them the map fits the reports. */
  declare latitude: number | undefined
  /** Longitude of the first view's centre (with `latitude`). */
  declare longitude: number | undefined
  /** Zoom of the first view (with `latitude` and `longitude`); 12 by default. */
  declare zoom: number | undefined
  /** The most reports a view shows as pins; more are shown as counts per tile. */
  declare pinLimit: number
  declare status: string

  #map: L.Map | undefined
  #basemap: L.TileLayer | undefined
  #layer = L.layerGroup()
  /** Which reports the map shows: the criteria of the filter (its order does not move a pin). */
  #loaded: { readonly criteria: string; readonly connection: Connection } | undefined
  /** Pins of a covering tile, per tile id, for the current filter: panning back costs nothing. */
  #pins: PinCache | undefined
  #counts: CountCache | undefined
  #request = 0
  #resize = new ResizeObserver(() => this.#map?.invalidateSize())

  constructor() {
    super()
    this.filter = everything
    this.pinLimit = 100
    this.status = ""
  }

  /** The Leaflet map, for pages that add their own layers. */
  get map(): L.Map | undefined {
    return this.#map
  }

  override render() {
    return html`
      <div part="map" class="map ${this.tileUrl === undefined ? "bare" : ""}" role="region"
        aria-label=${msg("Map of reports", { id: "reportMap.map" })}></div>
      ${this.status === "" ? nothing : html`<div role="status" aria-live="polite">${this.status}</div>`}
    `
  }

  protected override firstUpdated(): void {
    const container = this.renderRoot.querySelector<HTMLElement>(".map")!
    const map = L.map(container, { worldCopyJump: false, minZoom: 2, keyboard: true })
    map.attributionControl.setPrefix(false)
    this.#layer.addTo(map)
    this.#map = map
    this.#resize.observe(container)
    if (this.latitude !== undefined && this.longitude !== undefined) {
      map.setView([this.latitude, this.longitude], this.zoom ?? 12)
    } else {
      map.setView([0, 0], 2)
    }
    // Listening only after the first view is set: that view is loaded by `updated` (or replaced by
    // the fit to the reports), not once more for the move.
    map.on("moveend", () => void this.load())
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    this.#resize.disconnect()
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed)
    const map = this.#map
    if (map === undefined) return
    if (changed.has("tileUrl") || changed.has("tileAttribution")) {
      this.#basemap?.remove()
      this.#basemap =
        this.tileUrl === undefined
          ? undefined
          : L.tileLayer(this.tileUrl, { attribution: this.tileAttribution ?? "" }).addTo(map)
    }
    const connection = this.connection
    if (connection === undefined) return
    const criteria = JSON.stringify(toQuery(this.filter, false))
    if (this.#loaded?.criteria !== criteria || this.#loaded.connection !== connection) {
      // A first load, or another team's connection: the reports may be anywhere.
      const first = this.#loaded === undefined || this.#loaded.connection !== connection
      this.#loaded = { criteria, connection }
      this.#pins = undefined
      this.#counts = undefined
      // That view fits the reports, unless the page fixed it; a later filter keeps the user's
      // pan and zoom (they zoomed in on a street to filter its reports) and loads in place.
      if (first && this.latitude === undefined) void this.fitReports(connection)
      else void this.load()
    }
  }

  /**
   * Moves the view onto the reports, which then loads them: coarse cells over the world first,
   * then the finest cells the server counts inside those, so a city's reports fill the view (two
   * requests).
   */
  private async fitReports(connection: Connection) {
    try {
      const coarse = await tileCounts(connection, this.filter, finestScale(world), world)
      if (coarse.length === 0) return void this.load()
      const around = extent(coarse)
      const fine =
        around.getEast() - around.getWest() <= 10 && around.getNorth() - around.getSouth() <= 10
          ? await tileCounts(connection, this.filter, finestScale(clip(bboxOf(around))), clip(bboxOf(around)))
          : coarse
      // The padding keeps the count bubbles at the edge of the reports inside the view.
      this.#map?.fitBounds(extent(fine.length === 0 ? coarse : fine), { maxZoom: 15, padding: [32, 32] })
    } catch (error) {
      this.status = errorText(error)
    }
  }

  /**
   * Loads the reports in view again, forgetting the pins and counts kept for the filter (after
   * reports were changed or deleted, say); the view stays where it is.
   *
   * @example
   * ```ts
   * map.refresh()
   * ```
   */
  refresh(): void {
    this.#pins = undefined
    this.#counts = undefined
    void this.load()
  }

  /** Loads what the current view shows: counts, or pins when there are few enough reports. */
  private async load() {
    const map = this.#map
    const connection = this.connection
    if (map === undefined || connection === undefined) return
    const request = ++this.#request
    const bounds = map.getBounds()
    const bbox = clip(bboxOf(bounds))
    const filter = this.filter
    try {
      const scale = Math.max(countScale(map.getZoom()), finestScale(bbox))
      const counts = await this.countsIn(connection, filter, scale, bbox)
      if (request !== this.#request) return
      const total = counts.reduce((sum, tile) => sum + tile.report_count, 0)
      if (total > this.pinLimit) {
        this.showCounts(counts)
        this.status = inView(total)
        this.dispatchEvent(new MapLoadEvent("counts", total))
        return
      }
      const covering = await tileCounts(connection, filter, coverScale(bbox), bbox)
      const criteria = JSON.stringify(toQuery(filter, false))
      const pinned = pinCacheFor(this.#pins, { criteria, connection }, performance.now())
      this.#pins = pinned
      const pins = await Promise.all(
        covering.filter((tile) => tile.report_count > 0).map((tile) => this.pinsOf(pinned, filter, tile)),
      )
      if (request !== this.#request) return
      this.showPins(pins.flat())
      this.status = inView(total)
      this.dispatchEvent(new MapLoadEvent("pins", total))
    } catch (error) {
      if (request === this.#request) this.status = errorText(error)
    }
  }

  /** The counts of the cells in view, fetching only the blocks of cells not counted yet. */
  private async countsIn(
    connection: Connection,
    filter: ReportFilter,
    scale: number,
    bbox: Bbox,
  ): Promise<ReadonlyArray<Tile>> {
    const criteria = JSON.stringify(toQuery(filter, false))
    const cache = countCacheFor(this.#counts, { scale, criteria, connection }, performance.now())
    this.#counts = cache
    const view = cellBlock(bbox, scale)
    const missing = uncovered(view, cache.counted)
    const answers = await Promise.all(
      missing.map((block) => tileCounts(connection, filter, scale, inside(block, scale))),
    )
    for (const tile of answers.flat()) cache.tiles.set(tile.tile_id, tile)
    cache.counted.push(...missing)
    return [...cache.tiles.values()].filter((tile) => TileGrid.holds(view, tile))
  }

  private pinsOf(cache: PinCache, filter: ReportFilter, tile: Tile) {
    const cached = cache.cells.get(tile.tile_id)
    if (cached !== undefined) return cached
    const { connection } = cache
    const loading = (async () => {
      const searchId = await startSearch(connection, {
        ...filter,
        filter: { ...filter.filter, tileId: tile.tile_id },
      })
      const items: Array<MapItem> = []
      for (let start = 0; ; start += 100) {
        const page = await mapItemPage(connection, searchId, { start, end: start + 99 })
        items.push(...page.items)
        if (page.items.length === 0 || start + 100 >= page.total) return items
      }
    })()
    loading.catch(() => cache.cells.delete(tile.tile_id))
    cache.cells.set(tile.tile_id, loading)
    return loading
  }

  private showCounts(tiles: ReadonlyArray<Tile>) {
    this.#layer.clearLayers()
    for (const tile of tiles) {
      const size = 22 + Math.min(26, Math.round(Math.log10(tile.report_count + 1) * 8))
      const label = reportCount(tile.report_count)
      L.marker([tile.latitude + tile.scale / 2, tile.longitude + tile.scale / 2], {
        icon: L.divIcon({
          className: "count",
          html: formatCount(tile.report_count),
          iconSize: [size, size],
        }),
        title: msg(str`${label}: zoom in`, { id: "reportMap.zoomIn" }),
        alt: label,
        keyboard: true,
      })
        .on("click", () => this.#map?.fitBounds(tileBounds(tile)))
        .addTo(this.#layer)
    }
  }

  private showPins(items: ReadonlyArray<MapItem>) {
    this.#layer.clearLayers()
    for (const item of items) {
      if (item.latitude === null || item.longitude === null) continue
      L.marker([item.latitude, item.longitude], {
        icon: L.icon({ iconUrl: item.pin, iconSize: [25, 41], iconAnchor: [12, 41] }),
        title: msg(str`Report ${item.id}`, { id: "reportMap.pin" }),
        alt: msg(str`Report ${item.id}`, { id: "reportMap.pin" }),
        keyboard: true,
      })
        .on("click", () => this.dispatchEvent(new ReportSelectEvent(item.id)))
        .addTo(this.#layer)
    }
  }
}

customElements.define("fr-report-map", ReportMap)

declare global {
  interface HTMLElementTagNameMap {
    "fr-report-map": ReportMap
  }
}
