/**
 * `fr-verify-email`: the page the link of a sign-up's verification e-mail opens
 * (`#/verify-email?token=…`). It verifies the address with `verifyEmail` as it opens, and says
 * whether that worked.
 */
import { make } from "@fieldreport/client/FieldreportClient"
import { msg, str, updateWhenLocaleChanges } from "@lit/localize"
import { html, LitElement } from "lit"
import { accountPage } from "../../shared/accountPage.ts"
import { errorText, fieldErrors, run } from "../../shared/run.ts"
import { base } from "../../shared/theme.ts"

/**
 * Where the verification is: under way, done (with the address), or refused (with what the API
 * said of the token, or why the call failed).
 */
type Verification =
  | { readonly state: "verifying" }
  | { readonly state: "verified"; readonly email: string }
  | { readonly state: "refused"; readonly tokenProblem?: string; readonly failure?: string }

/**
 * @summary Verifies an e-mail address with the token of a verification e-mail.
 *
 * @csspart result - What the page says.
 *
 * @example
 * ```html
 * <fr-verify-email base-url="https://reports.example.com" verification-token="frv_…"></fr-verify-email>
 * ```
 */
export class VerifyEmail extends LitElement {
  static override properties = {
    baseUrl: { attribute: "base-url" },
    verificationToken: { attribute: "verification-token" },
    verification: { state: true },
  }

  static override styles = [base, accountPage]

  /** The service's address; defaults to this page's origin. */
  declare baseUrl: string | undefined
  /** The token of the verification e-mail's link. */
  declare verificationToken: string | undefined
  declare verification: Verification

  constructor() {
    super()
    updateWhenLocaleChanges(this)
    this.verification = { state: "verifying" }
  }

  override firstUpdated() {
    if (this.verificationToken) void this.verify()
  }

  override render() {
    const verification: Verification = this.verificationToken ? this.verification : { state: "refused" }
    switch (verification.state) {
      case "verifying":
        return html`<section part="result" aria-labelledby="title">
          <h1 id="title">${msg("Verifying your e-mail address", { id: "verifyEmail.title" })}</h1>
          <p role="status">${msg("Verifying…", { id: "verifyEmail.verifying" })}</p>
        </section>`
      case "verified":
        return html`<section part="result" aria-labelledby="title">
          <h1 id="title">${msg("Your e-mail address is verified", { id: "verifyEmail.verified" })}</h1>
          <p role="status">${msg(str`${verification.email} is verified: you can now join teams.`, {
            id: "verifyEmail.verifiedAddress",
          })}</p>
          <p><a href="#/">${msg("Sign in", { id: "account.signIn" })}</a></p>
        </section>`
      case "refused":
        return html`<section part="result" aria-labelledby="title">
          <h1 id="title">${msg("This link cannot verify your address", { id: "verifyEmail.refused" })}</h1>
          <p class="error" role="alert">${this.reason(verification)}</p>
          <p>${msg("Links work once, for a week. A password reset verifies the address too:", {
            id: "verifyEmail.linkLifetime",
          })} <a href="#/forgot-password">${msg("reset your password", { id: "verifyEmail.reset" })}</a>.</p>
          <p><a href="#/">${msg("Sign in", { id: "account.signIn" })}</a></p>
        </section>`
    }
  }

  /** Why the link did not verify the address: no token, the API's word on the token, or the failure. */
  private reason(refused: { readonly tokenProblem?: string; readonly failure?: string }): string {
    if (refused.tokenProblem !== undefined)
      return msg(str`Its token ${refused.tokenProblem}.`, { id: "verifyEmail.badToken" })
    return (
      refused.failure ??
      msg("This link has no token: open the whole link of the e-mail.", { id: "account.noToken" })
    )
  }

  private async verify() {
    const token = this.verificationToken ?? ""
    try {
      const client = make({ baseUrl: this.baseUrl ?? globalThis.location.origin })
      const answer = await run(client.call("verifyEmail", { body: { token } }))
      this.verification = { state: "verified", email: answer.email }
    } catch (error) {
      const problem = fieldErrors(error).token
      this.verification =
        problem === undefined
          ? { state: "refused", failure: errorText(error) }
          : { state: "refused", tokenProblem: problem.join(" ") }
    }
  }
}

customElements.define("fr-verify-email", VerifyEmail)

declare global {
  interface HTMLElementTagNameMap {
    "fr-verify-email": VerifyEmail
  }
}
