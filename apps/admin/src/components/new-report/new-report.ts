/**
 * `fr-new-report`: files a report in a channel: the channel's form with each field's control,
 * checked with the same rule the server applies (`FormAnswers.validate` of the domain) before it
 * is sent (and its rule that a report has a location or an address), a location by map click or coordinates, or an address, and photos uploaded as they
 * are chosen.
 */

import type { Category } from "@fieldreport/domain/Category"
import type { Channel } from "@fieldreport/domain/Channel"
import type { Form } from "@fieldreport/domain/Form"
import { type Location, type ReportCreate, requireLocation } from "@fieldreport/domain/Report"
import { msg, str } from "@lit/localize"
import { Result } from "effect"
import { css, html, nothing, type PropertyValues } from "lit"
import type { AnswerChangeEvent } from "../../events/answer-change.ts"
import type { LocationChangeEvent } from "../../events/location-change.ts"
import { ReportSavedEvent } from "../../events/report-saved.ts"
import { ApiElement } from "../../shared/ApiElement.ts"
import { type EditedAnswer, validate, wireAnswers } from "../../shared/answers.ts"
import { loadCategories } from "../../shared/categories.ts"
import type { Connection } from "../../shared/connection.ts"
import { everything, none } from "../../shared/ReportFilter.ts"
import { densestPoint } from "../../shared/reportSearch.ts"
import { errorText, fieldErrors, run } from "../../shared/run.ts"
import { base, border, radius } from "../../shared/theme.ts"
import "../answer-input/answer-input.ts"
import "../location-picker/location-picker.ts"

/**
 * @summary The form to file a new report in a channel.
 *
 * @event fr-report-saved - `ReportSavedEvent` (with `created` true) once the server filed it.
 * @csspart form - The form.
 * @csspart submit - The file button.
 * @cssproperty --fr-color-accent - The file button.
 *
 * @example
 * ```html
 * <fr-new-report base-url="https://reports.example.com" token="fra_…" channel-id="3"></fr-new-report>
 * ```
 */
export class NewReport extends ApiElement {
  static override properties = {
    ...ApiElement.properties,
    channelId: { attribute: "channel-id", type: Number },
    tileUrl: { attribute: "tile-url" },
    tileAttribution: { attribute: "tile-attribution" },
    channels: { state: true },
    form: { state: true },
    categories: { state: true },
    answers: { state: true },
    errors: { state: true },
    failure: { state: true },
    busy: { state: true },
    loadingForm: { state: true },
  }

  static override styles = [
    base,
    css`
      :host { display: block; max-width: 52rem; }
      form { display: grid; gap: 1rem; padding: 1rem; border: 1px solid ${border}; border-radius: ${radius}; }
      h2 { margin: 0; font-size: 1.3rem; }
      label.channel { display: grid; gap: 0.25rem; font-weight: 600; }
      fieldset { border: none; padding: 0; margin: 0; display: grid; gap: 0.4rem; }
      legend { font-weight: 600; padding: 0; }
    `,
  ]

  /** The channel to file in; the user picks one of theirs when not given. */
  declare channelId: number | undefined
  /** A basemap for the location map, such as `https://tile.openstreetmap.org/{z}/{x}/{y}.png`; none by default. */
  declare tileUrl: string | undefined
  /** Credit of the basemap's tiles, shown in the map's corner. */
  declare tileAttribution: string | undefined
  declare channels: ReadonlyArray<Channel>
  declare form: Form | undefined
  declare categories: ReadonlyArray<Category>
  declare answers: Readonly<Record<string, EditedAnswer>>
  declare errors: Readonly<Record<string, ReadonlyArray<string>>>
  declare failure: string | undefined
  declare busy: boolean
  /** While the chosen channel's form is on its way (the form says so with `aria-busy`). */
  declare loadingForm: boolean

  #where: { location: Location | undefined; address: string } = { location: undefined, address: "" }
  #contentTypes = new Map<number, string>()
  #loadedForm: { readonly channelId: number; readonly connection: Connection } | undefined

  constructor() {
    super()
    this.channels = []
    this.categories = []
    this.answers = {}
    this.errors = {}
    this.busy = false
    this.loadingForm = true
  }

