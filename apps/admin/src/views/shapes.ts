/**
 * The shell's shapes view: the branded app's shapes on the map.
 */
import { html } from "lit"
import { registerView } from "../shell/ViewRegistry.ts"
import "../components/shape-map/shape-map.ts"

registerView({
  id: "shapes",
  label: "Shapes",
  order: 80,
  render: () => html`<fr-shape-map></fr-shape-map>`,
})
