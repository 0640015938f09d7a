/**
 * The tasks board: the current user's tasks of the team, open and completed, grouped by assignee,
 * with a form to create one and controls to complete, reopen, edit and delete each. Each button
 * saves and says what it did (`SaveStatus`).
 */

import type { Task, TaskUpdate } from "@fieldreport/domain/Task"
import type { TeamUser } from "@fieldreport/domain/TeamUser"
import * as TextLimits from "@fieldreport/domain/TextLimits"
import { msg, str } from "@lit/localize"
import { html, nothing } from "lit"
import { ReportSelectEvent } from "../../events/report-select.ts"
import { ApiElement } from "../../shared/ApiElement.ts"
import type { Connection } from "../../shared/connection.ts"
import { errorText, run } from "../../shared/run.ts"
import { SaveStatus } from "../../shared/SaveStatus.ts"
import { formatCount } from "../../shared/size.ts"
import { currentTeamId, fullName, teamPeople } from "../../shared/team.ts"
import { formatTime } from "../../shared/time.ts"
import { newTaskUuid } from "./task-uuid.ts"
import { styles } from "./tasks-board.styles.ts"

/** Which tasks the board asks for. */
type Completion = "all" | "open" | "completed"

/** How many tasks one request asks for (the API's largest page). */
const PAGE = 100

/**
 * @summary The team's tasks by assignee and completion: create, complete, edit and delete.
 *
 * @csspart column - The column of open or of completed tasks.
 * @csspart task - One task card.
 *
 * @cssproperty --fr-color-surface-raised - Background of the columns.
 *
 * @event fr-report-select - When a task's report is opened; `reportId` is that report.
 *
 * @example
 * ```html
 * <fr-tasks-board base-url="https://reports.example.com" token="…"></fr-tasks-board>
 * ```
 */
export class TasksBoard extends ApiElement {
  static override styles = styles
  static override properties = {
    ...ApiElement.properties,
    tasks: { state: true },
    total: { state: true },
    people: { state: true },
    completion: { state: true },
    assigneeFilter: { state: true },
    editing: { state: true },
    problem: { state: true },
  }

  declare tasks: ReadonlyArray<Task>
  declare total: number | undefined
  declare people: ReadonlyArray<TeamUser>
  declare completion: Completion
  declare assigneeFilter: number | undefined
  /** The uuid of the task whose edit form is open. */
  declare editing: string | undefined
  /** Why the tasks or the people could not be loaded. */
  declare problem: string | undefined

  /** Counts loads, so the answer to an older filter never replaces a newer one's. */
  #asked = 0
  #status = new SaveStatus(this)

  constructor() {
    super()
    this.tasks = []
    this.total = undefined
    this.people = []
    this.completion = "all"
    this.assigneeFilter = undefined
    this.editing = undefined
    this.problem = undefined
  }

  protected override connected(connection: Connection): void {
    void this.#loadPeople(connection)
    void this.load()
  }

