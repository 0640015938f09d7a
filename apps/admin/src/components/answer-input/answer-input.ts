/**
 * `fr-answer-input`: the control for one field of a channel's form, by field type: the category
 * tree, date and time, checkboxes, drop-down, radios, short and long text, images with thumbnails
 * and files (uploaded as soon as they are chosen).
 */

import type { Attachment } from "@fieldreport/domain/Attachment"
import type { Category } from "@fieldreport/domain/Category"
import * as CategoryTree from "@fieldreport/domain/CategoryTree"
import { choiceOptions, type FieldAttachment, type FormField } from "@fieldreport/domain/FormField"
import * as TextLimits from "@fieldreport/domain/TextLimits"
import { msg, str } from "@lit/localize"
import { html, nothing, type TemplateResult } from "lit"
import { AnswerChangeEvent } from "../../events/answer-change.ts"
import { ApiElement } from "../../shared/ApiElement.ts"
import type { EditedAnswer } from "../../shared/answers.ts"
import { errorText, run } from "../../shared/run.ts"
import { localInput } from "../../shared/time.ts"
import { styles } from "./answer-input.styles.ts"

const asStrings = (value: EditedAnswer): ReadonlyArray<string> =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : []

const asAttachments = (value: EditedAnswer): ReadonlyArray<FieldAttachment> =>
  Array.isArray(value) ? value.filter((item): item is FieldAttachment => typeof item === "object") : []

/**
 * @summary One form field's label and control, for any field type.
 *
 * @event fr-answer-change - `AnswerChangeEvent` with the field's key and new answer.
 * @csspart control - The input, select, textarea or group.
 * @cssproperty --fr-color-danger - Error messages.
 *
 * @example
 * ```html
 * <fr-answer-input .field=${field} .value=${"Broken bench"}></fr-answer-input>
 * ```
 */
export class AnswerInput extends ApiElement {
  static override properties = {
    ...ApiElement.properties,
    field: { attribute: false },
    value: { attribute: false },
    categories: { attribute: false },
    errors: { attribute: false },
    disabled: { type: Boolean },
    uploading: { state: true },
    uploadFailure: { state: true },
  }

  static override styles = styles

  /** The field of the form (`label`, `key`, `field_type`, `data`, `mandatory`). */
  declare field: FormField
  declare value: EditedAnswer
  /** The channel's categories, for a Category field. */
  declare categories: ReadonlyArray<Category>
  /** Messages about this field, from the form's validation or the server. */
  declare errors: ReadonlyArray<string>
  /** Shows the answer without letting it change. */
  declare disabled: boolean
  declare uploading: boolean
  declare uploadFailure: string | undefined

  constructor() {
    super()
    this.value = null
    this.categories = []
    this.errors = []
    this.disabled = false
    this.uploading = false
  }

  private change(value: EditedAnswer, uploaded?: Attachment) {
    this.value = value
    this.dispatchEvent(new AnswerChangeEvent(this.field.key, value, uploaded))
  }

  override render() {
    const id = `answer-${this.field.key}`
    const problems = [...this.errors, ...(this.uploadFailure === undefined ? [] : [this.uploadFailure])]
    return html`
      ${this.control(id)}
      ${problems.map((problem) => html`<p class="error" id="${id}-error">${this.field.label} ${problem}</p>`)}
    `
  }

  private label(id: string) {
    return html`<label class="title" for=${id}>${this.field.label}${this.required()}</label>`
  }

  private required() {
    return this.field.mandatory === true
      ? html` <span class="required">${msg("(required)", { id: "answerInput.required" })}</span>`
      : nothing
  }

