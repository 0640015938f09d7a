/**
 * The shell's app administrators view, for platform administrators only: the branded apps with
 * their administrators, one added by user or removed.
 */
import { html } from "lit"
import { registerView } from "../shell/ViewRegistry.ts"

registerView({
  id: "app-administrators",
  label: "App administrators",
  order: 91,
  load: () => import("../components/app-administrators/app-administrators.ts"),
  shownTo: (viewer) => viewer.admin,
  render: () => html`<fr-app-administrators></fr-app-administrators>`,
})
