/**
 * Personal API tokens, as platform administrators issue them (docs/api.md, API tokens and their
 * scopes): pick a user (the signed-in administrator at first), see their tokens, create one with a
 * name and a scope, revoke one. A new token's secret is shown once, in the answer that creates it,
 * so the element shows it with a Copy button until the administrator is done with it, and never
 * again: the list has no secrets.
 *
 * Only platform administrators signed in with a password may call these endpoints; anybody else
 * is told so, and nothing is asked of the API they would refuse.
 */

import type { ApiToken, ApiTokenScope, CreatedApiToken } from "@fieldreport/domain/ApiToken"
import type { AdminUser } from "@fieldreport/domain/User"
import { msg, str } from "@lit/localize"
import { html, nothing } from "lit"
import { ApiElement } from "../../shared/ApiElement.ts"
import type { Connection } from "../../shared/connection.ts"
import { findPerson, personLabel, platformUsers } from "../../shared/people.ts"
import { errorText, run } from "../../shared/run.ts"
import { SaveStatus } from "../../shared/SaveStatus.ts"
import { fullName } from "../../shared/team.ts"
import { formatTime } from "../../shared/time.ts"
import { styles } from "./api-tokens.styles.ts"

/** Each scope's name, in the language shown. */
const scopeNames: Readonly<Record<ApiTokenScope, string>> = {
  get read() {
    return msg("Read only", { id: "apiTokens.scope.read" })
  },
  get write() {
    return msg("Read and write", { id: "apiTokens.scope.write" })
  },
}

/**
 * @summary A platform administrator's API tokens page: a user's tokens, created with a scope,
 * shown once with a Copy button, and revoked.
 *
 * @csspart owner - The form that picks whose tokens are shown.
 * @csspart new-token - The token just created, shown this once, with its Copy and Done buttons.
 * @csspart tokens - The table of the user's tokens.
 * @csspart create - The form that creates a token.
 *
 * @cssproperty --fr-color-border - Lines between rows and around the new token.
 * @cssproperty --fr-color-surface-raised - Background of the new token.
 * @cssproperty --fr-color-danger - The Revoke buttons.
 *
 * @example
 * ```html
 * <fr-api-tokens></fr-api-tokens>
 * ```
 */
export class ApiTokens extends ApiElement {
  static override styles = styles
  static override properties = {
    ...ApiElement.properties,
    allowed: { state: true },
    users: { state: true },
    owner: { state: true },
    tokens: { state: true },
    created: { state: true },
    copied: { state: true },
    problem: { state: true },
    ownerProblem: { state: true },
  }

  /** Whether the signed-in user is a platform administrator; undefined until known. */
  declare allowed: boolean | undefined
  declare users: ReadonlyArray<AdminUser>
  /** The user whose tokens are shown. */
  declare owner: AdminUser | undefined
  declare tokens: ReadonlyArray<ApiToken>
  /** The token just created, with its secret: shown until Done, another user or another token. */
  declare created: CreatedApiToken | undefined
  /** What the Copy button did, in words. */
  declare copied: string
  declare problem: string | undefined
  /** Why the text of the user field names nobody. */
  declare ownerProblem: string | undefined

  #status = new SaveStatus(this)
  /** The platform's users, loading or loaded: a choice made while they load waits for them. */
  #users: Promise<ReadonlyArray<AdminUser>> = Promise.resolve([])
  /** How often someone typed in or submitted the user field: the start shows its default only before. */
  #edits = 0

  constructor() {
    super()
    this.allowed = undefined
    this.users = []
    this.owner = undefined
    this.tokens = []
    this.created = undefined
    this.copied = ""
    this.problem = undefined
    this.ownerProblem = undefined
  }

  protected override connected(connection: Connection): void {
    void this.#start(connection)
  }

  async #start(connection: Connection): Promise<void> {
    this.created = undefined
    const edits = this.#edits
    try {
      const me = await run(connection.client.call("getCurrentUser"))
      this.allowed = me.admin
      if (!me.admin) return
      this.#users = platformUsers(connection)
      this.users = await this.#users
      if (this.#edits === edits) await this.#show(this.users.find((user) => user.id === me.id))
    } catch (error) {
      this.problem = errorText(error)
    }
  }