  private control(id: string): TemplateResult {
    const field = this.field
    const invalid = this.errors.length > 0 ? "true" : "false"
    switch (field.field_type) {
      case "Category":
        return html`<div class="field">${this.label(id)}
          <select id=${id} part="control" aria-invalid=${invalid} ?disabled=${this.disabled}
            @change=${(event: Event) => this.change(Number((event.target as HTMLSelectElement).value))}>
            ${CategoryTree.treeOrder(this.categories).map(
              (category) => html`<option value=${category.id} ?selected=${category.id === this.value}>
                ${"\u2003".repeat(category.depth)}${category.name}</option>`,
            )}
          </select></div>`
      case "DateAndTime":
        return html`<div class="field">${this.label(id)}
          <input id=${id} part="control" type="datetime-local" aria-invalid=${invalid} ?disabled=${this.disabled}
            .value=${typeof this.value === "string" ? localInput(this.value) : ""}
            @change=${(event: Event) => {
              const text = (event.target as HTMLInputElement).value
              this.change(text === "" ? null : new Date(text).toISOString())
            }} /></div>`
      case "CheckBox":
      case "Radio":
        return this.choices(field.field_type === "CheckBox")
      case "DropDown":
        return html`<div class="field">${this.label(id)}
          <select id=${id} part="control" aria-invalid=${invalid} ?disabled=${this.disabled}
            @change=${(event: Event) => {
              const chosen = (event.target as HTMLSelectElement).value
              this.change(chosen === "" ? null : chosen)
            }}>
            <option value="" ?selected=${this.value === null}>—</option>
            ${choiceOptions(field)
              .filter((option) => option.enabled || option.value === this.value)
              .map(
                (option) =>
                  html`<option value=${option.value} ?selected=${option.value === this.value}>${option.label}</option>`,
              )}
          </select></div>`
      case "ShortTextBox":
        return html`<div class="field">${this.label(id)}
          <input id=${id} part="control" type="text" maxlength=${TextLimits.text} aria-invalid=${invalid} ?disabled=${this.disabled}
            .value=${typeof this.value === "string" ? this.value : ""}
            @input=${(event: Event) => this.change((event.target as HTMLInputElement).value)} /></div>`
      case "FreeText":
      case "Description":
        return html`<div class="field">${this.label(id)}
          <textarea id=${id} part="control" maxlength=${TextLimits.text} aria-invalid=${invalid} ?disabled=${this.disabled}
            .value=${typeof this.value === "string" ? this.value : ""}
            @input=${(event: Event) => this.change((event.target as HTMLTextAreaElement).value)}></textarea></div>`
      case "Image":
      case "FileUpload":
        return this.files(id, field.field_type === "Image")
    }
  }

  private choices(multiple: boolean) {
    const chosen = multiple ? asStrings(this.value) : [this.value]
    return html`<fieldset part="control" aria-invalid=${this.errors.length > 0 ? "true" : "false"}>
      <legend>${this.field.label}${this.required()}</legend>
      <div class="options">
        ${choiceOptions(this.field)
          .filter((option) => option.enabled || chosen.includes(option.value))
          .map(
            (option) => html`<label>
              <input type=${multiple ? "checkbox" : "radio"} name=${this.field.key} value=${option.value}
                ?disabled=${this.disabled} .checked=${chosen.includes(option.value)}
                @change=${(event: Event) => {
                  const checked = (event.target as HTMLInputElement).checked
                  if (!multiple) return this.change(option.value)
                  const others = asStrings(this.value).filter((value) => value !== option.value)
                  this.change(checked ? [...others, option.value] : others)
                }} />${option.label}</label>`,
          )}
      </div>
    </fieldset>`
  }

  private files(id: string, images: boolean) {
    const attachments = asAttachments(this.value)
    return html`<fieldset part="control">
      <legend>${this.field.label}${this.required()}</legend>
      <ul class="files">
        ${attachments.map(
          (attachment) => html`<li>
            ${
              images
                ? html`<a href=${attachment.original_url} target="_blank" rel="noopener">
                    <img src=${attachment.style_url.thumb ?? attachment.original_url} alt=${attachment.filename} /></a>`
                : html`<a href=${attachment.original_url} target="_blank" rel="noopener">${attachment.filename}</a>`
            }
            <button type="button" ?disabled=${this.disabled} aria-label=${msg(str`Remove ${attachment.filename}`, { id: "answerInput.removeLabel" })}
              @click=${() => this.change(attachments.filter((other) => other.id !== attachment.id))}>${msg("Remove", { id: "appAdministrators.remove" })}</button>
          </li>`,
        )}
      </ul>
      <label for=${id}>${images ? msg("Add a photo", { id: "answerInput.addPhoto" }) : msg("Add a file", { id: "answerInput.addFile" })}</label>
      <input id=${id} type="file" ?disabled=${this.disabled || this.uploading}
        accept=${images ? "image/png,image/jpeg,image/gif" : nothing}
        @change=${(event: Event) => void this.upload(event.target as HTMLInputElement, attachments)} />
      ${this.uploading ? html`<span role="status">${msg("Uploading…", { id: "answerInput.uploading" })}</span>` : nothing}
    </fieldset>`
  }

  private async upload(input: HTMLInputElement, attachments: ReadonlyArray<FieldAttachment>) {
    const file = input.files?.[0]
    const connection = this.connection
    if (file === undefined || connection === undefined) return
    const body = new FormData()
    body.append("file", file, file.name)
    this.uploading = true
    this.uploadFailure = undefined
    try {
      const attachment = await run(connection.client.call("createFileAttachment", { body }))
      input.value = ""
      this.change([...attachments, attachment], attachment)
    } catch (error) {
      this.uploadFailure = msg(str`could not be uploaded: ${errorText(error)}`, {
        id: "answerInput.uploadFailed",
      })
    } finally {
      this.uploading = false
    }
  }
}

customElements.define("fr-answer-input", AnswerInput)

declare global {
  interface HTMLElementTagNameMap {
    "fr-answer-input": AnswerInput
  }
}
