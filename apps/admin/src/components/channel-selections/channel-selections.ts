/**
 * The current user's channel selections: for each channel of the team, whether they view its
 * reports by default, follow it (a notification for every new report) and are alerted about new
 * reports inside their alert areas. Ticked boxes wait for Save choices, which sends each changed
 * channel's selection and names the channels saved (`SaveStatus`).
 */

import type { Channel } from "@fieldreport/domain/Channel"
import { type ChannelSelection, none } from "@fieldreport/domain/ChannelSelection"
import { msg, str } from "@lit/localize"
import { html, nothing } from "lit"
import { live } from "lit/directives/live.js"
import { ApiElement } from "../../shared/ApiElement.ts"
import type { Connection } from "../../shared/connection.ts"
import { intlLocale } from "../../shared/localization.ts"
import { errorText, run } from "../../shared/run.ts"
import { SaveStatus } from "../../shared/SaveStatus.ts"
import { currentTeamId, teamChannels } from "../../shared/team.ts"
import { styles } from "./channel-selections.styles.ts"

/** Each choice and its heading, in the language shown. */
const flags = [
  ["view", () => msg("View", { id: "channelSelections.view" })],
  ["follow", () => msg("Follow", { id: "channelSelections.follow" })],
  ["alert", () => msg("Alert", { id: "channelSelections.alert" })],
] as const

/**
 * @summary The user's view, follow and alert choices for each channel of the team.
 *
 * @csspart table - The table of channels and choices.
 *
 * @example
 * ```html
 * <fr-channel-selections base-url="https://reports.example.com" token="…"></fr-channel-selections>
 * ```
 */
export class ChannelSelections extends ApiElement {
  static override styles = styles
  static override properties = {
    ...ApiElement.properties,
    channels: { state: true },
    selections: { state: true },
    edits: { state: true },
    problem: { state: true },
  }

  declare channels: ReadonlyArray<Channel>
  declare selections: ReadonlyMap<number, ChannelSelection>
  /** Choices changed and not saved yet, by channel id. */
  declare edits: ReadonlyMap<number, ChannelSelection>
  declare problem: string | undefined

  #status = new SaveStatus(this)

  constructor() {
    super()
    this.channels = []
    this.selections = new Map()
    this.edits = new Map()
    this.problem = undefined
  }

  protected override connected(connection: Connection): void {
    void this.#load(connection)
  }

  async #load(connection: Connection): Promise<void> {
    try {
      const teamId = await currentTeamId(connection)
      const [channels, selections] = await Promise.all([
        teamId === undefined ? Promise.resolve([]) : teamChannels(connection, teamId),
        run(connection.client.call("listChannelSelections")),
      ])
      this.channels = channels
      this.selections = new Map(selections.map((selection) => [selection.id, selection]))
      this.problem = undefined
    } catch (error) {
      this.problem = errorText(error)
    }
  }

  /** Keeps a changed box until Save; a channel set back to what is stored is no change. */
  #set(channel: Channel, flag: (typeof flags)[number][0], value: boolean): void {
    const stored = this.selections.get(channel.id) ?? none(channel.id)
    const edited = { ...(this.edits.get(channel.id) ?? stored), [flag]: value }
    const edits = new Map(this.edits)
    if (flags.every(([each]) => edited[each] === stored[each])) edits.delete(channel.id)
    else edits.set(channel.id, edited)
    this.edits = edits
    this.#status.edited()
  }

  async #save(event: SubmitEvent): Promise<void> {
    event.preventDefault()
    const connection = this.connection
    if (connection === undefined) return
    const edits = [...this.edits.values()]
    await this.#status.save(
      async () => {
        // One at a time, each kept as saved once the server took it: a failure leaves the rest edited.
        for (const edit of edits) {
          const { id, view, follow, alert } = edit
          await run(
            connection.client.call("updateChannelSelection", {
              path: { channel_id: id },
              body: { channel_selection: { view, follow, alert } },
            }),
          )
          this.selections = new Map([...this.selections, [id, edit]])
          this.edits = new Map([...this.edits].filter(([channelId]) => channelId !== id))
        }
      },
      msg(str`Saved your choices for ${this.#names(edits)}.`, { id: "channelSelections.saved" }),
    )
  }

  #names(edits: ReadonlyArray<ChannelSelection>): string {
    return new Intl.ListFormat(intlLocale(), { type: "conjunction" }).format(
      edits.map(
        (edit) =>
          this.channels.find((channel) => channel.id === edit.id)?.name ??
          msg(str`channel ${edit.id}`, { id: "channelSelections.channelId" }),
      ),
    )
  }

  override render() {
    return html`
      <form aria-label=${msg("My channels", { id: "channelSelections.title" })} @submit=${(event: SubmitEvent) => this.#save(event)}>
      <table part="table">
        <caption>${msg("My channels", { id: "channelSelections.title" })}</caption>
        <thead>
          <tr><th scope="col">${msg("Channel", { id: "channelSelections.channel" })}</th>${flags.map(([, label]) => html`<th scope="col">${label()}</th>`)}</tr>
        </thead>
        <tbody>
          ${this.channels.map((channel) => {
            const selection =
              this.edits.get(channel.id) ?? this.selections.get(channel.id) ?? none(channel.id)
            return html`<tr>
              <th scope="row">${channel.name}</th>
              ${flags.map(
                ([flag, label]) => html`<td>
                  <input
                    type="checkbox"
                    aria-label="${label()} ${channel.name}"
                    .checked=${live(selection[flag])}
                    @change=${(event: Event) => this.#set(channel, flag, (event.target as HTMLInputElement).checked)}
                  />
                </td>`,
              )}
            </tr>`
          })}
        </tbody>
      </table>
      <p class="muted hint">${msg("View: its reports show by default. Follow: a notification for every new report. Alert: a notification for new reports inside your alert areas.", { id: "channelSelections.hint" })}</p>
      <button class="primary" type="submit" ?disabled=${this.edits.size === 0 || this.#status.saving}>${msg("Save choices", { id: "channelSelections.save" })}</button>
      </form>
      ${this.#status.render()}
      ${this.problem === undefined ? nothing : html`<p class="error" role="alert">${this.problem}</p>`}
    `
  }
}

customElements.define("fr-channel-selections", ChannelSelections)

declare global {
  interface HTMLElementTagNameMap {
    "fr-channel-selections": ChannelSelections
  }
}
