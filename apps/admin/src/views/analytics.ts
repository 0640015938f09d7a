/**
 * The shell's analytics view: the dashboard of the team's channels; a report image opens its report.
 * The dashboard (with its charts) is loaded when the view is first shown.
 */
import { msg } from "@lit/localize"
import { html } from "lit"
import { NavigateEvent } from "../events/navigate.ts"
import type { ReportSelectEvent } from "../events/report-select.ts"
import { registerView } from "../shell/ViewRegistry.ts"

const open = (event: ReportSelectEvent) => {
  event.target?.dispatchEvent(new NavigateEvent(`reports/${event.reportId}`))
}

registerView({
  id: "analytics",
  get label() {
    return msg("Analytics", { id: "view.analytics" })
  },
  order: 50,
  load: () => import("../components/analytics-dashboard/analytics-dashboard.ts"),
  render: ({ channels }) =>
    html`<fr-analytics-dashboard .channels=${channels} @fr-report-select=${open}></fr-analytics-dashboard>`,
})