  protected override connected(connection: Connection): void {
    run(connection.client.call("listChannels", { query: { team_id: connection.teamId } })).then(
      (channels) => {
        this.channels = channels
        this.channelId ??= channels[0]?.id
      },
      (error) => {
        this.failure = errorText(error)
      },
    )
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed)
    const connection = this.connection
    const channelId = this.channelId
    if (connection === undefined || channelId === undefined) return
    if (this.#loadedForm?.channelId !== channelId || this.#loadedForm.connection !== connection) {
      this.#loadedForm = { channelId, connection }
      void this.loadForm(connection, channelId)
    }
  }

  private async loadForm(connection: Connection, channelId: number) {
    this.loadingForm = true
    try {
      const [form, categories] = await Promise.all([
        run(connection.client.call("getChannelForm", { path: { channel_id: channelId } })),
        loadCategories(connection, channelId),
      ])
      this.form = form
      this.categories = categories
      this.answers = {}
      this.errors = {}
      this.failure = undefined
      void this.centreMap(connection, channelId)
    } catch (error) {
      this.failure = errorText(error)
    } finally {
      if (this.channelId === channelId) this.loadingForm = false
    }
  }

  /** Shows the map where the channel's reports are, so the new one is a click away. */
  private async centreMap(connection: Connection, channelId: number) {
    const centre = await densestPoint(connection, {
      ...everything,
      filter: { ...none, channels: [channelId] },
    }).catch(() => undefined)
    if (centre !== undefined && this.#where.location === undefined && this.channelId === channelId) {
      this.renderRoot.querySelector("fr-location-picker")?.centre(centre)
    }
  }

  override render() {
    const fields = [...(this.form?.fields ?? [])].sort((a, b) => a.form_order - b.form_order)
    return html`
      <form part="form" aria-labelledby="new-report-title" aria-busy=${this.loadingForm ? "true" : "false"}
        novalidate @submit=${this.submit}
        @fr-answer-change=${(event: AnswerChangeEvent) => {
          if (event.uploaded !== undefined)
            this.#contentTypes.set(event.uploaded.id, event.uploaded.content_type)
          this.answers = { ...this.answers, [event.key]: event.value }
        }}>
        <h2 id="new-report-title">${msg("New report", { id: "view.newReport" })}</h2>
        <label class="channel">${msg("Channel", { id: "channelSelections.channel" })}
          <select name="channel" @change=${(event: Event) => {
            this.channelId = Number((event.target as HTMLSelectElement).value)
            this.loadingForm = true
          }}>
            ${this.channels.map(
              (channel) =>
                html`<option value=${channel.id} ?selected=${channel.id === this.channelId}>${channel.name}</option>`,
            )}
          </select>
        </label>
        ${fields.map(
          (field) => html`<fr-answer-input .field=${field} .categories=${this.categories}
            .value=${this.answers[field.key] ?? null} .errors=${this.errors[`report.${field.key}`] ?? []}></fr-answer-input>`,
        )}
        <fieldset>
          <legend>${msg("Where", { id: "newReport.where" })}</legend>
          <fr-location-picker tile-url=${this.tileUrl ?? nothing}
            tile-attribution=${this.tileAttribution ?? nothing}
            @fr-location-change=${(event: LocationChangeEvent) => this.#located(event)}></fr-location-picker>
          ${(this.errors["report.location"] ?? []).map((message) => html`<p class="error">${msg(str`Location ${message}`, { id: "reportDetail.locationError" })}</p>`)}
        </fieldset>
        ${this.failure === undefined ? nothing : html`<p class="error" role="alert">${this.failure}</p>`}
        <div>
          <button class="primary" part="submit" type="submit" ?disabled=${this.busy || this.form === undefined}>
            ${msg("File report", { id: "newReport.file" })}
          </button>
        </div>
      </form>
    `
  }

  /**
   * Keeps where the report is; a location problem shown after a refused submit goes as soon as a
   * pin or an address answers it, not only at the next submit.
   */
  #located(event: LocationChangeEvent): void {
    this.#where = { location: event.location, address: event.address }
    if (this.errors["report.location"] === undefined) return
    const answered = requireLocation(
      event.location === undefined
        ? { address: event.address }
        : { location: event.location, address: event.address },
    )
    if (Result.isFailure(answered)) return
    const { "report.location": _answered, ...others } = this.errors
    this.errors = others
  }

  private async submit(event: SubmitEvent) {
    event.preventDefault()
    const connection = this.connection
    const form = this.form
    if (connection === undefined || form === undefined || this.channelId === undefined) return
    const errors: Record<string, ReadonlyArray<string>> = {
      ...validate(form.fields, this.answers, "create", this.#contentTypes),
    }
    const { location, address } = this.#where
    const located = requireLocation(location === undefined ? { address } : { location, address })
    if (Result.isFailure(located)) Object.assign(errors, located.failure.errors)
    this.errors = errors
    if (Object.keys(errors).length > 0) {
      this.failure = msg("Please correct the fields marked above.", { id: "newReport.invalid" })
      return
    }
    this.busy = true
    this.failure = undefined
    try {
      const report = await run(
        connection.client.call("createReport", {
          body: {
            // The answers sit beside the named members, keyed by field, which TypeScript types
            // only as an index signature that the location would have to match too.
            report: {
              account_id: this.channelId,
              ...(location === undefined ? {} : { location }),
              ...(address.trim() === "" ? {} : { address: address.trim() }),
              ...wireAnswers(this.answers),
            } as typeof ReportCreate.Encoded,
          },
        }),
      )
      this.answers = {}
      this.dispatchEvent(new ReportSavedEvent(report.id, true))
    } catch (error) {
      this.errors = fieldErrors(error)
      this.failure = errorText(error)
    } finally {
      this.busy = false
    }
  }
}

customElements.define("fr-new-report", NewReport)

declare global {
  interface HTMLElementTagNameMap {
    "fr-new-report": NewReport
  }
}
