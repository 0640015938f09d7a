/**
 * The shell's new report view, `#/new-report`: files a report, then opens it.
 */
import { msg } from "@lit/localize"
import { html } from "lit"
import { ifDefined } from "lit/directives/if-defined.js"
import { NavigateEvent } from "../events/navigate.ts"
import type { ReportSavedEvent } from "../events/report-saved.ts"
import { registerView } from "../shell/ViewRegistry.ts"
import "../components/new-report/new-report.ts"

registerView({
  id: "new-report",
  get label() {
    return msg("New report", { id: "view.newReport" })
  },
  order: 20,
  render: ({ tileUrl, tileAttribution }) =>
    html`<fr-new-report tile-url=${ifDefined(tileUrl)} tile-attribution=${ifDefined(tileAttribution)}
      @fr-report-saved=${(event: ReportSavedEvent) => {
        event.target?.dispatchEvent(new NavigateEvent(`reports/${event.reportId}`))
      }}></fr-new-report>`,
})
