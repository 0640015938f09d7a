/**
 * The current user's channel selections: for each channel of the team, whether they view its
 * reports by default, follow it (a notification for every new report) and are alerted about new
 * reports inside their alert areas. Each box saves at once.
 */
import type { Channel } from "@fieldreport/domain/Channel"
import { type ChannelSelection, none } from "@fieldreport/domain/ChannelSelection"
import { html, nothing } from "lit"
import { ApiElement } from "../../shared/ApiElement.ts"
import type { Connection } from "../../shared/connection.ts"
import { errorText, run } from "../../shared/run.ts"
import { currentTeamId, teamChannels } from "../../shared/team.ts"
import { styles } from "./channel-selections.styles.ts"

const flags = [
  ["view", "View"],
  ["follow", "Follow"],
  ["alert", "Alert"],
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
    problem: { state: true },
  }

  declare channels: ReadonlyArray<Channel>
  declare selections: ReadonlyMap<number, ChannelSelection>
  declare problem: string | undefined

  constructor() {
    super()
    this.channels = []
    this.selections = new Map()
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

  async #set(channel: Channel, flag: (typeof flags)[number][0], value: boolean): Promise<void> {
    const connection = this.connection
    if (connection === undefined) return
    const current = this.selections.get(channel.id) ?? none(channel.id)
    try {
      await run(
        connection.client.call("updateChannelSelection", {
          path: { channel_id: channel.id },
          body: { channel_selection: { [flag]: value } },
        }),
      )
      this.selections = new Map([...this.selections, [channel.id, { ...current, [flag]: value }]])
      this.problem = undefined
    } catch (error) {
      this.problem = errorText(error)
      await this.#load(connection)
    }
  }

  override render() {
    return html`
      <table part="table">
        <caption>My channels</caption>
        <thead>
          <tr><th scope="col">Channel</th>${flags.map(([, label]) => html`<th scope="col">${label}</th>`)}</tr>
        </thead>
        <tbody>
          ${this.channels.map((channel) => {
            const selection = this.selections.get(channel.id) ?? none(channel.id)
            return html`<tr>
              <th scope="row">${channel.name}</th>
              ${flags.map(
                ([flag, label]) => html`<td>
                  <input
                    type="checkbox"
                    aria-label="${label} ${channel.name}"
                    .checked=${selection[flag]}
                    @change=${(event: Event) => this.#set(channel, flag, (event.target as HTMLInputElement).checked)}
                  />
                </td>`,
              )}
            </tr>`
          })}
        </tbody>
      </table>
      <p class="muted hint">View: its reports show by default. Follow: a notification for every new report. Alert: a notification for new reports inside your alert areas.</p>
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
