/**
 * The settings of a channel for its admins: the form builder, the category tree and the report
 * states, one tab each, for the channel chosen at the top.
 */

import type { Channel } from "@fieldreport/domain/Channel"
import { msg } from "@lit/localize"
import { html, nothing, type PropertyValues } from "lit"
import { ApiElement } from "../../shared/ApiElement.ts"
import type { Connection } from "../../shared/connection.ts"
import { errorText } from "../../shared/run.ts"
import { chosenChannel, currentTeamId, teamChannels } from "../../shared/team.ts"
import "../category-tree/category-tree.ts"
import "../form-builder/form-builder.ts"
import "../report-states/report-states.ts"
import { styles } from "./channel-settings.styles.ts"

/** Each tab and its label, in the language shown. */
const tabs = [
  ["form", () => msg("Form", { id: "channelSettings.form" })],
  ["categories", () => msg("Categories", { id: "channelSettings.categories" })],
  ["states", () => msg("Report states", { id: "reportStates.title" })],
] as const

type Tab = (typeof tabs)[number][0]

/**
 * @summary A channel's form, categories and report states, in tabs.
 *
 * @csspart tabs - The row of tabs.
 *
 * @cssproperty --fr-color-accent - Underlines the chosen tab.
 *
 * @example
 * ```html
 * <fr-channel-settings base-url="https://reports.example.com" token="…" channel-id="4"></fr-channel-settings>
 * ```
 */
export class ChannelSettings extends ApiElement {
  static override styles = styles
  static override properties = {
    ...ApiElement.properties,
    channelId: { attribute: "channel-id", type: Number },
    channels: { attribute: false },
    tab: {},
    problem: { state: true },
  }

  /** The channel to set up; the first of the channels by default. */
  declare channelId: number | undefined
  /** The channels to choose from; loaded from the team when not given. */
  declare channels: ReadonlyArray<Channel> | undefined
  /** The open tab: `form`, `categories` or `states`. */
  declare tab: Tab
  declare problem: string | undefined

  constructor() {
    super()
    this.channelId = undefined
    this.channels = undefined
    this.tab = "form"
    this.problem = undefined
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed)
    if (changed.has("channels") && this.channels !== undefined) {
      this.channelId = chosenChannel(this.channels, this.channelId)
    }
  }

  protected override connected(connection: Connection): void {
    void this.#start(connection)
  }

  async #start(connection: Connection): Promise<void> {
    try {
      if (this.channels === undefined) {
        const teamId = await currentTeamId(connection)
        this.channels = teamId === undefined ? [] : await teamChannels(connection, teamId)
      }
      this.channelId ??= this.channels[0]?.id
    } catch (error) {
      this.problem = errorText(error)
    }
  }

  /** Arrow keys move between tabs, as in every tab list. */
  #keydown(event: KeyboardEvent): void {
    const at = tabs.findIndex(([id]) => id === this.tab)
    const by = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0
    if (by === 0) return
    const next = tabs[(at + by + tabs.length) % tabs.length]
    if (next === undefined) return
    this.tab = next[0]
    void this.updateComplete.then(() =>
      this.renderRoot.querySelector<HTMLElement>(`#tab-${next[0]}`)?.focus(),
    )
  }

  #panel() {
    const channelId = this.channelId
    if (channelId === undefined)
      return html`<p class="muted">${msg("No channel to set up.", { id: "channelSettings.none" })}</p>`
    // The inner elements get the shell's connection through the context, or this element's own.
    switch (this.tab) {
      case "form":
        return html`<fr-form-builder .channelId=${channelId} .baseUrl=${this.baseUrl} .token=${this.token} .appId=${this.appId} .teamId=${this.teamId}></fr-form-builder>`
      case "categories":
        return html`<fr-category-tree .channelId=${channelId} .baseUrl=${this.baseUrl} .token=${this.token} .appId=${this.appId} .teamId=${this.teamId}></fr-category-tree>`
      case "states":
        return html`<fr-report-states .channelId=${channelId} .baseUrl=${this.baseUrl} .token=${this.token} .appId=${this.appId} .teamId=${this.teamId}></fr-report-states>`
    }
  }

  override render() {
    return html`
      <div class="head">
        <label>${msg("Channel", { id: "channelSelections.channel" })}
          <select @change=${(event: Event) => (this.channelId = Number((event.target as HTMLSelectElement).value))}>
            ${(this.channels ?? []).map((channel) => html`<option value=${channel.id} ?selected=${channel.id === this.channelId}>${channel.name}</option>`)}
          </select>
        </label>
      </div>
      ${this.problem === undefined ? nothing : html`<p class="error" role="alert">${this.problem}</p>`}
      <div role="tablist" part="tabs" aria-label=${msg("Channel settings", { id: "view.channelSettings" })} @keydown=${(event: KeyboardEvent) => this.#keydown(event)}>
        ${tabs.map(
          ([
            id,
            label,
          ]) => html`<button role="tab" id="tab-${id}" aria-selected=${this.tab === id ? "true" : "false"}
            aria-controls="panel" tabindex=${this.tab === id ? "0" : "-1"} @click=${() => (this.tab = id)}>${label()}</button>`,
        )}
      </div>
      <div role="tabpanel" id="panel" aria-labelledby="tab-${this.tab}">${this.#panel()}</div>
    `
  }
}

customElements.define("fr-channel-settings", ChannelSettings)

declare global {
  interface HTMLElementTagNameMap {
    "fr-channel-settings": ChannelSettings
  }
}
