/**
 * The branded app's shapes on a map, in their own colours. The shapes in view are found with a
 * shape search by the map's box each time it settles (smallest first, one page), so an app with
 * many thousands of imported shapes stays quick; a list beside the map names them, and choosing one
 * (by click or keyboard) highlights it and shows its metadata.
 */

import type { Shape } from "@fieldreport/domain/Shape"
import * as Wkt from "@fieldreport/domain/Wkt"
import { msg, str } from "@lit/localize"
import { Result } from "effect"
import type * as GeoJSON from "geojson"
import * as L from "leaflet"
import { html, nothing } from "lit"
import { styleMap } from "lit/directives/style-map.js"
import { ApiElement } from "../../shared/ApiElement.ts"
import type { Connection } from "../../shared/connection.ts"
import { plural } from "../../shared/localization.ts"
import { makeMap } from "../../shared/map.ts"
import { errorText, run } from "../../shared/run.ts"
import { formatCount } from "../../shared/size.ts"
import { styles } from "./shape-map.styles.ts"

/** The most shapes drawn at once: one page of a search, the smallest ones first. */
const PAGE = 100

const fields = "normal_color,highlight_color,cache_key"

/** The lines that name a shape: its `display` metadata, or its id. */
const titleOf = (shape: Shape): string =>
  shape.metadata.display?.[0] ?? msg(str`Shape ${shape.id}`, { id: "shapeMap.shape" })

/** A square of a colour; set through the style object, which a strict Content-Security-Policy allows. */
const swatch = (color: string) => html`<span class="swatch" style=${styleMap({ background: color })}></span>`

/** A metadata value as text: strings as they are, anything else as JSON. */
const asText = (value: unknown): string => (typeof value === "string" ? value : JSON.stringify(value))

/**
 * @summary The branded app's shapes on a map with their metadata and colours.
 *
 * @csspart map - The map.
 * @csspart list - The list of shapes in view.
 * @csspart metadata - The chosen shape's metadata.
 *
 * @cssproperty --fr-shape-map-height - Height of the map (default 28rem).
 *
 * @example
 * ```html
 * <fr-shape-map base-url="https://reports.example.com" token="…" app-id="com.example.fieldapp"></fr-shape-map>
 * ```
 */
export class ShapeMap extends ApiElement {
  static override styles = styles
  static override properties = {
    ...ApiElement.properties,
    tileUrl: { attribute: "tile-url" },
    tileAttribution: { attribute: "tile-attribution" },
    shapes: { state: true },
    total: { state: true },
    chosen: { state: true },
    problem: { state: true },
  }

  /** Leaflet URL template of the base map; none by default. */
  declare tileUrl: string | undefined
  /** Credit of the base map's tiles, shown in the map's corner. */
  declare tileAttribution: string | undefined
  declare shapes: ReadonlyArray<Shape>
  declare total: number | undefined
  declare chosen: Shape | undefined
  declare problem: string | undefined

  #map: L.Map | undefined
  #layers = L.layerGroup()
  #byId = new Map<number, L.GeoJSON>()
  /** Counts searches, so the answer of an older one never replaces a newer one's. */
  #search = 0

  constructor() {
    super()
    this.tileUrl = undefined
    this.tileAttribution = undefined
    this.shapes = []
    this.total = undefined
    this.chosen = undefined
    this.problem = undefined
  }

  protected override connected(_connection: Connection): void {
    void this.#first()
  }

  protected override firstUpdated(): void {
    const container = this.renderRoot.querySelector<HTMLElement>("#map")
    if (container === null) return
    this.#map = makeMap(container, this.tileUrl, this.tileAttribution)
    this.#layers.addTo(this.#map)
    this.#map.on("moveend", () => void this.inView())
  }

  /** The first page of the app's shapes, to frame the map on them. */
  async #first(): Promise<void> {
    const connection = this.connection
    if (connection === undefined) return
    try {
      const page = await run(
        connection.client.page("listShapes", { start: 0, end: PAGE - 1 }, { query: { fields } }),
      )
      this.total = page.total
      this.#show(page.items)
      const map = this.#map
      const bounds =
        this.#layers.getLayers().length === 0
          ? undefined
          : L.featureGroup(this.#layers.getLayers()).getBounds()
      if (map !== undefined && bounds?.isValid() === true && map.getSize().x > 0) map.fitBounds(bounds)
    } catch (error) {
      this.problem = errorText(error)
    }
  }