  async #loadPeople(connection: Connection): Promise<void> {
    try {
      const teamId = await currentTeamId(connection)
      this.people = teamId === undefined ? [] : await teamPeople(connection, teamId)
    } catch (error) {
      this.problem = errorText(error)
    }
  }

  /** Loads the first page of tasks with the current filters; `more` appends the next page. */
  async load(more = false): Promise<void> {
    const connection = this.connection
    if (connection === undefined) return
    const start = more ? this.tasks.length : 0
    const asked = ++this.#asked
    try {
      const page = await run(
        connection.client.page(
          "listTasks",
          { start, end: start + PAGE - 1 },
          {
            query: {
              complete: this.completion === "all" ? undefined : this.completion === "completed",
              assignee_id: this.assigneeFilter,
              orderby: "client_created_at desc",
            },
          },
        ),
      )
      if (asked !== this.#asked) return
      this.tasks = more ? [...this.tasks, ...page.items] : page.items
      this.total = page.total
      this.problem = undefined
    } catch (error) {
      this.problem = errorText(error)
    }
  }

  #name(userId: number): string {
    const person = this.people.find((candidate) => candidate.user_id === userId)
    return person === undefined ? msg(str`User ${userId}`, { id: "tasksBoard.user" }) : fullName(person)
  }

  /** Runs a change, says what it did, and reloads the tasks after it; answers whether it was made. */
  async #change(action: () => Promise<unknown>, confirmation: string): Promise<boolean> {
    const changed = await this.#status.save(action, confirmation)
    if (changed) await this.load()
    return changed
  }

  async #create(event: SubmitEvent): Promise<void> {
    event.preventDefault()
    const form = event.currentTarget as HTMLFormElement
    const data = new FormData(form)
    const connection = this.connection
    if (connection === undefined) return
    const uuid = newTaskUuid()
    const task = {
      uuid,
      client_created_at: new Date().toISOString(),
      title: String(data.get("title") ?? ""),
      description: String(data.get("description") ?? ""),
      assignee_id: Number(data.get("assignee_id")),
      report_id: Number(data.get("report_id")),
    }
    const created = await this.#change(
      () => run(connection.client.call("createTask", { body: { task } })),
      msg(str`Task “${task.title}” created for ${this.#name(task.assignee_id)}.`, {
        id: "tasksBoard.created",
      }),
    )
    if (created) form.reset()
  }

  #update(uuid: string, task: typeof TaskUpdate.Encoded, confirmation: string): Promise<boolean> {
    const connection = this.connection
    if (connection === undefined) return Promise.resolve(false)
    return this.#change(
      () =>
        run(
          connection.client.call("updateTask", {
            path: { uuid },
            body: { task: { ...task, time: new Date().toISOString() } },
          }),
        ),
      confirmation,
    )
  }

  async #saveEdit(event: SubmitEvent, uuid: string): Promise<void> {
    event.preventDefault()
    const data = new FormData(event.currentTarget as HTMLFormElement)
    const title = String(data.get("title") ?? "")
    const saved = await this.#update(
      uuid,
      {
        title,
        description: String(data.get("description") ?? ""),
        assignee_id: Number(data.get("assignee_id")),
      },
      msg(str`Saved the task “${title}”.`, { id: "tasksBoard.saved" }),
    )
    if (saved) void this.#edit(undefined, uuid)
  }

  /**
   * Opens or closes a task's edit form and moves the focus with it: into the form's first field,
   * and back to the task's Edit button when it closes, so a keyboard user keeps their place.
   */
  async #edit(editing: string | undefined, uuid: string): Promise<void> {
    this.editing = editing
    await this.updateComplete
    const target =
      editing === undefined
        ? this.renderRoot.querySelector<HTMLElement>(`button[data-edit="${uuid}"]`)
        : this.renderRoot.querySelector<HTMLElement>(`form[data-task="${uuid}"] input`)
    target?.focus()
  }

  #delete(task: Task): void {
    const connection = this.connection
    if (
      connection === undefined ||
      !confirm(msg(str`Delete the task “${task.title}”?`, { id: "tasksBoard.confirmDelete" }))
    )
      return
    void this.#change(
      () => run(connection.client.call("deleteTask", { path: { uuid: task.uuid } })),
      msg(str`Deleted the task “${task.title}”.`, { id: "tasksBoard.deleted" }),
    )
  }

  #assigneeOptions(selected: number | undefined) {
    return this.people.map(
      (person) =>
        html`<option value=${person.user_id} ?selected=${person.user_id === selected}>${fullName(person)}</option>`,
    )
  }

  #problemOf(path: string) {
    const messages = this.#status.problems[path]
    return messages === undefined ? nothing : html`<span class="error">${messages.join("; ")}</span>`
  }

  override render() {
    const open = this.tasks.filter((task) => task.completed_at === null)
    const completed = this.tasks.filter((task) => task.completed_at !== null)
    return html`
      <div class="toolbar" role="search" aria-label=${msg("Filter tasks", { id: "tasksBoard.filter" })}>
        <label>${msg("Show", { id: "tasksBoard.show" })}
          <select
            @change=${(event: Event) => {
              this.completion = (event.target as HTMLSelectElement).value as Completion
              void this.load()
            }}
          >
            <option value="all">${msg("All tasks", { id: "tasksBoard.all" })}</option>
            <option value="open">${msg("Open tasks", { id: "tasksBoard.openTasks" })}</option>
            <option value="completed">${msg("Completed tasks", { id: "tasksBoard.completedTasks" })}</option>
          </select>
        </label>
        <label>${msg("Assignee", { id: "tasksBoard.assignee" })}
          <select
            @change=${(event: Event) => {
              const value = (event.target as HTMLSelectElement).value
              this.assigneeFilter = value === "" ? undefined : Number(value)
              void this.load()
            }}
          >
            <option value="">${msg("Everyone", { id: "tasksBoard.everyone" })}</option>
            ${this.#assigneeOptions(this.assigneeFilter)}
          </select>
        </label>
      </div>
      <form aria-label=${msg("New task", { id: "tasksBoard.new" })} @submit=${(event: SubmitEvent) => this.#create(event)}>
        <label>${msg("Title", { id: "tasksBoard.title" })} <input name="title" required maxlength=${TextLimits.title} />${this.#problemOf("task.title")}</label>
        <label>${msg("Description", { id: "tasksBoard.description" })} <textarea name="description" rows="1" maxlength=${TextLimits.text}></textarea></label>
        <label>${msg("Assignee", { id: "tasksBoard.assignee" })}
          <select name="assignee_id" required>
            <!-- No one is chosen for the user (the list's first was often the platform administrator); the form asks for a choice. -->
            <option value="" selected>${msg("Choose someone", { id: "tasksBoard.choose" })}</option>
            ${this.#assigneeOptions(undefined)}
          </select>
          ${this.#problemOf("task.assignee_id")}
        </label>
        <label>${msg("Report id", { id: "tasksBoard.reportId" })} <input name="report_id" type="number" min="1" required />${this.#problemOf("task.report_id")}</label>
        <button class="primary" type="submit">${msg("Create task", { id: "tasksBoard.create" })}</button>
      </form>
      ${this.#status.render()}
      ${this.problem === undefined ? nothing : html`<p class="error" role="alert">${this.problem}</p>`}
      <div class="board">
        ${this.completion === "completed" ? nothing : this.#column("open", open)}
        ${this.completion === "open" ? nothing : this.#column("completed", completed)}
      </div>
      ${
        this.total !== undefined && this.tasks.length < this.total
          ? html`<button @click=${() => this.load(true)}>${msg(str`Show more tasks (${formatCount(this.tasks.length)} of ${formatCount(this.total)})`, { id: "tasksBoard.more" })}</button>`
          : nothing
      }
    `
  }

  #column(kind: "open" | "completed", tasks: ReadonlyArray<Task>) {
    const assignees = [...new Set(tasks.map((task) => task.assignee_id))]
    const open = kind === "open"
    return html`
      <section part="column" aria-label=${open ? msg("Open tasks", { id: "tasksBoard.openTasks" }) : msg("Completed tasks", { id: "tasksBoard.completedTasks" })}>
        <h2>${open ? msg("Open", { id: "tasksBoard.open" }) : msg("Completed", { id: "tasksBoard.completed" })} (${formatCount(tasks.length)})</h2>
        ${tasks.length === 0 ? html`<p class="muted">${open ? msg("No open tasks.", { id: "tasksBoard.noOpen" }) : msg("No completed tasks.", { id: "tasksBoard.noCompleted" })}</p>` : nothing}
        ${assignees.map(
          (assignee) => html`
            <h3>${this.#name(assignee)}</h3>
            <ul>${tasks.filter((task) => task.assignee_id === assignee).map((task) => this.#card(task))}</ul>
          `,
        )}
      </section>
    `
  }

  #card(task: Task) {
    const done = task.completed_at !== null
    if (this.editing === task.uuid) {
      return html`
        <li part="task">
          <form data-task=${task.uuid} aria-label=${msg(str`Edit task ${task.title}`, { id: "tasksBoard.edit" })} @submit=${(event: SubmitEvent) => this.#saveEdit(event, task.uuid)}>
            <label>${msg("Title", { id: "tasksBoard.title" })} <input name="title" required maxlength=${TextLimits.title} .value=${task.title} /></label>
            <label>${msg("Description", { id: "tasksBoard.description" })} <textarea name="description" maxlength=${TextLimits.text} .value=${task.description}></textarea></label>
            <label>${msg("Assignee", { id: "tasksBoard.assignee" })} <select name="assignee_id">${this.#assigneeOptions(task.assignee_id)}</select></label>
            <div class="actions">
              <button class="primary" type="submit">${msg("Save", { id: "categoryTree.save" })}</button>
              <button type="button" @click=${() => this.#edit(undefined, task.uuid)}>${msg("Cancel", { id: "tasksBoard.cancel" })}</button>
            </div>
          </form>
        </li>
      `
    }
    return html`
      <li part="task" class=${done ? "completed" : ""}>
        <div class="task-title">${task.title}</div>
        ${task.description === "" ? nothing : html`<p class="task-description">${task.description}</p>`}
        <div class="task-meta">
          <button class="link" @click=${() => this.dispatchEvent(new ReportSelectEvent(task.report_id))}>${msg(str`Report #${task.report_id}`, { id: "notificationList.report" })}</button> · ${msg(str`created ${formatTime(task.client_created_at)} by ${this.#name(task.creator_id)}`, { id: "tasksBoard.createdBy" })}
          ${
            done && task.completed_at !== null
              ? html` · ${
                  task.completed_by_id === null
                    ? msg(str`completed ${formatTime(task.completed_at)}`, { id: "tasksBoard.completedAt" })
                    : msg(
                        str`completed ${formatTime(task.completed_at)} by ${this.#name(task.completed_by_id)}`,
                        {
                          id: "tasksBoard.completedBy",
                        },
                      )
                }`
              : nothing
          }
        </div>
        <div class="actions">
          <button @click=${() => this.#update(task.uuid, { completed: !done }, done ? msg(str`Reopened the task “${task.title}”.`, { id: "tasksBoard.reopened" }) : msg(str`Completed the task “${task.title}”.`, { id: "tasksBoard.completedTask" }))}>
            ${done ? msg("Reopen", { id: "tasksBoard.reopen" }) : msg("Complete", { id: "tasksBoard.complete" })}<span class="visually-hidden"> ${task.title}</span>
          </button>
          <button data-edit=${task.uuid} @click=${() => this.#edit(task.uuid, task.uuid)}>${msg("Edit", { id: "tasksBoard.editButton" })}<span class="visually-hidden"> ${task.title}</span></button>
          <button @click=${() => this.#delete(task)}>${msg("Delete", { id: "notificationList.delete" })}<span class="visually-hidden"> ${task.title}</span></button>
        </div>
      </li>
    `
  }
}

customElements.define("fr-tasks-board", TasksBoard)

declare global {
  interface HTMLElementTagNameMap {
    "fr-tasks-board": TasksBoard
  }
}
