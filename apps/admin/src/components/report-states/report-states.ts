/**
 * A channel's report states: their order, names, how their reports appear on the map, which one new
 * reports start in, and which states may follow each (none ticked: any state may follow). Changes
 * are kept until Save, which sends each changed state's update and says which were saved
 * (`SaveStatus`); Discard goes back to what is stored. Adding a state is a save of its own.
 */

import type { Appearance, ReportStateRecord } from "@fieldreport/domain/ReportStateRecord"
import { appearances } from "@fieldreport/domain/ReportStateRecord"
import * as TextLimits from "@fieldreport/domain/TextLimits"
import { msg, str } from "@lit/localize"
import { html, nothing } from "lit"
import { ApiElement } from "../../shared/ApiElement.ts"
import type { Connection } from "../../shared/connection.ts"
import { intlLocale } from "../../shared/localization.ts"
import { errorText, run } from "../../shared/run.ts"
import { SaveStatus } from "../../shared/SaveStatus.ts"
import { styles } from "./report-states.styles.ts"
import { stateChanges } from "./state-changes.ts"

/** A list of names as a sentence says them: "New, In progress and Resolved". */
const names = (states: ReadonlyArray<{ readonly name: string }>): string =>
  new Intl.ListFormat(intlLocale(), { type: "conjunction" }).format(states.map((state) => state.name))

