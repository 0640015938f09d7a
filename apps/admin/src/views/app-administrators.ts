/**
 * The shell's app administrators view, for platform administrators only: the branded apps with
 * their administrators, one added by user or removed.
 */
import { msg } from "@lit/localize"
import { html } from "lit"
import { registerView } from "../shell/ViewRegistry.ts"

registerView({
  id: "app-administrators",
  get label() {
    return msg("App administrators", { id: "view.appAdministrators" })
  },
  order: 91,
  load: () => import("../components/app-administrators/app-administrators.ts"),
  shownTo: (viewer) => viewer.admin,
  render: () => html`<fr-app-administrators></fr-app-administrators>`,
})
