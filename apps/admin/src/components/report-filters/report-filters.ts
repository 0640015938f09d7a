/**
 * `fr-report-filters`: the form for the criteria of the report search people choose by, for
 * `filter[…]` and for `exclude[…]`, and its `order[…]`: words, channels, states, a category with
 * its subcategories, assignee, reporter, when reports were filed and changed, report ids. The
 * search's internals (an earlier search's id, a tile's id, a state's appearance) are not in the
 * form: a page or the map sets them, and applying the form keeps them, as it keeps criteria read
 * from a link that the form cannot show as one choice (several assignees, say).
 *
 * Filters can be saved under a name, kept in this browser for the signed-in user and team
 * (`saved-filters.ts`).
 */

import type { Channel } from "@fieldreport/domain/Channel"
import * as SearchText from "@fieldreport/domain/SearchText"
import type { TeamUser } from "@fieldreport/domain/TeamUser"
import * as TextLimits from "@fieldreport/domain/TextLimits"
import { msg, str } from "@lit/localize"
import { Result } from "effect"
import { html, nothing } from "lit"
import { FilterChangeEvent } from "../../events/filter-change.ts"
import { ApiElement } from "../../shared/ApiElement.ts"
import type { Connection } from "../../shared/connection.ts"
import { plural } from "../../shared/localization.ts"
import {
  type Criteria,
  everything,
  fromParams,
  type OrderClause,
  type ReportFilter,
} from "../../shared/ReportFilter.ts"
import { queryOf } from "../../shared/reportsAddress.ts"
import { errorText, run } from "../../shared/run.ts"
import { fullName } from "../../shared/team.ts"
import { fromLocalInput, localInput } from "../../shared/time.ts"
import {
  type ChannelOptions,
  categoryIds,
  channelOptions,
  chosenCategory,
  ownerOf,
  peopleOf,
} from "./filter-options.ts"
import { styles } from "./report-filters.styles.ts"
import { deleteFilter, type Owner, type SavedFilter, savedFilters, saveFilter } from "./saved-filters.ts"

const orders: ReadonlyArray<{ readonly label: () => string; readonly clause: OrderClause }> = [
  {
    label: () => msg("Last change, newest first", { id: "reportFilters.order.newest" }),
    clause: { field: "updated_at", direction: "desc" },
  },
  {
    label: () => msg("Last change, oldest first", { id: "reportFilters.order.oldest" }),
    clause: { field: "updated_at", direction: "asc" },
  },
  {
    label: () => msg("Id, highest first", { id: "reportFilters.order.idDesc" }),
    clause: { field: "id", direction: "desc" },
  },
  {
    label: () => msg("Id, lowest first", { id: "reportFilters.order.idAsc" }),
    clause: { field: "id", direction: "asc" },
  },
  {
    label: () => msg("Best match to the words first", { id: "reportFilters.order.relevance" }),
    clause: { field: "relevance", direction: "desc" },
  },
]

const orderKey = (clause: OrderClause | undefined) =>
  clause === undefined ? "" : `${clause.field}:${clause.direction}`

/** The value of a choice that keeps the ids a link gave, which the form cannot show as one. */
const kept = "kept"

const idList = (value: FormDataEntryValue | null): ReadonlyArray<number> =>
  String(value ?? "")
    .split(/[\s,]+/)
    .filter((part) => /^\d+$/.test(part))
    .map(Number)

/**
 * @summary Filters, exclusions and order of the report search, shared by the map and the table, and filters saved by name.
 *
 * @event fr-filter-change - `FilterChangeEvent` with the new `ReportFilter` when the user applies the form or a saved filter.
 * @csspart form - The form.
 * @csspart saved - The saved filters' fieldset.
 * @cssproperty --fr-color-surface-raised - Background of the form.
 *
 * @example
 * ```html
 * <fr-report-filters base-url="https://reports.example.com" token="fra_…"></fr-report-filters>
 * ```
 */
export class ReportFilters extends ApiElement {
  static override properties = {
    ...ApiElement.properties,
    filter: { attribute: false },
    channels: { attribute: false },
    teamChannels: { state: true },
    options: { state: true },
    people: { state: true },
    owner: { state: true },
    saved: { state: true },
    failure: { state: true },
  }

  static override styles = styles

  /** The filter the form shows. */
  declare filter: ReportFilter
  /** The channels to choose from; loaded from the API when not given. */
  declare channels: ReadonlyArray<Channel> | undefined
  /** The channels of the connection's team, loaded when `channels` is not given. */
  declare teamChannels: ReadonlyArray<Channel>
  /** The channels' states and categories, once loaded. */
  declare options: ReadonlyArray<ChannelOptions>
  /** The team's people, to name assignees and reporters. */
  declare people: ReadonlyArray<TeamUser>
  /** Whose saved filters the form shows; undefined until known, or without a team. */
  declare owner: Owner | undefined
  declare saved: ReadonlyArray<SavedFilter>
  declare failure: string | undefined

