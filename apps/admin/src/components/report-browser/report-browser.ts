/**
 * `fr-report-browser`: the filter form, the map and the table on one filter, so all three always
 * show the same reports.
 */
import type { Channel } from "@fieldreport/domain/Channel"
import { msg, updateWhenLocaleChanges } from "@lit/localize"
import { css, html, LitElement } from "lit"
import { ifDefined } from "lit/directives/if-defined.js"
import type { FilterChangeEvent } from "../../events/filter-change.ts"
import { everything, type ReportFilter } from "../../shared/ReportFilter.ts"
import { base } from "../../shared/theme.ts"
import type { ReportMap } from "../report-map/report-map.ts"
import "../report-filters/report-filters.ts"
import "../report-map/report-map.ts"
import "../report-table/report-table.ts"

/**
 * @summary Filters, map and table of reports, sharing one filter.
 *
 * The inner elements take their connection from the app shell; a page without the shell embeds
 * `fr-report-map` and `fr-report-table` with their own attributes instead.
 *
 * @event fr-report-select - Bubbles up from the map and the table when the user opens a report.
 * @event fr-reports-changed - Bubbles up from the table's bulk actions once one is over; the map
 * (and the table) load again.
 * @csspart filters - The filter form element.
 * @csspart map - The map element.
 * @csspart table - The table element.
 * @csspart tabs - The Map and List tabs a narrow screen shows in place of both at once.
 * @csspart filters-toggle - The button that shows or hides the filter form on a narrow screen.
 *
 * @example
 * ```html
 * <fr-report-browser tile-url="https://tile.openstreetmap.org/{z}/{x}/{y}.png"></fr-report-browser>
 * ```
 */
export class ReportBrowser extends LitElement {
  static override properties = {
    filter: { attribute: false },
    channels: { attribute: false },
    tileUrl: { attribute: "tile-url" },
    tileAttribution: { attribute: "tile-attribution" },
    tab: { reflect: true },
    filtersOpen: { attribute: "filters-open", type: Boolean, reflect: true },
  }

  static override styles = [
    base,
    css`
      :host { display: grid; grid-template-columns: minmax(0, 1fr); gap: 0.75rem; }
      fr-report-map { --fr-map-height: var(--fr-browser-map-height, 420px); }
      [role="tablist"], .filters-toggle { display: none; }
      /* A phone shows the map or the list, chosen by the tabs, each the screen's width. */
      @media (max-width: 40rem) {
        [role="tablist"] { display: flex; gap: 0.25rem; }
        .filters-toggle { display: block; min-height: 44px; }
        :host(:not([filters-open])) fr-report-filters { display: none; }
        [role="tab"] { flex: 1; min-height: 44px; }
        [role="tab"][aria-selected="true"] { border-color: currentColor; font-weight: 600; }
        :host([tab="map"]) fr-report-table, :host([tab="list"]) fr-report-map { display: none; }
        fr-report-map { --fr-map-height: var(--fr-browser-map-height, 60vh); }
      }
    `,
  ]

  declare filter: ReportFilter
  /** The channels offered by the filter form (loaded by the form when not given). */
  declare channels: ReadonlyArray<Channel> | undefined
  /** The map's basemap (see `fr-report-map`). */
  declare tileUrl: string | undefined
  /** Credit of the basemap's tiles, shown in the map's corner. */
  declare tileAttribution: string | undefined
  /** Which of map and list a narrow screen shows: `map` (the default) or `list`. */
  declare tab: "map" | "list"
  /** Whether a narrow screen shows the filter form (hidden at first, so the map is in view). */
  declare filtersOpen: boolean

  constructor() {
    super()
    updateWhenLocaleChanges(this)
    this.filter = everything
    this.tab = "map"
    this.filtersOpen = false
    this.addEventListener("fr-filter-change", (event: FilterChangeEvent) => {
      this.filter = event.filter
      // Applied: a phone shows the reports again, not the form.
      this.filtersOpen = false
    })
    // The table loads itself again; the map, beside it, is told here.
    this.addEventListener("fr-reports-changed", () => {
      this.renderRoot.querySelector<ReportMap>("fr-report-map")?.refresh()
    })
  }

  override render() {
    return html`
      <button type="button" part="filters-toggle" class="filters-toggle" aria-controls="filters"
        aria-expanded=${this.filtersOpen ? "true" : "false"} @click=${() => {
          this.filtersOpen = !this.filtersOpen
        }}>${msg("Filters", { id: "reportBrowser.filters" })}</button>
      <fr-report-filters id="filters" part="filters" .filter=${this.filter} .channels=${this.channels}></fr-report-filters>
      <div part="tabs" role="tablist" aria-label=${msg("Reports as", { id: "reportBrowser.as" })}>
        ${this.renderTab("map", msg("Map", { id: "reportBrowser.map" }))} ${this.renderTab("list", msg("List", { id: "reportBrowser.list" }))}
      </div>
      <fr-report-map part="map" .filter=${this.filter} tile-url=${ifDefined(this.tileUrl)}
        tile-attribution=${ifDefined(this.tileAttribution)}></fr-report-map>
      <fr-report-table part="table" .filter=${this.filter}></fr-report-table>
    `
  }

  private renderTab(tab: "map" | "list", label: string) {
    return html`<button type="button" role="tab" aria-selected=${this.tab === tab ? "true" : "false"}
      @click=${() => {
        this.tab = tab
      }}>${label}</button>`
  }
}

customElements.define("fr-report-browser", ReportBrowser)

declare global {
  interface HTMLElementTagNameMap {
    "fr-report-browser": ReportBrowser
  }
}
