/**
 * How an element reaches the API: a `Connection` is a client of `packages/client` plus who is
 * calling (user, branded app, team). The app shell provides one to every element inside it through
 * a Lit context; an element embedded alone builds its own from its attributes (see `ApiElement`).
 */

import { type FieldreportClient, make } from "@fieldreport/client/FieldreportClient"
import { createContext } from "@lit/context"

/**
 * A signed-in client and the ids it sends.
 *
 * @example
 * ```ts
 * const connection = connect({ baseUrl: "https://reports.example.com", token, appId: "com.fieldreport.app" })
 * ```
 */
export interface Connection {
  readonly client: FieldreportClient
  readonly baseUrl: string
  readonly token: string
  /** Bundle id of the branded app (`X-AppId`). */
  readonly appId: string | undefined
  /** `X-TeamId`; undefined means the user's preferred team. */
  readonly teamId: number | undefined
  /** The signed-in user, when known (the shell knows it from the session). */
  readonly userId: number | undefined
}

/** What `connect` needs. */
export interface ConnectionOptions {
  readonly baseUrl: string
  readonly token: string
  readonly appId?: string | undefined
  readonly teamId?: number | undefined
  readonly userId?: number | undefined
}

/**
 * Makes a connection with its client.
 *
 * @example
 * ```ts
 * const { client } = connect({ baseUrl: location.origin, token })
 * ```
 */
export const connect = (options: ConnectionOptions): Connection => ({
  client: make({
    baseUrl: options.baseUrl,
    token: options.token,
    appId: options.appId,
    teamId: options.teamId,
  }),
  baseUrl: options.baseUrl,
  token: options.token,
  appId: options.appId,
  teamId: options.teamId,
  userId: options.userId,
})

/**
 * The context the app shell provides (`ContextProvider`) and `ApiElement` consumes.
 *
 * @example
 * ```ts
 * new ContextProvider(this, { context: connectionContext, initialValue: connection })
 * ```
 */
export const connectionContext = createContext<Connection | undefined>(Symbol.for("fieldreport-connection"))
