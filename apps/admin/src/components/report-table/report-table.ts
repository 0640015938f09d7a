/**
 * `fr-report-table`: the reports of a search, a page at a time (`Range`), with the columns the
 * user picks (sent as `fields`) and ordering by the orderable columns.
 *
 * Rows have checkboxes: a row's selects its report, the header's every report of the page, and
 * with the page selected, "Select all" selects every report the search finds (through its pages,
 * up to `selectionLimit`). The bulk actions (`fr-report-bulk-actions`, loaded on the first
 * selection) act on the selection; a new filter clears it, as does an action once done.
 */
import { msg, str } from "@lit/localize"
import { html, nothing, type PropertyValues } from "lit"
import { ifDefined } from "lit/directives/if-defined.js"
import { FilterChangeEvent } from "../../events/filter-change.ts"
import { ReportSelectEvent } from "../../events/report-select.ts"
import { ApiElement } from "../../shared/ApiElement.ts"
import type { Connection } from "../../shared/connection.ts"
import { plural } from "../../shared/localization.ts"
import { everything, type OrderClause, type ReportFilter } from "../../shared/ReportFilter.ts"
import { reportCount } from "../../shared/reportCount.ts"
import { type ReportRow, reportPage, startSearch } from "../../shared/reportSearch.ts"
import { errorText } from "../../shared/run.ts"
import { formatCount } from "../../shared/size.ts"
import { type Column, cellText, columns, defaultColumns } from "./report-columns.ts"
import { styles } from "./report-table.styles.ts"

/** The most reports one selection holds: bulk actions on more are for a narrower filter. */
export const selectionLimit = 1000

/** The widest page of a search the server answers. */
const widestPage = 100

/**
 * @summary A paged table of the reports that match a filter.
 *
 * @event fr-report-select - `ReportSelectEvent` when the user opens a report.
 * @event fr-filter-change - `FilterChangeEvent` when the user orders by a column (the new filter).
 * @event fr-reports-changed - `ReportsChangedEvent`, from the bulk actions, once one is over; the
 * table loads its page again and clears the selection.
 * @csspart table - The table.
 * @csspart pager - The previous and next buttons.
 * @csspart selection - What is selected, with Select all and Clear selection.
 * @csspart bulk-actions - The bulk actions element.
 * @cssproperty --fr-color-accent - Report links.
 * @cssproperty --fr-color-surface-raised - Header row, hovered rows and the bulk actions bar.
 *
 * @example
 * ```html
 * <fr-report-table base-url="https://reports.example.com" token="fra_…" fields="id,title,updated_at"
 *   page-size="30"></fr-report-table>
 * ```
 */
export class ReportTable extends ApiElement {
  static override properties = {
    ...ApiElement.properties,
    filter: { attribute: false },
    fields: {
      converter: {
        fromAttribute: (value: string | null) => (value ?? "").split(",").map((field) => field.trim()),
        toAttribute: (value: ReadonlyArray<string>) => value.join(","),
      },
    },
    pageSize: { attribute: "page-size", type: Number },
    rows: { state: true },
    start: { state: true },
    total: { state: true },
    busy: { state: true },
    failure: { state: true },
    selection: { state: true },
    matching: { state: true },
    selecting: { state: true },
  }

  static override styles = styles

  /** Which reports, in which order. */
  declare filter: ReportFilter
  /** The report fields shown as columns (`fields` attribute: comma-separated). */
  declare fields: ReadonlyArray<string>
  /** Reports per page, at most 100 (the server's limit). */
  declare pageSize: number
  declare rows: ReadonlyArray<ReportRow>
  declare start: number
  declare total: number | undefined
  declare busy: boolean
  declare failure: string | undefined
  /** The selected reports: report id to its channel's id (the bulk actions need both). */
  declare selection: ReadonlyMap<number, number>
  /** Whether the selection is every report the search finds. */
  declare matching: boolean
  /** Whether every report of the search is being selected, page after page. */
  declare selecting: boolean

  #searchId: number | undefined
  #searched: { readonly filter: ReportFilter; readonly connection: Connection } | undefined
  #request = 0

