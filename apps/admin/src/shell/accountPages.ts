/**
 * The shell's account pages: the ones anyone reaches without being signed in, from the sign-in
 * form or the link of an account e-mail (docs/api.md, Password reset and sign-up). Their elements
 * are left out of the bundle's entry and fetched the first time one is opened.
 *
 * - `#/forgot-password?app=…` asks for a password reset e-mail, in the app of `app`;
 * - `#/reset-password?token=…` sets a new password with the token of that e-mail;
 * - `#/verify-email?token=…` verifies the address of a sign-up with the token of its e-mail;
 * - `#/accept-invitation?token=…` accepts an invitation by e-mail (docs/api.md, Invitations),
 *   making the account, which the shell then signs in.
 */
import { html, type TemplateResult } from "lit"
import { renderWhenLoaded } from "./renderWhenLoaded.ts"

/** What the shell knows when it renders an account page. */
export interface AccountPageContext {
  /** The service's address. */
  readonly baseUrl: string
  /** The branded app the shell offers at sign-in. */
  readonly appId: string
  /** The query string after the page's path. */
  readonly query: URLSearchParams
}

/** Each account page by its path, `#/<path>`. */
const pages = new Map<string, (context: AccountPageContext) => TemplateResult>([
  [
    "forgot-password",
    renderWhenLoaded(
      () => import("../components/forgot-password/forgot-password.ts"),
      ({ baseUrl, appId, query }) =>
        html`<fr-forgot-password base-url=${baseUrl} app-id=${query.get("app") ?? appId}></fr-forgot-password>`,
    ),
  ],
  [
    "reset-password",
    renderWhenLoaded(
      () => import("../components/reset-password/reset-password.ts"),
      ({ baseUrl, query }) =>
        html`<fr-reset-password base-url=${baseUrl} reset-token=${query.get("token") ?? ""}></fr-reset-password>`,
    ),
  ],
  [
    "verify-email",
    renderWhenLoaded(
      () => import("../components/verify-email/verify-email.ts"),
      ({ baseUrl, query }) =>
        html`<fr-verify-email base-url=${baseUrl} verification-token=${query.get("token") ?? ""}></fr-verify-email>`,
    ),
  ],
  [
    "accept-invitation",
    renderWhenLoaded(
      () => import("../components/accept-invitation/accept-invitation.ts"),
      ({ baseUrl, query }) =>
        html`<fr-accept-invitation base-url=${baseUrl} invitation-token=${query.get("token") ?? ""}></fr-accept-invitation>`,
    ),
  ],
])

/**
 * The account page at `path`, rendered, or undefined when `path` names none.
 *
 * @example
 * ```ts
 * accountPage("reset-password", { baseUrl, appId, query: new URLSearchParams("token=frp_…") })
 * ```
 */
export const accountPage = (
  path: string | undefined,
  context: AccountPageContext,
): TemplateResult | undefined => (path === undefined ? undefined : pages.get(path)?.(context))
