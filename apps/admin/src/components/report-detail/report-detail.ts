/**
 * `fr-report-detail`: one report for reading and editing: every answer of its form in the
 * control of its field type, its location, its state with the allowed next states and the
 * history of changes, its assignee, a timeline of every change made to it (field by field, newest
 * first), who opened it, its tasks (and a form to give someone a task about
 * it), internal notes and comments. Each form saves on its button and says what it saved
 * (`SaveStatus`). With `closable` it has a Back to reports button, and on a phone it takes the whole
 * screen, that button staying at the top as the report scrolls under it.
 */

import type { Location, ReportUpdate } from "@fieldreport/domain/Report"
import * as ReportState from "@fieldreport/domain/ReportState"
import * as TextLimits from "@fieldreport/domain/TextLimits"
import { msg, str } from "@lit/localize"
import type { Effect } from "effect"
import { html, nothing, type PropertyValues } from "lit"
import { live } from "lit/directives/live.js"
import type { AnswerChangeEvent } from "../../events/answer-change.ts"
import type { LocationChangeEvent } from "../../events/location-change.ts"
import { ReportCloseEvent } from "../../events/report-close.ts"
import { ReportSavedEvent } from "../../events/report-saved.ts"
import { ApiElement } from "../../shared/ApiElement.ts"
import { type EditedAnswer, editedValue, validate, wireAnswers } from "../../shared/answers.ts"
import type { Connection } from "../../shared/connection.ts"
import { errorText, run } from "../../shared/run.ts"
import { SaveStatus } from "../../shared/SaveStatus.ts"
import { formatTime, fromLocalInput, localInput } from "../../shared/time.ts"
import "../answer-input/answer-input.ts"
import "../location-picker/location-picker.ts"
import { newTaskUuid } from "../tasks-board/task-uuid.ts"
import { changeText } from "./change-text.ts"
import { styles } from "./report-detail.styles.ts"
import { assignees, detailFields, loadReport, personName, type ReportRecord } from "./report-record.ts"

/**
 * @summary A report's answers, state, history, assignee, readers, tasks and comments, editable; new tasks about it.
 *
 * @event fr-report-saved - `ReportSavedEvent` after the server accepted a change.
 * @event fr-report-close - `ReportCloseEvent` when the user presses Back to reports (with `closable`).
 * @csspart close - The Back to reports button (with `closable`).
 * @csspart answers - The form of answers.
 * @csspart state - The state section.
 * @cssproperty --fr-color-accent - The state badge and buttons.
 *
 * @example
 * ```html
 * <fr-report-detail base-url="https://reports.example.com" token="fra_…" report-id="42"></fr-report-detail>
 * ```
 */
export class ReportDetail extends ApiElement {
  static override properties = {
    ...ApiElement.properties,
    reportId: { attribute: "report-id", type: Number },
    closable: { type: Boolean, reflect: true },
    tileUrl: { attribute: "tile-url" },
    tileAttribution: { attribute: "tile-attribution" },
    record: { state: true },
    edited: { state: true },
    location: { state: true },
    errors: { state: true },
    failure: { state: true },
  }

  static override styles = styles

  /** The report shown. */
  declare reportId: number
  /** Whether the detail offers Back to reports (firing `fr-report-close`) and covers a phone's screen. */
  declare closable: boolean
  /** A basemap for the location map, such as `https://tile.openstreetmap.org/{z}/{x}/{y}.png`; none by default. */
  declare tileUrl: string | undefined
  /** Credit of the basemap's tiles, shown in the map's corner. */
  declare tileAttribution: string | undefined
  declare record: ReportRecord | undefined
  /** Answers the user changed, by field key. */
  declare edited: Readonly<Record<string, EditedAnswer>>
  declare location: { readonly location: Location | undefined; readonly address: string } | undefined
  declare errors: Readonly<Record<string, ReadonlyArray<string>>>
  /** Why the report could not be loaded. */
  declare failure: string | undefined

  #status = new SaveStatus(this)
  #contentTypes = new Map<number, string>()
  #loaded: { readonly id: number; readonly connection: Connection } | undefined

