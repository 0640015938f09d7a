/**
 * The shell's alerts view: the user's alert areas on the map beside their notifications; opening
 * a notification opens its report. Its elements are loaded when it is first shown.
 */
import { msg } from "@lit/localize"
import { html } from "lit"
import { ifDefined } from "lit/directives/if-defined.js"
import { NavigateEvent } from "../events/navigate.ts"
import type { ReportSelectEvent } from "../events/report-select.ts"
import { registerView } from "../shell/ViewRegistry.ts"

const open = (event: ReportSelectEvent) => {
  event.target?.dispatchEvent(new NavigateEvent(`reports/${event.reportId}`))
}

registerView({
  id: "alerts",
  get label() {
    return msg("Alerts", { id: "view.alerts" })
  },
  order: 40,
  load: () =>
    Promise.all([
      import("../components/alert-areas/alert-areas.ts"),
      import("../components/notification-list/notification-list.ts"),
    ]),
  render: ({ tileUrl, tileAttribution }) => html`
    <div style="display: flex; flex-wrap: wrap; gap: 1.5rem; align-items: start">
      <fr-alert-areas style="flex: 3 1 24rem; min-width: 0" tile-url=${ifDefined(tileUrl)}
        tile-attribution=${ifDefined(tileAttribution)}></fr-alert-areas>
      <fr-notification-list style="flex: 2 1 18rem; min-width: 0" @fr-report-select=${open}></fr-notification-list>
    </div>
  `,
})
