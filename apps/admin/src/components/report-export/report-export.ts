/**
 * The Export button of the reports view (docs/api.md, Exports): the reports the current filter
 * finds, in its order, as a file of the format picked (CSV, with an option for Excel; GeoJSON; KML;
 * GeoPackage; XLSX). The API makes the file in the background, so the element shows how far it
 * got and then the link to download it. Starting an export is a save of its own (`SaveStatus`):
 * it says in words what it made, or why the API refused or gave up.
 *
 * Leaving the page stops only the following here: the export goes on, and the Exports page lists
 * it with its link.
 */

import {
  type Format,
  fileName,
  formats,
  type ReportExport,
  type RunningReportExport,
} from "@fieldreport/domain/ReportExport"
import { msg, str } from "@lit/localize"
import { html, nothing } from "lit"
import { ifDefined } from "lit/directives/if-defined.js"
import { ApiElement } from "../../shared/ApiElement.ts"
import { formatNames } from "../../shared/exportFormats.ts"
import { everything, type ReportFilter } from "../../shared/ReportFilter.ts"
import { reportCount } from "../../shared/reportCount.ts"
import { exportedFile, startExport } from "../../shared/reportExport.ts"
import { SaveStatus } from "../../shared/SaveStatus.ts"
import { formatCount, formatSize } from "../../shared/size.ts"
import { styles } from "./report-export.styles.ts"

/** How far an export got, as its progress answers. */
type Progress = Pick<RunningReportExport, "state" | "rows_written" | "rows_total">

/**
 * @summary Exports the reports of a filter to a file: a format picker and an Export button, the
 * progress while the file is made, and its download link once done.
 *
 * @csspart form - The format picker and the Export button.
 * @csspart progress - The progress bar and its words while the file is made.
 * @csspart download - The link to the finished file.
 *
 * @cssproperty --fr-color-accent - The Export button and the progress bar.
 * @cssproperty --fr-color-muted - The size of the file and the hint.
 *
 * @example
 * ```html
 * <fr-report-export base-url="https://reports.example.com" token="fra_…"></fr-report-export>
 * ```
 */
export class ReportExportButton extends ApiElement {
  static override styles = styles
  static override properties = {
    ...ApiElement.properties,
    filter: { attribute: false },
    format: { state: true },
    running: { state: true },
    done: { state: true },
    started: { state: true },
  }

  /** Whose reports to export, as the filter form, the map and the table show them. */
  declare filter: ReportFilter
  /** The format picked. */
  declare format: Format
  /** How far the export being made got; undefined when none is. */
  declare running: Progress | undefined
  /** The last export finished here, with its download address. */
  declare done: ReportExport | undefined
  /** Whether an export was started here: the element says nothing before. */
  declare started: boolean

  #status = new SaveStatus(this)
  #following: AbortController | undefined

  constructor() {
    super()
    this.filter = everything
    this.format = "csv"
    this.running = undefined
    this.done = undefined
    this.started = false
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    this.#following?.abort(new Error("the page was left; the export goes on and is listed under Exports"))
  }

  async #export(event: SubmitEvent): Promise<void> {
    event.preventDefault()
    const connection = this.connection
    if (connection === undefined) return
    const format = this.format
    const excel =
      format === "csv" && new FormData(event.currentTarget as HTMLFormElement).get("excel") === "on"
    const following = new AbortController()
    this.#following = following
    this.started = true
    this.done = undefined
    this.running = { state: "pending", rows_written: 0, rows_total: null }
    let done: ReportExport | undefined
    await this.#status.save(
      async () => {
        const id = await startExport(connection, this.filter, format, excel)
        done = await exportedFile(
          connection,
          id,
          (running) => {
            this.running = running
          },
          following.signal,
        )
      },
      () =>
        excel
          ? msg(str`Exported ${reportCount(done?.rows ?? 0)} as ${formatNames[format]} for Excel.`, {
              id: "reportExport.exportedForExcel",
            })
          : msg(str`Exported ${reportCount(done?.rows ?? 0)} as ${formatNames[format]}.`, {
              id: "reportExport.exported",
            }),
    )
    this.running = undefined
    this.done = done
  }

  #progress(running: Progress) {
    const total = running.rows_total
    const said =
      running.state === "pending" || total === null
        ? msg("Waiting for the export to start…", { id: "reportExport.waiting" })
        : msg(str`Written ${formatCount(running.rows_written)} of ${reportCount(total)}…`, {
            id: "reportExport.written",
          })
    return html`
      <div part="progress" class="progress">
        <progress aria-label=${msg("Export progress", { id: "reportExport.progress" })} max=${total ?? 1} value=${ifDefined(total === null ? undefined : running.rows_written)}></progress>
        <span>${said}</span>
        <span class="muted">${msg("You may leave this page: the export goes on, and Past exports lists it.", { id: "reportExport.mayLeave" })}</span>
      </div>
    `
  }

  #download(done: ReportExport) {
    return html`
      <p class="download">
        <a part="download" href=${done.download_url} download=${fileName(done.id, done.format)}>${msg(str`Download ${fileName(done.id, done.format)}`, { id: "reportExport.download" })}</a>
        <span class="muted">(${reportCount(done.rows)}, ${formatSize(done.bytes)})</span>
      </p>
    `
  }

  override render() {
    const saving = this.#status.saving
    return html`
      <form part="form" aria-label=${msg("Export reports", { id: "reportExport.form" })} @submit=${(event: SubmitEvent) => this.#export(event)}>
        <label>${msg("Format", { id: "reportExport.format" })}
          <select name="format" .value=${this.format} @change=${(event: Event) => {
            this.format = (event.target as HTMLSelectElement).value as Format
            this.#status.edited()
          }}>
            ${formats.map((format) => html`<option value=${format} ?selected=${format === this.format}>${formatNames[format]}</option>`)}
          </select>
        </label>
        <label class="choice" ?hidden=${this.format !== "csv"}>
          <input type="checkbox" name="excel" @change=${() => this.#status.edited()} /> ${msg("For Excel", { id: "reportExport.forExcel" })}
        </label>
        <button class="primary" type="submit" ?disabled=${saving}>${msg("Export", { id: "reportExport.export" })}</button>
        <a class="past" href="#/exports">${msg("Past exports", { id: "reportExport.past" })}</a>
      </form>
      ${this.running === undefined ? nothing : this.#progress(this.running)}
      ${
        // The status region comes with the first export, before any words are put in it, so they
        // are still announced; a page of reports has no empty status of this element before it.
        this.started ? this.#status.render() : nothing
      }
      ${this.done === undefined ? nothing : this.#download(this.done)}
    `
  }
}

customElements.define("fr-report-export", ReportExportButton)

declare global {
  interface HTMLElementTagNameMap {
    "fr-report-export": ReportExportButton
  }
}
