/**
 * The shell's tasks view: the team's tasks board; a task's report opens in the reports view. The
 * board is loaded when the view is first shown.
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
  id: "tasks",
  get label() {
    return msg("Tasks", { id: "view.tasks" })
  },
  order: 30,
  load: () => import("../components/tasks-board/tasks-board.ts"),
  render: () => html`<fr-tasks-board @fr-report-select=${open}></fr-tasks-board>`,
})