  constructor() {
    super()
    this.filter = everything
    this.teamChannels = []
    this.options = []
    this.people = []
    this.saved = []
  }

  protected override connected(connection: Connection): void {
    void this.load(connection)
  }

  private async load(connection: Connection) {
    try {
      const channels =
        this.channels ??
        (await run(connection.client.call("listChannels", { query: { team_id: connection.teamId } })))
      if (this.connection !== connection) return
      if (this.channels === undefined) this.teamChannels = channels
      this.options = await channelOptions(connection, channels)
      const owner = await ownerOf(connection)
      if (this.connection !== connection || owner === undefined) return
      this.owner = owner
      this.saved = savedFilters(localStorage, owner)
      this.people = await peopleOf(connection, owner.teamId)
    } catch (error) {
      this.failure = errorText(error)
    }
  }

  override render() {
    const [first, second] = this.filter.order
    return html`
      <form part="form" aria-label=${msg("Report filters", { id: "reportFilters.form" })} @submit=${this.apply} @reset=${this.clear}>
        ${this.criteria("filter", msg("Show", { id: "tasksBoard.show" }), this.filter.filter)}
        <label>${msg("Order", { id: "reportFilters.order" })}
          <select name="order1">${orders.map(
            ({ label, clause }) =>
              html`<option value=${orderKey(clause)} ?selected=${orderKey(clause) === orderKey(first)}>${label()}</option>`,
          )}</select>
        </label>
        <label>${msg("Then", { id: "reportFilters.then" })}
          <select name="order2">
            <option value="" ?selected=${second === undefined}>${msg("nothing", { id: "reportFilters.nothing" })}</option>
            ${orders.map(
              ({ label, clause }) =>
                html`<option value=${orderKey(clause)} ?selected=${orderKey(clause) === orderKey(second)}>${label()}</option>`,
            )}
          </select>
        </label>
        <div class="actions">
          <button type="reset">${msg("Clear", { id: "reportFilters.clear" })}</button>
          <button class="primary" type="submit">${msg("Apply", { id: "reportFilters.apply" })}</button>
        </div>
        <details>
          <summary>${msg("Leave out reports", { id: "reportFilters.leaveOutReports" })}</summary>
          <div class="more">
            ${this.criteria("exclude", msg("Leave out", { id: "reportFilters.leaveOut" }), this.filter.exclude)}
          </div>
        </details>
        ${this.savedFilters()}
        ${this.failure === undefined ? nothing : html`<p class="error" role="alert">${this.failure}</p>`}
      </form>
    `
  }

  private criteria(group: "filter" | "exclude", legend: string, criteria: Criteria) {
    return html`
      <fieldset class="criteria">
        <legend>${legend}</legend>
        <label class="words">${msg("Words", { id: "reportFilters.words" })}
          <input type="search" name="${group}-q" maxlength=${TextLimits.search}
            placeholder=${msg("In titles, addresses, answers, comments", { id: "reportFilters.wordsHint" })} .value=${criteria.text ?? ""} />
        </label>
        <fieldset class="choices" aria-label=${msg(str`${legend}: channels`, { id: "reportFilters.channelsOf" })}>
          <legend>${msg("Channels", { id: "reportFilters.channels" })}</legend>
          ${(this.channels ?? this.teamChannels).map(
            (channel) => html`<label>
              <input type="checkbox" name="${group}-channel" value=${channel.id}
                ?checked=${criteria.channels.includes(channel.id)} />${channel.name}
            </label>`,
          )}
        </fieldset>
        ${this.stateChoices(group, legend, criteria)}
        ${this.categoryChoice(group, criteria)}
        ${this.personChoice(`${group}-assignee`, msg("Assigned to", { id: "reportDetail.assignedTo" }), criteria.assigneeIds)}
        ${this.personChoice(`${group}-reporter`, msg("Reported by", { id: "reportFilters.reportedBy" }), criteria.reporterIds)}
        <label>${msg("Filed after", { id: "reportFilters.filedAfter" })}
          <input type="datetime-local" name="${group}-created-after" .value=${localInput(criteria.createdAfter)} />
        </label>
        <label>${msg("Filed before", { id: "reportFilters.filedBefore" })}
          <input type="datetime-local" name="${group}-created-before" .value=${localInput(criteria.createdBefore)} />
        </label>
        <label>${msg("Changed after", { id: "reportFilters.changedAfter" })}
          <input type="datetime-local" name="${group}-after" .value=${localInput(criteria.updatedAfter)} />
        </label>
        <label>${msg("Changed before", { id: "reportFilters.changedBefore" })}
          <input type="datetime-local" name="${group}-before" .value=${localInput(criteria.updatedBefore)} />
        </label>
        <label>${msg("Report ids", { id: "reportFilters.ids" })}
          <input class="ids" name="${group}-ids" inputmode="numeric" placeholder="12, 15"
            .value=${criteria.reportIds.join(", ")} />
        </label>
      </fieldset>
    `
  }

