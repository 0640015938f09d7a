/**
 * The user's alert areas on a map: draw a circle (click its centre, then a point on its edge) or a
 * polygon (click its corners), name it, edit one by dragging its handles or typing its numbers, list
 * and delete them. The typed fields are the keyboard's way to do all the map does.
 */

import type { AlertArea } from "@fieldreport/domain/AlertArea"
import * as TextLimits from "@fieldreport/domain/TextLimits"
import { msg, str } from "@lit/localize"
import * as L from "leaflet"
import { html, nothing, type PropertyValues } from "lit"
import { ApiElement } from "../../shared/ApiElement.ts"
import type { Connection } from "../../shared/connection.ts"
import { makeMap } from "../../shared/map.ts"
import { everything } from "../../shared/ReportFilter.ts"
import { densestPoint } from "../../shared/reportSearch.ts"
import { errorText, run } from "../../shared/run.ts"
import { SaveStatus } from "../../shared/SaveStatus.ts"
import { formatCount } from "../../shared/size.ts"
import { styles } from "./alert-areas.styles.ts"
import { areaLabel, type DrawnArea, describe, fromAlertArea, type LatLng, toBody } from "./drawn-area.ts"

/** What a click on the map does. */
type Tool = "none" | "circle" | "poly"

/** Colours of stored areas (restyled by the accent colour in CSS) and of the one being drawn or edited. */
const storedColor = "#1f5fbf"
const draftColor = "#d9480f"

/** The most metres a circle may reach (docs/api.md, Alert areas); dragging its edge stops there. */
const maxRadius = 100_000

/** Screen pixels from a handle's centre within which a click lands on it (the handle is 14 px). */
const handleReach = 8

/** Metres per degree of latitude on Leaflet's sphere (radius 6,371 km). */
const metresPerDegree = (Math.PI * 6_371_000) / 180

/** The point due east of a circle's centre on its edge, where its radius handle sits. */
const edgeOf = (center: LatLng, radius: number): LatLng => ({
  lat: center.lat,
  lng: center.lng + radius / (metresPerDegree * Math.cos((center.lat * Math.PI) / 180)),
})

/** A map in a hidden or not yet laid out element has no size to fit anything into. */
const isLaidOut = (map: L.Map): boolean => map.getSize().x > 0 && map.getSize().y > 0

/** Corners typed one "latitude, longitude" a line; lines that are not two numbers are left out. */
const parseCorners = (text: string): ReadonlyArray<LatLng> =>
  text
    .split("\n")
    // Number("") is 0, so an empty part must not read as a coordinate.
    .map((line) => line.split(",").map((part) => (part.trim() === "" ? Number.NaN : Number(part))))
    .filter((pair): pair is [number, number] => pair.length === 2 && pair.every(Number.isFinite))
    .map(([lat, lng]) => ({ lat, lng }))

/**
 * @summary The user's alert areas: draw, name and edit circles and polygons on a map, list and delete them.
 *
 * @csspart map - The map.
 * @csspart area - One area in the list.
 *
 * @cssproperty --fr-alert-areas-map-height - Height of the map (default 24rem).
 * @cssproperty --fr-color-accent - Colour of the stored areas.
 *
 * @example
 * ```html
 * <fr-alert-areas base-url="https://reports.example.com" token="…"
 *   tile-url="https://tile.openstreetmap.org/{z}/{x}/{y}.png" tile-attribution="© OpenStreetMap contributors"></fr-alert-areas>
 * ```
 */
export class AlertAreas extends ApiElement {
  static override styles = styles
  static override properties = {
    ...ApiElement.properties,
    tileUrl: { attribute: "tile-url" },
    tileAttribution: { attribute: "tile-attribution" },
    areas: { state: true },
    tool: { state: true },
    draft: { state: true },
    draftName: { state: true },
    editingId: { state: true },
    problem: { state: true },
    liveRadius: { state: true },
  }

