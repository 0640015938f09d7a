/**
 * The API's routes, registered from the contract: every endpoint of `@fieldreport/contract` at its
 * path with the handler of its operation id. Handlers are typed by the endpoint groups, so an
 * endpoint without a handler, or a handler of no endpoint, does not compile.
 */
import * as Api from "@fieldreport/contract/Api"
import type { Group } from "@fieldreport/contract/Endpoint"
import { type RequestHandler, Router } from "express"

/** What answers an endpoint: a handler, or middleware and then a handler. */
export type Handler = RequestHandler | ReadonlyArray<RequestHandler>

/** The handlers of some operations, by operation id. */
export type Handlers<Id extends Api.OperationId = Api.OperationId> = { readonly [Name in Id]: Handler }

/** The handlers of every endpoint of a group. */
export type GroupHandlers<G extends Group> = Handlers<G["endpoints"][number]["operationId"] & Api.OperationId>

/**
 * The Express form of a path template: `/api/v4/tasks/{uuid}` → `/api/v4/tasks/:uuid`.
 *
 * @example
 * ```ts
 * expressPath("/api/v4/channels/{channel_id}/form") // "/api/v4/channels/:channel_id/form"
 * ```
 */
export const expressPath = (path: string): string => path.replace(/\{([^}]+)\}/g, ":$1")

/**
 * The router of every endpoint.
 *
 * @example
 * ```ts
 * app.use(endpointRouter({ ...sessionRoutes(route), ...taskRoutes(route), … }))
 * ```
 */
export const endpointRouter = (handlers: Handlers): Router => {
  const router = Router()
  for (const endpoint of Api.routingOrder) {
    const handler = handlers[endpoint.operationId]
    router[endpoint.method](expressPath(endpoint.path), ...(Array.isArray(handler) ? handler : [handler]))
  }
  return router
}
