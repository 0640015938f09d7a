/**
 * `fr-report-bulk-actions`: what the reports view does to the reports selected in its table at
 * once: change their state, assign them, set when they are due, export them or delete them.
 *
 * States belong to channels (each channel has its own, with its own ids), so a selection that
 * spans channels gets one state picker per channel, each offering that channel's states and
 * "Leave as is": the user says where each channel's reports go, and a channel's reports are never
 * moved to a state picked for another by a name that happens to match. Whether a report may move
 * from its own state is the server's check (the channel's transitions), and a refusal is said with
 * the others.
 *
 * Each action is a save of its own (`SaveStatus`): it says how many reports it changed and, for
 * those the server refused, why, from the per-item answer of `bulkUpdateReports` (or of each
 * `deleteReport`). The words stay after the selection is cleared, in a status region that is
 * always there.
 */

import type { ReportStateRecord } from "@fieldreport/domain/ReportStateRecord"
import type { TeamUser } from "@fieldreport/domain/TeamUser"
import { msg, str } from "@lit/localize"
import { html, nothing, type PropertyValues } from "lit"
import { ifDefined } from "lit/directives/if-defined.js"
import { ReportsChangedEvent } from "../../events/reports-changed.ts"
import { ApiElement } from "../../shared/ApiElement.ts"
import type { Connection } from "../../shared/connection.ts"
import { plural } from "../../shared/localization.ts"
import { everything, none, type ReportFilter } from "../../shared/ReportFilter.ts"
import { reportCount } from "../../shared/reportCount.ts"
import { errorText, run } from "../../shared/run.ts"
import { SaveStatus } from "../../shared/SaveStatus.ts"
import { formatCount } from "../../shared/size.ts"
import { currentTeamId, fullName, teamChannels, teamPeople } from "../../shared/team.ts"
import { formatTime, fromLocalInput } from "../../shared/time.ts"
import "../report-export/report-export.ts"
import {
  deleteReports,
  doneSaid,
  type Item,
  type Outcome,
  outcomeText,
  updateReports,
} from "./bulk-reports.ts"
import { styles } from "./report-bulk-actions.styles.ts"

/** The actions, each with its own form. */
type Action = "state" | "assign" | "due" | "export" | "delete"

const actionLabels = (): ReadonlyArray<readonly [Action, string]> => [
  ["state", msg("Change state", { id: "reportDetail.changeState" })],
  ["assign", msg("Assign", { id: "bulk.assign" })],
  ["due", msg("Set due time", { id: "bulk.setDue" })],
  ["export", msg("Export", { id: "reportExport.export" })],
  ["delete", msg("Delete", { id: "notificationList.delete" })],
]

/** How far the running action got. */
interface Progress {
  readonly finished: number
  readonly total: number
  readonly doing: string
}

/**
 * @summary Acts on the selected reports at once: state, assignee, due time, export, delete.
 *
 * Shows its actions while reports are selected, and what the last action did even after.
 *
 * @event fr-reports-changed - `ReportsChangedEvent` once an action is over, with the reports it
 * changed or deleted: the table and the map load again and the selection is cleared.
 * @csspart bar - The count of selected reports and the action buttons.
 * @csspart form - The form of the action chosen (its confirmation for Delete).
 * @csspart progress - The progress bar while an action runs.
 * @cssproperty --fr-color-accent - The chosen action and the progress bar.
 * @cssproperty --fr-color-danger - The Delete buttons.
 * @cssproperty --fr-color-surface-raised - The bar's background.
 *
 * @example
 * ```html
 * <fr-report-bulk-actions base-url="https://reports.example.com" token="fra_…"></fr-report-bulk-actions>
 * ```
 */
export class ReportBulkActions extends ApiElement {
  static override styles = styles
  static override properties = {
    ...ApiElement.properties,
    selection: { attribute: false },
    filter: { attribute: false },
    matching: { type: Boolean },
    action: { state: true },
    progress: { state: true },
    channelNames: { state: true },
    states: { state: true },
    people: { state: true },
  }

