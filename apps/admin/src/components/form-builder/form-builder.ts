/**
 * The form builder of a channel: add fields of every type, reorder them, edit their labels, flags
 * and options, and save the definition. It is checked in the browser with the domain's own
 * `FormDefinition` schema before it is sent, so the messages are the server's, without a round trip.
 * Nothing is sent before Save form, which says the version it saved (`SaveStatus`).
 */

import { type Form, FormDefinition } from "@fieldreport/domain/Form"
import { type FieldType, FieldType as FieldTypes, isChoice } from "@fieldreport/domain/FormField"
import { decodeInput } from "@fieldreport/domain/Invalid"
import { msg, str } from "@lit/localize"
import { Result } from "effect"
import { html, nothing } from "lit"
import { ApiElement } from "../../shared/ApiElement.ts"
import type { Connection } from "../../shared/connection.ts"
import { errorText, run } from "../../shared/run.ts"
import { SaveStatus } from "../../shared/SaveStatus.ts"
import { styles } from "./form-builder.styles.ts"
import {
  type FieldDraft,
  type FormDraft,
  fromForm,
  move,
  newField,
  type OptionDraft,
  optionLabel,
  removeAt,
  replaceAt,
  toDefinition,
} from "./form-draft.ts"

/** The row's button that moves it the same way again, or the other one at the end of the list. */
const moveButton = (row: HTMLElement | undefined, direction: "up" | "down"): HTMLElement | null | undefined =>
  row?.querySelector<HTMLElement>(`button[data-move="${direction}"]:not(:disabled)`) ??
  row?.querySelector<HTMLElement>("button[data-move]:not(:disabled)")

/** Each field type by the name people know it by, in the language shown. */
const typeLabels = (): Readonly<Record<FieldType, string>> => ({
  Category: msg("Category", { id: "reportDetail.category" }),
  DateAndTime: msg("Date and time", { id: "formBuilder.type.dateAndTime" }),
  CheckBox: msg("Check boxes", { id: "formBuilder.type.checkBox" }),
  DropDown: msg("Drop-down", { id: "formBuilder.type.dropDown" }),
  Radio: msg("Radio buttons", { id: "formBuilder.type.radio" }),
  ShortTextBox: msg("Short text", { id: "formBuilder.type.shortText" }),
  FreeText: msg("Free text (a heading)", { id: "formBuilder.type.freeText" }),
  Description: msg("Description", { id: "tasksBoard.description" }),
  Image: msg("Images", { id: "formBuilder.type.image" }),
  FileUpload: msg("Files", { id: "formBuilder.type.fileUpload" }),
})

/**
 * @summary A channel's form builder: add, reorder and edit fields and their options.
 *
 * @csspart field - One field's editor.
 * @csspart option - One option of a choice field.
 *
 * @cssproperty --fr-color-surface-raised - Background of a field's editor.
 *
 * @example
 * ```html
 * <fr-form-builder base-url="https://reports.example.com" token="…" channel-id="4"></fr-form-builder>
 * ```
 */
export class FormBuilder extends ApiElement {
  static override styles = styles
  static override properties = {
    ...ApiElement.properties,
    channelId: { attribute: "channel-id", type: Number },
    draft: { state: true },
    version: { state: true },
    problem: { state: true },
  }

  /** The channel whose form is edited. */
  declare channelId: number | undefined
  declare draft: FormDraft | undefined
  declare version: number | undefined
  /** Why the form could not be loaded. */
  declare problem: string | undefined

  #status = new SaveStatus(this)

  constructor() {
    super()
    this.channelId = undefined
    this.draft = undefined
    this.version = undefined
    this.problem = undefined
  }

  protected override connected(_connection: Connection): void {
    void this.load()
  }

  protected override updated(changed: Map<PropertyKey, unknown>): void {
    if (changed.has("channelId") && changed.get("channelId") !== undefined) void this.load()
  }