/** How an appearance is called in the language shown. */
const appearanceName = (appearance: Appearance): string => {
  switch (appearance) {
    case "invisible":
      return msg("invisible", { id: "reportStates.appearance.invisible" })
    case "normal":
      return msg("normal", { id: "reportStates.appearance.normal" })
    case "attention":
      return msg("attention", { id: "reportStates.appearance.attention" })
    case "loud":
      return msg("loud", { id: "reportStates.appearance.loud" })
  }
}

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
    draft: { state: true },
    problem: { state: true },
  }

  /** The channel whose report states are edited. */
  declare channelId: number | undefined
  /** The states as stored, in their order. */
  declare states: ReadonlyArray<ReportStateRecord>
  /** The states as edited and not saved yet, in the order the user put them in. */
  declare draft: ReadonlyArray<ReportStateRecord>
  declare problem: string | undefined

  #status = new SaveStatus(this)

  constructor() {
    super()
    this.channelId = undefined
    this.states = []
    this.draft = []
    this.problem = undefined
  }

  protected override connected(_connection: Connection): void {
    void this.load()
  }

  protected override updated(changed: Map<PropertyKey, unknown>): void {
    if (changed.has("channelId") && changed.get("channelId") !== undefined) void this.load()
  }

  /** Loads the channel's states in their order, dropping unsaved changes. */
  async load(): Promise<void> {
    if (await this.#fetch()) this.draft = this.states
  }

  /** Reads the stored states again; answers whether it could. */
  async #fetch(): Promise<boolean> {
    const connection = this.connection
    const channelId = this.channelId
    if (connection === undefined || channelId === undefined) return false
    try {
      const states = await run(
        connection.client.call("listReportStates", { query: { channel_id: channelId } }),
      )
      // An answer about a channel left meanwhile must not replace the current channel's.
      if (channelId !== this.channelId) return false
      this.states = [...states].sort((a, b) => a.position - b.position || a.id - b.id)
      this.problem = undefined
      return true
    } catch (error) {
      this.problem = errorText(error)
      return false
    }
  }

  #edit(id: number, change: (state: ReportStateRecord) => ReportStateRecord): void {
    this.draft = this.draft.map((state) => (state.id === id ? change(state) : state))
    this.#status.edited()
  }

  /** Makes one state the one new reports start in. */
  #makeInitial(id: number): void {
    this.draft = this.draft.map((state) => ({ ...state, initial: state.id === id }))
    this.#status.edited()
  }

  /** Moves a state one place up or down the list, and keeps the keyboard on it. */
  async #move(index: number, by: -1 | 1): Promise<void> {
    const state = this.draft[index]
    const neighbour = this.draft[index + by]
    if (state === undefined || neighbour === undefined) return
    const draft = [...this.draft]
    draft[index] = neighbour
    draft[index + by] = state
    this.draft = draft
    this.#status.edited()
    // The rows are reused by position: follow the moved state, by the same button while it can move on.
    await this.updateComplete
    const row = this.renderRoot.querySelectorAll("[part=state]")[index + by]
    const again = row?.querySelector<HTMLElement>(
      `button[data-move="${by < 0 ? "up" : "down"}"]:not(:disabled)`,
    )
    const target = again ?? row?.querySelector<HTMLElement>("button[data-move]:not(:disabled)")
    target?.focus()
  }

  #setNext(state: ReportStateRecord, nextId: number, allowed: boolean): void {
    const current = new Set(state.next_state_ids ?? [])
    if (allowed) current.add(nextId)
    else current.delete(nextId)
    this.#edit(state.id, (edited) => ({
      ...edited,
      next_state_ids: current.size === 0 ? null : [...current],
    }))
  }

  async #save(event: SubmitEvent): Promise<void> {
    event.preventDefault()
    const connection = this.connection
    if (connection === undefined) return
    const changes = stateChanges(this.states, this.draft)
    const saved = await this.#status.save(
      async () => {
        for (const { state, change } of changes)
          await run(
            connection.client.call("updateReportState", {
              path: { id: state.id },
              body: { report_state: change },
            }),
          )
      },
      msg(
        str`Saved ${names(this.draft.filter((state) => changes.some((each) => each.state.id === state.id)))}.`,
        {
          id: "reportStates.saved",
        },
      ),
    )
    // A failure part way keeps the edits: what was saved no longer differs from the states read again.
    if (saved) await this.load()
    else await this.#fetch()
  }

  #add(event: SubmitEvent): void {
    event.preventDefault()
    const form = event.currentTarget as HTMLFormElement
    const data = new FormData(form)
    const connection = this.connection
    const channelId = this.channelId
    if (connection === undefined || channelId === undefined) return
    const name = String(data.get("name") ?? "")
    void this.#status
      .save(
        async () => {
          const created = await run(
            connection.client.call("createReportState", {
              body: {
                report_state: {
                  channel_id: channelId,
                  name,
                  appearance: String(data.get("appearance")) as Appearance,
                },
              },
            }),
          )
          // Added to the stored states and to the edits alike, so edits not saved yet stay.
          this.states = [...this.states, created]
          this.draft = [...this.draft, created]
        },
        msg(str`Added the state ${name}.`, { id: "reportStates.added" }),
      )
      .then((added) => {
        if (added) form.reset()
      })
  }

  #state(state: ReportStateRecord, index: number) {
    const others = this.draft.filter((other) => other.id !== state.id)
    // Named as stored, so a control's name does not change while its state is renamed.
    const named = this.states.find((stored) => stored.id === state.id)?.name ?? state.name
    return html`
      <li part="state">
        <div class="row">
          <input aria-label=${msg(str`Name of state ${named}`, { id: "reportStates.nameOf" })} required maxlength=${TextLimits.name} .value=${state.name}
            @input=${(event: Event) => this.#edit(state.id, (edited) => ({ ...edited, name: (event.target as HTMLInputElement).value }))} />
          <label>${msg("Appearance", { id: "reportStates.appearance" })}
            <select @change=${(event: Event) => this.#edit(state.id, (edited) => ({ ...edited, appearance: (event.target as HTMLSelectElement).value as Appearance }))}>
              ${appearances.map((appearance) => html`<option value=${appearance} ?selected=${appearance === state.appearance}>${appearanceName(appearance)}</option>`)}
            </select>
          </label>
          <label class="inline">
            <input type="radio" name="initial" .checked=${state.initial} @change=${() => this.#makeInitial(state.id)} />
            ${msg("New reports start here", { id: "reportStates.initial" })}
          </label>
          <span class="moves">
            <button type="button" data-move="up" ?disabled=${index === 0} aria-label=${msg(str`Move ${named} up`, { id: "reportStates.moveUp" })} @click=${() => this.#move(index, -1)}>↑</button>
            <button type="button" data-move="down" ?disabled=${index === this.draft.length - 1} aria-label=${msg(str`Move ${named} down`, { id: "reportStates.moveDown" })} @click=${() => this.#move(index, 1)}>↓</button>
          </span>
        </div>
        <fieldset>
          <legend>${
            state.next_state_ids === null || state.next_state_ids.length === 0
              ? msg("May be followed by (any state while none is ticked)", {
                  id: "reportStates.followedByAny",
                })
              : msg("May be followed by", { id: "reportStates.followedBy" })
          }</legend>
          ${others.map(
            (other) => html`<label class="inline">
              <input type="checkbox" .checked=${state.next_state_ids?.includes(other.id) ?? false}
                @change=${(event: Event) => this.#setNext(state, other.id, (event.target as HTMLInputElement).checked)} />
              ${other.name}<span class="visually-hidden"> ${msg(str`after ${named}`, { id: "reportStates.after" })}</span>
            </label>`,
          )}
        </fieldset>
      </li>
    `
  }

  override render() {
    const changed = stateChanges(this.states, this.draft).length > 0
    return html`
      ${this.problem === undefined ? nothing : html`<p class="error" role="alert">${this.problem}</p>`}
      <form aria-label=${msg("Report states", { id: "reportStates.title" })} @submit=${(event: SubmitEvent) => this.#save(event)}>
        <ol class="states" aria-label=${msg("Report states", { id: "reportStates.title" })}>${this.draft.map((state, index) => this.#state(state, index))}</ol>
        <div class="row save">
          <button class="primary" type="submit" ?disabled=${!changed || this.#status.saving}>${msg("Save states", { id: "reportStates.save" })}</button>
          <button type="button" ?disabled=${!changed || this.#status.saving} @click=${() => {
            this.draft = this.states
          }}>${msg("Discard changes", { id: "reportStates.discard" })}</button>
        </div>
      </form>
      ${this.#status.render()}
      <form class="row" aria-label=${msg("New report state", { id: "reportStates.new" })} @submit=${(event: SubmitEvent) => this.#add(event)}>
        <label>${msg("New state", { id: "reportStates.newName" })} <input name="name" required maxlength=${TextLimits.name} /></label>
        <label>${msg("Appearance", { id: "reportStates.appearance" })}
          <select name="appearance">${appearances.map((appearance) => html`<option value=${appearance} ?selected=${appearance === "normal"}>${appearanceName(appearance)}</option>`)}</select>
        </label>
        <button type="submit">${msg("Add state", { id: "reportStates.add" })}</button>
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
