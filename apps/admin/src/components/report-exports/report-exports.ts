/**
 * The signed-in user's exports of the last 24 hours (docs/api.md, Exports), newest first: when
 * each started, its format, where it is (waiting, how far it got, done, or why it failed) and,
 * once done, the link to its file. The API deletes an export and its file 24 hours after it
 * started, so the list holds only those. While one is still being made the list reads itself
 * again every few seconds, so it turns into a link without the user asking.
 */

import type { ListedReportExport } from "@fieldreport/domain/ReportExport"
import { fileName } from "@fieldreport/domain/ReportExport"
import { msg, str } from "@lit/localize"
import { html, nothing } from "lit"
import { ApiElement } from "../../shared/ApiElement.ts"
import type { Connection } from "../../shared/connection.ts"
import { formatNames } from "../../shared/exportFormats.ts"
import { reportCount } from "../../shared/reportCount.ts"
import { errorText, run } from "../../shared/run.ts"
import { formatCount, formatSize } from "../../shared/size.ts"
import { formatTime } from "../../shared/time.ts"
import { styles } from "./report-exports.styles.ts"

/** Exports a page shows. */
const PAGE = 20

/** How long the list waits before reading again while an export is being made. */
const refreshMilliseconds = 2000

/**
 * @summary The signed-in user's exports of the last 24 hours, newest first, each with its state
 * and, once done, its download link.
 *
 * @csspart exports - The table of exports (a card per export on a phone).
 * @csspart pager - The page's buttons and its count.
 *
 * @cssproperty --fr-color-border - Lines between exports.
 * @cssproperty --fr-color-danger - Why an export failed.
 * @cssproperty --fr-color-accent - The download links.
 *
 * @example
 * ```html
 * <fr-report-exports base-url="https://reports.example.com" token="fra_…"></fr-report-exports>
 * ```
 */
export class ReportExports extends ApiElement {
  static override styles = styles
  static override properties = {
    ...ApiElement.properties,
    exports: { state: true },
    start: { state: true },
    total: { state: true },
    loading: { state: true },
    problem: { state: true },
  }

  declare exports: ReadonlyArray<ListedReportExport>
  /** The position of the page's first export. */
  declare start: number
  declare total: number | undefined
  declare loading: boolean
  declare problem: string | undefined

  #asked = 0
  #refresh: ReturnType<typeof setTimeout> | undefined

  constructor() {
    super()
    this.exports = []
    this.start = 0
    this.total = undefined
    this.loading = false
    this.problem = undefined
  }

