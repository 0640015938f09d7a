/**
 * The API's configuration as the operator's commands read it: from the `FIELDREPORT_*` variables
 * of the process, like the API itself (`AppConfig`), a variable that cannot be read failing the
 * command with what is wrong with it.
 */
import { Effect, Layer } from "effect"
import { AppConfig, type AppConfigShape } from "../Config.ts"
import { CommandFailed, explain } from "./Failure.ts"

/**
 * The configuration, or a `CommandFailed` naming the variable that is wrong.
 *
 * @example
 * ```ts
 * const config = yield* Configuration.read // fails with "FIELDREPORT_PORT must be …"
 * ```
 */
export const read: Effect.Effect<AppConfigShape, CommandFailed> = Effect.service(AppConfig).pipe(
  Effect.provide(AppConfig.layer),
  Effect.mapError((error) => new CommandFailed({ message: explain(error) })),
)

/**
 * The configuration as a layer, for the API's own layers a command builds on.
 *
 * @example
 * ```ts
 * Effect.provide(program, Database.layer.pipe(Layer.provide(Configuration.layer)))
 * ```
 */
export const layer: Layer.Layer<AppConfig, CommandFailed> = Layer.effect(AppConfig, read)