  /** Each channel's states, named with their channel when the team has several. */
  private stateChoices(group: string, legend: string, criteria: Criteria) {
    const named = this.options.length > 1
    const states = this.options.flatMap(({ channel, states }) =>
      states.map((state) => ({ state, label: named ? `${state.name} · ${channel.name}` : state.name })),
    )
    if (states.length === 0) return nothing
    return html`<fieldset class="choices" aria-label=${msg(str`${legend}: states`, { id: "reportFilters.statesOf" })}>
      <legend>${msg("States", { id: "reportFilters.states" })}</legend>
      ${states.map(
        ({ state, label }) => html`<label>
          <input type="checkbox" name="${group}-state" value=${state.id}
            ?checked=${criteria.reportStateIds.includes(state.id)} />${label}
        </label>`,
      )}
    </fieldset>`
  }

  /**
   * One category, which stands for its subcategories too; a list a link gave is kept as it is, by
   * an option hidden otherwise (always there, so choosing it is only a change of selection).
   */
  private categoryChoice(group: string, criteria: Criteria) {
    const chosen = chosenCategory(this.options, criteria.categoryIds)
    const keeps = criteria.categoryIds.length > 0 && chosen === undefined
    return html`<label>${msg("Category, with its subcategories", { id: "reportFilters.category" })}
      <select name="${group}-category">
        <option value="" .selected=${criteria.categoryIds.length === 0}>${msg("Any category", { id: "reportFilters.anyCategory" })}</option>
        <option value=${kept} ?hidden=${!keeps} .selected=${keeps}>${plural(criteria.categoryIds.length, {
          one: (count) => msg(str`As given (${count} category)`, { id: "reportFilters.givenCategories.one" }),
          other: (count) =>
            msg(str`As given (${count} categories)`, { id: "reportFilters.givenCategories.other" }),
        })}</option>
        ${this.options.map(
          ({ channel, categories }) => html`<optgroup label=${channel.name}>
            ${categories.map(
              (category) =>
                html`<option value=${category.id} .selected=${category.id === chosen}>${"— ".repeat(category.depth)}${category.name}</option>`,
            )}
          </optgroup>`,
        )}
      </select>
    </label>`
  }

  /** One person of the team, or anyone; several people a link gave are kept as they are. */
  private personChoice(name: string, label: string, ids: ReadonlyArray<number>) {
    const one = ids.length === 1 ? this.people.find((person) => person.user_id === ids[0]) : undefined
    const keeps = ids.length > 0 && one === undefined
    return html`<label>${label}
      <select name=${name}>
        <option value="" .selected=${ids.length === 0}>${msg("Anyone", { id: "reportFilters.anyone" })}</option>
        <option value=${kept} ?hidden=${!keeps} .selected=${keeps}>${plural(ids.length, {
          one: (count) => msg(str`As given (${count} person)`, { id: "reportFilters.givenPeople.one" }),
          other: (count) => msg(str`As given (${count} people)`, { id: "reportFilters.givenPeople.other" }),
        })}</option>
        ${this.people.map(
          (person) =>
            html`<option value=${person.user_id} .selected=${person.user_id === one?.user_id}>${fullName(person)}</option>`,
        )}
      </select>
    </label>`
  }

  private savedFilters() {
    if (this.owner === undefined) return nothing
    return html`
      <fieldset part="saved" class="saved-filters">
        <legend>${msg("Saved filters", { id: "reportFilters.saved" })}</legend>
        <label>${msg("Saved filter", { id: "reportFilters.savedOne" })}
          <select name="saved">
            ${this.saved.length === 0 ? html`<option value="">${msg("None saved yet", { id: "reportFilters.noneSaved" })}</option>` : nothing}
            ${this.saved.map((saved) => html`<option value=${saved.name}>${saved.name}</option>`)}
          </select>
        </label>
        <button type="button" ?disabled=${this.saved.length === 0} @click=${this.showSaved}>${msg("Show", { id: "reportFilters.showSaved" })}</button>
        <button type="button" ?disabled=${this.saved.length === 0} @click=${this.deleteSaved}>${msg("Delete", { id: "notificationList.delete" })}</button>
        <label>${msg("Name", { id: "apiTokens.name" })}
          <input name="save-name" maxlength=${TextLimits.name} placeholder=${msg("Open potholes", { id: "reportFilters.namePlaceholder" })} />
        </label>
        <button type="button" @click=${this.saveForm}>${msg("Save these filters", { id: "reportFilters.save" })}</button>
        <p class="hint">${msg("Saved in this browser only, for you in this team.", { id: "reportFilters.savedHint" })}</p>
      </fieldset>
    `
  }

