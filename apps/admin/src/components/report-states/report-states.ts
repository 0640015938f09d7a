/**
 * A channel's report states: their order, names, how their reports appear on the map, which one new
 * reports start in, and which states may follow each (none ticked: any state may follow).
 */
import type { Appearance, ReportStateRecord, ReportStateUpdate } from "@fieldreport/domain/ReportStateRecord"
import { appearances } from "@fieldreport/domain/ReportStateRecord"
import * as TextLimits from "@fieldreport/domain/TextLimits"
import { html, nothing } from "lit"
import { ApiElement } from "../../shared/ApiElement.ts"
import type { Connection } from "../../shared/connection.ts"
import { errorText, run } from "../../shared/run.ts"
import { styles } from "./report-states.styles.ts"

/**
 * @summary A channel's report states and the transitions allowed between them.
 *
 * @csspart state - One state's editor.
 *
 * @cssproperty --fr-color-surface-raised - Background of a state's editor.
 *
 * @example
 * ```html
 * <fr-report-states base-url="https://reports.example.com" token="…" channel-id="4"></fr-report-states>
 * ```
 */
export class ReportStates extends ApiElement {
  static override styles = styles
  static override properties = {
    ...ApiElement.properties,
    channelId: { attribute: "channel-id", type: Number },
    states: { state: true },
    problem: { state: true },
  }

  /** The channel whose report states are edited. */
  declare channelId: number | undefined
  declare states: ReadonlyArray<ReportStateRecord>
  declare problem: string | undefined

  constructor() {
    super()
    this.channelId = undefined
    this.states = []
    this.problem = undefined
  }

  protected override connected(_connection: Connection): void {
    void this.load()
  }

  protected override updated(changed: Map<PropertyKey, unknown>): void {
    if (changed.has("channelId") && changed.get("channelId") !== undefined) void this.load()
  }

  /** Loads the channel's states in their order. */
  async load(): Promise<void> {
    const connection = this.connection
    const channelId = this.channelId
    if (connection === undefined || channelId === undefined) return
    try {
      const states = await run(
        connection.client.call("listReportStates", { query: { channel_id: channelId } }),
      )
      // An answer about a channel left meanwhile must not replace the current channel's.
      if (channelId !== this.channelId) return
      this.states = [...states].sort((a, b) => a.position - b.position || a.id - b.id)
    } catch (error) {
      this.problem = errorText(error)
    }
  }

  async #act(action: (connection: Connection) => Promise<unknown>): Promise<void> {
    const connection = this.connection
    if (connection === undefined) return
    // Cleared before, not after, the reload, so a slower reload never hides a newer failure.
    this.problem = undefined
    try {
      await action(connection)
      await this.load()
    } catch (error) {
      this.problem = errorText(error)
    }
  }

  #update(state: ReportStateRecord, change: typeof ReportStateUpdate.Encoded): Promise<void> {
    return this.#act((connection) =>
      run(
        connection.client.call("updateReportState", {
          path: { id: state.id },
          body: { report_state: change },
        }),
      ),
    )
  }

  /** Swaps a state's position with its neighbour's. */
  async #move(index: number, by: -1 | 1): Promise<void> {
    const state = this.states[index]
    const neighbour = this.states[index + by]
    if (state === undefined || neighbour === undefined) return
    await this.#act(async (connection) => {
      const patch = (id: number, position: number) =>
        run(
          connection.client.call("updateReportState", { path: { id }, body: { report_state: { position } } }),
        )
      await patch(state.id, neighbour.position === state.position ? state.position + by : neighbour.position)
      await patch(neighbour.id, state.position)
    })
    // The rows are reused by position: follow the moved state, by the same button while it can move on.
    await this.updateComplete
    const row = this.renderRoot.querySelectorAll("[part=state]")[index + by]
    const again = row?.querySelector<HTMLElement>(
      `button[data-move="${by < 0 ? "up" : "down"}"]:not(:disabled)`,
    )
    const target = again ?? row?.querySelector<HTMLElement>("button[data-move]:not(:disabled)")
    target?.focus()
  }

  #setNext(state: ReportStateRecord, nextId: number, allowed: boolean): Promise<void> {
    const current = new Set(state.next_state_ids ?? [])
    if (allowed) current.add(nextId)
    else current.delete(nextId)
    return this.#update(state, { next_state_ids: current.size === 0 ? null : [...current] })
  }

  #add(event: SubmitEvent): void {
    event.preventDefault()
    const form = event.currentTarget as HTMLFormElement
    const data = new FormData(form)
    const channelId = this.channelId
    if (channelId === undefined) return
    void this.#act((connection) =>
      run(
        connection.client.call("createReportState", {
          body: {
            report_state: {
              channel_id: channelId,
              name: String(data.get("name") ?? ""),
              appearance: String(data.get("appearance")) as Appearance,
            },
          },
        }),
      ),
    ).then(() => form.reset())
  }

  #state(state: ReportStateRecord, index: number) {
    const others = this.states.filter((other) => other.id !== state.id)
    return html`
      <li part="state">
        <div class="row">
          <input aria-label="Name of state ${state.name}" maxlength=${TextLimits.name} .value=${state.name}
            @change=${(event: Event) => this.#update(state, { name: (event.target as HTMLInputElement).value })} />
          <label>Appearance
            <select @change=${(event: Event) => this.#update(state, { appearance: (event.target as HTMLSelectElement).value as Appearance })}>
              ${appearances.map((appearance) => html`<option ?selected=${appearance === state.appearance}>${appearance}</option>`)}
            </select>
          </label>
          <label class="inline">
            <input type="radio" name="initial" .checked=${state.initial} @change=${() => this.#update(state, { initial: true })} />
            New reports start here
          </label>
          <span class="moves">
            <button data-move="up" ?disabled=${index === 0} aria-label="Move ${state.name} up" @click=${() => this.#move(index, -1)}>↑</button>
            <button data-move="down" ?disabled=${index === this.states.length - 1} aria-label="Move ${state.name} down" @click=${() => this.#move(index, 1)}>↓</button>
          </span>
        </div>
        <fieldset>
          <legend>May be followed by${state.next_state_ids === null || state.next_state_ids.length === 0 ? " (any state while none is ticked)" : ""}</legend>
          ${others.map(
            (other) => html`<label class="inline">
              <input type="checkbox" .checked=${state.next_state_ids?.includes(other.id) ?? false}
                @change=${(event: Event) => this.#setNext(state, other.id, (event.target as HTMLInputElement).checked)} />
              ${other.name}<span class="visually-hidden"> after ${state.name}</span>
            </label>`,
          )}
        </fieldset>
      </li>
    `
  }

  override render() {
    return html`
      ${this.problem === undefined ? nothing : html`<p class="error" role="alert">${this.problem}</p>`}
      <ol class="states" aria-label="Report states">${this.states.map((state, index) => this.#state(state, index))}</ol>
      <form class="row" aria-label="New report state" @submit=${(event: SubmitEvent) => this.#add(event)}>
        <label>New state <input name="name" required maxlength=${TextLimits.name} /></label>
        <label>Appearance
          <select name="appearance">${appearances.map((appearance) => html`<option ?selected=${appearance === "normal"}>${appearance}</option>`)}</select>
        </label>
        <button type="submit">Add state</button>
      </form>
    `
  }
}

customElements.define("fr-report-states", ReportStates)

declare global {
  interface HTMLElementTagNameMap {
    "fr-report-states": ReportStates
  }
}
