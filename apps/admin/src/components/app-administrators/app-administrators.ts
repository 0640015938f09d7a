/**
 * The administrators of each branded app, as platform administrators set them (docs/api.md,
 * Platform administration): every app with its administrators, a user added by name or e-mail
 * address, one removed after confirming. Each app's changes say what they did, or why the API
 * refused them, under that app's own form (`SaveStatus`).
 *
 * Only platform administrators signed in with a password may call these endpoints; anybody else
 * is told so, and nothing is asked of the API they would refuse.
 */

import type { AdminBrandedApp, AppAdministrator } from "@fieldreport/domain/AppAdministrator"
import type { AdminUser } from "@fieldreport/domain/User"
import { msg, str } from "@lit/localize"
import { html, nothing } from "lit"
import { ApiElement } from "../../shared/ApiElement.ts"
import type { Connection } from "../../shared/connection.ts"
import { findPerson, personLabel, platformUsers } from "../../shared/people.ts"
import { errorText, run } from "../../shared/run.ts"
import { SaveStatus } from "../../shared/SaveStatus.ts"
import { fullName } from "../../shared/team.ts"
import { styles } from "./app-administrators.styles.ts"

/**
 * @summary A platform administrator's page of the branded apps and their administrators: add one
 * by user, remove one.
 *
 * @csspart app - One branded app: its administrators and the form that adds one.
 * @csspart administrators - The list of an app's administrators.
 * @csspart add - The form that adds an administrator to an app.
 *
 * @cssproperty --fr-color-border - Lines around each app and between administrators.
 * @cssproperty --fr-color-danger - The Remove buttons.
 *
 * @example
 * ```html
 * <fr-app-administrators></fr-app-administrators>
 * ```
 */
export class AppAdministrators extends ApiElement {
  static override styles = styles
  static override properties = {
    ...ApiElement.properties,
    allowed: { state: true },
    apps: { state: true },
    users: { state: true },
    problem: { state: true },
  }

  /** Whether the signed-in user is a platform administrator; undefined until known. */
  declare allowed: boolean | undefined
  declare apps: ReadonlyArray<AdminBrandedApp>
  /** Every user of the platform, to pick from. */
  declare users: ReadonlyArray<AdminUser>
  declare problem: string | undefined

  /** Each app's saves, by app id: what one app's form says is about that app only. */
  #statuses = new Map<number, SaveStatus>()

  constructor() {
    super()
    this.allowed = undefined
    this.apps = []
    this.users = []
    this.problem = undefined
  }

  protected override connected(connection: Connection): void {
    void this.#start(connection)
  }

