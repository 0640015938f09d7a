/**
 * `fr-report-browser`: the filter form, the map and the table on one filter, so all three always
 * show the same reports.
 */
import type { Channel } from "@fieldreport/domain/Channel"
import { css, html, LitElement } from "lit"
import { ifDefined } from "lit/directives/if-defined.js"
import type { FilterChangeEvent } from "../../events/filter-change.ts"
import { everything, type ReportFilter } from "../../shared/ReportFilter.ts"
import { base } from "../../shared/theme.ts"
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
 * @csspart filters - The filter form element.
 * @csspart map - The map element.
 * @csspart table - The table element.
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
  }

  static override styles = [
    base,
    css`
      :host { display: grid; gap: 0.75rem; }
      fr-report-map { --fr-map-height: var(--fr-browser-map-height, 420px); }
    `,
  ]

  declare filter: ReportFilter
  /** The channels offered by the filter form (loaded by the form when not given). */
  declare channels: ReadonlyArray<Channel> | undefined
  /** The map's basemap (see `fr-report-map`). */
  declare tileUrl: string | undefined
  /** Credit of the basemap's tiles, shown in the map's corner. */
  declare tileAttribution: string | undefined

  constructor() {
    super()
    this.filter = everything
    this.addEventListener("fr-filter-change", (event: FilterChangeEvent) => {
      this.filter = event.filter
    })
  }

  override render() {
    return html`
      <fr-report-filters part="filters" .filter=${this.filter} .channels=${this.channels}></fr-report-filters>
      <fr-report-map part="map" .filter=${this.filter} tile-url=${ifDefined(this.tileUrl)}
        tile-attribution=${ifDefined(this.tileAttribution)}></fr-report-map>
      <fr-report-table part="table" .filter=${this.filter}></fr-report-table>
    `
  }
}

customElements.define("fr-report-browser", ReportBrowser)

declare global {
  interface HTMLElementTagNameMap {
    "fr-report-browser": ReportBrowser
  }
}
