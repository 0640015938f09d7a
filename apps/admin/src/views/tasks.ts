/**
 * The shell's tasks view: the team's tasks board.
 */
import { html } from "lit"
import { registerView } from "../shell/ViewRegistry.ts"
import "../components/tasks-board/tasks-board.ts"

registerView({
  id: "tasks",
  label: "Tasks",
  order: 30,
  render: () => html`<fr-tasks-board></fr-tasks-board>`,
})