  async #start(connection: Connection): Promise<void> {
    try {
      const me = await run(connection.client.call("getCurrentUser"))
      this.allowed = me.admin
      if (!me.admin) return
      const [apps, users] = await Promise.all([
        run(connection.client.call("listBrandedApps")),
        platformUsers(connection),
      ])
      // The people first: an app's add form, shown with the apps, finds them from the start.
      this.users = users
      this.apps = apps
      this.problem = undefined
    } catch (error) {
      this.problem = errorText(error)
    }
  }

  #statusOf(app: AdminBrandedApp): SaveStatus {
    const known = this.#statuses.get(app.id)
    if (known !== undefined) return known
    const status = new SaveStatus(this)
    this.#statuses.set(app.id, status)
    return status
  }

  /** Reads one app again, with its administrators as the API now has them. */
  async #reload(connection: Connection, app: AdminBrandedApp): Promise<void> {
    const fresh = await run(connection.client.call("getBrandedApp", { path: { id: app.id } }))
    this.apps = this.apps.map((candidate) => (candidate.id === fresh.id ? fresh : candidate))
  }

  async #add(event: SubmitEvent, app: AdminBrandedApp): Promise<void> {
    event.preventDefault()
    const connection = this.connection
    if (connection === undefined) return
    const form = event.currentTarget as HTMLFormElement
    const text = String(new FormData(form).get("user") ?? "")
    const status = this.#statusOf(app)
    const user = findPerson(this.users, text)
    if (user === undefined) {
      status.refuse(msg(str`No one is “${text}”.`, { id: "appAdministrators.noOne" }), {
        user_id: [msg("pick a name or e-mail address from the list", { id: "appAdministrators.pick" })],
      })
      return
    }
    let already = false
    const saved = await status.save(
      async () => {
        const answer = await run(
          connection.client.request("addAppAdministrator", {
            path: { id: app.id },
            body: { user_id: user.id },
          }),
        )
        already = answer.status === 200
        await this.#reload(connection, app)
      },
      () =>
        already
          ? msg(str`${fullName(user)} was an administrator of ${app.name} already.`, {
              id: "appAdministrators.already",
            })
          : msg(str`${fullName(user)} is now an administrator of ${app.name}.`, {
              id: "appAdministrators.added",
            }),
    )
    if (saved) form.reset()
  }

  async #remove(app: AdminBrandedApp, administrator: AppAdministrator): Promise<void> {
    const connection = this.connection
    const name = fullName(administrator)
    if (
      connection === undefined ||
      !confirm(
        msg(str`Remove ${name} as an administrator of ${app.name}?`, { id: "appAdministrators.confirm" }),
      )
    )
      return
    await this.#statusOf(app).save(
      async () => {
        await run(
          connection.client.call("removeAppAdministrator", {
            path: { id: app.id, user_id: administrator.id },
          }),
        )
        await this.#reload(connection, app)
      },
      msg(str`${name} no longer administers ${app.name}.`, { id: "appAdministrators.removed" }),
    )
  }

  #app(app: AdminBrandedApp) {
    const status = this.#statusOf(app)
    const refused = status.problems.user_id
    const heading = `app-${app.id}`
    return html`
      <section part="app" aria-labelledby=${heading}>
        <h3 id=${heading}>${app.name} <span class="muted">${app.bundle_id}</span></h3>
        ${
          app.administrators.length === 0
            ? html`<p class="muted">${msg("No administrators: only platform administrators manage this app.", { id: "appAdministrators.none" })}</p>`
            : html`<ul part="administrators" aria-label=${msg(str`Administrators of ${app.name}`, { id: "appAdministrators.list" })}>
              ${app.administrators.map(
                (administrator) => html`<li>
                  <span>${fullName(administrator)} <span class="muted">${administrator.email}</span></span>
                  <button type="button" class="danger" ?disabled=${status.saving}
                    aria-label=${msg(str`Remove ${fullName(administrator)} as an administrator of ${app.name}`, { id: "appAdministrators.removeLabel" })}
                    @click=${() => this.#remove(app, administrator)}>${msg("Remove", { id: "appAdministrators.remove" })}</button>
                </li>`,
              )}
            </ul>`
        }
        <form part="add" aria-label=${msg(str`Add an administrator to ${app.name}`, { id: "appAdministrators.addTo" })}
          @submit=${(event: SubmitEvent) => this.#add(event, app)} @input=${() => status.edited()}>
          <label>${msg("User", { id: "appAdministrators.user" })}
            <input name="user" list="people" autocomplete="off" required placeholder=${msg("Name or e-mail address", { id: "appAdministrators.placeholder" })}
              aria-invalid=${refused === undefined ? "false" : "true"} />
            ${refused === undefined ? nothing : html`<span class="error">${refused.join("; ")}</span>`}
          </label>
          <button class="primary" type="submit" ?disabled=${status.saving}>${msg("Add administrator", { id: "appAdministrators.add" })}</button>
        </form>
        ${status.render()}
      </section>
    `
  }

  override render() {
    if (this.allowed === false)
      return html`<p>${msg("Only platform administrators name the administrators of branded apps.", { id: "appAdministrators.only" })}</p>`
    return html`
      ${this.problem === undefined ? nothing : html`<p class="error" role="alert">${this.problem}</p>`}
      ${this.allowed === undefined ? html`<p role="status">${msg("Loading…", { id: "shell.loading" })}</p>` : nothing}
      <p class="muted">${msg("An app's administrators create, change and delete its shapes, add people to any of its teams directly, and read its audit events.", { id: "appAdministrators.intro" })}</p>
      ${this.apps.map((app) => this.#app(app))}
      <datalist id="people">
        ${this.users
          .filter((user) => !user.deactivated)
          .map((user) => html`<option value=${personLabel(user)}></option>`)}
      </datalist>
    `
  }
}

customElements.define("fr-app-administrators", AppAdministrators)

declare global {
  interface HTMLElementTagNameMap {
    "fr-app-administrators": AppAdministrators
  }
}