  /** The selected reports: report id to its channel's id. */
  declare selection: ReadonlyMap<number, number>
  /** The search the reports were selected from; exported when `matching`. */
  declare filter: ReportFilter
  /** Whether the selection is every report the search finds: Export then exports the search. */
  declare matching: boolean
  /** The action whose form is open. */
  declare action: Action | undefined
  declare progress: Progress | undefined
  /** The team's channels, by id, for their names. */
  declare channelNames: ReadonlyMap<number, string>
  /** Each channel's states, once loaded. */
  declare states: ReadonlyMap<number, ReadonlyArray<ReportStateRecord>>
  /** Whom reports can be assigned to: the team users who joined. */
  declare people: ReadonlyArray<TeamUser>

  #status = new SaveStatus(this)
  #loadingStates = new Set<number>()

  constructor() {
    super()
    this.selection = new Map()
    this.filter = everything
    this.matching = false
    this.channelNames = new Map()
    this.states = new Map()
    this.people = []
  }

  protected override connected(connection: Connection): void {
    this.channelNames = new Map()
    this.states = new Map()
    this.#loadingStates.clear()
    this.people = []
    void this.#loadTeam(connection)
  }

  async #loadTeam(connection: Connection) {
    try {
      const teamId = await currentTeamId(connection)
      if (teamId === undefined) return
      const [channels, people] = await Promise.all([
        teamChannels(connection, teamId),
        // Only managers list the team: others assign no one, as the server would refuse them.
        teamPeople(connection, teamId).catch(() => []),
      ])
      this.channelNames = new Map(channels.map((channel) => [channel.id, channel.name]))
      this.people = people
    } catch (error) {
      this.#status.refuse(
        msg(str`The team could not be loaded: ${errorText(error)}`, { id: "bulk.teamNotLoaded" }),
      )
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed)
    const connection = this.connection
    if (connection !== undefined && this.action === "state") {
      for (const channelId of this.#channels()) void this.#loadStates(connection, channelId)
    }
    if (changed.has("action") && this.action !== undefined) {
      this.renderRoot.querySelector<HTMLElement>("[part=form] :is(select, input, button)")?.focus()
    }
    if (changed.has("selection") && this.selection.size === 0) this.action = undefined
  }

  async #loadStates(connection: Connection, channelId: number) {
    if (this.states.has(channelId) || this.#loadingStates.has(channelId)) return
    this.#loadingStates.add(channelId)
    try {
      const states = await run(
        connection.client.call("listReportStates", { query: { channel_id: channelId } }),
      )
      const sorted = [...states].sort((a, b) => a.position - b.position || a.id - b.id)
      this.states = new Map([...this.states, [channelId, sorted]])
    } catch (error) {
      this.#loadingStates.delete(channelId)
      this.#status.refuse(
        msg(str`The states could not be loaded: ${errorText(error)}`, { id: "bulk.statesNotLoaded" }),
      )
    }
  }

  /** The channels of the selection, in the order they were first selected. */
  #channels(): ReadonlyArray<number> {
    return [...new Set(this.selection.values())]
  }

  #channelName(channelId: number): string {
    return this.channelNames.get(channelId) ?? msg(str`Channel ${channelId}`, { id: "bulk.channel" })
  }

  /** The reports of the selection in one channel. */
  #reportsIn(channelId: number): ReadonlyArray<number> {
    return [...this.selection].filter(([, channel]) => channel === channelId).map(([id]) => id)
  }

  #choose(action: Action) {
    this.action = this.action === action ? undefined : action
    this.#status.edited()
  }

  /** Closes the form (Cancel, Escape) and puts the focus back on the action's button. */
  async #cancel() {
    const action = this.action
    this.action = undefined
    await this.updateComplete
    this.renderRoot.querySelector<HTMLElement>(`.actions button[data-action=${action}]`)?.focus()
  }

  /**
   * Runs an action over the selection as a save: progress while it runs, then what it did (an
   * alert when the server refused some reports), and the table and the map load again.
   */
  async #run(
    doing: string,
    said: (count: number) => string,
    act: (onProgress: (finished: number, total: number) => void) => Promise<Outcome>,
  ) {
    const total = this.selection.size
    this.progress = { finished: 0, total, doing }
    let outcome: Outcome = { done: [], refused: [] }
    await this.#status.save(
      async () => {
        outcome = await act((finished, all) => {
          this.progress = { finished, total: all, doing }
        })
        if (outcome.refused.length > 0) throw new Error(outcomeText(outcome, said))
      },
      () => outcomeText(outcome, said),
    )
    this.progress = undefined
    this.action = undefined
    this.dispatchEvent(new ReportsChangedEvent([...outcome.done]))
  }

  #update(event: SubmitEvent, items: ReadonlyArray<Item>, doing: string, said: (count: number) => string) {
    event.preventDefault()
    const connection = this.connection
    if (connection === undefined || items.length === 0) return
    void this.#run(doing, said, (onProgress) => updateReports(connection, items, onProgress))
  }

  #changeState(event: SubmitEvent) {
    const data = new FormData(event.currentTarget as HTMLFormElement)
    const picked = this.#channels().flatMap((channelId) => {
      const stateId = String(data.get(`state-${channelId}`) ?? "")
      return stateId === "" ? [] : [{ channelId, stateId: Number(stateId) }]
    })
    const items = picked.flatMap(({ channelId, stateId }) =>
      this.#reportsIn(channelId).map((id) => ({ id, report_state_id: stateId })),
    )
    const only = picked.length === 1 ? picked[0] : undefined
    const name = only && this.states.get(only.channelId)?.find((state) => state.id === only.stateId)?.name
    if (items.length === 0) {
      event.preventDefault()
      this.#status.refuse(msg("Pick a state for at least one channel.", { id: "bulk.pickState" }))
      return
    }
    this.#update(
      event,
      items,
      msg("Changing states", { id: "bulk.changingStates" }),
      name === undefined ? doneSaid.moved : doneSaid.movedTo(name),
    )
  }

  #assign(event: SubmitEvent) {
    const assignee = String(new FormData(event.currentTarget as HTMLFormElement).get("assignee_id") ?? "")
    const assigneeId = assignee === "" ? null : Number(assignee)
    const person = this.people.find((candidate) => candidate.user_id === assigneeId)
    const said =
      assigneeId === null
        ? doneSaid.unassigned
        : doneSaid.assignedTo(
            person === undefined
              ? msg(str`user ${assigneeId}`, { id: "reportDetail.user" })
              : fullName(person),
          )
    const items = [...this.selection.keys()].map((id) => ({ id, assignee_id: assigneeId }))
    this.#update(event, items, msg("Assigning", { id: "bulk.assigning" }), said)
  }

  #setDue(event: SubmitEvent) {
    const due =
      fromLocalInput(new FormData(event.currentTarget as HTMLFormElement).get("assignment_due_at")) ?? null
    const said = due === null ? doneSaid.noDue : doneSaid.due(formatTime(due))
    const items = [...this.selection.keys()].map((id) => ({ id, assignment_due_at: due }))
    this.#update(event, items, msg("Setting the due time", { id: "bulk.settingDue" }), said)
  }

  #delete(event: SubmitEvent) {
    event.preventDefault()
    const connection = this.connection
    if (connection === undefined) return
    const ids = [...this.selection.keys()]
    void this.#run(msg("Deleting", { id: "bulk.deleting" }), doneSaid.deleted, (onProgress) =>
      deleteReports(connection, ids, onProgress),
    )
  }

  /** The reports Export makes a file of: the search when every report it finds is selected. */
  #exportFilter(): ReportFilter {
    if (this.matching) return this.filter
    // Relevance ranks by the search's words, which a list of ids has not.
    const order = this.filter.order.filter((clause) => clause.field !== "relevance")
    return {
      filter: { ...none, reportIds: [...this.selection.keys()] },
      exclude: none,
      order: order.length === 0 ? everything.order : order,
    }
  }

  override render() {
    const count = this.selection.size
    const busy = this.#status.saving
    return html`
      <div part="bar" class="bar" role="region" aria-label=${msg("Bulk actions", { id: "bulk.bar" })} ?hidden=${count === 0}>
        <span class="count">${plural(count, {
          one: (n) => msg(str`${n} report selected`, { id: "bulk.selected.one" }),
          other: (n) => msg(str`${n} reports selected`, { id: "bulk.selected.other" }),
        })}</span>
        <div class="actions" role="group" aria-label=${msg("Actions on the selected reports", { id: "bulk.actions" })}>
          ${actionLabels().map(
            ([action, label]) => html`<button type="button" class=${action === "delete" ? "danger" : ""}
              data-action=${action} aria-expanded=${this.action === action ? "true" : "false"}
              aria-controls="action-form"
              ?disabled=${busy} @click=${() => this.#choose(action)}>${label}</button>`,
          )}
        </div>
      </div>
      <div @keydown=${(event: KeyboardEvent) => {
        if (event.key === "Escape" && this.action !== undefined) void this.#cancel()
      }}>${count === 0 || this.action === undefined ? nothing : this.#form(this.action, busy)}</div>
      ${this.progress === undefined ? nothing : this.#progress(this.progress)}
      ${this.#status.render()}
    `
  }

  #progress(progress: Progress) {
    return html`<div part="progress" class="progress">
      <progress aria-label=${msg("Progress of the bulk action", { id: "bulk.progress" })} max=${progress.total} value=${progress.finished}></progress>
      <span>${msg(str`${progress.doing}: ${formatCount(progress.finished)} of ${reportCount(progress.total)}…`, { id: "bulk.progressText" })}</span>
    </div>`
  }

  #form(action: Action, busy: boolean) {
    switch (action) {
      case "state":
        return this.#stateForm(busy)
      case "assign":
        return this.#assignForm(busy)
      case "due":
        return this.#dueForm(busy)
      case "export":
        return this.#exportPanel()
      case "delete":
        return this.#deleteForm(busy)
    }
  }

  #stateForm(busy: boolean) {
    const channels = this.#channels()
    const several = channels.length > 1
    return html`<form id="action-form" part="form" aria-label=${msg("Change state", { id: "reportDetail.changeState" })}
      @submit=${(event: SubmitEvent) => this.#changeState(event)}>
      <fieldset>
        <legend>${several ? msg("New state in each channel", { id: "bulk.newStateEach" }) : msg("New state", { id: "reportStates.newName" })}</legend>
        ${channels.map((channelId) => {
          const states = this.states.get(channelId)
          const label = several
            ? `${this.#channelName(channelId)} (${reportCount(this.#reportsIn(channelId).length)})`
            : msg(str`State of the reports of ${this.#channelName(channelId)}`, { id: "bulk.stateOf" })
          return html`<label>${label}
            <select name=${`state-${channelId}`} ?disabled=${states === undefined} ?required=${!several}>
              ${
                states === undefined
                  ? html`<option value="">${msg("Loading states…", { id: "bulk.loadingStates" })}</option>`
                  : html`<option value="">${several ? msg("Leave as is", { id: "bulk.leave" }) : msg("Choose a state", { id: "bulk.chooseState" })}</option>
                    ${states.map((state) => html`<option value=${state.id}>${state.name}</option>`)}`
              }
            </select>
          </label>`
        })}
      </fieldset>
      ${
        several
          ? html`<p class="hint">${msg(str`The selection spans ${formatCount(channels.length)} channels, each with its own states.`, { id: "bulk.spans" })}</p>`
          : nothing
      }
      <button class="primary" type="submit" ?disabled=${busy}>${msg("Change state", { id: "reportDetail.changeState" })}</button>
      <button type="button" @click=${() => this.#cancel()}>${msg("Cancel", { id: "tasksBoard.cancel" })}</button>
    </form>`
  }

  #assignForm(busy: boolean) {
    const people = [...this.people].sort(
      (a, b) => a.last_name.localeCompare(b.last_name) || a.first_name.localeCompare(b.first_name),
    )
    return html`<form id="action-form" part="form" aria-label=${msg("Assign", { id: "bulk.assign" })}
      @submit=${(event: SubmitEvent) => this.#assign(event)}>
      <label>${msg("Assign to", { id: "bulk.assignTo" })}
        <select name="assignee_id">
          <option value="">${msg("Nobody", { id: "reportDetail.nobody" })}</option>
          ${people.map((person) => html`<option value=${person.user_id}>${fullName(person)}</option>`)}
        </select>
      </label>
      <button class="primary" type="submit" ?disabled=${busy}>${msg("Assign", { id: "bulk.assign" })}</button>
      <button type="button" @click=${() => this.#cancel()}>${msg("Cancel", { id: "tasksBoard.cancel" })}</button>
      <p class="hint">${msg("Each report's assignee must be a member of its channel.", { id: "bulk.assignHint" })}</p>
    </form>`
  }

  #dueForm(busy: boolean) {
    return html`<form id="action-form" part="form" aria-label=${msg("Set due time", { id: "bulk.setDue" })}
      @submit=${(event: SubmitEvent) => this.#setDue(event)}>
      <label>${msg("Due", { id: "reportDetail.due" })}
        <input type="datetime-local" name="assignment_due_at" aria-describedby="due-hint" />
      </label>
      <button class="primary" type="submit" ?disabled=${busy}>${msg("Set due time", { id: "bulk.setDue" })}</button>
      <button type="button" @click=${() => this.#cancel()}>${msg("Cancel", { id: "tasksBoard.cancel" })}</button>
      <p class="hint" id="due-hint">${msg("Left empty, the reports have no due time.", { id: "bulk.dueHint" })}</p>
    </form>`
  }

  #exportPanel() {
    const what = this.matching
      ? msg("Every report the search finds, in its order.", { id: "bulk.exportAll" })
      : plural(this.selection.size, {
          one: (n) =>
            msg(str`The ${n} selected report, in the search's order.`, { id: "bulk.exportSelected.one" }),
          other: (n) =>
            msg(str`The ${n} selected reports, in the search's order.`, { id: "bulk.exportSelected.other" }),
        })
    return html`<div id="action-form" part="form" class="panel" role="group" aria-label=${msg("Export", { id: "reportExport.export" })}>
      <p>${what}</p>
      <fr-report-export .filter=${this.#exportFilter()} base-url=${ifDefined(this.baseUrl)}
        token=${ifDefined(this.token)} app-id=${ifDefined(this.appId)}
        team-id=${ifDefined(this.teamId)}></fr-report-export>
    </div>`
  }

  #deleteForm(busy: boolean) {
    const reports = reportCount(this.selection.size)
    return html`<form id="action-form" part="form" role="alertdialog" aria-label=${msg("Delete reports", { id: "bulk.deleteReports" })}
      aria-describedby="delete-question" @submit=${(event: SubmitEvent) => this.#delete(event)}>
      <p id="delete-question">${msg(str`Delete ${reports}? Their comments, notes, tasks and attachments go with them. This cannot be undone.`, { id: "bulk.deleteQuestion" })}</p>
      <button type="button" @click=${() => this.#cancel()}>${msg("Cancel", { id: "tasksBoard.cancel" })}</button>
      <button class="danger primary" type="submit" ?disabled=${busy}>${msg(str`Delete ${reports}`, { id: "bulk.deleteButton" })}</button>
    </form>`
  }
}

customElements.define("fr-report-bulk-actions", ReportBulkActions)

declare global {
  interface HTMLElementTagNameMap {
    "fr-report-bulk-actions": ReportBulkActions
  }
}
