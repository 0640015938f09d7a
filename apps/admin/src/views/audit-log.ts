/**
 * The shell's audit log view: shown to platform administrators (every event), to the app's
 * administrators (the app's events) and to team owners (their teams' events): the log's readers.
 */
import { msg } from "@lit/localize"
import { html } from "lit"
import { registerView } from "../shell/ViewRegistry.ts"

registerView({
  id: "audit-log",
  get label() {
    return msg("Audit log", { id: "view.auditLog" })
  },
  order: 92,
  load: () => import("../components/audit-log/audit-log.ts"),
  shownTo: (viewer) => viewer.appAdministrator || viewer.ownedTeamIds.length > 0,
  render: () => html`<fr-audit-log></fr-audit-log>`,
})
