/**
 * The analytics dashboard of a channel: all nine analytics for a range of local days in a time
 * zone, each as a chart with its table (the table is also what a screen reader reads), the read
 * counts as figures and the report images as thumbnails.
 */

import type { ReportImage, ReportsRead } from "@fieldreport/domain/Analytics"
import { type RangeWidth, rangeWidths } from "@fieldreport/domain/AnalyticsBucket"
import type { Channel } from "@fieldreport/domain/Channel"
import { msg, str } from "@lit/localize"
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from "chart.js"
import { Option } from "effect"
import { html, nothing, type PropertyValues } from "lit"
import { ReportSelectEvent } from "../../events/report-select.ts"
import { ApiElement } from "../../shared/ApiElement.ts"
import type { Connection } from "../../shared/connection.ts"
import { reportCount } from "../../shared/reportCount.ts"
import { errorText, run } from "../../shared/run.ts"
import { formatCount } from "../../shared/size.ts"
import { chosenChannel, currentTeamId, fullName, teamChannels, teamPeople } from "../../shared/team.ts"
import {
  type Analytic,
  fieldSelection,
  listAnalytics,
  readCounts,
  type Shown,
  show,
  widthName,
} from "./analytics-catalogue.ts"
import { styles } from "./analytics-dashboard.styles.ts"
import { timeZones, toQuery } from "./analytics-range.ts"

Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
)

const asWidth = (text: string): RangeWidth | undefined => rangeWidths.find((width) => width === text)

const isoDay = (date: Date): string => date.toISOString().slice(0, 10)

/**
 * @summary The nine analytics of a channel as charts and tables, for a date range and a time zone.
 *
 * @csspart controls - The channel, dates and time zone.
 * @csspart panel - The box of one analytic.
 *
 * @cssproperty --fr-color-accent - Colour of bars and lines.
 *
 * @event fr-report-select - When a report image is opened; `reportId` is its report.
 *
 * @example
 * ```html
 * <fr-analytics-dashboard base-url="https://reports.example.com" token="…" channel-id="4" time-zone="Pacific/Auckland"></fr-analytics-dashboard>
 * ```
 */
export class AnalyticsDashboard extends ApiElement {
  static override styles = styles
  static override properties = {
    ...ApiElement.properties,
    channelId: { attribute: "channel-id", type: Number },
    channels: { attribute: false },
    from: {},
    to: {},
    timeZone: { attribute: "time-zone" },
    width: { state: true },
    fieldId: { state: true },
    fields: { state: true },
    shown: { state: true },
    reads: { state: true },
    images: { state: true },
    problem: { state: true },
    loading: { state: true },
  }

  /** The channel whose reports are counted; the first of the channels by default. */
  declare channelId: number | undefined
  /** The channels to choose from; loaded from the team when not given. */
  declare channels: ReadonlyArray<Channel> | undefined
  /** First day shown, `YYYY-MM-DD`; 30 days ago by default. */
  declare from: string
  /** Last day shown, `YYYY-MM-DD`; today by default. */
  declare to: string
  /** IANA time zone the days and hours are counted in; the browser's by default. */
  declare timeZone: string
  /** The buckets of reports over time; undefined lets the server choose from the range. */
  declare width: RangeWidth | undefined
  declare fieldId: number | undefined
  declare fields: ReadonlyArray<{ readonly id: number; readonly label: string }>
  declare shown: ReadonlyArray<Shown>
  declare reads: ReportsRead | undefined
  declare images: ReadonlyArray<ReportImage>
  declare problem: string | undefined
  declare loading: boolean

  #people = new Map<number, string>()
  #charts = new Map<string, Chart>()
  /** Counts loads, so the answers of an older choice never replace a newer one's. */
  #asked = 0