  constructor() {
    super()
    this.closable = false
    this.edited = {}
    this.errors = {}
  }

  /** Whether a save is on its way. */
  get busy(): boolean {
    return this.#status.saving
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed)
    const connection = this.connection
    if (connection === undefined || this.reportId === undefined) return
    if (this.#loaded?.id !== this.reportId || this.#loaded.connection !== connection) {
      this.#loaded = { id: this.reportId, connection }
      void this.load(connection)
    }
  }

  private async load(connection: Connection) {
    this.failure = undefined
    try {
      this.record = await loadReport(connection, this.reportId)
      this.edited = {}
      this.location = undefined
      this.errors = {}
    } catch (error) {
      this.failure = errorText(error)
    }
  }

  override render() {
    return html`${this.closeBar()}${this.content()}`
  }

  private closeBar() {
    if (!this.closable) return nothing
    return html`<div class="close-bar">
      <button type="button" part="close" class="close"
        @click=${() => this.dispatchEvent(new ReportCloseEvent(this.reportId))}>${msg("← Back to reports", { id: "reportDetail.back" })}</button>
    </div>`
  }

  private content() {
    if (this.record === undefined) {
      return this.failure === undefined
        ? html`<p role="status">${msg(str`Loading report ${this.reportId}…`, { id: "reportDetail.loading" })}</p>`
        : html`<p class="error" role="alert">${this.failure}</p>`
    }
    const { report, people } = this.record
    return html`
      <header>
        <h2>${report.title === "" ? `Report ${report.id}` : report.title}</h2>
        <span class="badge">${report.report_state_name}</span>
        <span class="meta">#${report.id} · ${report.account_name} · ${msg(str`filed ${formatTime(report.iso_created_at)} by ${report.is_anonymous ? msg("someone anonymous", { id: "reportDetail.anonymousSomeone" }) : personName(people, report.user_id)}`, { id: "reportDetail.filed" })}</span>
      </header>
      ${this.failure === undefined ? nothing : html`<p class="error" role="alert">${this.failure}</p>`}
      ${this.#status.render()}
      <div class="layout">
        <div>${this.answersForm(this.record)}</div>
        <div>
          ${this.stateSection(this.record)} ${this.assignmentSection(this.record)} ${this.changesSection(this.record)}
          ${this.readersSection(this.record)}
          ${this.tasksSection(this.record)} ${this.notesSection(this.record)} ${this.commentsSection(this.record)}
        </div>
      </div>
    `
  }

  private answersForm(record: ReportRecord) {
    const { report } = record
    const editable = report.is_manageable_by === true
    const fields = [...(report.form_fields ?? [])].sort((a, b) => a.form_order - b.form_order)
    return html`
      <section>
        <h3>${msg("Answers", { id: "reportDetail.answers" })}</h3>
        <form part="answers" class="answers" aria-label=${msg("Answers", { id: "reportDetail.answers" })} @submit=${this.save}
          @fr-answer-change=${(event: AnswerChangeEvent) => {
            if (event.uploaded !== undefined)
              this.#contentTypes.set(event.uploaded.id, event.uploaded.content_type)
            this.edited = { ...this.edited, [event.key]: event.value }
            this.#status.edited()
          }}>
          ${fields.map(
            (field) => html`<fr-answer-input .field=${field} .categories=${record.categories}
              .value=${field.key in this.edited ? this.edited[field.key] : editedValue(field)}
              .errors=${this.errors[`report.${field.key}`] ?? []} ?disabled=${!editable}></fr-answer-input>`,
          )}
          <fieldset class="stack" style="border:none;padding:0;margin:0">
            <legend><strong>${msg("Location", { id: "reportDetail.location" })}</strong></legend>
            <fr-location-picker ?disabled=${!editable} tile-url=${this.tileUrl ?? nothing}
              tile-attribution=${this.tileAttribution ?? nothing}
              .latitude=${live(report.location?.latitude)} .longitude=${live(report.location?.longitude)}
              .address=${live(report.address)}
              @fr-location-change=${(event: LocationChangeEvent) => {
                this.location = { location: event.location, address: event.address }
                this.#status.edited()
              }}></fr-location-picker>
            ${(this.errors["report.location"] ?? []).map((message) => html`<p class="error">${msg(str`Location ${message}`, { id: "reportDetail.locationError" })}</p>`)}
          </fieldset>
          ${
            editable
              ? html`<div class="actions">
                  <button class="primary" type="submit" ?disabled=${this.busy || !this.changed}>${msg("Save changes", { id: "reportDetail.save" })}</button>
                  <button type="button" ?disabled=${this.busy || !this.changed} @click=${() => {
                    this.edited = {}
                    this.location = undefined
                    this.errors = {}
                  }}>${msg("Discard", { id: "reportDetail.discard" })}</button>
                </div>`
              : html`<p class="meta">${msg("You may read this report but not edit it.", { id: "reportDetail.readOnly" })}</p>`
          }
        </form>
      </section>
    `
  }

  private get changed(): boolean {
    return Object.keys(this.edited).length > 0 || this.location !== undefined
  }

  private async save(event: SubmitEvent) {
    event.preventDefault()
    const connection = this.connection
    const record = this.record
    if (connection === undefined || record === undefined) return
    const errors = validate(record.report.form_fields ?? [], this.edited, "update", this.#contentTypes)
    this.errors = errors
    if (Object.keys(errors).length > 0) {
      this.#status.refuse(
        msg("Some answers need a change before they can be saved; see the fields marked.", {
          id: "reportDetail.invalid",
        }),
        errors,
      )
      return
    }
    const body: Record<string, unknown> = { ...wireAnswers(this.edited) }
    if (this.location !== undefined) {
      if (this.location.location !== undefined) body.location = this.location.location
      body.address = this.location.address
    }
    // The answers sit beside the named members, keyed by field, which TypeScript types only as an
    // index signature that the location would have to match too.
    await this.patch(
      connection,
      body as typeof ReportUpdate.Encoded,
      msg("Changes saved.", { id: "reportDetail.saved" }),
    )
  }

  private async patch(connection: Connection, body: typeof ReportUpdate.Encoded, confirmation: string) {
    const saved = await this.#status.save(
      () =>
        run(
          connection.client.call("updateReport", {
            path: { report_id: this.reportId },
            query: { fields: detailFields },
            body: { report: body },
          }),
        ),
      confirmation,
    )
    this.errors = this.#status.problems
    if (!saved) return
    this.dispatchEvent(new ReportSavedEvent(this.reportId, false))
    await this.load(connection)
  }

  private stateSection(record: ReportRecord) {
    const { report, history, people } = record
    const choices = ReportState.nextStates(record.states, report.report_state_id)
    return html`
      <section part="state" aria-labelledby="state-title">
        <h3 id="state-title">${msg("State", { id: "reportExports.state" })}</h3>
        ${
          report.is_manageable_by === true && choices.length > 0
            ? html`<form class="actions" @submit=${(event: SubmitEvent) => {
                event.preventDefault()
                const data = new FormData(event.target as HTMLFormElement)
                const connection = this.connection
                if (connection === undefined) return
                const stateId = Number(data.get("state"))
                const name =
                  choices.find((choice) => choice.id === stateId)?.name ??
                  msg("the new state", { id: "reportDetail.theNewState" })
                void this.patch(
                  connection,
                  { report_state_id: stateId },
                  msg(str`Moved to ${name}.`, { id: "reportDetail.moved" }),
                )
              }}>
                <label>${msg("Move to", { id: "reportDetail.moveTo" })}
                  <select name="state">${choices.map((state) => html`<option value=${state.id}>${state.name}</option>`)}</select>
                </label>
                <button class="primary" type="submit" ?disabled=${this.busy}>${msg("Change state", { id: "reportDetail.changeState" })}</button>
              </form>`
            : html`<p class="meta">${report.report_state_name}</p>`
        }
        <h3>${msg("History", { id: "reportDetail.history" })}</h3>
        ${
          history.length === 0
            ? html`<p class="meta">${msg("No changes yet.", { id: "reportDetail.noChanges" })}</p>`
            : html`<ol aria-label=${msg("State history", { id: "reportDetail.stateHistory" })}>${history.map(
                (
                  change,
                ) => html`<li>${change.previous_report_state.name} → <strong>${change.new_report_state.name}</strong>
                  <span class="meta">${msg(str`by ${personName(people, change.user_id)}, ${formatTime(change.created_at)}`, { id: "reportDetail.byAt" })}</span></li>`,
              )}</ol>`
        }
      </section>
    `
  }

  private assignmentSection(record: ReportRecord) {
    const { report, people } = record
    if (report.is_manageable_by !== true) {
      return html`
        <section aria-labelledby="assignee-title">
          <h3 id="assignee-title">${msg("Assignee", { id: "tasksBoard.assignee" })}</h3>
          <dl>
            <dt>${msg("Assigned to", { id: "reportDetail.assignedTo" })}</dt><dd>${personName(people, report.assignee_id)}</dd>
            <dt>${msg("Due", { id: "reportDetail.due" })}</dt><dd>${formatTime(report.assignment_due_at) || msg("no date", { id: "reportDetail.noDate" })}</dd>
          </dl>
        </section>
      `
    }
    const assigneeErrors = this.errors["report.assignee_id"] ?? []
    const dueErrors = this.errors["report.assignment_due_at"] ?? []
    return html`
      <section aria-labelledby="assignee-title">
        <h3 id="assignee-title">${msg("Assignee", { id: "tasksBoard.assignee" })}</h3>
        <form class="stack" aria-labelledby="assignee-title" @submit=${this.assign}>
          <label>${msg("Assigned to", { id: "reportDetail.assignedTo" })}
            <select name="assignee_id" aria-invalid=${assigneeErrors.length > 0}>
              <option value="" ?selected=${(report.assignee_id ?? null) === null}>${msg("Nobody", { id: "reportDetail.nobody" })}</option>
              ${assignees(people, report.assignee_id).map(
                (person) =>
                  html`<option value=${person.id} ?selected=${person.id === report.assignee_id}>${person.name}</option>`,
              )}
            </select>
          </label>
          ${assigneeErrors.map((message) => html`<p class="error">${msg(str`Assignee ${message}`, { id: "reportDetail.assigneeError" })}</p>`)}
          <label>${msg("Due", { id: "reportDetail.due" })}
            <input type="datetime-local" name="assignment_due_at" aria-invalid=${dueErrors.length > 0}
              .value=${live(localInput(report.assignment_due_at))} />
          </label>
          ${dueErrors.map((message) => html`<p class="error">${msg(str`Due time ${message}`, { id: "reportDetail.dueError" })}</p>`)}
          <div class="actions"><button type="submit" ?disabled=${this.busy}>${msg("Save assignment", { id: "reportDetail.saveAssignment" })}</button></div>
        </form>
      </section>
    `
  }

  private async assign(event: SubmitEvent) {
    event.preventDefault()
    const connection = this.connection
    if (connection === undefined) return
    const data = new FormData(event.target as HTMLFormElement)
    const assignee = String(data.get("assignee_id") ?? "")
    await this.patch(
      connection,
      {
        assignee_id: assignee === "" ? null : Number(assignee),
        assignment_due_at: fromLocalInput(data.get("assignment_due_at")) ?? null,
      },
      msg("Assignment saved.", { id: "reportDetail.assignmentSaved" }),
    )
  }

  private changesSection(record: ReportRecord) {
    return html`
      <section aria-labelledby="changes-title">
        <h3 id="changes-title">${msg("Changes", { id: "reportDetail.changes" })}</h3>
        <ol aria-label=${msg("Changes", { id: "reportDetail.changes" })} class="timeline">${record.changes.map(
          (change) => html`<li>${changeText(record, change)}
            <span class="meta">${msg(str`by ${personName(record.people, change.user_id)}, ${formatTime(change.created_at)}`, { id: "reportDetail.byAt" })}</span></li>`,
        )}</ol>
      </section>
    `
  }

  private readersSection(record: ReportRecord) {
    const readers = record.report.users_opened ?? []
    return html`
      <section aria-labelledby="readers-title">
        <h3 id="readers-title">${msg("Opened by", { id: "reportDetail.openedBy" })}</h3>
        ${
          readers.length === 0
            ? html`<p class="meta">${msg("Nobody yet.", { id: "reportDetail.nobodyYet" })}</p>`
            : html`<ul>${readers.map(
                (reader) => html`<li>${reader.first_name} ${reader.last_name}
                  <span class="meta">${formatTime(reader.opened_at)}</span></li>`,
              )}</ul>`
        }
      </section>
    `
  }

  private tasksSection(record: ReportRecord) {
    return html`
      <section aria-labelledby="tasks-title">
        <h3 id="tasks-title">${msg("Tasks", { id: "view.tasks" })}</h3>
        ${
          record.tasksUnavailable !== undefined
            ? html`<p class="meta">${record.tasksUnavailable}</p>`
            : record.tasks.length === 0
              ? html`<p class="meta">${msg("No tasks for this report.", { id: "reportDetail.noTasks" })}</p>`
              : html`<ul aria-label=${msg("Tasks of this report", { id: "reportDetail.tasks" })}>${record.tasks.map(
                  (task) => html`<li class=${task.completed_at === null ? "" : "done"}>${task.title}
                    <span class="meta">${
                      task.completed_at === null
                        ? msg(
                            str`for ${personName(record.people, task.assignee_id)}, created ${formatTime(task.client_created_at)}`,
                            { id: "reportDetail.taskFor" },
                          )
                        : msg(
                            str`for ${personName(record.people, task.assignee_id)}, created ${formatTime(task.client_created_at)}, done ${formatTime(task.completed_at)}`,
                            { id: "reportDetail.taskForDone" },
                          )
                    }</span></li>`,
                )}</ul>`
        }
        ${record.tasksUnavailable === undefined && record.people.size > 0 ? this.newTaskForm(record) : nothing}
      </section>
    `
  }

  /**
   * A task about this report for one of its channel's team users: the report's assignee is chosen
   * at first, and with no assignee nobody is, so no one is given work they were not meant for.
   */
  private newTaskForm(record: ReportRecord) {
    const { report, people } = record
    const assignee = report.assignee_id ?? null
    const taskErrors = (path: string) =>
      (this.errors[path] ?? []).map((message) => html`<p class="error">${message}</p>`)
    return html`
      <form class="stack" aria-label=${msg("New task about this report", { id: "reportDetail.newTask" })} @submit=${this.addTask}>
        <label>${msg("Task", { id: "reportDetail.task" })} <input name="title" required maxlength=${TextLimits.title} /></label>
        ${taskErrors("task.title")}
        <label>${msg("Details", { id: "reportDetail.details" })} <textarea name="description" maxlength=${TextLimits.text}></textarea></label>
        <label>${msg("For", { id: "reportDetail.for" })}
          <select name="assignee_id" required>
            <option value="" ?selected=${assignee === null}>${msg("Choose someone", { id: "tasksBoard.choose" })}</option>
            ${assignees(people, assignee).map(
              (person) =>
                html`<option value=${person.id} ?selected=${person.id === assignee}>${person.name}</option>`,
            )}
          </select>
        </label>
        ${taskErrors("task.assignee_id")}
        <div class="actions"><button type="submit" ?disabled=${this.busy}>${msg("Create task", { id: "tasksBoard.create" })}</button></div>
      </form>
    `
  }

  private async addTask(event: SubmitEvent) {
    event.preventDefault()
    const form = event.target as HTMLFormElement
    const data = new FormData(form)
    const record = this.record
    if (record === undefined) return
    const title = String(data.get("title") ?? "")
    const assigneeId = Number(data.get("assignee_id"))
    await this.post(
      form,
      (connection) =>
        connection.client.call("createTask", {
          body: {
            task: {
              uuid: newTaskUuid(),
              client_created_at: new Date().toISOString(),
              title,
              description: String(data.get("description") ?? ""),
              assignee_id: assigneeId,
              report_id: this.reportId,
            },
          },
        }),
      msg(str`Task “${title}” created for ${personName(record.people, assigneeId)}.`, {
        id: "tasksBoard.created",
      }),
    )
  }

  private notesSection(record: ReportRecord) {
    const notes = record.report.note_comments ?? []
    return html`
      <section aria-labelledby="notes-title">
        <h3 id="notes-title">${msg("Internal notes", { id: "reportDetail.notes" })}</h3>
        <ul>${notes.map(
          (note) => html`<li class="comment">${note.comment}
            <div class="meta">${personName(record.people, note.user_id)}, ${formatTime(note.created_at)}${
              note.public === true ? ` · ${msg("public", { id: "reportDetail.public" })}` : ""
            }</div></li>`,
        )}</ul>
        <form class="stack" @submit=${this.addNote}>
          <label>${msg("New note", { id: "reportDetail.newNote" })} <textarea name="comment" required maxlength=${TextLimits.text}></textarea></label>
          <div class="actions">
            <label><input type="checkbox" name="public" /> ${msg("Public", { id: "reportDetail.publicChoice" })}</label>
            <button type="submit" ?disabled=${this.busy}>${msg("Add note", { id: "reportDetail.addNote" })}</button>
          </div>
        </form>
      </section>
    `
  }

  private commentsSection(record: ReportRecord) {
    const comments = record.report.report_comments ?? []
    return html`
      <section aria-labelledby="comments-title">
        <h3 id="comments-title">${msg("Comments", { id: "reportDetail.comments" })}</h3>
        <ul>${comments.map(
          (comment) => html`<li class="comment">${comment.content}
            <div class="meta">${comment.is_anonymous ? msg("anonymous", { id: "reportDetail.anonymous" }) : personName(record.people, comment.user_id)},
              ${formatTime(comment.created_at)}</div></li>`,
        )}</ul>
        <form class="stack" @submit=${this.addComment}>
          <label>${msg("New comment", { id: "reportDetail.newComment" })} <textarea name="content" required maxlength=${TextLimits.text}></textarea></label>
          <div class="actions"><button type="submit" ?disabled=${this.busy}>${msg("Add comment", { id: "reportDetail.addComment" })}</button></div>
        </form>
      </section>
    `
  }

  private async addNote(event: SubmitEvent) {
    event.preventDefault()
    const form = event.target as HTMLFormElement
    const data = new FormData(form)
    await this.post(
      form,
      (connection) =>
        connection.client.call("createNoteComment", {
          path: { report_id: this.reportId },
          body: {
            note_comment: { comment: String(data.get("comment")), public: data.get("public") !== null },
          },
        }),
      msg("Note added.", { id: "reportDetail.noteAdded" }),
    )
  }

  private async addComment(event: SubmitEvent) {
    event.preventDefault()
    const form = event.target as HTMLFormElement
    const data = new FormData(form)
    await this.post(
      form,
      (connection) =>
        connection.client.call("createReportComment", {
          body: { report_comment: { report_id: this.reportId, content: String(data.get("content")) } },
        }),
      msg("Comment added.", { id: "reportDetail.commentAdded" }),
    )
  }

  private async post<A, E>(
    form: HTMLFormElement,
    send: (connection: Connection) => Effect.Effect<A, E>,
    confirmation: string,
  ) {
    const connection = this.connection
    if (connection === undefined) return
    const saved = await this.#status.save(() => run(send(connection)), confirmation)
    this.errors = this.#status.problems
    if (!saved) return
    form.reset()
    await this.load(connection)
  }
}

customElements.define("fr-report-detail", ReportDetail)

declare global {
  interface HTMLElementTagNameMap {
    "fr-report-detail": ReportDetail
  }
}
