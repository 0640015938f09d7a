/**
 * The shell's API tokens view, for platform administrators only: a user's personal API tokens,
 * created with a scope, shown once, and revoked.
 */
import { msg } from "@lit/localize"
import { html } from "lit"
import { registerView } from "../shell/ViewRegistry.ts"

registerView({
  id: "api-tokens",
  get label() {
    return msg("API tokens", { id: "view.apiTokens" })
  },
  order: 90,
  load: () => import("../components/api-tokens/api-tokens.ts"),
  shownTo: (viewer) => viewer.admin,
  render: () => html`<fr-api-tokens></fr-api-tokens>`,
})
