/**
 * The shell's reports view: `#/reports` browses them (filters, map, table), `#/reports/<id>`
 * shows one report for reading and editing.
 */
import { html } from "lit"
import { ifDefined } from "lit/directives/if-defined.js"
import { NavigateEvent } from "../events/navigate.ts"
import type { ReportSelectEvent } from "../events/report-select.ts"
import { registerView } from "../shell/ViewRegistry.ts"
import "../components/report-browser/report-browser.ts"
import "../components/report-detail/report-detail.ts"

const open = (event: ReportSelectEvent) => {
  event.target?.dispatchEvent(new NavigateEvent(`reports/${event.reportId}`))
}

registerView({
  id: "reports",
  label: "Reports",
  order: 10,
  render: ({ rest, channels, tileUrl, tileAttribution }) => {
    const [id] = rest
    if (id !== undefined && /^\d+$/.test(id)) {
      return html`<fr-report-detail report-id=${id} tile-url=${ifDefined(tileUrl)}
        tile-attribution=${ifDefined(tileAttribution)}></fr-report-detail>`
    }
    return html`<fr-report-browser .channels=${channels} tile-url=${ifDefined(tileUrl)}
      tile-attribution=${ifDefined(tileAttribution)} @fr-report-select=${open}></fr-report-browser>`
  },
})