  constructor() {
    super()
    this.filter = everything
    this.fields = defaultColumns
    this.pageSize = 60
    this.rows = []
    this.start = 0
    this.busy = false
    this.selection = new Map()
    this.matching = false
    this.selecting = false
    this.addEventListener("fr-reports-changed", () => {
      this.select(new Map())
      this.refresh()
    })
  }

  private get shownColumns(): ReadonlyArray<Column> {
    return columns.filter((column) => this.fields.includes(column.field))
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed)
    const connection = this.connection
    if (connection === undefined) return
    if (this.#searched?.filter !== this.filter || this.#searched.connection !== connection) {
      this.#searched = { filter: this.filter, connection }
      // Another search: what was selected from the last one is not what "all" means now.
      if (this.selection.size > 0) this.select(new Map())
      void this.search(connection)
    } else if (changed.has("fields") || changed.has("pageSize")) {
      void this.load(connection, this.start)
    }
  }

  /** Searches again with the current filter (after a report changed, say). */
  refresh(): void {
    const connection = this.connection
    if (connection !== undefined) void this.search(connection)
  }

  private async search(connection: Connection) {
    const request = ++this.#request
    this.busy = true
    this.failure = undefined
    try {
      const searchId = await startSearch(connection, this.filter)
      if (request !== this.#request) return
      this.#searchId = searchId
      await this.load(connection, 0)
    } catch (error) {
      if (request === this.#request) {
        this.failure = errorText(error)
        this.busy = false
      }
    }
  }

  private async load(connection: Connection, start: number) {
    if (this.#searchId === undefined) return
    const request = ++this.#request
    this.busy = true
    try {
      const size = Math.min(100, Math.max(1, this.pageSize))
      const page = await reportPage(connection, this.#searchId, { start, end: start + size - 1 }, [
        ...this.fields,
        "account_id",
      ])
      if (request !== this.#request) return
      this.rows = page.items
      this.start = start
      this.total = page.total
      this.failure = undefined
    } catch (error) {
      if (request === this.#request) this.failure = errorText(error)
    } finally {
      if (request === this.#request) this.busy = false
    }
  }

  private turn(step: number) {
    const connection = this.connection
    const size = Math.min(100, Math.max(1, this.pageSize))
    if (connection !== undefined) void this.load(connection, Math.max(0, this.start + step * size))
  }

  private orderBy(column: Column) {
    const current = this.filter.order[0]
    const direction = current?.field === column.field && current.direction === "desc" ? "asc" : "desc"
    const clause: OrderClause = { field: column.field as OrderClause["field"], direction }
    this.filter = {
      ...this.filter,
      order: [clause, ...this.filter.order.filter((other) => other.field !== clause.field)],
    }
    this.dispatchEvent(new FilterChangeEvent(this.filter))
  }

  private toggleColumn(field: string, shown: boolean) {
    const wanted = new Set(shown ? [...this.fields, field] : this.fields.filter((other) => other !== field))
    this.fields = columns.map((column) => column.field).filter((candidate) => wanted.has(candidate))
  }

  /** Sets the selection; any change but Select all makes it less than every matching report. */
  private select(selection: ReadonlyMap<number, number>, matching = false) {
    this.selection = selection
    this.matching = matching
    // The bulk actions load with the first selection: a view that selects nothing never fetches them.
    if (selection.size > 0) void import("../report-bulk-actions/report-bulk-actions.ts")
  }

  private toggleRow(row: ReportRow, selected: boolean) {
    const selection = new Map(this.selection)
    if (selected) selection.set(row.id, Number(row.account_id))
    else selection.delete(row.id)
    this.select(selection)
  }

  private togglePage(selected: boolean) {
    const selection = new Map(this.selection)
    for (const row of this.rows) {
      if (selected) selection.set(row.id, Number(row.account_id))
      else selection.delete(row.id)
    }
    this.select(selection)
  }

  /** Selects every report the search finds, up to the limit, through the search's pages. */
  private async selectAllMatching() {
    const connection = this.connection
    const searchId = this.#searchId
    if (connection === undefined || searchId === undefined || this.total === undefined) return
    const wanted = Math.min(this.total, selectionLimit)
    this.selecting = true
    try {
      const selection = new Map<number, number>()
      while (selection.size < wanted) {
        const start = selection.size
        const end = Math.min(wanted, start + widestPage) - 1
        const page = await reportPage(connection, searchId, { start, end }, ["account_id"])
        if (searchId !== this.#searchId) return
        for (const row of page.items) selection.set(row.id, Number(row.account_id))
        if (page.items.length === 0) break
      }
      this.select(selection, selection.size === this.total)
    } catch (error) {
      if (searchId === this.#searchId) this.failure = errorText(error)
    } finally {
      this.selecting = false
    }
  }

  override render() {
    const size = Math.min(100, Math.max(1, this.pageSize))
    const end = this.start + this.rows.length
    return html`
      <div class="bar">
        <span role="status" aria-live="polite">${this.statusText(end)}</span>
        <details>
          <summary>${msg("Columns", { id: "reportTable.columns" })}</summary>
          <div role="group" aria-label=${msg("Columns", { id: "reportTable.columns" })}>
            ${columns.map(
              (column) => html`<label><input type="checkbox" .checked=${this.fields.includes(column.field)}
                @change=${(event: Event) => this.toggleColumn(column.field, (event.target as HTMLInputElement).checked)}
              />${column.label}</label>`,
            )}
          </div>
        </details>
        <span part="pager">
          <button type="button" @click=${() => this.turn(-1)} ?disabled=${this.busy || this.start === 0}>${msg("Previous", { id: "reportTable.previous" })}</button>
          <button type="button" @click=${() => this.turn(1)}
            ?disabled=${this.busy || this.total === undefined || this.start + size >= this.total}>${msg("Next", { id: "reportTable.next" })}</button>
        </span>
      </div>
      ${this.failure === undefined ? nothing : html`<p class="error" role="alert">${this.failure}</p>`}
      ${this.selectionLine()}
      ${
        this.selection.size === 0 && customElements.get("fr-report-bulk-actions") === undefined
          ? nothing
          : html`<fr-report-bulk-actions part="bulk-actions" .selection=${this.selection} .filter=${this.filter}
              ?matching=${this.matching} base-url=${ifDefined(this.baseUrl)} token=${ifDefined(this.token)}
              app-id=${ifDefined(this.appId)} team-id=${ifDefined(this.teamId)}></fr-report-bulk-actions>`
      }
      <div class="scroll">
        <table part="table" aria-busy=${this.busy ? "true" : "false"}>
          <caption class="visually-hidden">${msg("Reports", { id: "view.reports" })}</caption>
          <thead><tr>${this.pageCheckbox()}${this.shownColumns.map((column) => this.header(column))}</tr></thead>
          <tbody>
            ${this.rows.map(
              (row) => html`<tr aria-selected=${this.selection.has(row.id) ? "true" : "false"}>
                ${this.rowCheckbox(row)}${this.shownColumns.map((column) => this.cell(column, row))}</tr>`,
            )}
          </tbody>
        </table>
      </div>
    `
  }

  private statusText(end: number): string {
    if (this.busy && this.rows.length === 0) return msg("Searching…", { id: "reportTable.searching" })
    if (this.total === 0) return msg("No reports match.", { id: "reportTable.none" })
    if (this.total === undefined) return ""
    return msg(
      str`Reports ${formatCount(this.start + 1)}–${formatCount(end)} of ${formatCount(this.total)}`,
      {
        id: "reportTable.range",
      },
    )
  }

  private pageCheckbox() {
    const selected = this.rows.filter((row) => this.selection.has(row.id)).length
    const all = this.rows.length > 0 && selected === this.rows.length
    return html`<th scope="col" class="pick">
      <label><input type="checkbox" .checked=${all} .indeterminate=${selected > 0 && !all}
        ?disabled=${this.rows.length === 0 || this.selecting}
        @change=${(event: Event) => this.togglePage((event.target as HTMLInputElement).checked)}
      /><span class="visually-hidden">${msg("Select the reports of this page", { id: "reportTable.selectPage" })}</span></label>
    </th>`
  }

  private rowCheckbox(row: ReportRow) {
    const label =
      typeof row.title === "string" && row.title !== ""
        ? msg(str`Select report ${row.id}: ${row.title}`, { id: "reportTable.selectTitled" })
        : msg(str`Select report ${row.id}`, { id: "reportTable.select" })
    return html`<td class="pick">
      <label><input type="checkbox" .checked=${this.selection.has(row.id)} ?disabled=${this.selecting}
        @change=${(event: Event) => this.toggleRow(row, (event.target as HTMLInputElement).checked)}
      /><span class="visually-hidden">${label}</span></label>
    </td>`
  }

  /**
   * What is selected, and the way to more or none of it: with the whole page selected and more
   * reports in the search, Select all (at most `selectionLimit`, said when the search holds more).
   */
  private selectionLine() {
    const total = this.total ?? 0
    const count = this.selection.size
    const pageSelected = this.rows.length > 0 && this.rows.every((row) => this.selection.has(row.id))
    const more = pageSelected && !this.matching && count < Math.min(total, selectionLimit)
    if (count === 0 && !this.selecting) return nothing
    // The count itself is the bulk actions' to say; this line says only what "all" came to.
    const said = this.selecting
      ? msg(str`Selecting up to ${reportCount(Math.min(total, selectionLimit))}…`, {
          id: "reportTable.selecting",
        })
      : this.matching
        ? plural(count, {
            one: (number) =>
              msg(str`The ${number} report the search finds is selected.`, {
                id: "reportTable.allSelected.one",
              }),
            other: (number) =>
              msg(str`All ${number} reports the search finds are selected.`, {
                id: "reportTable.allSelected.other",
              }),
          })
        : undefined
    const capped = total > selectionLimit
    return html`<p part="selection" class="selection">
      ${said === undefined ? nothing : html`<span>${said}</span>`}
      ${
        more && !this.selecting
          ? html`<button type="button" @click=${() => void this.selectAllMatching()}>${
              capped
                ? msg(str`Select the first ${formatCount(selectionLimit)} of ${reportCount(total)}`, {
                    id: "reportTable.selectFirst",
                  })
                : plural(total, {
                    one: (number) =>
                      msg(str`Select the ${number} report`, { id: "reportTable.selectAll.one" }),
                    other: (number) =>
                      msg(str`Select all ${number} reports`, { id: "reportTable.selectAll.other" }),
                  })
            }</button>`
          : nothing
      }
      ${
        capped && (more || count >= selectionLimit)
          ? html`<span class="hint">${msg(str`Bulk actions take at most ${reportCount(selectionLimit)} at a time; narrow the filter for the rest.`, { id: "reportTable.limit" })}</span>`
          : nothing
      }
      <button type="button" ?disabled=${this.selecting} @click=${() => this.select(new Map())}>${msg("Clear selection", { id: "reportTable.clear" })}</button>
    </p>`
  }

  private header(column: Column) {
    if (!column.orderable) return html`<th scope="col">${column.label}</th>`
    const current = this.filter.order[0]
    const sort =
      current?.field === column.field ? (current.direction === "asc" ? "ascending" : "descending") : "none"
    return html`<th scope="col" aria-sort=${sort}>
      <button type="button" @click=${() => this.orderBy(column)}>${column.label}
        ${sort === "ascending" ? "▲" : sort === "descending" ? "▼" : ""}</button>
    </th>`
  }

  private cell(column: Column, row: ReportRow) {
    const text = cellText(column, row[column.field])
    // The id and the title open the report, so it can be opened whichever of them is shown.
    if (column.field !== "title" && column.field !== "id") return html`<td>${text}</td>`
    return html`<td class=${column.field}>
      <button type="button" @click=${() => this.dispatchEvent(new ReportSelectEvent(row.id))}>
        ${text === "" ? msg(str`Report ${row.id}`, { id: "reportMap.pin" }) : text}
      </button>
    </td>`
  }
}

customElements.define("fr-report-table", ReportTable)

declare global {
  interface HTMLElementTagNameMap {
    "fr-report-table": ReportTable
  }
}
