/**
 * `fr-report-filters`: the form for the criteria of the report search people choose by, for
 * `filter[…]` and for `exclude[…]`, and its `order[…]`. The search's internals (an earlier
 * search's id, a tile's id, a state's appearance) are not in the form: a page or the map sets
 * them, and applying the form keeps them.
 */
import type { Channel } from "@fieldreport/domain/Channel"
import { html, nothing } from "lit"
import { FilterChangeEvent } from "../../events/filter-change.ts"
import { ApiElement } from "../../shared/ApiElement.ts"
import type { Connection } from "../../shared/connection.ts"
import { type Criteria, everything, type OrderClause, type ReportFilter } from "../../shared/ReportFilter.ts"
import { errorText, run } from "../../shared/run.ts"
import { fromLocalInput, localInput } from "../../shared/time.ts"
import { styles } from "./report-filters.styles.ts"

const orders: ReadonlyArray<{ readonly label: string; readonly clause: OrderClause }> = [
  { label: "Last change, newest first", clause: { field: "updated_at", direction: "desc" } },
  { label: "Last change, oldest first", clause: { field: "updated_at", direction: "asc" } },
  { label: "Id, highest first", clause: { field: "id", direction: "desc" } },
  { label: "Id, lowest first", clause: { field: "id", direction: "asc" } },
]

const orderKey = (clause: OrderClause | undefined) =>
  clause === undefined ? "" : `${clause.field}:${clause.direction}`

const idList = (value: FormDataEntryValue | null): ReadonlyArray<number> =>
  String(value ?? "")
    .split(/[\s,]+/)
    .filter((part) => /^\d+$/.test(part))
    .map(Number)

/**
 * @summary Filters, exclusions and order of the report search, shared by the map and the table.
 *
 * @event fr-filter-change - `FilterChangeEvent` with the new `ReportFilter` when the user applies the form.
 * @csspart form - The form.
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
    failure: { state: true },
  }

  static override styles = styles

  /** The filter the form shows. */
  declare filter: ReportFilter
  /** The channels to choose from; loaded from the API when not given. */
  declare channels: ReadonlyArray<Channel> | undefined
  declare failure: string | undefined

  constructor() {
    super()
    this.filter = everything
  }

  protected override connected(connection: Connection): void {
    if (this.channels !== undefined) return
    run(connection.client.call("listChannels", { query: { team_id: connection.teamId } })).then(
      (channels) => {
        this.channels = channels
      },
      (error) => {
        this.failure = errorText(error)
      },
    )
  }

  override render() {
    const [first, second] = this.filter.order
    return html`
      <form part="form" aria-label="Report filters" @submit=${this.apply} @reset=${this.clear}>
        ${this.criteria("filter", "Show", this.filter.filter)}
        <label>Order
          <select name="order1">${orders.map(
            ({ label, clause }) =>
              html`<option value=${orderKey(clause)} ?selected=${orderKey(clause) === orderKey(first)}>${label}</option>`,
          )}</select>
        </label>
        <label>Then
          <select name="order2">
            <option value="" ?selected=${second === undefined}>nothing</option>
            ${orders.map(
              ({ label, clause }) =>
                html`<option value=${orderKey(clause)} ?selected=${orderKey(clause) === orderKey(second)}>${label}</option>`,
            )}
          </select>
        </label>
        <div class="actions">
          <button type="reset">Clear</button>
          <button class="primary" type="submit">Apply</button>
        </div>
        <details>
          <summary>Leave out reports</summary>
          <div class="more">
            ${this.criteria("exclude", "Leave out", this.filter.exclude)}
          </div>
        </details>
        ${this.failure === undefined ? nothing : html`<p class="error" role="alert">${this.failure}</p>`}
      </form>
    `
  }

  private criteria(group: "filter" | "exclude", legend: string, criteria: Criteria) {
    return html`
      <fieldset class="criteria">
        <legend>${legend}</legend>
        <fieldset class="channels" aria-label="${legend}: channels">
          ${(this.channels ?? []).map(
            (channel) => html`<label>
              <input type="checkbox" name="${group}-channel" value=${channel.id}
                ?checked=${criteria.channels.includes(channel.id)} />${channel.name}
            </label>`,
          )}
        </fieldset>
        <label>Changed after
          <input type="datetime-local" name="${group}-after" .value=${localInput(criteria.updatedAfter)} />
        </label>
        <label>Changed before
          <input type="datetime-local" name="${group}-before" .value=${localInput(criteria.updatedBefore)} />
        </label>
        <label>Report ids
          <input class="ids" name="${group}-ids" inputmode="numeric" placeholder="12, 15"
            .value=${criteria.reportIds.join(", ")} />
        </label>
      </fieldset>
    `
  }

  /** The form's criteria of a group, over the criteria the form does not show (kept as they were). */
  private read(data: FormData, group: "filter" | "exclude"): Criteria {
    return {
      ...this.filter[group],
      channels: data.getAll(`${group}-channel`).map(Number),
      updatedAfter: fromLocalInput(data.get(`${group}-after`)),
      updatedBefore: fromLocalInput(data.get(`${group}-before`)),
      reportIds: idList(data.get(`${group}-ids`)),
    }
  }

  private apply(event: SubmitEvent) {
    event.preventDefault()
    const data = new FormData(event.target as HTMLFormElement)
    const order = [data.get("order1"), data.get("order2")]
      .map((value) => orders.find(({ clause }) => orderKey(clause) === value)?.clause)
      .filter((clause): clause is OrderClause => clause !== undefined)
      .filter((clause, index, all) => all.findIndex((other) => other.field === clause.field) === index)
    this.filter = { filter: this.read(data, "filter"), exclude: this.read(data, "exclude"), order }
    this.dispatchEvent(new FilterChangeEvent(this.filter))
  }

  private clear(event: Event) {
    event.preventDefault()
    this.filter = everything
    this.dispatchEvent(new FilterChangeEvent(this.filter))
  }
}

customElements.define("fr-report-filters", ReportFilters)

declare global {
  interface HTMLElementTagNameMap {
    "fr-report-filters": ReportFilters
  }
}
