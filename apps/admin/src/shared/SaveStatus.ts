/**
 * How every editor of the admin UI saves: one model, so a change means the same thing everywhere.
 * What the user changes stays in the editor until they press its Save button (or a button that is
 * a save of its own: Add, Delete, Change state), and every save answers in words: a confirmation
 * of what was saved, announced as a status, or the server's refusal, announced as an alert with the
 * field messages of a `422`. A new edit clears the last confirmation, which then no longer
 * describes what the editor shows.
 *
 * Changing a select or ticking a box never writes by itself: that is what made a role change happen
 * without a word while the form builder waited for Save.
 */
import { html, nothing, type ReactiveController, type ReactiveControllerHost } from "lit"
import { errorText, fieldErrors } from "./run.ts"

/**
 * The state of an editor's saves, rendered where the editor wants its message.
 *
 * @example
 * ```ts
 * class RoleEditor extends ApiElement {
 *   #status = new SaveStatus(this)
 *   async #save() {
 *     await this.#status.save(() => run(client.call("updateTeamUser", …)), "Ana Lee is now a manager.")
 *   }
 *   override render() {
 *     return html`<button ?disabled=${this.#status.saving}>Save</button>${this.#status.render()}`
 *   }
 * }
 * ```
 */
export class SaveStatus implements ReactiveController {
  /** What the last save wrote, in words; undefined before one, after a failure or a new edit. */
  confirmation: string | undefined = undefined
  /** Why the last save failed. */
  problem: string | undefined = undefined
  /** The field messages of the last failure, keyed by field path. */
  problems: Readonly<Record<string, ReadonlyArray<string>>> = {}
  /** Whether a save is on its way: its buttons wait. */
  saving = false

  readonly #host: ReactiveControllerHost

  constructor(host: ReactiveControllerHost) {
    this.#host = host
    host.addController(this)
  }

  hostConnected(): void {}

  /**
   * Runs a save and says how it went: `confirmation` (read once the save is done, so it may name
   * what the server answered) on success, the error's text otherwise. Answers whether it saved.
   *
   * @example
   * ```ts
   * const saved = await status.save(() => run(call), () => `Saved as version ${this.version}.`)
   * ```
   */
  async save(action: () => Promise<unknown>, confirmation: string | (() => string)): Promise<boolean> {
    this.saving = true
    this.confirmation = undefined
    this.problem = undefined
    this.problems = {}
    this.#host.requestUpdate()
    try {
      await action()
      this.confirmation = typeof confirmation === "string" ? confirmation : confirmation()
      return true
    } catch (error) {
      this.problem = errorText(error)
      this.problems = fieldErrors(error)
      return false
    } finally {
      this.saving = false
      this.#host.requestUpdate()
    }
  }

  /**
   * A save the editor refused itself before sending (a check the domain makes in the browser).
   *
   * @example
   * ```ts
   * status.refuse("The form has problems; see the fields marked below.", checked.failure.errors)
   * ```
   */
  refuse(problem: string, problems: Readonly<Record<string, ReadonlyArray<string>>> = {}): void {
    this.confirmation = undefined
    this.problem = problem
    this.problems = problems
    this.#host.requestUpdate()
  }

  /**
   * The user changed something since the last save: its confirmation no longer holds.
   *
   * @example
   * ```ts
   * html`<input @input=${() => status.edited()} />`
   * ```
   */
  edited(): void {
    if (this.confirmation === undefined) return
    this.confirmation = undefined
    this.#host.requestUpdate()
  }

  /**
   * The editor starts on something else (a new drawing, another item): nothing of the last save
   * applies to it.
   *
   * @example
   * ```ts
   * status.reset()
   * ```
   */
  reset(): void {
    this.confirmation = undefined
    this.problem = undefined
    this.problems = {}
    this.#host.requestUpdate()
  }

  /**
   * The confirmation (in a status region that is always there, so screen readers announce it) and
   * the problem of the last save.
   *
   * @example
   * ```ts
   * html`<form>…<button class="primary">Save</button>${status.render()}</form>`
   * ```
   */
  render() {
    return html`<p class="saved" role="status">${this.confirmation ?? ""}</p>${
      this.problem === undefined ? nothing : html`<p class="error" role="alert">${this.problem}</p>`
    }`
  }
}