  /** Leaflet URL template of the base map; none by default. */
  declare tileUrl: string | undefined
  /** Credit of the base map's tiles, shown in the map's corner. */
  declare tileAttribution: string | undefined
  declare areas: ReadonlyArray<AlertArea>
  declare tool: Tool
  /** The area being drawn or edited, not saved yet. */
  declare draft: DrawnArea | undefined
  /** The name typed for the draft; blank for none. */
  declare draftName: string
  /** The stored area the draft edits; undefined for a new one. */
  declare editingId: number | undefined
  /** Why the areas could not be loaded. */
  declare problem: string | undefined
  /** The radius of the circle while its edge is dragged, told before the drag ends. */
  declare liveRadius: number | undefined

  #saves = new SaveStatus(this)
  #map: L.Map | undefined
  #stored = L.layerGroup()
  #drafted = L.layerGroup()
  /** The circle growing under a drag from its centre, until the button is let go. */
  #growing: L.Circle | undefined

  constructor() {
    super()
    this.tileUrl = undefined
    this.tileAttribution = undefined
    this.areas = []
    this.tool = "none"
    this.draft = undefined
    this.draftName = ""
    this.editingId = undefined
    this.problem = undefined
    this.liveRadius = undefined
  }

  protected override connected(connection: Connection): void {
    void this.load().then(() => this.#centre(connection))
  }

  /**
   * With no areas to fit, opens where the user's reports are densest, as the reports map and the
   * location picker do, rather than at latitude 0, longitude 0.
   */
  async #centre(connection: Connection): Promise<void> {
    if (this.areas.length > 0) return
    const centre = await densestPoint(connection, everything).catch(() => undefined)
    if (centre === undefined || this.areas.length > 0 || this.draft !== undefined) return
    this.#map?.setView([centre.latitude, centre.longitude], 12)
  }

