/**
 * Starting and stopping the API: one `ManagedRuntime` from the app's layers, the Express app on
 * top of it, and a graceful stop that refuses new requests, finishes those in flight and closes
 * the database.
 */
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { Clock, Effect, Layer, ManagedRuntime } from "effect"
import { SqlClient } from "effect/sql"
import { pino } from "pino"
import { type AppServices, appLayer } from "./AppLayer.ts"
import { AppConfig } from "./Config.ts"
import { makeApp } from "./http/App.ts"
import { answerClientError } from "./http/ClientErrors.ts"
import { makeMetrics } from "./http/Metrics.ts"
import { makeRoute } from "./http/Route.ts"
import { routers } from "./http/routes/index.ts"
import { Bootstrap } from "./services/Bootstrap.ts"
import { Demo } from "./services/Demo.ts"

/** A running server. */
export interface RunningServer {
  /** The address it listens at, such as `http://127.0.0.1:3000`. */
  readonly url: string
  readonly runtime: ManagedRuntime.ManagedRuntime<AppServices, unknown>
  /** Stops accepting, finishes requests in flight (up to the grace period), closes the database. */
  readonly stop: () => Promise<void>
}

/** What a server may be started with besides its configuration. */
export interface ServerOptions {
  /** The clock every effect of the server reads time from (tests file reports at chosen times). */
  readonly clock?: Clock.Clock
}

/**
 * Starts the API with the given configuration layer (the process environment by default).
 *
 * @example
 * ```ts
 * const server = await startServer()
 * process.on("SIGTERM", () => void server.stop())
 * ```
 */
export const startServer = async (
  configLayer: Layer.Layer<never> = Layer.empty,
  options: ServerOptions = {},
): Promise<RunningServer> => {
  // Provided to the layers as they are built (the job workers they fork) and kept in the runtime.
  const clockLayer = options.clock === undefined ? Layer.empty : Layer.succeed(Clock.Clock, options.clock)
  const runtime = ManagedRuntime.make(
    appLayer.pipe(Layer.provide(configLayer), Layer.provideMerge(clockLayer)),
  )
  const prepare = Effect.gen(function* () {
    const config = yield* AppConfig
    yield* (yield* Bootstrap).run
    yield* (yield* Demo).run
    return config
  })
  // A start that fails (a bad configuration, a database a newer build migrated) closes what it
  // opened, so that the process can end with the reason.
  const config = await runtime.runPromise(prepare).catch(async (error: unknown) => {
    await runtime.dispose()
    throw error
  })
  const logger = pino({ level: config.logLevel, base: { service: "fieldreport-api" } })

  let draining = false
  const app = makeApp({
    logger,
    metrics: makeMetrics(config.metricsToken),
    corsOrigins: config.corsOrigins,
    trustProxy: config.trustProxy,
    bodyLimitBytes: config.bodyLimitBytes,
    rateLimitPerToken: config.rateLimitPerToken,
    rateLimitPerAddress: config.rateLimitPerAddress,
    ready: () =>
      runtime
        .runPromise(Effect.flatMap(Effect.service(SqlClient.SqlClient), (sql) => sql`SELECT 1`))
        .then(() => true)
        .catch(() => false),
    draining: () => draining,
    routers: routers(makeRoute(runtime, logger), {
      tileUrl: config.tileUrl,
      tileAttribution: config.tileAttribution,
      sourcemaps: config.adminSourcemaps,
    }),
  })

  // Node checks its connections for clients past a timeout every `connectionsCheckingInterval`:
  // often enough that a timeout of a few seconds holds.
  const headersTimeout = Math.min(config.headersTimeoutSeconds, config.requestTimeoutSeconds) * 1000
  const server = createServer(
    {
      headersTimeout,
      requestTimeout: config.requestTimeoutSeconds * 1000,
      connectionsCheckingInterval: Math.min(30_000, headersTimeout / 4),
    },
    app,
  )
    .on("clientError", answerClientError)
    .listen(config.port, config.host)
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve)
    server.once("error", reject)
  })
  const { port } = server.address() as AddressInfo
  const host = config.host === "0.0.0.0" ? "127.0.0.1" : config.host
  const url = `http://${host}:${port}`
  logger.info({ url }, "listening")

  let stopping: Promise<void> | undefined
  const stop = () => {
    stopping ??= (async () => {
      draining = true
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeIdleConnections()
      const grace = setTimeout(() => server.closeAllConnections(), config.shutdownGraceSeconds * 1000)
      await closed
      clearTimeout(grace)
      await runtime.dispose()
      logger.info("stopped")
    })()
    return stopping
  }
  return { url, runtime, stop }
}
