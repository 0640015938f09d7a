/**
 * `fr-reset-password`: the page the link of a password reset e-mail opens
 * (`#/reset-password?token=…`): the new password, twice, set with `resetPassword`. The API holds
 * it to the password rules (docs/security.md, Passwords), which the page states; a weak password
 * or a token used, expired or mistyped is shown with the API's own words.
 */
import { make } from "@fieldreport/client/FieldreportClient"
import { msg, str, updateWhenLocaleChanges } from "@lit/localize"
import { html, LitElement, nothing } from "lit"
import { accountPage } from "../../shared/accountPage.ts"
import { errorText, fieldErrors, run } from "../../shared/run.ts"
import { base } from "../../shared/theme.ts"

/**
 * @summary Sets a new password with the token of a reset e-mail.
 *
 * @csspart form - The form.
 * @csspart submit - The button that sets the password.
 * @csspart done - What the page says once the password is set.
 * @cssproperty --fr-color-accent - The button's colour.
 *
 * @example
 * ```html
 * <fr-reset-password base-url="https://reports.example.com" reset-token="frp_…"></fr-reset-password>
 * ```
 */
export class ResetPassword extends LitElement {
  static override properties = {
    baseUrl: { attribute: "base-url" },
    resetToken: { attribute: "reset-token" },
    busy: { state: true },
    problems: { state: true },
    failure: { state: true },
    email: { state: true },
  }

  static override styles = [base, accountPage]

  /** The service's address; defaults to this page's origin. */
  declare baseUrl: string | undefined
  /** The token of the reset e-mail's link. */
  declare resetToken: string | undefined
  declare busy: boolean
  /** What is wrong with the token, the password or its repetition, by field. */
  declare problems: Readonly<Record<string, ReadonlyArray<string>>>
  declare failure: string | undefined
  /** The account's address, once its password is set. */
  declare email: string | undefined

  constructor() {
    super()
    updateWhenLocaleChanges(this)
    this.busy = false
    this.problems = {}
  }

  override render() {
    if (this.email !== undefined) {
      return html`<section part="done" aria-labelledby="title">
        <h1 id="title">${msg("Your password is set", { id: "resetPassword.done" })}</h1>
        <p role="status">${msg(
          str`Sign in to ${this.email} with the new password. Every device that was signed in to the account has been signed out.`,
          { id: "resetPassword.signIn" },
        )}</p>
        <p><a href="#/">${msg("Sign in", { id: "account.signIn" })}</a></p>
      </section>`
    }
    const token = this.problems.token
    return html`
      <form part="form" @submit=${this.submit} aria-labelledby="title">
        <h1 id="title">${msg("Choose a new password", { id: "resetPassword.title" })}</h1>
        <p id="rules" class="hint">${msg(
          "At least 10 characters, and hard to guess: common passwords, words and names, keyboard patterns, dates and your own e-mail address or name make a password weak. A few uncommon words together make a good one.",
          { id: "resetPassword.rules" },
        )}</p>
        <label>${msg("New password", { id: "resetPassword.password" })} <input name="password" type="password" autocomplete="new-password" required
          aria-invalid=${this.problems.password === undefined ? "false" : "true"}
          aria-describedby="rules password-problem" /></label>
        ${this.problem("password")}
        <label>${msg("New password again", { id: "resetPassword.confirmation" })} <input name="confirmation" type="password" autocomplete="new-password" required
          aria-invalid=${this.problems.confirmation === undefined ? "false" : "true"}
          aria-describedby="confirmation-problem" /></label>
        ${this.problem("confirmation")}
        ${
          token === undefined && this.resetToken
            ? nothing
            : html`<p class="error" role="alert">${
                token === undefined
                  ? msg("This link has no token: open the whole link of the e-mail.", {
                      id: "account.noToken",
                    })
                  : msg(str`This link cannot set a password: its token ${token.join(" ")}.`, {
                      id: "resetPassword.badToken",
                    })
              } ${msg("Links work once, for an hour.", { id: "resetPassword.linkLifetime" })}
                <a href="#/forgot-password">${msg("Ask for a new link", { id: "resetPassword.askAgain" })}</a></p>`
        }
        <p class="error" role="alert" ?hidden=${this.failure === undefined}>${this.failure}</p>
        <button class="primary" part="submit" type="submit" ?disabled=${this.busy}>${msg("Set the password", { id: "resetPassword.submit" })}</button>
      </form>
    `
  }

  private problem(field: string) {
    return html`<p id="${field}-problem" class="error" ?hidden=${this.problems[field] === undefined}>${this.problems[field]?.join(" ")}</p>`
  }

  private async submit(event: SubmitEvent) {
    event.preventDefault()
    const data = new FormData(event.target as HTMLFormElement)
    const password = String(data.get("password"))
    this.failure = undefined
    if (String(data.get("confirmation")) !== password) {
      this.problems = {
        confirmation: [
          msg("Differs from the new password: type the same password twice.", {
            id: "resetPassword.differs",
          }),
        ],
      }
      return
    }
    this.busy = true
    this.problems = {}
    try {
      const client = make({ baseUrl: this.baseUrl ?? globalThis.location.origin })
      const answer = await run(
        client.call("resetPassword", { body: { token: this.resetToken ?? "", password } }),
      )
      this.email = answer.email
    } catch (error) {
      this.problems = fieldErrors(error)
      if (this.problems.password === undefined && this.problems.token === undefined)
        this.failure = errorText(error)
    } finally {
      this.busy = false
    }
  }
}

customElements.define("fr-reset-password", ResetPassword)

declare global {
  interface HTMLElementTagNameMap {
    "fr-reset-password": ResetPassword
  }
}