  protected override firstUpdated(): void {
    const container = this.renderRoot.querySelector<HTMLElement>("#map")
    if (container === null) return
    this.#map = makeMap(container, this.tileUrl, this.tileAttribution)
    this.#stored.addTo(this.#map)
    this.#drafted.addTo(this.#map)
    this.#map.on("click", (event: L.LeafletMouseEvent) => this.pointAt(event.latlng))
    this.#map.on("mousedown", (event: L.LeafletMouseEvent) => this.#press(event.latlng))
    this.#map.on("mousemove", (event: L.LeafletMouseEvent) => this.#stretch(event.latlng))
    this.#map.on("mouseup", (event: L.LeafletMouseEvent) => this.#release(event.latlng))
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has("areas"))
      this.#drawStored(changed.get("areas")?.length === 0 || changed.get("areas") === undefined)
    if (changed.has("draft") || changed.has("tool")) this.#drawDraft()
    // While a tool draws, a drag is the drawing's (a circle from its centre), not a pan.
    if (changed.has("tool") && this.#map !== undefined) {
      if (this.tool === "none") this.#map.dragging.enable()
      else this.#map.dragging.disable()
    }
  }

  /** The button goes down with the circle tool: the centre of a new circle, unless it has one. */
  #press(point: LatLng): void {
    if (this.tool !== "circle" || this.#map === undefined) return
    if (this.draft?.kind !== "circle") this.draft = { kind: "circle", center: point, radius: 0 }
    const draft = this.draft
    if (draft.kind !== "circle" || draft.radius > 0) return
    this.#growing = L.circle(draft.center, { radius: 1, color: draftColor, className: "draft-area" }).addTo(
      this.#map,
    )
  }

  /** The pointer moves while the button is down: the circle grows to it, its radius told at once. */
  #stretch(point: LatLng): void {
    const draft = this.draft
    if (this.#growing === undefined || draft?.kind !== "circle") return
    const radius = this.#radiusTo(draft.center, point)
    this.#growing.setRadius(radius)
    this.liveRadius = radius
  }

  /** The button comes up: a drag that went anywhere is the circle; one that did not waits for the edge's click. */
  #release(point: LatLng): void {
    const draft = this.draft
    const growing = this.#growing
    if (growing === undefined || draft?.kind !== "circle") return
    growing.remove()
    this.#growing = undefined
    this.liveRadius = undefined
    if (this.#near(point, draft.center)) return
    this.draft = { ...draft, radius: this.#radiusTo(draft.center, point) }
    this.tool = "none"
  }

  /** The radius in whole metres from a centre to a point, within what the API takes. */
  #radiusTo(center: LatLng, point: LatLng): number {
    return Math.min(maxRadius, Math.max(1, Math.round(L.latLng(center).distanceTo(point))))
  }

  /** Loads the user's areas. */
  async load(): Promise<void> {
    const connection = this.connection
    if (connection === undefined) return
    try {
      this.areas = await run(connection.client.call("listAlertAreas"))
      this.problem = undefined
    } catch (error) {
      this.problem = errorText(error)
    }
  }

  /**
   * What a click on the map does with the current tool: a circle's centre, then its edge; a
   * polygon's next corner. Nothing without a tool.
   */
  pointAt(point: LatLng): void {
    const draft = this.draft
    if (this.tool === "circle") {
      // The click that ends a press on the centre is not yet the edge.
      if (draft?.kind === "circle" && draft.radius === 0 && this.#near(point, draft.center)) return
      this.draft =
        draft?.kind === "circle" && this.editingId === undefined && draft.radius === 0
          ? { ...draft, radius: this.#radiusTo(draft.center, point) }
          : { kind: "circle", center: point, radius: 0 }
      if (this.draft.kind === "circle" && this.draft.radius > 0) this.tool = "none"
    } else if (this.tool === "poly") {
      const corners = draft?.kind === "poly" ? draft.corners : []
      // A click on the first corner closes the ring, as drawing tools do; a click on any other
      // corner would only add it twice.
      if (corners.length >= 3 && this.#near(point, corners[0]!)) this.tool = "none"
      else if (!corners.some((corner) => this.#near(point, corner)))
        this.draft = { kind: "poly", corners: [...corners, point] }
    }
  }

  /**
   * Whether two points are one click apart: within a handle's reach on the screen, or the same
   * point when the map has no size to measure on.
   */
  #near(a: LatLng, b: LatLng): boolean {
    const map = this.#map
    if (map === undefined || !isLaidOut(map)) return a.lat === b.lat && a.lng === b.lng
    return map.latLngToContainerPoint(a).distanceTo(map.latLngToContainerPoint(b)) <= handleReach
  }

  #startDrawing(tool: Exclude<Tool, "none">): void {
    this.tool = tool
    this.editingId = undefined
    this.draft = undefined
    this.draftName = ""
    this.#saves.reset()
  }

  /** Starts a new area from the keyboard: a circle around the map's centre, or a polygon of no corners yet. */
  #type(kind: DrawnArea["kind"]): void {
    const center = this.#map?.getCenter() ?? L.latLng(0, 0)
    this.tool = "none"
    this.editingId = undefined
    this.#saves.reset()
    this.draftName = ""
    this.draft =
      kind === "circle"
        ? { kind: "circle", center: { lat: center.lat, lng: center.lng }, radius: 1000 }
        : { kind: "poly", corners: [] }
    void this.#focusEditor()
  }

  /** Puts the keyboard in the editor's first field once it shows. */
  async #focusEditor(): Promise<void> {
    await this.updateComplete
    this.renderRoot.querySelector<HTMLElement>("form input, form textarea")?.focus()
  }

  #edit(area: AlertArea): void {
    const drawn = fromAlertArea(area)
    if (drawn === undefined) return
    this.tool = "none"
    this.editingId = area.id
    this.draft = drawn
    this.draftName = area.name ?? ""
    this.#saves.reset()
    this.#fit(drawn)
    void this.#focusEditor()
  }

  #cancel(): void {
    this.tool = "none"
    this.draft = undefined
    this.draftName = ""
    this.editingId = undefined
  }

  async #save(): Promise<void> {
    const connection = this.connection
    const draft = this.draft
    if (connection === undefined || draft === undefined) return
    if (draft.kind === "poly" && draft.corners.length < 3) {
      this.#saves.refuse(msg("A polygon needs at least three corners.", { id: "alertAreas.threeCorners" }))
      return
    }
    const body = toBody(draft, this.draftName)
    const editingId = this.editingId
    const saved = await this.#saves.save(
      () =>
        run(
          editingId === undefined
            ? connection.client.call("createAlertArea", { body })
            : connection.client.call("updateAlertArea", { path: { id: editingId }, body }),
        ),
      msg(str`Saved ${body.alert_area.name ?? msg("the alert area", { id: "alertAreas.theArea" })}.`, {
        id: "alertAreas.saved",
      }),
    )
    if (!saved) return
    this.#cancel()
    await this.load()
  }

  async #delete(area: AlertArea): Promise<void> {
    const connection = this.connection
    if (
      connection === undefined ||
      !confirm(msg("Delete this alert area?", { id: "alertAreas.confirmDelete" }))
    )
      return
    const deleted = await this.#saves.save(
      () => run(connection.client.call("deleteAlertArea", { path: { id: area.id } })),
      msg(str`Deleted ${areaLabel(area, fromAlertArea(area))}.`, { id: "categoryTree.deleted" }),
    )
    if (!deleted) return
    if (this.editingId === area.id) this.#cancel()
    await this.load()
  }

  #layer(area: DrawnArea, color: string): L.Layer {
    const className = color === storedColor ? "stored-area" : "draft-area"
    return area.kind === "circle"
      ? L.circle(area.center, { radius: Math.max(area.radius, 1), color, className })
      : L.polygon(
          area.corners.map((corner) => L.latLng(corner.lat, corner.lng)),
          { color, className },
        )
  }

  #drawStored(fitAll: boolean): void {
    if (this.#map === undefined) return
    this.#stored.clearLayers()
    const bounds = L.latLngBounds([])
    for (const area of this.areas) {
      if (area.id === this.editingId) continue
      const drawn = fromAlertArea(area)
      if (drawn === undefined) continue
      const layer = this.#layer(drawn, storedColor) as L.Circle | L.Polygon
      layer.bindTooltip(areaLabel(area, drawn))
      // While drawing, a click on an area is a point of the drawing, not a choice of that area.
      layer.on("click", () => {
        if (this.tool === "none") this.#edit(area)
      })
      this.#stored.addLayer(layer)
      bounds.extend(layer.getBounds())
    }
    if (fitAll && bounds.isValid() && isLaidOut(this.#map)) this.#map.fitBounds(bounds, { padding: [24, 24] })
  }

  /**
   * Draws the draft with handles: the circle's centre and the point east on its edge (its radius),
   * the polygon's corners. The shape follows a handle while it is dragged; the draft changes when
   * the handle is let go.
   */
  #drawDraft(): void {
    if (this.#map === undefined) return
    this.#drawStored(false)
    this.#drafted.clearLayers()
    const draft = this.draft
    if (draft === undefined) return
    if (draft.kind === "circle") {
      // While a new circle waits for its edge, it is only a centre.
      const circle = draft.radius > 0 ? (this.#layer(draft, draftColor) as L.Circle) : undefined
      if (circle !== undefined) this.#drafted.addLayer(circle)
      this.#handle(draft.center, msg("Centre of the circle", { id: "alertAreas.centre" }), (point, done) => {
        if (done) this.draft = { ...draft, center: point }
        else circle?.setLatLng(point)
      })
      if (circle === undefined) return
      this.#handle(
        edgeOf(draft.center, draft.radius),
        msg("Edge of the circle", { id: "alertAreas.edge" }),
        (point, done) => {
          const radius = this.#radiusTo(draft.center, point)
          this.liveRadius = done ? undefined : radius
          if (done) this.draft = { ...draft, radius }
          else circle.setRadius(radius)
        },
      )
      return
    }
    const outline =
      draft.corners.length < 2
        ? undefined
        : draft.corners.length === 2
          ? L.polyline(
              draft.corners.map((corner) => L.latLng(corner.lat, corner.lng)),
              { color: draftColor },
            )
          : (this.#layer(draft, draftColor) as L.Polygon)
    if (outline !== undefined) this.#drafted.addLayer(outline)
    draft.corners.forEach((corner, index) => {
      const handle = this.#handle(corner, `Corner ${index + 1}`, (point, done) => {
        const corners = draft.corners.map((other, at) => (at === index ? point : other))
        if (done) this.draft = { kind: "poly", corners }
        else outline?.setLatLngs(corners.map((each) => L.latLng(each.lat, each.lng)))
      })
      // The handle takes the click the map would have had: on the first corner it closes the ring.
      if (index === 0) handle.on("click", () => this.pointAt(corner))
    })
  }

  /**
   * A draggable handle named `title`; `moved` hears where it is while dragged, and where it was
   * let go (`done`).
   */
  #handle(point: LatLng, title: string, moved: (point: LatLng, done: boolean) => void): L.Marker {
    const handle = L.marker(point, {
      draggable: true,
      keyboard: false,
      title,
      icon: L.divIcon({ className: "handle", iconSize: [14, 14] }),
    })
    const at = (): LatLng => ({ lat: handle.getLatLng().lat, lng: handle.getLatLng().lng })
    handle.on("drag", () => moved(at(), false))
    handle.on("dragend", () => moved(at(), true))
    this.#drafted.addLayer(handle)
    return handle
  }

  #fit(area: DrawnArea): void {
    if (this.#map === undefined || !isLaidOut(this.#map)) return
    const layer = this.#layer(area, draftColor) as L.Circle | L.Polygon
    // A circle's bounds need a map to be measured in; adding and removing it at once draws nothing.
    layer.addTo(this.#map)
    this.#map.fitBounds(layer.getBounds(), { padding: [24, 24] })
    layer.remove()
  }

  #status(): string {
    const draft = this.draft
    if (draft?.kind === "circle" && this.liveRadius !== undefined)
      return `${describe({ ...draft, radius: this.liveRadius })}.`
    if (this.tool === "circle")
      return draft === undefined
        ? msg("Click the centre of the circle.", { id: "alertAreas.clickCentre" })
        : msg("Click a point on the edge of the circle.", { id: "alertAreas.clickEdge" })
    if (this.tool === "poly")
      return draft?.kind === "poly" && draft.corners.length >= 3
        ? msg(
            str`${formatCount(draft.corners.length)} corners. Click another corner, or the first one to close the polygon.`,
            {
              id: "alertAreas.corners",
            },
          )
        : msg("Click the corners of the polygon.", { id: "alertAreas.clickCorners" })
    if (draft !== undefined)
      return msg(str`${describe(draft)}. Drag the handles or change the numbers, then save.`, {
        id: "alertAreas.drag",
      })
    return msg("Draw a circle or a polygon, or pick an area to edit.", { id: "alertAreas.start" })
  }

  #problemOf(path: string) {
    const messages = this.#saves.problems[path]
    return messages === undefined ? nothing : html`<span class="error">${messages.join("; ")}</span>`
  }

  #editor() {
    const draft = this.draft
    if (draft === undefined) return nothing
    return html`
      <form
        aria-label=${this.editingId === undefined ? msg("New alert area", { id: "alertAreas.new" }) : msg("Edit alert area", { id: "alertAreas.edit" })}
        @submit=${(event: SubmitEvent) => {
          event.preventDefault()
          void this.#save()
        }}
      >
        ${
          draft.kind === "circle"
            ? html`
              <label>${msg("Centre latitude", { id: "alertAreas.centreLatitude" })}
                <input type="number" step="any" min="-90" max="90" required .value=${String(draft.center.lat)}
                  @change=${(event: Event) => (this.draft = { ...draft, center: { ...draft.center, lat: Number((event.target as HTMLInputElement).value) } })} />
              </label>
              <label>${msg("Centre longitude", { id: "alertAreas.centreLongitude" })}
                <input type="number" step="any" min="-180" max="180" required .value=${String(draft.center.lng)}
                  @change=${(event: Event) => (this.draft = { ...draft, center: { ...draft.center, lng: Number((event.target as HTMLInputElement).value) } })} />
              </label>
              <label>${msg("Radius in metres", { id: "alertAreas.radius" })}
                <input type="number" min="1" max="100000" step="1" required .value=${String(this.liveRadius ?? draft.radius)}
                  @change=${(event: Event) => (this.draft = { ...draft, radius: Number((event.target as HTMLInputElement).value) })} />
              </label>`
            : html`
              <label class="corners">${msg("Corners, one “latitude, longitude” a line", { id: "alertAreas.cornersInput" })}
                <textarea rows="4" .value=${draft.corners.map((corner) => `${corner.lat}, ${corner.lng}`).join("\n")}
                  @change=${(event: Event) => (this.draft = { kind: "poly", corners: parseCorners((event.target as HTMLTextAreaElement).value) })}></textarea>
              </label>`
        }
        <label>${msg("Name", { id: "apiTokens.name" })}
          <input name="name" maxlength=${TextLimits.name} placeholder=${msg("e.g. Home", { id: "alertAreas.namePlaceholder" })} .value=${this.draftName}
            @input=${(event: Event) => (this.draftName = (event.target as HTMLInputElement).value)} />
        </label>
        ${this.#problemOf("alert_area.name")} ${this.#problemOf("alert_area.area")} ${this.#problemOf("alert_area.radius")}
        <button class="primary" type="submit">${msg("Save area", { id: "alertAreas.save" })}</button>
        <button type="button" @click=${() => this.#cancel()}>${msg("Cancel", { id: "tasksBoard.cancel" })}</button>
      </form>
    `
  }

  override render() {
    return html`
      <div class="toolbar" role="toolbar" aria-label=${msg("Drawing tools", { id: "alertAreas.tools" })}>
        <button aria-pressed=${this.tool === "circle" ? "true" : "false"} @click=${() => this.#startDrawing("circle")}>${msg("Draw circle", { id: "alertAreas.drawCircle" })}</button>
        <button aria-pressed=${this.tool === "poly" ? "true" : "false"} @click=${() => this.#startDrawing("poly")}>${msg("Draw polygon", { id: "alertAreas.drawPolygon" })}</button>
        <button @click=${() => this.#type("circle")}>${msg("Type a circle", { id: "alertAreas.typeCircle" })}</button>
        <button @click=${() => this.#type("poly")}>${msg("Type a polygon", { id: "alertAreas.typePolygon" })}</button>
      </div>
      <p class="status" role="status">${this.#status()}</p>
      <div id="map" part="map" aria-label=${msg("Map of alert areas", { id: "alertAreas.map" })} role="application"></div>
      ${this.#editor()}
      ${this.#saves.render()}
      ${this.problem === undefined ? nothing : html`<p class="error" role="alert">${this.problem}</p>`}
      <h2>${msg(str`Alert areas (${formatCount(this.areas.length)})`, { id: "alertAreas.title" })}</h2>
      ${this.areas.length === 0 ? html`<p class="muted">${msg("No alert areas yet.", { id: "alertAreas.none" })}</p>` : nothing}
      <ul aria-label=${msg("Alert areas", { id: "alertAreas.list" })}>
        ${this.areas.map((area) => {
          const label = areaLabel(area, fromAlertArea(area))
          return html`
            <li part="area" class=${area.id === this.editingId ? "editing" : ""}>
              <span>${label}</span>
              <span class="actions">
                <button @click=${() => this.#edit(area)}>${msg("Edit", { id: "tasksBoard.editButton" })}<span class="visually-hidden"> ${label}</span></button>
                <button @click=${() => this.#delete(area)}>${msg("Delete", { id: "notificationList.delete" })}<span class="visually-hidden"> ${label}</span></button>
              </span>
            </li>
          `
        })}
      </ul>
    `
  }
}

customElements.define("fr-alert-areas", AlertAreas)

declare global {
  interface HTMLElementTagNameMap {
    "fr-alert-areas": AlertAreas
  }
}
