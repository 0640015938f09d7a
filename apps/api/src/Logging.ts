/**
 * Effect's own log lines (start-up, background jobs) as JSON lines at the configured level, like
 * the request log.
 */
import { Effect, Layer, Logger, type LogLevel, References } from "effect"
import { AppConfig } from "./Config.ts"

const levels: Record<string, LogLevel.LogLevel> = {
  silent: "None",
  fatal: "Fatal",
  error: "Error",
  warn: "Warn",
  info: "Info",
  debug: "Debug",
  trace: "Trace",
}

/** JSON logs at `FIELDREPORT_LOG_LEVEL` (pino's level names). */
export const loggingLayer = Layer.unwrap(
  Effect.gen(function* () {
    const { logLevel } = yield* AppConfig
    return Layer.mergeAll(
      Logger.layer([Logger.consoleJson]),
      Layer.succeed(References.MinimumLogLevel, levels[logLevel] ?? "Info"),
    )
  }),
)
