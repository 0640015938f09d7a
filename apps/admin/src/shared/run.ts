/**
 * Runs the client's effects from element code, where promises are the natural currency: a failed
 * call rejects with the client's own error (`ApiError` with the problem's field messages, or
 * `TransportError`) rather than a wrapper, so an element can show what the server said.
 */
import { ApiError } from "@fieldreport/client/ApiError"
import { Cause, type Effect, Exit } from "effect"
import * as EffectModule from "effect/Effect"

/**
 * Runs an effect and resolves with its value.
 *
 * @example
 * ```ts
 * const teams = await run(client.call("listTeams"))
 * ```
 */
export const run = async <A, E>(effect: Effect.Effect<A, E>): Promise<A> => {
  const exit = await EffectModule.runPromiseExit(effect)
  if (Exit.isSuccess(exit)) return exit.value
  throw Cause.squash(exit.cause)
}

/**
 * A sentence for the user about a failed call: the problem's detail, or the error's message.
 *
 * @example
 * ```ts
 * errorText(new ApiError({ status: 401, title: "Unauthorized", detail: "wrong e-mail or password", errors: {} }))
 * // "wrong e-mail or password"
 * ```
 */
export const errorText = (error: unknown): string => {
  if (error instanceof ApiError) return error.detail === "" ? error.title : error.detail
  return error instanceof Error ? error.message : String(error)
}

/**
 * The field messages of a `422`, keyed by field path (empty for other errors).
 *
 * @example
 * ```ts
 * fieldErrors(error)["report.location.latitude"] // ["must be between -90 and 90"]
 * ```
 */
export const fieldErrors = (error: unknown): Readonly<Record<string, ReadonlyArray<string>>> =>
  error instanceof ApiError ? error.errors : {}
