/**
 * The form builder of a channel: add fields of every type, reorder them, edit their labels, flags
 * and options, and save the definition. It is checked in the browser with the domain's own
 * `FormDefinition` schema before it is sent, so the messages are the server's, without a round trip.
 * Nothing is sent before Save form, which says the version it saved (`SaveStatus`).
 */
import { type Form, FormDefinition } from "@fieldreport/domain/Form"
import { type FieldType, FieldType as FieldTypes, isChoice } from "@fieldreport/domain/FormField"
import { decodeInput } from "@fieldreport/domain/Invalid"
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
  removeAt,
  replaceAt,
  toDefinition,
} from "./form-draft.ts"

/** The row's button that moves it the same way again, or the other one at the end of the list. */
const moveButton = (row: HTMLElement | undefined, direction: "up" | "down"): HTMLElement | null | undefined =>
  row?.querySelector<HTMLElement>(`button[data-move="${direction}"]:not(:disabled)`) ??
  row?.querySelector<HTMLElement>("button[data-move]:not(:disabled)")

const typeLabels: Readonly<Record<FieldType, string>> = {
  Category: "Category",
  DateAndTime: "Date and time",
  CheckBox: "Check boxes",
  DropDown: "Drop-down",
  Radio: "Radio buttons",
  ShortTextBox: "Short text",
  FreeText: "Free text (a heading)",
  Description: "Description",
  Image: "Images",
  FileUpload: "Files",
}

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
      this.#status.refuse("The form has problems; see the fields marked below.", checked.failure.errors)
      return
    }
    const channelId = this.channelId
    await this.#status.save(
      async () =>
        this.#show(
          await run(connection.client.call("replaceChannelForm", { path: { channel_id: channelId }, body })),
        ),
      () => `Saved as version ${this.version}.`,
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
        <legend>Options of ${name}</legend>
        <label class="inline">
          <input type="checkbox" .checked=${field.multi_select}
            @change=${(event: Event) => this.#editField(index, (current) => ({ ...current, multi_select: (event.target as HTMLInputElement).checked }))} />
          Several may be chosen
        </label>
        <ol>
          ${field.options.map(
            (option, at) => html`
              <li part="option">
                <input aria-label="Option ${at + 1} of ${name}" required .value=${option.label}
                  @input=${(event: Event) => this.#editOption(index, at, (current) => ({ ...current, label: (event.target as HTMLInputElement).value }))} />
                <label class="inline"><input type="checkbox" .checked=${option.enabled}
                  @change=${(event: Event) => this.#editOption(index, at, (current) => ({ ...current, enabled: (event.target as HTMLInputElement).checked }))} /> Enabled</label>
                <label class="inline"><input type="checkbox" .checked=${option.is_default}
                  @change=${(event: Event) => this.#editOption(index, at, (current) => ({ ...current, is_default: (event.target as HTMLInputElement).checked }))} /> Default</label>
                <button type="button" data-move="up" ?disabled=${at === 0} aria-label="Move option ${option.label} up"
                  @click=${() => this.#moveOption(index, at, at - 1, "up")}>↑</button>
                <button type="button" data-move="down" ?disabled=${at === field.options.length - 1} aria-label="Move option ${option.label} down"
                  @click=${() => this.#moveOption(index, at, at + 1, "down")}>↓</button>
                <button type="button" aria-label="Remove option ${option.label}" @click=${() => this.#removeOption(index, at)}>✕</button>
              </li>
            `,
          )}
        </ol>
        <button type="button" data-add-option
          @click=${() => this.#editField(index, (current) => ({ ...current, options: [...current.options, { label: `Option ${current.options.length + 1}`, enabled: true, is_default: false }] }))}>
          Add option<span class="visually-hidden"> to ${name}</span>
        </button>
      </fieldset>
    `
  }

  #field(field: FieldDraft, index: number, count: number) {
    const name = field.label === "" ? `field ${index + 1}` : field.label
    return html`
      <li part="field">
        <div class="field-head">
          <span class="type">${typeLabels[field.field_type]}${field.id === undefined ? " · new" : ""}</span>
          <span class="moves">
            <button type="button" data-move="up" ?disabled=${index === 0} aria-label="Move ${name} up" @click=${() => this.#moveField(index, index - 1, "up")}>↑</button>
            <button type="button" data-move="down" ?disabled=${index === count - 1} aria-label="Move ${name} down" @click=${() => this.#moveField(index, index + 1, "down")}>↓</button>
            <button type="button" data-remove aria-label="Remove ${name}" @click=${() => this.#removeField(index)}>Remove</button>
          </span>
        </div>
        <div class="field-body">
          <label>Label
            <input required .value=${field.label}
              @input=${(event: Event) => this.#editField(index, (current) => ({ ...current, label: (event.target as HTMLInputElement).value }))} />
          </label>
          <label class="inline"><input type="checkbox" .checked=${field.mandatory}
            @change=${(event: Event) => this.#editField(index, (current) => ({ ...current, mandatory: (event.target as HTMLInputElement).checked }))} /> Mandatory</label>
          <label>Who sees the answer
            <select @change=${(event: Event) => this.#editField(index, (current) => ({ ...current, field_visibility: (event.target as HTMLSelectElement).value as FieldDraft["field_visibility"] }))}>
              <option value="public" ?selected=${field.field_visibility === "public"}>Everyone who sees the report</option>
              <option value="private" ?selected=${field.field_visibility === "private"}>The channel's staff</option>
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
        ? html`<p class="muted">Loading the form…</p>`
        : html`<p class="error" role="alert">${this.problem}</p>`
    }
    return html`
      <form aria-label="Form of the channel" @submit=${(event: SubmitEvent) => this.#save(event)}>
        <div class="form-head">
          <label>Form name
            <input required .value=${draft.name} @input=${(event: Event) => this.#edit((current) => ({ ...current, name: (event.target as HTMLInputElement).value }))} />
          </label>
          <span class="muted">Version ${this.version}</span>
        </div>
        ${this.#problemsAt("form.name")}
        <ol class="fields">${draft.fields.map((field, index) => this.#field(field, index, draft.fields.length))}</ol>
        ${Object.keys(this.#status.problems).includes("form.fields") ? this.#problemsAt("form.fields") : nothing}
        <div class="add">
          <label>New field type
            <select id="new-type">
              ${FieldTypes.literals.filter((type) => type !== "Category").map((type) => html`<option value=${type}>${typeLabels[type]}</option>`)}
            </select>
          </label>
          <button type="button"
            @click=${() => {
              const type = this.renderRoot.querySelector<HTMLSelectElement>("#new-type")?.value as FieldType
              this.#edit((current) => ({
                ...current,
                fields: [...current.fields, newField(type, typeLabels[type])],
              }))
            }}>Add field</button>
        </div>
        <div class="save">
          <button class="primary" type="submit" ?disabled=${this.#status.saving}>Save form</button>
          <button type="button" @click=${() => this.load()}>Discard changes</button>
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
