/**
 * The Express application: every middleware and route in one place, in order.
 */
import { randomUUID } from "node:crypto"
import { MalformedRequest } from "@fieldreport/domain/Invalid"
import express, { type ErrorRequestHandler, type Router } from "express"
import type { Logger } from "pino"
import { NotFound, Unavailable } from "../Errors.ts"
import { bodyErrors, jsonBodies } from "./BodyParsing.ts"
import { cors } from "./Cors.ts"
import type { Metrics } from "./Metrics.ts"
import { fromFailure, internal } from "./Problem.ts"
import { queryNames } from "./QueryNames.ts"
import { rateLimits } from "./RateLimit.ts"
import { requestLog } from "./RequestLog.ts"
import { sendProblem } from "./Route.ts"
import { securityHeaders } from "./SecurityHeaders.ts"

export interface AppOptions {
  readonly logger: Logger
  readonly metrics: Metrics
  readonly corsOrigins: ReadonlyArray<string>
  /** The proxies whose `X-Forwarded-For` names the client (`FIELDREPORT_TRUST_PROXY`); loopback when absent. */
  readonly trustProxy?: ReadonlyArray<string>
  readonly bodyLimitBytes: number
  readonly rateLimitPerToken: number
  readonly rateLimitPerAddress: number
  /** Whether the database is reachable and migrated. */
  readonly ready: () => Promise<boolean>
  /** Whether the process is draining after SIGTERM. */
  readonly draining: () => boolean
  /** The API's routers, mounted after the common middleware. */
  readonly routers: ReadonlyArray<Router>
}

/**
 * Assembles the application.
 *
 * @example
 * ```ts
 * const app = makeApp({ logger, metrics, routers: [reportsRouter], ... })
 * ```
 */
export const makeApp = (options: AppOptions): express.Express => {
  const app = express()
  app.disable("x-powered-by")
  app.set("trust proxy", [...(options.trustProxy ?? ["loopback"])])
  app.set("query parser", "extended")
  // While draining, every response closes its connection, those of requests in flight at the stop
  // too: a connection kept alive would hold the stop up until it timed out.
  app.use((_req, res, next) => {
    const writeHead = res.writeHead
    res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
      if (options.draining()) this.setHeader("Connection", "close")
      return writeHead.apply(this, args)
    } as typeof writeHead
    next()
  })
  app.use(requestLog(options.logger, options.metrics.observe))
  // Self-hosted services often run on plain HTTP inside a network, where upgrading every page's
  // files to https would break /docs and /admin.
  app.use(securityHeaders({ contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } } }))
  app.use(cors(options.corsOrigins))

  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" })
  })
  app.get("/readyz", (_req, res) => {
    void options.ready().then((ready) => {
      if (ready && !options.draining()) return void res.json({ status: "ready" })
      sendProblem(res, fromFailure(new Unavailable({ message: "not ready" })))
    })
  })
  app.get("/metrics", options.metrics.serve)

  app.use((_req, res, next) => {
    if (!options.draining()) return next()
    sendProblem(res, fromFailure(new Unavailable({ message: "the server is shutting down" })))
  })
  app.use(rateLimits({ perToken: options.rateLimitPerToken, perAddress: options.rateLimitPerAddress }))
  app.use(queryNames)
  app.use(...jsonBodies(options.bodyLimitBytes))
  app.use(bodyErrors)
  for (const router of options.routers) app.use(router)

  app.use((_req, res) => {
    sendProblem(res, fromFailure(new NotFound({ resource: "route" })))
  })
  app.use(finalErrors(options.logger))
  return app
}

const finalErrors =
  (logger: Logger): ErrorRequestHandler =>
  (error: { readonly status?: number; readonly message?: string }, req, res, _next) => {
    // Express marks client mistakes it detects itself (a malformed URI, say) with a 4xx status.
    if (error.status !== undefined && error.status >= 400 && error.status < 500) {
      return sendProblem(
        res,
        fromFailure(MalformedRequest.at("request", error.message ?? "malformed request")),
      )
    }
    const errorId = randomUUID()
    logger.error({ errorId, requestId: req.id, err: error }, "unexpected error")
    sendProblem(res, internal(errorId))
  }
