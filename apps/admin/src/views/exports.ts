/**
 * The shell's exports view: the user's exports of the last 24 hours with their links, and how to
 * read the reports into a GIS through the OGC API – Features service instead. Exports are started
 * from the reports view, on the reports its filter finds. Few open it first, so its elements are
 * loaded when it is first shown.
 */
import { html } from "lit"
import { registerView } from "../shell/ViewRegistry.ts"

registerView({
  id: "exports",
  label: "Exports",
  order: 15,
  load: () =>
    Promise.all([
      import("../components/gis-access/gis-access.ts"),
      import("../components/report-exports/report-exports.ts"),
    ]),
  render: ({ viewer }) => html`
    <section aria-label="Exports">
      <h2>My exports</h2>
      <fr-report-exports></fr-report-exports>
      <h2>Use in GIS</h2>
      <fr-gis-access ?admin=${viewer.admin}></fr-gis-access>
    </section>
  `,
})
