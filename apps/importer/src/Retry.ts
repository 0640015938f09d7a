/**
 * Calls to the API tried again when the failure is passing: `429` (waiting as long as the server
 * asked in `Retry-After`), `5xx`, and network failures, with exponential backoff and jitter so
 * many concurrent uploads do not retry in step.
 */
import type { ApiError, TransportError } from "@fieldreport/client/ApiError"
import { Duration, Effect, Random } from "effect"

/**
 * How often and how long to try again.
 *
 * @example
 * ```ts
 * const policy: RetryPolicy = { retries: 6, baseDelay: Duration.millis(250), maxDelay: Duration.seconds(30) }
 * ```
 */
export interface RetryPolicy {
  readonly retries: number
  readonly baseDelay: Duration.Duration
  readonly maxDelay: Duration.Duration
}

/**
 * The policy of the importer: about a minute of trying before a call is given up.
 *
 * @example
 * ```ts
 * Retry.withRetries(call, Retry.defaultPolicy)
 * ```
 */
export const defaultPolicy: RetryPolicy = {
  retries: 7,
  baseDelay: Duration.millis(250),
  maxDelay: Duration.seconds(30),
}

/**
 * Whether a failure may pass if the call is made again.
 *
 * @example
 * ```ts
 * Retry.isPassing(new ApiError({ status: 503, title: "", detail: "", errors: {} })) // true
 * ```
 */
export const isPassing = (error: ApiError | TransportError): boolean =>
  error._tag === "TransportError" || error.status === 429 || error.status >= 500

const delayOf = (error: ApiError | TransportError, attempt: number, policy: RetryPolicy) =>
  Effect.map(Random.next, (random) => {
    if (error._tag === "ApiError" && error.retryAfterSeconds !== undefined) {
      return Duration.seconds(error.retryAfterSeconds)
    }
    const backoff = Duration.toMillis(policy.baseDelay) * 2 ** attempt
    // "Full jitter": anywhere up to the backoff, so retries of concurrent calls spread out.
    return Duration.millis(Math.min(Duration.toMillis(policy.maxDelay), backoff) * (0.5 + random / 2))
  })

/**
 * The call, made again after passing failures until it succeeds, fails otherwise, or the retries
 * are spent (then its last failure).
 *
 * @example
 * ```ts
 * const created = yield* Retry.withRetries(client.call("createShape", { body }))
 * ```
 */
export const withRetries = <A>(
  call: Effect.Effect<A, ApiError | TransportError>,
  policy: RetryPolicy = defaultPolicy,
): Effect.Effect<A, ApiError | TransportError> => {
  const attempt = (made: number): Effect.Effect<A, ApiError | TransportError> =>
    Effect.catch(call, (error) =>
      isPassing(error) && made < policy.retries
        ? Effect.flatMap(delayOf(error, made, policy), (delay) =>
            Effect.andThen(Effect.sleep(delay), attempt(made + 1)),
          )
        : Effect.fail(error),
    )
  return attempt(0)
}