  /** The ids a choice names: none, those the criteria had (kept), or the chosen one's. */
  private chosenIds(
    value: FormDataEntryValue | null,
    given: ReadonlyArray<number>,
    idsOf: (id: number) => ReadonlyArray<number>,
  ): ReadonlyArray<number> {
    if (value === null || value === "") return []
    return value === kept ? given : idsOf(Number(value))
  }

  /** The form's criteria of a group, over the criteria the form does not show (kept as they were). */
  private read(data: FormData, group: "filter" | "exclude"): Criteria {
    const given = this.filter[group]
    const offered = new Set(this.options.flatMap(({ states }) => states.map((state) => state.id)))
    const text = String(data.get(`${group}-q`) ?? "").trim()
    return {
      ...given,
      text: text === "" ? undefined : text,
      channels: data.getAll(`${group}-channel`).map(Number),
      // States a link named that the form does not offer stay.
      reportStateIds: [
        ...data.getAll(`${group}-state`).map(Number),
        ...given.reportStateIds.filter((id) => !offered.has(id)),
      ],
      categoryIds: this.chosenIds(data.get(`${group}-category`), given.categoryIds, (id) =>
        categoryIds(this.options, id),
      ),
      assigneeIds: this.chosenIds(data.get(`${group}-assignee`), given.assigneeIds, (id) => [id]),
      reporterIds: this.chosenIds(data.get(`${group}-reporter`), given.reporterIds, (id) => [id]),
      createdAfter: fromLocalInput(data.get(`${group}-created-after`)),
      createdBefore: fromLocalInput(data.get(`${group}-created-before`)),
      updatedAfter: fromLocalInput(data.get(`${group}-after`)),
      updatedBefore: fromLocalInput(data.get(`${group}-before`)),
      reportIds: idList(data.get(`${group}-ids`)),
    }
  }

  /** The filter the form holds, or a message naming what the server would refuse in it. */
  private formFilter(): ReportFilter | string {
    const form = this.renderRoot.querySelector("form")
    if (form === null) return this.filter
    const data = new FormData(form)
    const filter = this.read(data, "filter")
    const exclude = this.read(data, "exclude")
    for (const [legend, criteria] of [
      [msg("Show", { id: "tasksBoard.show" }), filter],
      [msg("Leave out", { id: "reportFilters.leaveOut" }), exclude],
    ] as const) {
      const checked = SearchText.parse({ q: criteria.text }, "q")
      if (Result.isFailure(checked))
        return msg(str`${legend}, words: ${checked.failure.errors.q?.join("; ")}`, {
          id: "reportFilters.wordsError",
        })
    }
    // Relevance ranks by the words; without them it is left out.
    const order = [data.get("order1"), data.get("order2")]
      .map((value) => orders.find(({ clause }) => orderKey(clause) === value)?.clause)
      .filter((clause): clause is OrderClause => clause !== undefined)
      .filter((clause) => clause.field !== "relevance" || filter.text !== undefined)
      .filter((clause, index, all) => all.findIndex((other) => other.field === clause.field) === index)
    return { filter, exclude, order: order.length === 0 ? everything.order : order }
  }

  private show(filter: ReportFilter) {
    this.failure = undefined
    this.filter = filter
    this.dispatchEvent(new FilterChangeEvent(filter))
  }

  private apply(event: SubmitEvent) {
    event.preventDefault()
    const filter = this.formFilter()
    if (typeof filter === "string") this.failure = filter
    else this.show(filter)
  }

  private clear(event: Event) {
    event.preventDefault()
    this.show(everything)
  }

  private field(name: string) {
    return this.renderRoot.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`)
  }

  private showSaved() {
    const saved = this.saved.find((one) => one.name === this.field("saved")?.value)
    if (saved !== undefined) this.show(fromParams(new URLSearchParams(saved.query)))
  }

  private deleteSaved() {
    const name = this.field("saved")?.value
    if (this.owner !== undefined && name !== undefined)
      this.saved = deleteFilter(localStorage, this.owner, name)
  }

  private saveForm() {
    const input = this.field("save-name")
    const name = input?.value.trim() ?? ""
    if (this.owner === undefined || input === null || name === "") {
      this.failure = msg("Give the filters a name to save them.", { id: "reportFilters.nameNeeded" })
      return
    }
    const filter = this.formFilter()
    if (typeof filter === "string") {
      this.failure = filter
      return
    }
    this.failure = undefined
    this.saved = saveFilter(localStorage, this.owner, { name, query: queryOf(filter) })
    input.value = ""
  }
}

customElements.define("fr-report-filters", ReportFilters)

declare global {
  interface HTMLElementTagNameMap {
    "fr-report-filters": ReportFilters
  }
}
