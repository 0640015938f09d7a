/**
 * The shell's reports view: `#/reports` browses them (filters, map, table), `#/reports/<id>`
 * shows one report for reading and editing, with Back to reports (on a phone, over the whole
 * screen). The browser's filter and order live in the address's query string
 * (`#/reports?filter[channels]=3`), so links, reloads and the back button keep them. Export makes a
 * file of the reports the filter finds.
 */
import { msg } from "@lit/localize"
import { html } from "lit"
import { ifDefined } from "lit/directives/if-defined.js"
import type { FilterChangeEvent } from "../events/filter-change.ts"
import { NavigateEvent } from "../events/navigate.ts"
import type { ReportCloseEvent } from "../events/report-close.ts"
import type { ReportSelectEvent } from "../events/report-select.ts"
import { filterOf, rememberedQuery, showInAddress } from "../shared/reportsAddress.ts"
import { registerView } from "../shell/ViewRegistry.ts"
import "../components/report-browser/report-browser.ts"
import "../components/report-detail/report-detail.ts"
import "../components/report-export/report-export.ts"

const open = (event: ReportSelectEvent) => {
  event.target?.dispatchEvent(new NavigateEvent(`reports/${event.reportId}`))
}

const apply = (event: FilterChangeEvent) => showInAddress("reports", event.filter)

/** Back to the reports, as they were left (the view puts the remembered filter in the address). */
const close = (event: ReportCloseEvent) => {
  event.target?.dispatchEvent(new NavigateEvent("reports"))
}

registerView({
  id: "reports",
  get label() {
    return msg("Reports", { id: "view.reports" })
  },
  order: 10,
  render: ({ rest, query, channels, tileUrl, tileAttribution }) => {
    const [id] = rest
    if (id !== undefined && /^\d+$/.test(id)) {
      return html`<fr-report-detail closable report-id=${id} tile-url=${ifDefined(tileUrl)}
        tile-attribution=${ifDefined(tileAttribution)} @fr-report-close=${close}></fr-report-detail>`
    }
    // Back from another view by the navigation: the address shows the filter kept, in place of
    // the bare `#/reports` (no step of its own for the back button).
    if (query.size === 0 && rememberedQuery() !== "") {
      const { pathname, search } = globalThis.location
      globalThis.history.replaceState(
        globalThis.history.state,
        "",
        `${pathname}${search}#/reports?${rememberedQuery()}`,
      )
    }
    const filter = filterOf(query)
    return html`<fr-report-export .filter=${filter} style="margin-bottom: 0.75rem"></fr-report-export>
      <fr-report-browser .filter=${filter} .channels=${channels} tile-url=${ifDefined(tileUrl)}
      tile-attribution=${ifDefined(tileAttribution)} @fr-report-select=${open}
      @fr-filter-change=${apply}></fr-report-browser>`
  },
})
