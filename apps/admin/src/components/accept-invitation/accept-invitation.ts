/**
 * `fr-accept-invitation`: the page the link of an invitation e-mail opens
 * (`#/accept-invitation?token=…`; docs/api.md, Invitations). It reads the invitation with its
 * token (`lookUpTeamInvitation`: the team, who invited and the address, nothing else), and takes
 * the person's names and a password to accept it (`acceptTeamInvitation`), which makes their account,
 * joins the team and signs them in: the page then fires `fr-login` with the new session, which the
 * shell keeps, and `fr-navigate` to the team's view. A token used, withdrawn or expired, and a weak
 * password, are shown with the API's own words.
 */

import { make } from "@fieldreport/client/FieldreportClient"
import type { TeamInvitationFound } from "@fieldreport/domain/TeamInvitation"
import { msg, str, updateWhenLocaleChanges } from "@lit/localize"
import { html, LitElement, nothing, type PropertyValues } from "lit"
import { LoginEvent } from "../../events/login.ts"
import { NavigateEvent } from "../../events/navigate.ts"
import { accountPage } from "../../shared/accountPage.ts"
import { errorText, fieldErrors, run } from "../../shared/run.ts"
import { base } from "../../shared/theme.ts"

/**
 * @summary Accepts an invitation by e-mail: names and a password make the account, which joins the team signed in.
 *
 * @event fr-login - `LoginEvent`: the new account's session, once the invitation is accepted.
 * @event fr-navigate - `NavigateEvent` to `team`, the view of the team just joined.
 * @csspart form - The form.
 * @csspart invitation - What the invitation says: the team, who invited and the address.
 * @csspart submit - The button that accepts.
 * @csspart refused - What the page says when the link's token does not work.
 * @cssproperty --fr-color-accent - The button's colour.
 *
 * @example
 * ```html
 * <fr-accept-invitation base-url="https://reports.example.com" invitation-token="fri_…"></fr-accept-invitation>
 * ```
 */
export class AcceptInvitation extends LitElement {
  static override properties = {
    baseUrl: { attribute: "base-url" },
    invitationToken: { attribute: "invitation-token" },
    invitation: { state: true },
    refusal: { state: true },
    busy: { state: true },
    problems: { state: true },
    failure: { state: true },
  }

  static override styles = [base, accountPage]

  /** The service's address; defaults to this page's origin. */
  declare baseUrl: string | undefined
  /** The token of the invitation e-mail's link. */
  declare invitationToken: string | undefined
  /** The invitation, once read. */
  declare invitation: TeamInvitationFound | undefined
  /** Why the link's token does not work, once the API said so. */
  declare refusal: string | undefined
  declare busy: boolean
  /** What is wrong with the names, the password or its repetition, by field. */
  declare problems: Readonly<Record<string, ReadonlyArray<string>>>
  declare failure: string | undefined

  constructor() {
    super()
    updateWhenLocaleChanges(this)
    this.busy = false
    this.problems = {}
  }