  /** Shows the shapes inside the map's current box (a shape search by box). */
  async inView(): Promise<void> {
    const connection = this.connection
    const map = this.#map
    if (connection === undefined || map === undefined || map.getSize().x === 0) return
    const search = ++this.#search
    const box = map.getBounds()
    const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value))
    try {
      const started = await run(
        connection.client.call("createShapeSearch", {
          body: {
            shape_search: {
              bbox: [
                clamp(box.getWest(), 180),
                clamp(box.getSouth(), 90),
                clamp(box.getEast(), 180),
                clamp(box.getNorth(), 90),
              ],
            },
          },
        }),
      )
      const page = await run(
        connection.client.page(
          "listShapes",
          { start: 0, end: PAGE - 1 },
          { query: { fields, shape_search_id: started.id } },
        ),
      )
      if (search !== this.#search) return
      this.total = page.total
      this.#show(page.items)
    } catch (error) {
      this.problem = errorText(error)
    }
  }

  #show(shapes: ReadonlyArray<Shape>): void {
    this.shapes = shapes
    this.#layers.clearLayers()
    this.#byId.clear()
    for (const shape of shapes) {
      const geometry = Wkt.parse(shape.geom, "geom")
      if (Result.isFailure(geometry)) continue
      const layer = L.geoJSON(geometry.success as unknown as GeoJSON.Geometry, {
        style: () => this.#style(shape),
        pointToLayer: (_, at) => L.circleMarker(at, { radius: 6 }),
      })
      layer.bindTooltip(titleOf(shape))
      layer.on("click", () => this.#choose(shape, false))
      this.#layers.addLayer(layer)
      this.#byId.set(shape.id, layer)
    }
  }

  #style(shape: Shape): L.PathOptions {
    const chosen = this.chosen?.id === shape.id
    const color = chosen ? (shape.highlight_color ?? "#ff7800") : (shape.normal_color ?? "#3388ff")
    return { color, fillColor: color, weight: chosen ? 4 : 2, fillOpacity: chosen ? 0.35 : 0.15 }
  }

  #choose(shape: Shape, frame: boolean): void {
    const previous = this.chosen
    this.chosen = shape
    for (const changed of [previous, shape]) {
      if (changed !== undefined) this.#byId.get(changed.id)?.setStyle(this.#style(changed))
    }
    const layer = this.#byId.get(shape.id)
    if (frame && layer !== undefined && this.#map !== undefined && this.#map.getSize().x > 0) {
      // Framing a shape moves the map, which searches again; the chosen shape is in that box.
      this.#map.fitBounds(layer.getBounds(), { maxZoom: 16 })
    }
  }

  #metadata(shape: Shape) {
    const { display, raw, ...rest } = shape.metadata
    return html`
      <section part="metadata" aria-label=${msg(str`Metadata of ${titleOf(shape)}`, { id: "shapeMap.metadata" })}>
        <h3>${titleOf(shape)}</h3>
        ${(display ?? []).slice(1).map((line) => html`<p>${line}</p>`)}
        <dl>
          <dt>${msg("Colours", { id: "shapeMap.colours" })}</dt>
          <dd>
            ${swatch(shape.normal_color ?? "#3388ff")} ${shape.normal_color}
            · ${msg("highlighted", { id: "shapeMap.highlighted" })} ${swatch(shape.highlight_color ?? "#ff7800")} ${shape.highlight_color}
          </dd>
          ${Object.entries({ ...rest, ...(raw ?? {}) }).map(([key, value]) => html`<dt>${key}</dt><dd>${asText(value)}</dd>`)}
        </dl>
      </section>
    `
  }

  override render() {
    return html`
      ${this.problem === undefined ? nothing : html`<p class="error" role="alert">${this.problem}</p>`}
      <div class="layout">
        <div id="map" part="map" role="application" aria-label=${msg("Map of shapes", { id: "shapeMap.map" })}></div>
        <aside>
          <p role="status" class="muted">
            ${
              this.total !== undefined && this.total > this.shapes.length
                ? msg(
                    str`${shapeCount(this.shapes.length)} in view (the ${formatCount(this.shapes.length)} smallest of ${formatCount(this.total)})`,
                    { id: "shapeMap.inViewOf" },
                  )
                : msg(str`${shapeCount(this.shapes.length)} in view`, { id: "shapeMap.inView" })
            }
          </p>
          <ul part="list" aria-label=${msg("Shapes in view", { id: "shapeMap.list" })}>
            ${this.shapes.map(
              (shape) => html`<li>
                <button aria-pressed=${this.chosen?.id === shape.id ? "true" : "false"} @click=${() => this.#choose(shape, true)}>
                  ${swatch(shape.normal_color ?? "#3388ff")}${titleOf(shape)}
                </button>
              </li>`,
            )}
          </ul>
          ${this.chosen === undefined ? nothing : this.#metadata(this.chosen)}
        </aside>
      </div>
    `
  }
}

/** A number of shapes, the noun in the form the count takes. */
const shapeCount = (count: number): string =>
  plural(count, {
    one: (number) => msg(str`${number} shape`, { id: "shapeMap.count.one" }),
    other: (number) => msg(str`${number} shapes`, { id: "shapeMap.count.other" }),
  })

customElements.define("fr-shape-map", ShapeMap)

declare global {
  interface HTMLElementTagNameMap {
    "fr-shape-map": ShapeMap
  }
}
