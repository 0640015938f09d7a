/**
 * The shell's channel settings view: form, categories and report states of the team's channels.
 * The settings (with the form builder) are loaded when the view is first shown.
 */
import { msg } from "@lit/localize"
import { html } from "lit"
import { registerView } from "../shell/ViewRegistry.ts"

registerView({
  id: "channel-settings",
  get label() {
    return msg("Channel settings", { id: "view.channelSettings" })
  },
  order: 70,
  load: () => import("../components/channel-settings/channel-settings.ts"),
  render: ({ channels }) => html`<fr-channel-settings .channels=${channels}></fr-channel-settings>`,
})
