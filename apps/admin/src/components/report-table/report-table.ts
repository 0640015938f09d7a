/**
 * `fr-report-table`: the reports of a search, a page at a time (`Range`), with the columns the
 * user picks (sent as `fields`) and ordering by the orderable columns.
 */
import { html, nothing, type PropertyValues } from "lit"
import { FilterChangeEvent } from "../../events/filter-change.ts"
import { ReportSelectEvent } from "../../events/report-select.ts"
import { ApiElement } from "../../shared/ApiElement.ts"
import type { Connection } from "../../shared/connection.ts"
import { everything, type OrderClause, type ReportFilter } from "../../shared/ReportFilter.ts"
import { type ReportRow, reportPage, startSearch } from "../../shared/reportSearch.ts"
import { errorText } from "../../shared/run.ts"
import { type Column, cellText, columns, defaultColumns } from "./report-columns.ts"
import { styles } from "./report-table.styles.ts"

/**
 * @summary A paged table of the reports that match a filter.
 *
 * @event fr-report-select - `ReportSelectEvent` when the user opens a report.
 * @event fr-filter-change - `FilterChangeEvent` when the user orders by a column (the new filter).
 * @csspart table - The table.
 * @csspart pager - The previous and next buttons.
 * @cssproperty --fr-color-accent - Report links.
 * @cssproperty --fr-color-surface-raised - Header row and hovered rows.
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
      const page = await reportPage(connection, this.#searchId, { start, end: start + size - 1 }, this.fields)
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

  override render() {
    const size = Math.min(100, Math.max(1, this.pageSize))
    const end = this.start + this.rows.length
    return html`
      <div class="bar">
        <span role="status" aria-live="polite">${this.statusText(end)}</span>
        <details>
          <summary>Columns</summary>
          <div role="group" aria-label="Columns">
            ${columns.map(
              (column) => html`<label><input type="checkbox" .checked=${this.fields.includes(column.field)}
                @change=${(event: Event) => this.toggleColumn(column.field, (event.target as HTMLInputElement).checked)}
              />${column.label}</label>`,
            )}
          </div>
        </details>
        <span part="pager">
          <button type="button" @click=${() => this.turn(-1)} ?disabled=${this.busy || this.start === 0}>Previous</button>
          <button type="button" @click=${() => this.turn(1)}
            ?disabled=${this.busy || this.total === undefined || this.start + size >= this.total}>Next</button>
        </span>
      </div>
      ${this.failure === undefined ? nothing : html`<p class="error" role="alert">${this.failure}</p>`}
      <div class="scroll">
        <table part="table" aria-busy=${this.busy ? "true" : "false"}>
          <caption class="visually-hidden">Reports</caption>
          <thead><tr>${this.shownColumns.map((column) => this.header(column))}</tr></thead>
          <tbody>
            ${this.rows.map(
              (row) => html`<tr>${this.shownColumns.map((column) => this.cell(column, row))}</tr>`,
            )}
          </tbody>
        </table>
      </div>
    `
  }

  private statusText(end: number): string {
    if (this.busy && this.rows.length === 0) return "Searching…"
    if (this.total === 0) return "No reports match."
    if (this.total === undefined) return ""
    return `Reports ${this.start + 1}–${end} of ${this.total}`
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
        ${text === "" ? `Report ${row.id}` : text}
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
