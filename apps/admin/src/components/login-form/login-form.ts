/**
 * `fr-login-form`: e-mail and password for a branded app, `createSession`, and a link to the
 * shell's page for a forgotten password (`#/forgot-password`), in the app of the form.
 */
import { make } from "@fieldreport/client/FieldreportClient"
import { msg, updateWhenLocaleChanges } from "@lit/localize"
import { css, html, LitElement } from "lit"
import { LoginEvent } from "../../events/login.ts"
import { errorText, run } from "../../shared/run.ts"
import { base, border, radius, surface } from "../../shared/theme.ts"

/**
 * @summary Signs a user in and fires `fr-login` with the session.
 *
 * @event fr-login - `LoginEvent`: the session with its tokens.
 * @csspart form - The form.
 * @csspart submit - The sign-in button.
 * @csspart forgot - The link for a forgotten password.
 * @cssproperty --fr-color-accent - The sign-in button's colour.
 *
 * @example
 * ```html
 * <fr-login-form base-url="https://reports.example.com" app-id="com.fieldreport.app"></fr-login-form>
 * ```
 */
export class LoginForm extends LitElement {
  static override properties = {
    baseUrl: { attribute: "base-url" },
    appId: { attribute: "app-id" },
    busy: { state: true },
    failure: { state: true },
  }

  static override styles = [
    base,
    css`
      :host { display: block; }
      form {
        display: grid; gap: 0.75rem; max-width: 22rem; padding: 1.5rem;
        border: 1px solid ${border}; border-radius: ${radius}; background: ${surface};
      }
      label { display: grid; gap: 0.25rem; }
      h1 { margin: 0; font-size: 1.3rem; }
    `,
  ]

  /** The service's address; defaults to this page's origin. */
  declare baseUrl: string | undefined
  /** Bundle id of the branded app to sign in to. */
  declare appId: string
  declare busy: boolean
  declare failure: string | undefined

  constructor() {
    super()
    updateWhenLocaleChanges(this)
    this.appId = "com.fieldreport.app"
    this.busy = false
  }

  override render() {
    return html`
      <form part="form" @submit=${this.submit} aria-labelledby="title">
        <h1 id="title">${msg("Sign in to Fieldreport", { id: "loginForm.title" })}</h1>
        <label>${msg("E-mail", { id: "account.email" })} <input name="email" type="email" autocomplete="username" required /></label>
        <label>${msg("Password", { id: "loginForm.password" })} <input name="password" type="password" autocomplete="current-password" required /></label>
        <label>${msg("App", { id: "adminApp.app" })} <input name="app" .value=${this.appId} required @input=${this.changeApp} /></label>
        <p class="error" role="alert" ?hidden=${this.failure === undefined}>${this.failure}</p>
        <button class="primary" part="submit" type="submit" ?disabled=${this.busy}>${msg("Sign in", { id: "account.signIn" })}</button>
        <a part="forgot" href="#/forgot-password?${new URLSearchParams({ app: this.appId })}">${msg("Forgot your password?", { id: "account.forgotPassword" })}</a>
      </form>
    `
  }

  /** The app typed in is the one a forgotten password is asked for in. */
  private changeApp(event: Event) {
    this.appId = (event.target as HTMLInputElement).value
  }

  private async submit(event: SubmitEvent) {
    event.preventDefault()
    const data = new FormData(event.target as HTMLFormElement)
    const baseUrl = this.baseUrl ?? globalThis.location.origin
    this.busy = true
    this.failure = undefined
    try {
      const session = await run(
        make({ baseUrl }).login({
          app_bundle_id: String(data.get("app")),
          email: String(data.get("email")),
          password: String(data.get("password")),
        }),
      )
      this.dispatchEvent(new LoginEvent(session, baseUrl))
    } catch (error) {
      this.failure = errorText(error)
    } finally {
      this.busy = false
    }
  }
}

customElements.define("fr-login-form", LoginForm)

declare global {
  interface HTMLElementTagNameMap {
    "fr-login-form": LoginForm
  }
}