  /** Loads the channel's current form, dropping unsaved changes. */
  async load(): Promise<void> {
    const connection = this.connection
    const channelId = this.channelId
    if (connection === undefined || channelId === undefined) return
    try {
      const form = await run(connection.client.call("getChannelForm", { path: { channel_id: channelId } }))
      // An answer about a channel left meanwhile must not replace the current channel's.
      if (channelId !== this.channelId) return
      this.#show(form)
      this.problem = undefined
    } catch (error) {
      this.problem = errorText(error)
    }
  }

  #show(form: Form): void {
    this.draft = fromForm(form)
    this.version = form.version
  }

  #edit(change: (draft: FormDraft) => FormDraft): void {
    if (this.draft === undefined) return
    this.draft = change(this.draft)
    this.#status.edited()
  }

  #editField(index: number, change: (field: FieldDraft) => FieldDraft): void {
    this.#edit((draft) => ({ ...draft, fields: replaceAt(draft.fields, index, change) }))
  }

  #editOption(fieldIndex: number, optionIndex: number, change: (option: OptionDraft) => OptionDraft): void {
    this.#editField(fieldIndex, (field) => ({
      ...field,
      options: replaceAt(field.options, optionIndex, change),
    }))
  }

  /**
   * Makes a change that rebuilds part of the list, then puts the keyboard focus where the user's
   * place now is (the rows are reused by position, so it would otherwise stay on another row).
   */
  async #changeAndFocus(
    change: () => void,
    place: (fields: ReadonlyArray<HTMLElement>) => HTMLElement | null | undefined,
  ): Promise<void> {
    change()
    await this.updateComplete
    const fields = [...this.renderRoot.querySelectorAll<HTMLElement>("[part=field]")]
    const target = place(fields) ?? this.renderRoot.querySelector<HTMLElement>("#new-type")
    target?.focus()
  }

  #moveField(index: number, to: number, button: "up" | "down"): Promise<void> {
    return this.#changeAndFocus(
      () => this.#edit((draft) => ({ ...draft, fields: move(draft.fields, index, to) })),
      (fields) => moveButton(fields[Math.max(0, Math.min(fields.length - 1, to))], button),
    )
  }

  #removeField(index: number): Promise<void> {
    return this.#changeAndFocus(
      () => this.#edit((draft) => ({ ...draft, fields: removeAt(draft.fields, index) })),
      (fields) => fields[Math.min(index, fields.length - 1)]?.querySelector("button[data-remove]"),
    )
  }

  #moveOption(index: number, at: number, to: number, button: "up" | "down"): Promise<void> {
    return this.#changeAndFocus(
      () => this.#editField(index, (field) => ({ ...field, options: move(field.options, at, to) })),
      (fields) => moveButton(fields[index]?.querySelectorAll<HTMLElement>("[part=option]")[to], button),
    )
  }

  #removeOption(index: number, at: number): Promise<void> {
    return this.#changeAndFocus(
      () => this.#editField(index, (field) => ({ ...field, options: removeAt(field.options, at) })),
      (fields) => fields[index]?.querySelector("button[data-add-option]"),
    )
  }

  async #save(event: SubmitEvent): Promise<void> {
    event.preventDefault()
    const connection = this.connection
    if (connection === undefined || this.draft === undefined || this.channelId === undefined) return
    const body = toDefinition(this.draft)
    const checked = decodeInput(FormDefinition, body.form, "form")
    if (Result.isFailure(checked)) {
      this.#status.refuse(
        msg("The form has problems; see the fields marked below.", { id: "formBuilder.invalid" }),
        checked.failure.errors,
      )
      return
    }
    const channelId = this.channelId
    await this.#status.save(
      async () =>
        this.#show(
          await run(connection.client.call("replaceChannelForm", { path: { channel_id: channelId }, body })),
        ),
      () => msg(str`Saved as version ${this.version}.`, { id: "formBuilder.saved" }),
    )
  }

  #problemsAt(path: string) {
    const messages = Object.entries(this.#status.problems)
      .filter(([at]) => at === path || at.startsWith(`${path}.`))
      .flatMap(([, list]) => list)
    return messages.length === 0 ? nothing : html`<p class="error">${messages.join("; ")}</p>`
  }

  #options(field: FieldDraft, index: number) {
    const name = field.label
    return html`
      <fieldset>
        <legend>${msg(str`Options of ${name}`, { id: "formBuilder.optionsOf" })}</legend>
        <label class="inline">
          <input type="checkbox" .checked=${field.multi_select}
            @change=${(event: Event) => this.#editField(index, (current) => ({ ...current, multi_select: (event.target as HTMLInputElement).checked }))} />
          ${msg("Several may be chosen", { id: "formBuilder.several" })}
        </label>
        <ol>
          ${field.options.map(
            (option, at) => html`
              <li part="option">
                <input aria-label=${msg(str`Option ${at + 1} of ${name}`, { id: "formBuilder.optionOf" })} required .value=${option.label}
                  @input=${(event: Event) => this.#editOption(index, at, (current) => ({ ...current, label: (event.target as HTMLInputElement).value }))} />
                <label class="inline"><input type="checkbox" .checked=${option.enabled}
                  @change=${(event: Event) => this.#editOption(index, at, (current) => ({ ...current, enabled: (event.target as HTMLInputElement).checked }))} /> ${msg("Enabled", { id: "formBuilder.enabled" })}</label>
                <label class="inline"><input type="checkbox" .checked=${option.is_default}
                  @change=${(event: Event) => this.#editOption(index, at, (current) => ({ ...current, is_default: (event.target as HTMLInputElement).checked }))} /> ${msg("Default", { id: "formBuilder.default" })}</label>
                <button type="button" data-move="up" ?disabled=${at === 0} aria-label=${msg(str`Move option ${option.label} up`, { id: "formBuilder.moveOptionUp" })}
                  @click=${() => this.#moveOption(index, at, at - 1, "up")}>↑</button>
                <button type="button" data-move="down" ?disabled=${at === field.options.length - 1} aria-label=${msg(str`Move option ${option.label} down`, { id: "formBuilder.moveOptionDown" })}
                  @click=${() => this.#moveOption(index, at, at + 1, "down")}>↓</button>
                <button type="button" aria-label=${msg(str`Remove option ${option.label}`, { id: "formBuilder.removeOption" })} @click=${() => this.#removeOption(index, at)}>✕</button>
              </li>
            `,
          )}
        </ol>
        <button type="button" data-add-option
          @click=${() => this.#editField(index, (current) => ({ ...current, options: [...current.options, { label: optionLabel(current.options.length + 1), enabled: true, is_default: false }] }))}>
          ${msg("Add option", { id: "formBuilder.addOption" })}<span class="visually-hidden"> ${msg(str`to ${name}`, { id: "formBuilder.to" })}</span>
        </button>
      </fieldset>
    `
  }

  #field(field: FieldDraft, index: number, count: number) {
    const name = field.label === "" ? msg(str`field ${index + 1}`, { id: "formBuilder.fieldN" }) : field.label
    return html`
      <li part="field">
        <div class="field-head">
          <span class="type">${typeLabels()[field.field_type]}${field.id === undefined ? ` · ${msg("new", { id: "formBuilder.new" })}` : ""}</span>
          <span class="moves">
            <button type="button" data-move="up" ?disabled=${index === 0} aria-label=${msg(str`Move ${name} up`, { id: "reportStates.moveUp" })} @click=${() => this.#moveField(index, index - 1, "up")}>↑</button>
            <button type="button" data-move="down" ?disabled=${index === count - 1} aria-label=${msg(str`Move ${name} down`, { id: "reportStates.moveDown" })} @click=${() => this.#moveField(index, index + 1, "down")}>↓</button>
            <button type="button" data-remove aria-label=${msg(str`Remove ${name}`, { id: "answerInput.removeLabel" })} @click=${() => this.#removeField(index)}>${msg("Remove", { id: "appAdministrators.remove" })}</button>
          </span>
        </div>
        <div class="field-body">
          <label>${msg("Label", { id: "formBuilder.label" })}
            <input required .value=${field.label}
              @input=${(event: Event) => this.#editField(index, (current) => ({ ...current, label: (event.target as HTMLInputElement).value }))} />
          </label>
          <label class="inline"><input type="checkbox" .checked=${field.mandatory}
            @change=${(event: Event) => this.#editField(index, (current) => ({ ...current, mandatory: (event.target as HTMLInputElement).checked }))} /> ${msg("Mandatory", { id: "formBuilder.mandatory" })}</label>
          <label>${msg("Who sees the answer", { id: "formBuilder.visibility" })}
            <select @change=${(event: Event) => this.#editField(index, (current) => ({ ...current, field_visibility: (event.target as HTMLSelectElement).value as FieldDraft["field_visibility"] }))}>
              <option value="public" ?selected=${field.field_visibility === "public"}>${msg("Everyone who sees the report", { id: "formBuilder.public" })}</option>
              <option value="private" ?selected=${field.field_visibility === "private"}>${msg("The channel's staff", { id: "formBuilder.private" })}</option>
            </select>
          </label>
        </div>
        ${isChoice(field.field_type) ? this.#options(field, index) : nothing}
        ${this.#problemsAt(`form.fields.${index}`)}
      </li>
    `
  }

  override render() {
    const draft = this.draft
    if (draft === undefined) {
      return this.problem === undefined
        ? html`<p class="muted">${msg("Loading the form…", { id: "formBuilder.loading" })}</p>`
        : html`<p class="error" role="alert">${this.problem}</p>`
    }
    return html`
      <form aria-label=${msg("Form of the channel", { id: "formBuilder.form" })} @submit=${(event: SubmitEvent) => this.#save(event)}>
        <div class="form-head">
          <label>${msg("Form name", { id: "formBuilder.name" })}
            <input required .value=${draft.name} @input=${(event: Event) => this.#edit((current) => ({ ...current, name: (event.target as HTMLInputElement).value }))} />
          </label>
          <span class="muted">${msg(str`Version ${this.version}`, { id: "formBuilder.version" })}</span>
        </div>
        ${this.#problemsAt("form.name")}
        <ol class="fields">${draft.fields.map((field, index) => this.#field(field, index, draft.fields.length))}</ol>
        ${Object.keys(this.#status.problems).includes("form.fields") ? this.#problemsAt("form.fields") : nothing}
        <div class="add">
          <label>${msg("New field type", { id: "formBuilder.newType" })}
            <select id="new-type">
              ${FieldTypes.literals.filter((type) => type !== "Category").map((type) => html`<option value=${type}>${typeLabels()[type]}</option>`)}
            </select>
          </label>
          <button type="button"
            @click=${() => {
              const type = this.renderRoot.querySelector<HTMLSelectElement>("#new-type")?.value as FieldType
              this.#edit((current) => ({
                ...current,
                fields: [...current.fields, newField(type, typeLabels()[type])],
              }))
            }}>${msg("Add field", { id: "formBuilder.addField" })}</button>
        </div>
        <div class="save">
          <button class="primary" type="submit" ?disabled=${this.#status.saving}>${msg("Save form", { id: "formBuilder.save" })}</button>
          <button type="button" @click=${() => this.load()}>${msg("Discard changes", { id: "reportStates.discard" })}</button>
        </div>
        ${this.#status.render()}
        ${this.problem === undefined ? nothing : html`<p class="error" role="alert">${this.problem}</p>`}
      </form>
    `
  }
}

customElements.define("fr-form-builder", FormBuilder)

declare global {
  interface HTMLElementTagNameMap {
    "fr-form-builder": FormBuilder
  }
}
