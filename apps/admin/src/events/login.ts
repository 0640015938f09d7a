/**
 * `fr-login`: the user signed in.
 */
import type { Session } from "@fieldreport/domain/Session"

/**
 * Fired by `fr-login-form` with the new session; the shell keeps it and provides a connection.
 *
 * @example
 * ```ts
 * form.addEventListener("fr-login", (event) => console.log(event.session.profile.user_id))
 * ```
 */
export class LoginEvent extends Event {
  static readonly eventName = "fr-login"
  readonly session: Session
  /** The server the user signed in to. */
  readonly baseUrl: string

  constructor(session: Session, baseUrl: string) {
    super(LoginEvent.eventName, { bubbles: true, composed: true })
    this.session = session
    this.baseUrl = baseUrl
  }
}

declare global {
  interface HTMLElementEventMap {
    "fr-login": LoginEvent
  }
}
