/**
 * The shell's shapes view: the branded app's shapes on the map.
 */
import { html } from "lit"
import { ifDefined } from "lit/directives/if-defined.js"
import { registerView } from "../shell/ViewRegistry.ts"
import "../components/shape-map/shape-map.ts"

registerView({
  id: "shapes",
  label: "Shapes",
  order: 80,
  render: ({ tileUrl, tileAttribution }) =>
    html`<fr-shape-map tile-url=${ifDefined(tileUrl)} tile-attribution=${ifDefined(tileAttribution)}></fr-shape-map>`,
})
