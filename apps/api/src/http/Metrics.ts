/**
 * Prometheus metrics of the process and of every request, served at `/metrics`.
 */
import type { RequestHandler } from "express"
import { collectDefaultMetrics, Histogram, Registry } from "prom-client"

/** A registry with the process metrics and the request duration histogram. */
export interface Metrics {
  readonly registry: Registry
  readonly observe: RequestHandler
  readonly serve: RequestHandler
}

/**
 * Makes the metrics of one app.
 *
 * @example
 * ```ts
 * const metrics = makeMetrics()
 * app.use(metrics.observe)
 * app.get("/metrics", metrics.serve)
 * ```
 */
export const makeMetrics = (): Metrics => {
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
    observe: (req, res, next) => {
      const end = duration.startTimer()
      res.on("finish", () => {
        // The matched route pattern keeps the label set small; unmatched paths share one label.
        const route = (req.route as { path?: string } | undefined)?.path ?? "unmatched"
        end({ method: req.method, route: `${req.baseUrl}${route}`, status: res.statusCode })
      })
      next()
    },
    serve: (_req, res) => {
      void registry.metrics().then((text) => res.type(registry.contentType).send(text))
    },
  }
}