  #client() {
    return make({ baseUrl: this.baseUrl ?? globalThis.location.origin })
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has("invitationToken") || changed.has("baseUrl")) void this.#lookUp()
  }

  async #lookUp(): Promise<void> {
    const token = this.invitationToken ?? ""
    this.invitation = undefined
    this.refusal = undefined
    if (token === "") {
      this.refusal = msg("it has no token", { id: "acceptInvitation.noToken" })
      return
    }
    try {
      this.invitation = await run(this.#client().call("lookUpTeamInvitation", { body: { token } }))
    } catch (error) {
      const problems = fieldErrors(error)
      this.refusal =
        problems.token === undefined
          ? errorText(error)
          : msg(str`its token ${problems.token.join(" ")}`, { id: "acceptInvitation.itsToken" })
    }
  }

  override render() {
    if (this.refusal !== undefined) {
      return html`<section part="refused" aria-labelledby="title">
        <h1 id="title">${msg("This invitation link does not work", { id: "acceptInvitation.notWorking" })}</h1>
        <p role="alert">${msg(str`This link cannot accept an invitation: ${this.refusal}. Links work once, for 7 days; ask the person who invited you to send the invitation again.`, { id: "acceptInvitation.refused" })}</p>
        <p><a href="#/">${msg("Sign in", { id: "account.signIn" })}</a></p>
      </section>`
    }
    const invitation = this.invitation
    if (invitation === undefined)
      return html`<p role="status">${msg("Reading the invitation…", { id: "acceptInvitation.reading" })}</p>`
    return html`
      <form part="form" @submit=${this.#submit} aria-labelledby="title">
        <h1 id="title">${msg(str`Join ${invitation.team_name}`, { id: "acceptInvitation.join" })}</h1>
        <p part="invitation">${msg(str`${invitation.inviter_name} invited ${invitation.email} to join the team ${invitation.team_name}. Choose your name and a password: your account is made with this address and you are signed in.`, { id: "acceptInvitation.invited" })}</p>
        <label>${msg("First name", { id: "acceptInvitation.firstName" })} <input name="first_name" autocomplete="given-name" required
          aria-invalid=${this.problems.first_name === undefined ? "false" : "true"}
          aria-describedby="first_name-problem" /></label>
        ${this.#problem("first_name")}
        <label>${msg("Last name", { id: "acceptInvitation.lastName" })} <input name="last_name" autocomplete="family-name" required
          aria-invalid=${this.problems.last_name === undefined ? "false" : "true"}
          aria-describedby="last_name-problem" /></label>
        ${this.#problem("last_name")}
        <p id="rules" class="hint">${msg("At least 10 characters, and hard to guess: common passwords, words and names, keyboard patterns, dates and your own e-mail address or name make a password weak. A few uncommon words together make a good one.", { id: "resetPassword.rules" })}</p>
        <label>${msg("Password", { id: "loginForm.password" })} <input name="password" type="password" autocomplete="new-password" required
          aria-invalid=${this.problems.password === undefined ? "false" : "true"}
          aria-describedby="rules password-problem" /></label>
        ${this.#problem("password")}
        <label>${msg("Password again", { id: "acceptInvitation.passwordAgain" })} <input name="confirmation" type="password" autocomplete="new-password" required
          aria-invalid=${this.problems.confirmation === undefined ? "false" : "true"}
          aria-describedby="confirmation-problem" /></label>
        ${this.#problem("confirmation")}
        ${
          this.problems.token === undefined
            ? nothing
            : html`<p class="error" role="alert">${msg(str`This link cannot accept the invitation: its token ${this.problems.token.join(" ")}.`, { id: "acceptInvitation.badToken" })}</p>`
        }
        <p class="error" role="alert" ?hidden=${this.failure === undefined}>${this.failure}</p>
        <button class="primary" part="submit" type="submit" ?disabled=${this.busy}>${msg(str`Join ${invitation.team_name}`, { id: "acceptInvitation.join" })}</button>
      </form>
    `
  }

  #problem(field: string) {
    return html`<p id="${field}-problem" class="error" ?hidden=${this.problems[field] === undefined}>${this.problems[field]?.join(" ")}</p>`
  }

  #submit = async (event: SubmitEvent): Promise<void> => {
    event.preventDefault()
    const data = new FormData(event.target as HTMLFormElement)
    const text = (name: string) => String(data.get(name) ?? "")
    this.failure = undefined
    if (text("confirmation") !== text("password")) {
      this.problems = {
        confirmation: [
          msg("differs from the password: type the same password twice", { id: "acceptInvitation.differs" }),
        ],
      }
      return
    }
    this.busy = true
    this.problems = {}
    const baseUrl = this.baseUrl ?? globalThis.location.origin
    try {
      const answer = await run(
        this.#client().call("acceptTeamInvitation", {
          body: {
            token: this.invitationToken ?? "",
            first_name: text("first_name"),
            last_name: text("last_name"),
            password: text("password"),
          },
        }),
      )
      this.dispatchEvent(new LoginEvent(answer.session, baseUrl))
      this.dispatchEvent(new NavigateEvent("team"))
    } catch (error) {
      this.problems = fieldErrors(error)
      if (Object.keys(this.problems).length === 0) this.failure = errorText(error)
    } finally {
      this.busy = false
    }
  }
}

customElements.define("fr-accept-invitation", AcceptInvitation)

declare global {
  interface HTMLElementTagNameMap {
    "fr-accept-invitation": AcceptInvitation
  }
}
