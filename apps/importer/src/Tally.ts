/**
 * What an import did with its features so far, and the summary printed at its end.
 */
import { Duration } from "effect"

/**
 * Counts of features by outcome: `created` shapes, `existing` features skipped because an earlier
 * run imported them, `invalid` ones skipped because they broke a rule, `failed` ones the API
 * refused or could not take; `planned` counts what a dry run would create.
 *
 * @example
 * ```ts
 * const tally: Tally = { created: 98, planned: 0, existing: 0, invalid: 2, failed: 0 }
 * ```
 */
export interface Tally {
  created: number
  planned: number
  existing: number
  invalid: number
  failed: number
}

/**
 * A tally of nothing yet.
 *
 * @example
 * ```ts
 * const tally = Tally.empty()
 * tally.created += 1
 * ```
 */
export const empty = (): Tally => ({ created: 0, planned: 0, existing: 0, invalid: 0, failed: 0 })

/**
 * How many features were seen.
 *
 * @example
 * ```ts
 * Tally.seen({ created: 98, planned: 0, existing: 0, invalid: 2, failed: 0 }) // 100
 * ```
 */
export const seen = (tally: Tally): number =>
  tally.created + tally.planned + tally.existing + tally.invalid + tally.failed

const number = (value: number) => value.toLocaleString("en")

/**
 * The summary line of an import; a dry run tells what it would create.
 *
 * @example
 * ```ts
 * Tally.summary({ created: 98, planned: 0, existing: 5, invalid: 2, failed: 0 }, Duration.seconds(3), false)
 * // "created 98, skipped 7 (5 already imported, 2 invalid), failed 0, in 3.0 s"
 * ```
 */
export const summary = (tally: Tally, elapsed: Duration.Duration, dryRun: boolean): string =>
  [
    dryRun ? `would create ${number(tally.planned)}` : `created ${number(tally.created)}`,
    `skipped ${number(tally.existing + tally.invalid)} (${number(tally.existing)} already imported, ${number(tally.invalid)} invalid)`,
    `failed ${number(tally.failed)}`,
    `in ${(Duration.toMillis(elapsed) / 1000).toFixed(1)} s`,
  ].join(", ")