  constructor() {
    super()
    const today = new Date()
    this.channelId = undefined
    this.channels = undefined
    this.from = isoDay(new Date(today.getTime() - 29 * 86_400_000))
    this.to = isoDay(today)
    this.timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone
    this.width = undefined
    this.fieldId = undefined
    this.fields = []
    this.shown = []
    this.reads = undefined
    this.images = []
    this.problem = undefined
    this.loading = false
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed)
    if (changed.has("channels") && this.channels !== undefined) {
      this.channelId = chosenChannel(this.channels, this.channelId)
    }
  }

  protected override connected(connection: Connection): void {
    void this.#start(connection)
  }

  async #start(connection: Connection): Promise<void> {
    try {
      const teamId = await currentTeamId(connection)
      if (teamId !== undefined) {
        const [channels, people] = await Promise.all([
          this.channels === undefined ? teamChannels(connection, teamId) : Promise.resolve(this.channels),
          teamPeople(connection, teamId),
        ])
        this.channels = channels
        this.#people = new Map(people.map((person) => [person.user_id, fullName(person)]))
      }
      this.channelId ??= this.channels?.[0]?.id
      await this.#loadFields()
      await this.load()
    } catch (error) {
      this.problem = errorText(error)
    }
  }

  /** The fields of the channel's form that `reports_per_field_selection` can count. */
  async #loadFields(): Promise<void> {
    const connection = this.connection
    if (connection === undefined || this.channelId === undefined) return
    const form = await run(connection.client.call("getChannelForm", { path: { channel_id: this.channelId } }))
    this.fields = form.fields
      .filter((field) => ["Category", "DropDown", "Radio"].includes(field.field_type))
      .map((field) => ({ id: field.id, label: field.label.replace(/<[^>]*>/g, "") }))
    this.fieldId = this.fields.find((field) => field.id === this.fieldId)?.id ?? this.fields[0]?.id
  }

  /** Fetches every analytic for the chosen channel, range and time zone. */
  async load(): Promise<void> {
    const connection = this.connection
    const channelId = this.channelId
    if (connection === undefined || channelId === undefined) return
    const range = toQuery({ from: this.from, to: this.to, timeZone: this.timeZone })
    if (Option.isNone(range)) {
      this.problem = msg("Choose a first day on or before the last day, and a known time zone.", {
        id: "analytics.badRange",
      })
      return
    }
    const query = { channel_id: channelId, time_zone: this.timeZone, ...range.value }
    const fetchShown = async <R>(analytic: Analytic<R>): Promise<Shown> =>
      show(
        analytic,
        await run(
          connection.client.call(
            analytic.operationId,
            { query: { ...query, ...analytic.query } },
            { as: analytic.schema },
          ),
        ),
      )
    const field = this.fields.find((candidate) => candidate.id === this.fieldId)
    const asked = ++this.#asked
    this.loading = true
    try {
      const names = (userId: number) =>
        this.#people.get(userId) ?? msg(str`User ${userId}`, { id: "tasksBoard.user" })
      const [shown, reads, images] = await Promise.all([
        Promise.all([
          // The list mixes record types; each analytic pairs its own schema with its own columns.
          ...listAnalytics(this.timeZone, names, this.width).map((analytic) =>
            fetchShown(analytic as Analytic<unknown>),
          ),
          ...(field === undefined ? [] : [fetchShown(fieldSelection(field))]),
        ]),
        run(connection.client.call(readCounts.operationId, { query: { ...query, ...readCounts.query } })),
        run(connection.client.call("analyticsReportsImages", { query })),
      ])
      if (asked !== this.#asked) return
      this.shown = shown
      this.reads = reads
      this.images = images
      this.problem = undefined
    } catch (error) {
      this.problem = errorText(error)
    } finally {
      if (asked === this.#asked) this.loading = false
    }
  }

  protected override updated(): void {
    for (const shown of this.shown) {
      if (shown.chart === undefined) continue
      const canvas = this.renderRoot.querySelector<HTMLCanvasElement>(`canvas[data-name="${shown.name}"]`)
      // Without a 2D canvas (an old browser, a test DOM) the tables alone show the figures.
      if (canvas === null || canvas.getContext("2d") === null) continue
      const existing = this.#charts.get(shown.name)
      if (existing !== undefined && existing.canvas === canvas) {
        existing.data.labels = [...shown.labels]
        const dataset = existing.data.datasets[0]
        if (dataset !== undefined) dataset.data = [...shown.counts]
        existing.update()
        continue
      }
      existing?.destroy()
      const color = getComputedStyle(this).getPropertyValue("--fr-color-accent").trim() || "#1f5fbf"
      this.#charts.set(
        shown.name,
        new Chart(canvas, {
          type: shown.chart,
          data: {
            labels: [...shown.labels],
            datasets: [
              {
                label: msg("Reports", { id: "view.reports" }),
                data: [...shown.counts],
                backgroundColor: color,
                borderColor: color,
              },
            ],
          },
          options: {
            animation: false,
            maintainAspectRatio: false,
            scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
          },
        }),
      )
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    for (const chart of this.#charts.values()) chart.destroy()
    this.#charts.clear()
  }

  #change(apply: () => void, reloadFields = false) {
    return async () => {
      apply()
      if (reloadFields) await this.#loadFields().catch((error: unknown) => (this.problem = errorText(error)))
      await this.load()
    }
  }

  #controls() {
    const value = (event: Event) => (event.target as HTMLInputElement | HTMLSelectElement).value
    return html`
      <form part="controls" aria-label=${msg("Analytics range", { id: "analytics.range" })} @submit=${(event: Event) => event.preventDefault()}>
        <label>${msg("Channel", { id: "channelSelections.channel" })}
          <select @change=${(event: Event) => this.#change(() => (this.channelId = Number(value(event))), true)()}>
            ${(this.channels ?? []).map(
              (channel) =>
                html`<option value=${channel.id} ?selected=${channel.id === this.channelId}>${channel.name}</option>`,
            )}
          </select>
        </label>
        <label>${msg("From", { id: "analytics.from" })} <input type="date" .value=${this.from} @change=${(event: Event) => this.#change(() => (this.from = value(event)))()} /></label>
        <label>${msg("To", { id: "analytics.to" })} <input type="date" .value=${this.to} @change=${(event: Event) => this.#change(() => (this.to = value(event)))()} /></label>
        <label>${msg("Time zone", { id: "analytics.timeZone" })}
          <select @change=${(event: Event) => this.#change(() => (this.timeZone = value(event)))()}>
            ${timeZones().map((zone) => html`<option ?selected=${zone === this.timeZone}>${zone}</option>`)}
          </select>
        </label>
        <label>${msg("Reports over time by", { id: "analytics.overTimeBy" })}
          <select @change=${(event: Event) => this.#change(() => (this.width = asWidth(value(event))))()}>
            <option value="" ?selected=${this.width === undefined}>${msg("Width for the range", { id: "analytics.widthForRange" })}</option>
            ${rangeWidths.map((width) => html`<option value=${width} ?selected=${width === this.width}>${widthName(width)}</option>`)}
          </select>
        </label>
        <label>${msg("Answers of", { id: "analytics.answersOf" })}
          <select @change=${(event: Event) => this.#change(() => (this.fieldId = Number(value(event))))()}>
            ${this.fields.map((field) => html`<option value=${field.id} ?selected=${field.id === this.fieldId}>${field.label}</option>`)}
          </select>
        </label>
        <span role="status" class="muted">${this.loading ? msg("Loading…", { id: "shell.loading" }) : ""}</span>
      </form>
    `
  }

  #panel(shown: Shown) {
    const total = shown.counts.reduce((sum, count) => sum + count, 0)
    return html`
      <section part="panel" aria-labelledby="title-${shown.name}">
        <h3 id="title-${shown.name}">${shown.title}</h3>
        ${
          shown.chart === undefined
            ? nothing
            : html`<div class="chart">
                <canvas data-name=${shown.name} role="img" aria-label=${msg(str`${shown.title}: chart of ${reportCount(total)}; the table below has the figures`, { id: "analytics.chart" })}></canvas>
              </div>`
        }
        <details>
          <summary>${msg("Table", { id: "analytics.table" })}</summary>
          <table>
            <thead><tr>${shown.headings.map((heading) => html`<th scope="col">${heading}</th>`)}</tr></thead>
            <tbody>${shown.rows.map((row) => html`<tr>${row.map((cell) => html`<td>${cell}</td>`)}</tr>`)}</tbody>
          </table>
        </details>
      </section>
    `
  }

  override render() {
    const reads = this.reads
    return html`
      ${this.#controls()}
      ${this.problem === undefined ? nothing : html`<p class="error" role="alert">${this.problem}</p>`}
      ${
        reads === undefined
          ? nothing
          : html`<dl class="figures" aria-label=${readCounts.title}>
              ${readCounts.figures.map((figure) => html`<div><dt>${figure.heading}</dt><dd>${figure.value(reads)}</dd></div>`)}
            </dl>`
      }
      <div class="panels">${this.shown.map((shown) => this.#panel(shown))}</div>
      <section part="panel" aria-labelledby="title-images" class="images">
        <h3 id="title-images">${msg(str`Report images (${formatCount(this.images.length)})`, { id: "analytics.images" })}</h3>
        ${this.images.length === 0 ? html`<p class="muted">${msg("No images in this range.", { id: "analytics.noImages" })}</p>` : nothing}
        <ul>
          ${this.images.map(
            (image) => html`<li>
              <button class="thumb" @click=${() => this.dispatchEvent(new ReportSelectEvent(image.report_id))}>
                <img src=${image.styles.thumb} alt=${msg(str`Image of report ${image.report_id}`, { id: "analytics.image" })} loading="lazy" />
              </button>
            </li>`,
          )}
        </ul>
      </section>
    `
  }
}

customElements.define("fr-analytics-dashboard", AnalyticsDashboard)

declare global {
  interface HTMLElementTagNameMap {
    "fr-analytics-dashboard": AnalyticsDashboard
  }
}
