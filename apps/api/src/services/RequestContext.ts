/**
 * What the services may know of the HTTP request they serve without being handed it: the client's
 * address and the request id. The route adapter (`makeRoute`) provides it to every handler's
 * effect; outside a request (the command line, background jobs) it reads as unknown (nulls).
 *
 * The audit log reads it, so that each event says where it came from and which request log line
 * tells more, while the services that record events pass only what they decided.
 */
import { Context } from "effect"

/**
 * The request a piece of work runs for, as far as the audit log needs it.
 *
 * @example
 * ```ts
 * const here: RequestInfo = { clientAddress: "203.0.113.9", requestId: "3f0c…" }
 * ```
 */
export interface RequestInfo {
  /** The client's address as the app reads it (`req.ip`: the proxy's client behind a loopback proxy). */
  readonly clientAddress: string | null
  readonly requestId: string | null
  /**
   * The request's method and path (without the query), which decide what an API token may do
   * (`auth/Credential.ts`); absent outside requests.
   */
  readonly method?: string
  readonly path?: string
}

/**
 * What work outside any request reads.
 *
 * @example
 * ```ts
 * Effect.provideService(job, RequestContext, outsideRequests)
 * ```
 */
export const outsideRequests: RequestInfo = { clientAddress: null, requestId: null }

/**
 * The current request, provided by the route adapter; `outsideRequests` when there is none.
 *
 * @example
 * ```ts
 * const { clientAddress, requestId } = yield* RequestContext
 * ```
 */
export const RequestContext = Context.Reference<RequestInfo>("api/services/RequestContext", {
  defaultValue: () => outsideRequests,
})
