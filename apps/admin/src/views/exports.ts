/**
 * The shell's exports view: the user's exports of the last 24 hours with their links, and how to
 * read the reports into a GIS through the OGC API – Features service instead. Exports are started
 * from the reports view, on the reports its filter finds. Few open it first, so its elements are
 * loaded when it is first shown.
 */
import { msg } from "@lit/localize"
import { html } from "lit"
import { registerView } from "../shell/ViewRegistry.ts"

registerView({
  id: "exports",
  get label() {
    return msg("Exports", { id: "view.exports" })
  },
  order: 15,
  load: () =>
    Promise.all([
      import("../components/gis-access/gis-access.ts"),
      import("../components/report-exports/report-exports.ts"),
    ]),
  render: ({ viewer }) => html`
    <section aria-label=${msg("Exports", { id: "view.exports" })}>
      <h2>${msg("My exports", { id: "view.exports.mine" })}</h2>
      <fr-report-exports></fr-report-exports>
      <h2>${msg("Use in GIS", { id: "view.exports.gis" })}</h2>
      <fr-gis-access ?admin=${viewer.admin}></fr-gis-access>
    </section>
  `,
})
