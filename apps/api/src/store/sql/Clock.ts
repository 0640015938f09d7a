/**
 * The current time as the store writes it: ISO 8601 in UTC with milliseconds. Read through effect's
 * `Clock`, so tests can move time.
 */
import { Clock, Effect } from "effect"

/**
 * The current instant as an ISO string.
 *
 * @example
 * ```ts
 * const at = yield* nowIso // "2026-11-22T04:30:00.000Z"
 * ```
 */
export const nowIso: Effect.Effect<string> = Effect.map(Clock.currentTimeMillis, (ms) =>
  new Date(ms).toISOString(),
)

/**
 * The instant `ms` milliseconds from now as an ISO string.
 *
 * @example
 * ```ts
 * const expiresAt = yield* isoIn(86_400_000)
 * ```
 */
export const isoIn = (ms: number): Effect.Effect<string> =>
  Effect.map(Clock.currentTimeMillis, (now) => new Date(now + ms).toISOString())
