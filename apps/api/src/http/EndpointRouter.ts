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
 * The resource an `/api/v4/` path names, in lower case (routes match in any case): `reports` for
 * `/api/v4/Reports/49`; undefined for a path outside the API.
 *
 * @example
 * ```ts
 * resourceOf("/api/v4/reports/49/note_comments") // "reports"
 * ```
 */
export const resourceOf = (path: string): string | undefined => {
  const [, api, version, resource] = path.split("/", 4)
  return api?.toLowerCase() === "api" && version?.toLowerCase() === "v4" ? resource?.toLowerCase() : undefined
}

/**
 * The router of every endpoint. A request is tried only against the endpoints of the resource its
 * path names (one router per resource, each in routing order), not against all of them in turn.
 *
 * @example
 * ```ts
 * app.use(endpointRouter({ ...sessionRoutes(route), ...taskRoutes(route), … }))
 * ```
 */
export const endpointRouter = (handlers: Handlers): Router => {
  const resources = new Map<string, Router>()
  for (const endpoint of Api.routingOrder) {
    const resource = resourceOf(endpoint.path)
    if (resource === undefined || resource.startsWith("{"))
      throw new Error(`${endpoint.path} names no resource after /api/v4/`)
    const router = resources.get(resource) ?? Router()
    resources.set(resource, router)
    const handler = handlers[endpoint.operationId]
    router[endpoint.method](expressPath(endpoint.path), ...(Array.isArray(handler) ? handler : [handler]))
  }
  const router = Router()
  router.use((req, res, next) => {
    const resource = resourceOf(req.path)
    const routes = resource === undefined ? undefined : resources.get(resource)
    if (routes === undefined) return next()
    routes(req, res, next)
  })
  return router
}
