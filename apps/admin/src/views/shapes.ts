/**
 * The shell's shapes view: the branded app's shapes on the map, loaded when first shown.
 */
import { msg } from "@lit/localize"
import { html } from "lit"
import { ifDefined } from "lit/directives/if-defined.js"
import { registerView } from "../shell/ViewRegistry.ts"

registerView({
  id: "shapes",
  get label() {
    return msg("Shapes", { id: "view.shapes" })
  },
  order: 80,
  load: () => import("../components/shape-map/shape-map.ts"),
  render: ({ tileUrl, tileAttribution }) =>
    html`<fr-shape-map tile-url=${ifDefined(tileUrl)} tile-attribution=${ifDefined(tileAttribution)}></fr-shape-map>`,
})