  protected override connected(_connection: Connection): void {
    void this.load(0)
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    clearTimeout(this.#refresh)
  }

  /** Loads the page of exports starting at `start`. */
  async load(start: number): Promise<void> {
    const connection = this.connection
    if (connection === undefined) return
    clearTimeout(this.#refresh)
    const asked = ++this.#asked
    this.loading = true
    try {
      const page = await run(connection.client.page("listReportExports", { start, end: start + PAGE - 1 }))
      if (asked !== this.#asked) return
      this.exports = page.items
      this.start = page.start
      this.total = page.total
      this.problem = undefined
      if (this.isConnected && page.items.some((listed) => unfinished(listed)))
        this.#refresh = setTimeout(() => void this.load(this.start), refreshMilliseconds)
    } catch (error) {
      if (asked === this.#asked) this.problem = errorText(error)
    } finally {
      if (asked === this.#asked) this.loading = false
    }
  }

  #state(listed: ListedReportExport) {
    switch (listed.state) {
      case "pending":
        return msg("Waiting to start", { id: "reportExports.waiting" })
      case "running":
        return listed.rows_total === null
          ? msg("Running", { id: "reportExports.running" })
          : msg(str`Running: ${formatCount(listed.rows_written)} of ${reportCount(listed.rows_total)}`, {
              id: "reportExports.runningOf",
            })
      case "done":
        return msg(str`Done: ${reportCount(listed.rows_written)}`, { id: "reportExports.done" })
      case "failed":
        return html`<span class="error">${msg(str`Failed: ${listed.error ?? msg("the export failed", { id: "reportExports.failedReason" })}`, { id: "reportExports.failed" })}</span>`
    }
  }

  #file(listed: ListedReportExport) {
    if (listed.download_url === null) return nothing
    const name = fileName(listed.id, listed.format)
    return html`<a href=${listed.download_url} download=${name}>${name}</a>${
      listed.bytes === null ? nothing : html` <span class="muted">(${formatSize(listed.bytes)})</span>`
    }`
  }

  #row(listed: ListedReportExport) {
    const [started, format, state, file, kept] = headings()
    return html`
      <tr>
        <th scope="row" data-label=${started}>${formatTime(listed.created_at)}</th>
        <td data-label=${format}>${formatNames[listed.format]}</td>
        <td data-label=${state}>${this.#state(listed)}</td>
        <td data-label=${file}>${this.#file(listed)}</td>
        <td data-label=${kept}>${formatTime(listed.expires_at)}</td>
      </tr>
    `
  }

  #pager() {
    const end = this.start + this.exports.length
    const said =
      this.exports.length === 0
        ? this.loading
          ? msg("Loading…", { id: "reportExports.loading" })
          : msg("No exports", { id: "reportExports.none" })
        : this.total === undefined
          ? msg(str`Exports ${formatCount(this.start + 1)}–${formatCount(end)}`, {
              id: "reportExports.range",
            })
          : msg(
              str`Exports ${formatCount(this.start + 1)}–${formatCount(end)} of ${formatCount(this.total)}`,
              {
                id: "reportExports.rangeOf",
              },
            )
    return html`
      <div part="pager" class="pager">
        <button type="button" ?disabled=${this.start === 0} @click=${() => this.load(Math.max(0, this.start - PAGE))}>${msg("Newer", { id: "reportExports.newer" })}</button>
        <span role="status">${said}</span>
        <button type="button" ?disabled=${this.total === undefined || end >= this.total} @click=${() => this.load(end)}>${msg("Older", { id: "reportExports.older" })}</button>
        <button type="button" @click=${() => this.load(this.start)}>${msg("Refresh", { id: "reportExports.refresh" })}</button>
      </div>
    `
  }

  override render() {
    const empty = this.exports.length === 0 && !this.loading && this.problem === undefined
    return html`
      <p class="muted">${msg("Your exports of the last 24 hours: each is deleted, with its file, a day after it started. Export reports from the Reports page (filter them, pick a format, press Export).", { id: "reportExports.intro" })}</p>
      ${this.problem === undefined ? nothing : html`<p class="error" role="alert">${this.problem}</p>`}
      ${
        empty
          ? html`<p>${msg("You have no exports from the last 24 hours.", { id: "reportExports.empty" })}</p>`
          : html`<table part="exports" aria-label=${msg("My exports", { id: "view.exports.mine" })}>
              <thead>
                <tr>${headings().map((heading) => html`<th scope="col">${heading}</th>`)}</tr>
              </thead>
              <tbody>${this.exports.map((listed) => this.#row(listed))}</tbody>
            </table>`
      }
      ${this.#pager()}
    `
  }
}

/** The table's column headings, in their order. */
const headings = (): ReadonlyArray<string> => [
  msg("Started", { id: "reportExports.started" }),
  msg("Format", { id: "reportExport.format" }),
  msg("State", { id: "reportExports.state" }),
  msg("File", { id: "reportExports.file" }),
  msg("Kept until", { id: "reportExports.keptUntil" }),
]

/** Whether an export is still waiting or being made. */
const unfinished = (listed: ListedReportExport): boolean =>
  listed.state === "pending" || listed.state === "running"

customElements.define("fr-report-exports", ReportExports)

declare global {
  interface HTMLElementTagNameMap {
    "fr-report-exports": ReportExports
  }
}
