/**
 * A wall clock that is set rather than read: what the API writes as "now" (a report's
 * `created_at`, a read's `opened_at`) is the instant last set. The seeder dates what it makes
 * through the services with it, and tests set it for a whole test server
 * (`startTestServer(env, dir, { clock })`) so that counts over time are exact. Sleeping and
 * monotonic time stay real, so the job workers keep polling and nothing waits for time to move.
 */
import { Clock, Effect } from "effect"

/** The clock and its hand. */
export interface ManualClock {
  readonly clock: Clock.Clock
  /** Sets the wall time to an ISO 8601 instant; it stays there until set again. */
  readonly set: (instant: string) => void
}

/**
 * A manual clock showing `instant`.
 *
 * @example
 * ```ts
 * const time = manualClock("2030-01-01T00:00:00Z")
 * const server = await startTestServer({}, undefined, { clock: time.clock })
 * time.set("2024-04-06T11:00:00Z") // reports created now are created then
 * ```
 */
export const manualClock = (instant: string): ManualClock => {
  let now = Date.parse(instant)
  const live = Clock.Clock.defaultValue()
  return {
    clock: {
      currentTimeMillisUnsafe: () => now,
      currentTimeMillis: Effect.sync(() => now),
      currentTimeNanosUnsafe: () => BigInt(now) * 1_000_000n,
      currentTimeNanos: Effect.sync(() => BigInt(now) * 1_000_000n),
      monotonicTimeNanosUnsafe: () => live.monotonicTimeNanosUnsafe(),
      monotonicTimeNanos: live.monotonicTimeNanos,
      sleep: (duration) => live.sleep(duration),
    },
    set: (next) => {
      const millis = Date.parse(next)
      if (Number.isNaN(millis)) throw new Error(`not an instant: ${next}`)
      now = millis
    },
  }
}
