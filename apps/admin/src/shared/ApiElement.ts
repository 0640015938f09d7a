/**
 * The base of every element that calls the API. Inside the app shell an element takes the shell's
 * connection from the context; embedded alone in another page it builds one from its attributes:
 *
 * ```html
 * <fr-report-table base-url="https://reports.example.com" token="fra_…" app-id="com.fieldreport.app"></fr-report-table>
 * ```
 *
 * Attributes win over the context, so a page can point one element at another team. Every such
 * element renders again when the language changes (see `localization.ts`).
 */
import { ContextConsumer } from "@lit/context"
import { updateWhenLocaleChanges } from "@lit/localize"
import { LitElement, type PropertyValues } from "lit"
import { type Connection, connect, connectionContext } from "./connection.ts"
import "./localization.ts"

/**
 * An element with a `connection` to the API.
 *
 * @example
 * ```ts
 * class ReportCount extends ApiElement {
 *   protected override connected(connection: Connection) { void this.load(connection) }
 * }
 * ```
 */
export class ApiElement extends LitElement {
  static override properties = {
    baseUrl: { attribute: "base-url" },
    token: {},
    appId: { attribute: "app-id" },
    teamId: { attribute: "team-id", type: Number },
  }

  /** The service's address; defaults to this page's origin. */
  declare baseUrl: string | undefined
  /** An access or API token (`Authorization: Token token=…`). */
  declare token: string | undefined
  /** Bundle id of the branded app. */
  declare appId: string | undefined
  /** The team to work in (`X-TeamId`); the user's preferred team by default. */
  declare teamId: number | undefined

  #fromContext: Connection | undefined
  #fromAttributes: Connection | undefined
  #reported: Connection | undefined

  constructor() {
    super()
    updateWhenLocaleChanges(this)
    new ContextConsumer(this, {
      context: connectionContext,
      subscribe: true,
      callback: (connection) => {
        this.#fromContext = connection
        this.requestUpdate()
      },
    })
  }

  /** The connection in use, or undefined while the element has neither attributes nor a shell. */
  get connection(): Connection | undefined {
    if (this.token === undefined || this.token === "") return this.#fromContext
    const baseUrl = this.baseUrl ?? this.#fromContext?.baseUrl ?? globalThis.location.origin
    const appId = this.appId ?? this.#fromContext?.appId
    const teamId = this.teamId ?? this.#fromContext?.teamId
    const cached = this.#fromAttributes
    if (
      cached?.baseUrl !== baseUrl ||
      cached.token !== this.token ||
      cached.appId !== appId ||
      cached.teamId !== teamId
    ) {
      this.#fromAttributes = connect({ baseUrl, token: this.token, appId, teamId })
    }
    return this.#fromAttributes
  }

  /**
   * Called once per new connection (first one, or after a team switch or a new login): load data here.
   */
  protected connected(_connection: Connection): void {}

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed)
    const connection = this.connection
    if (connection !== undefined && connection !== this.#reported) {
      this.#reported = connection
      this.connected(connection)
    }
  }
}
