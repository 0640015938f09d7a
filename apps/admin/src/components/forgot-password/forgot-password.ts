/**
 * `fr-forgot-password`: asks for a password reset e-mail (`requestPasswordReset`), in the branded
 * app of `app-id`, whose name the e-mail carries. The API answers the same whether or not the
 * address has an account, and so does this page.
 */
import { make } from "@fieldreport/client/FieldreportClient"
import { msg, str, updateWhenLocaleChanges } from "@lit/localize"
import { html, LitElement } from "lit"
import { accountPage } from "../../shared/accountPage.ts"
import { errorText, fieldErrors, run } from "../../shared/run.ts"
import { base } from "../../shared/theme.ts"

/**
 * @summary Asks for an e-mail with a link to choose a new password.
 *
 * @csspart form - The form.
 * @csspart submit - The button that sends the request.
 * @csspart sent - What the page says once the request is sent.
 * @cssproperty --fr-color-accent - The button's colour.
 *
 * @example
 * ```html
 * <fr-forgot-password base-url="https://reports.example.com" app-id="com.fieldreport.app"></fr-forgot-password>
 * ```
 */
export class ForgotPassword extends LitElement {
  static override properties = {
    baseUrl: { attribute: "base-url" },
    appId: { attribute: "app-id" },
    busy: { state: true },
    sentTo: { state: true },
    emailProblem: { state: true },
    failure: { state: true },
  }

  static override styles = [base, accountPage]

  /** The service's address; defaults to this page's origin. */
  declare baseUrl: string | undefined
  /** Bundle id of the branded app the account is used in (`X-AppId`); none names the service. */
  declare appId: string | undefined
  declare busy: boolean
  /** The address the request named, once sent. */
  declare sentTo: string | undefined
  declare emailProblem: string | undefined
  declare failure: string | undefined

  constructor() {
    super()
    updateWhenLocaleChanges(this)
    this.busy = false
  }

  override render() {
    if (this.sentTo !== undefined) {
      return html`<section part="sent" aria-labelledby="title">
        <h1 id="title">${msg("Check your e-mail", { id: "forgotPassword.sent" })}</h1>
        <p role="status">${msg(
          str`If an account exists for ${this.sentTo}, we sent it a link to choose a new password. The link works for an hour.`,
          { id: "forgotPassword.sentTo" },
        )}</p>
        <p><a href="#/">${msg("Back to sign in", { id: "account.backToSignIn" })}</a></p>
      </section>`
    }
    return html`
      <form part="form" @submit=${this.submit} aria-labelledby="title">
        <h1 id="title">${msg("Forgot your password?", { id: "account.forgotPassword" })}</h1>
        <p class="hint">${msg(
          "Enter the e-mail address of your account, and we will send you a link to choose a new password.",
          { id: "forgotPassword.hint" },
        )}</p>
        <label>${msg("E-mail", { id: "account.email" })} <input name="email" type="email" autocomplete="username" required
          aria-invalid=${this.emailProblem === undefined ? "false" : "true"} aria-describedby="email-problem" /></label>
        <p id="email-problem" class="error" ?hidden=${this.emailProblem === undefined}>${this.emailProblem}</p>
        <p class="error" role="alert" ?hidden=${this.failure === undefined}>${this.failure}</p>
        <button class="primary" part="submit" type="submit" ?disabled=${this.busy}>${msg("Send the link", { id: "forgotPassword.submit" })}</button>
        <p><a href="#/">${msg("Back to sign in", { id: "account.backToSignIn" })}</a></p>
      </form>
    `
  }

  private async submit(event: SubmitEvent) {
    event.preventDefault()
    const email = String(new FormData(event.target as HTMLFormElement).get("email")).trim()
    this.busy = true
    this.emailProblem = undefined
    this.failure = undefined
    try {
      const client = make({
        baseUrl: this.baseUrl ?? globalThis.location.origin,
        appId: this.appId === "" ? undefined : this.appId,
      })
      await run(client.call("requestPasswordReset", { body: { email } }))
      this.sentTo = email
    } catch (error) {
      this.emailProblem = fieldErrors(error).email?.join(" ")
      if (this.emailProblem === undefined) this.failure = errorText(error)
    } finally {
      this.busy = false
    }
  }
}

customElements.define("fr-forgot-password", ForgotPassword)

declare global {
  interface HTMLElementTagNameMap {
    "fr-forgot-password": ForgotPassword
  }
}
