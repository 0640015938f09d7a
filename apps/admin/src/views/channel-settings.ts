/**
 * The shell's channel settings view: form, categories and report states of the team's channels.
 */
import { html } from "lit"
import { registerView } from "../shell/ViewRegistry.ts"
import "../components/channel-settings/channel-settings.ts"

registerView({
  id: "channel-settings",
  label: "Channel settings",
  order: 70,
  render: ({ channels }) => html`<fr-channel-settings .channels=${channels}></fr-channel-settings>`,
})
