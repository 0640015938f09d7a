/**
 * Prometheus metrics of the process and of every request, served at `/metrics`. With a metrics
 * token configured (`FIELDREPORT_METRICS_TOKEN`), a scrape must send it as
 * `Authorization: Bearer <token>` (`401` otherwise); without one, `/metrics` is open, for a
 * network where only the scraper reaches the port.
 */
import { createHash, timingSafeEqual } from "node:crypto"
import { Option, Redacted } from "effect"
import type { Request, RequestHandler, Response } from "express"
import { collectDefaultMetrics, Histogram, Registry } from "prom-client"
import { Unauthorized } from "../Errors.ts"
import { fromFailure } from "./Problem.ts"
import { sendProblem } from "./Route.ts"

/** A registry with the process metrics and the request duration histogram. */
export interface Metrics {
  readonly registry: Registry
  /** Records a finished request's duration, in seconds. */
  readonly observe: (req: Request, res: Response, seconds: number) => void
  readonly serve: RequestHandler
}

const digest = (text: string): Buffer => createHash("sha256").update(text).digest()

/**
 * Whether an `Authorization` header carries the bearer token. Both sides are hashed first, so
 * the comparison takes the same time whatever the header holds and however long it is.
 *
 * @example
 * ```ts
 * carriesToken("Bearer s3cret", Redacted.make("s3cret")) // true
 * ```
 */
export const carriesToken = (header: string | undefined, token: Redacted.Redacted<string>): boolean => {
  const given = /^Bearer +(\S+) *$/i.exec(header ?? "")?.[1] ?? ""
  return timingSafeEqual(digest(given), digest(Redacted.value(token)))
}

const unauthorized = () => {
  const problem = fromFailure(new Unauthorized({ message: "the metrics token is missing or wrong" }))
  return { ...problem, headers: { ...problem.headers, "WWW-Authenticate": 'Bearer realm="metrics"' } }
}

/**
 * Makes the metrics of one app; `token`, when some, guards `serve`.
 *
 * @example
 * ```ts
 * const metrics = makeMetrics(config.metricsToken)
 * app.use(requestLog(logger, metrics.observe))
 * app.get("/metrics", metrics.serve)
 * ```
 */
export const makeMetrics = (token: Option.Option<Redacted.Redacted<string>> = Option.none()): Metrics => {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Duration of HTTP requests by method, route and status",
    labelNames: ["method", "route", "status"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  })
  return {
    registry,
    observe: (req, res, seconds) => {
      // The matched route pattern keeps the label set small; unmatched paths share one label.
      const route = (req.route as { path?: string } | undefined)?.path ?? "unmatched"
      duration.observe(
        { method: req.method, route: `${req.baseUrl}${route}`, status: res.statusCode },
        seconds,
      )
    },
    serve: (req, res) => {
      if (Option.isSome(token) && !carriesToken(req.headers.authorization, token.value)) {
        return sendProblem(res, unauthorized())
      }
      void registry.metrics().then((text) => res.type(registry.contentType).send(text))
    },
  }
}