  /** Shows a user's tokens; what was said about another user's no longer applies. */
  async #show(owner: AdminUser | undefined): Promise<void> {
    if (owner?.id !== this.owner?.id) {
      this.created = undefined
      this.#status.reset()
    }
    this.owner = owner
    await this.#loadTokens()
  }

  async #loadTokens(): Promise<void> {
    const connection = this.connection
    const owner = this.owner
    if (connection === undefined || owner === undefined) return
    try {
      const tokens = await run(connection.client.call("listApiTokens", { path: { id: owner.id } }))
      // Another user chosen meanwhile: theirs are on their way.
      if (this.owner !== owner) return
      this.tokens = tokens
      this.problem = undefined
    } catch (error) {
      if (this.owner === owner) this.problem = errorText(error)
    }
  }

  async #choose(event: SubmitEvent): Promise<void> {
    event.preventDefault()
    this.#edits++
    const text = String(new FormData(event.currentTarget as HTMLFormElement).get("user") ?? "")
    const owner = findPerson(await this.#users.catch(() => this.users), text)
    this.ownerProblem =
      owner === undefined
        ? msg(str`No one is “${text}”: pick a name or e-mail address from the list.`, {
            id: "apiTokens.noOne",
          })
        : undefined
    if (owner !== undefined) void this.#show(owner)
  }

  async #create(event: SubmitEvent): Promise<void> {
    event.preventDefault()
    const connection = this.connection
    const owner = this.owner
    if (connection === undefined || owner === undefined) return
    const form = event.currentTarget as HTMLFormElement
    const data = new FormData(form)
    const name = String(data.get("name") ?? "")
    const scope = data.get("scope") === "write" ? "write" : "read"
    this.created = undefined
    let created: CreatedApiToken | undefined
    const saved = await this.#status.save(
      async () => {
        created = await run(
          connection.client.call("createApiToken", {
            path: { id: owner.id },
            body: { api_token: { name, scope } },
          }),
        )
      },
      () =>
        scope === "read"
          ? msg(str`Created the read-only API token “${created?.name ?? name}” for ${fullName(owner)}.`, {
              id: "apiTokens.createdRead",
            })
          : msg(
              str`Created the read and write API token “${created?.name ?? name}” for ${fullName(owner)}.`,
              {
                id: "apiTokens.createdWrite",
              },
            ),
    )
    if (!saved || created === undefined) return
    form.reset()
    this.created = created
    this.copied = ""
    await this.#loadTokens()
    await this.updateComplete
    this.renderRoot.querySelector<HTMLInputElement>("[part=new-token] input")?.select()
  }

  async #copy(): Promise<void> {
    const secret = this.created?.token
    if (secret === undefined) return
    try {
      await navigator.clipboard.writeText(secret)
      this.copied = msg("Copied to the clipboard.", { id: "gisAccess.copied" })
    } catch {
      // A page without the clipboard (not served over HTTPS, say): the token is selected instead.
      this.renderRoot.querySelector<HTMLInputElement>("[part=new-token] input")?.select()
      this.copied = msg("The browser did not let the page copy: the token is selected, copy it yourself.", {
        id: "apiTokens.notCopied",
      })
    }
  }

  /** The administrator has the token: it goes, for good. */
  #done(): void {
    this.created = undefined
    this.copied = ""
    void this.updateComplete.then(() =>
      this.renderRoot.querySelector<HTMLInputElement>("input[name=name]")?.focus(),
    )
  }

  async #revoke(token: ApiToken): Promise<void> {
    const connection = this.connection
    const owner = this.owner
    if (
      connection === undefined ||
      owner === undefined ||
      !confirm(
        msg(
          str`Revoke the API token “${token.name}” of ${fullName(owner)}? Whatever uses it stops working at once.`,
          {
            id: "apiTokens.confirmRevoke",
          },
        ),
      )
    )
      return
    const saved = await this.#status.save(
      () => run(connection.client.call("deleteApiToken", { path: { id: owner.id, token_id: token.id } })),
      msg(str`Revoked the API token “${token.name}” of ${fullName(owner)}.`, { id: "apiTokens.revoked" }),
    )
    if (!saved) return
    if (this.created?.id === token.id) this.created = undefined
    await this.#loadTokens()
  }

  #problemOf(path: string) {
    const messages = this.#status.problems[path]
    return messages === undefined ? nothing : html`<span class="error">${messages.join("; ")}</span>`
  }

  #ownerForm() {
    return html`
      <form part="owner" aria-label=${msg("Whose tokens", { id: "apiTokens.whose" })} @submit=${(event: SubmitEvent) => void this.#choose(event)}>
        <label>${msg("User", { id: "appAdministrators.user" })}
          <input name="user" list="people" autocomplete="off" required .value=${this.owner === undefined ? "" : personLabel(this.owner)}
            aria-invalid=${this.ownerProblem === undefined ? "false" : "true"}
            @input=${() => {
              this.ownerProblem = undefined
              this.#edits++
            }} />
          ${this.ownerProblem === undefined ? nothing : html`<span class="error">${this.ownerProblem}</span>`}
        </label>
        <datalist id="people">
          ${this.users.map((user) => html`<option value=${personLabel(user)}></option>`)}
        </datalist>
        <button type="submit">${msg("Show tokens", { id: "apiTokens.show" })}</button>
      </form>
    `
  }

  #newToken(created: CreatedApiToken) {
    return html`
      <section part="new-token" aria-label=${msg("New API token", { id: "apiTokens.new" })}>
        <p><strong>${msg("Copy the token now: it is shown only this once.", { id: "apiTokens.copyNow" })}</strong> ${
          created.scope === "read"
            ? msg(
                str`Whoever holds it acts as ${this.owner === undefined ? msg("its user", { id: "apiTokens.itsUser" }) : fullName(this.owner)} (reading only) until it is revoked.`,
                { id: "apiTokens.holderRead" },
              )
            : msg(
                str`Whoever holds it acts as ${this.owner === undefined ? msg("its user", { id: "apiTokens.itsUser" }) : fullName(this.owner)} (reading and writing) until it is revoked.`,
                { id: "apiTokens.holderWrite" },
              )
        }</p>
        <div class="secret">
          <input readonly aria-label=${msg(str`API token “${created.name}”`, { id: "apiTokens.tokenLabel" })} .value=${created.token}
            @focus=${(event: FocusEvent) => (event.target as HTMLInputElement).select()} />
          <button type="button" class="primary" @click=${() => this.#copy()}>${msg("Copy", { id: "gisAccess.copy" })}</button>
        </div>
        <p class="muted" role="status">${this.copied}</p>
        <button type="button" @click=${() => this.#done()}>${msg("Done, I have copied it", { id: "apiTokens.done" })}</button>
      </section>
    `
  }

  #tokens(owner: AdminUser) {
    if (this.tokens.length === 0)
      return html`<p>${msg(str`${fullName(owner)} has no API tokens.`, { id: "apiTokens.none" })}</p>`
    return html`
      <table part="tokens" aria-label=${msg(str`API tokens of ${fullName(owner)}`, { id: "apiTokens.of" })}>
        <thead>
          <tr><th scope="col">${msg("Name", { id: "apiTokens.name" })}</th><th scope="col">${msg("Scope", { id: "apiTokens.scope" })}</th><th scope="col">${msg("Created", { id: "apiTokens.created" })}</th><th scope="col"><span class="visually-hidden">${msg("Revoke", { id: "apiTokens.revoke" })}</span></th></tr>
        </thead>
        <tbody>
          ${this.tokens.map(
            (token) => html`
              <tr>
                <th scope="row">${token.name}</th>
                <td>${scopeNames[token.scope]}</td>
                <td>${formatTime(token.created_at)}</td>
                <td><button type="button" class="danger" aria-label=${msg(str`Revoke ${token.name}`, { id: "apiTokens.revokeLabel" })} ?disabled=${this.#status.saving}
                  @click=${() => this.#revoke(token)}>${msg("Revoke", { id: "apiTokens.revoke" })}</button></td>
              </tr>
            `,
          )}
        </tbody>
      </table>
    `
  }

  #createForm(owner: AdminUser) {
    return html`
      <form part="create" aria-label=${msg("New API token", { id: "apiTokens.new" })} @submit=${(event: SubmitEvent) => this.#create(event)}
        @input=${() => this.#status.edited()}>
        <label>${msg("Name", { id: "apiTokens.name" })}
          <input name="name" required maxlength="255" placeholder=${msg("e.g. wall map", { id: "apiTokens.namePlaceholder" })} autocomplete="off"
            aria-invalid=${this.#status.problems["api_token.name"] === undefined ? "false" : "true"} />
          ${this.#problemOf("api_token.name")}
        </label>
        <fieldset>
          <legend>${msg("Scope", { id: "apiTokens.scope" })}</legend>
          <label class="choice"><input type="radio" name="scope" value="read" checked />
            <span>${msg(html`<strong>Read only</strong>: it may only read, the one to put into web pages.`, { id: "apiTokens.readHint" })}</span></label>
          <label class="choice"><input type="radio" name="scope" value="write" />
            <span>${msg(html`<strong>Read and write</strong>: it may change data too.`, { id: "apiTokens.writeHint" })}</span></label>
          ${this.#problemOf("api_token.scope")}
        </fieldset>
        <button class="primary" type="submit" ?disabled=${this.#status.saving}>${msg(str`Create a token for ${fullName(owner)}`, { id: "apiTokens.create" })}</button>
      </form>
    `
  }

  override render() {
    if (this.allowed === false)
      return html`<p>${msg("Only platform administrators issue API tokens, signed in with their password.", { id: "apiTokens.only" })}</p>`
    const owner = this.owner
    return html`
      ${this.problem === undefined ? nothing : html`<p class="error" role="alert">${this.problem}</p>`}
      ${this.allowed === undefined ? html`<p role="status">${msg("Loading…", { id: "shell.loading" })}</p>` : this.#ownerForm()}
      ${this.#status.render()}
      ${this.created === undefined ? nothing : this.#newToken(this.created)}
      ${
        owner === undefined
          ? nothing
          : html`<h3>${msg(str`API tokens of ${fullName(owner)}`, { id: "apiTokens.of" })}</h3>${this.#tokens(owner)}
            <h3>${msg("New token", { id: "apiTokens.newHeading" })}</h3>${this.#createForm(owner)}`
      }
    `
  }
}

customElements.define("fr-api-tokens", ApiTokens)

declare global {
  interface HTMLElementTagNameMap {
    "fr-api-tokens": ApiTokens
  }
}
