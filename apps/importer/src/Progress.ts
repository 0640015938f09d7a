/**
 * Progress of an import: on a terminal, a bar redrawn in place with the share of input read, the
 * features done, their rate and the time left; elsewhere (CI, a log file), a plain line every few
 * seconds. Progress is measured in bytes of input, since a streamed file's feature count is
 * unknown until its end.
 */
import { Clock, Effect } from "effect"
import * as Tally from "./Tally.ts"

/**
 * Where and how progress is shown.
 *
 * @example
 * ```ts
 * const options: ProgressOptions = { totalBytes: 1e9, terminal: process.stderr.isTTY, write: (text) => process.stderr.write(text) }
 * ```
 */
export interface ProgressOptions {
  readonly totalBytes: number
  readonly terminal: boolean
  readonly write: (text: string) => void
}

/**
 * A progress display.
 *
 * @example
 * ```ts
 * const progress = yield* Progress.make(options)
 * progress.read(65_536)
 * yield* progress.show(tally)
 * yield* progress.end
 * ```
 */
export interface Progress {
  /** Counts bytes of input read (called by the readers, outside any effect). */
  readonly read: (bytes: number) => void
  /** Shows the tally, when enough time passed since it was last shown. */
  readonly show: (tally: Tally.Tally) => Effect.Effect<void>
  /** Leaves the terminal's line clean for the summary. */
  readonly end: Effect.Effect<void>
}

const interval = { terminal: 100, log: 5_000 }
const barWidth = 24

const clock = (seconds: number): string => {
  const whole = Math.round(seconds)
  const minutes = Math.floor(whole / 60)
  return `${minutes}:${String(whole % 60).padStart(2, "0")}`
}

/**
 * The text of one progress display.
 *
 * @example
 * ```ts
 * Progress.describe({ share: 0.5, features: 5_000, elapsedMs: 10_000 })
 * // { share: "50%", features: "5,000 features", rate: "500/s", eta: "0:10" }
 * ```
 */
export const describe = (state: { share: number; features: number; elapsedMs: number }) => {
  const seconds = state.elapsedMs / 1000
  const share = Math.min(1, state.share)
  return {
    share: `${Math.floor(share * 100)}%`,
    features: `${state.features.toLocaleString("en")} features`,
    rate: `${seconds > 0 ? Math.round(state.features / seconds).toLocaleString("en") : 0}/s`,
    // Time left if the rest of the input goes as fast as what was read so far.
    eta: share > 0 ? clock((seconds * (1 - share)) / share) : "?",
  }
}

/**
 * Starts a progress display now.
 *
 * @example
 * ```ts
 * const progress = yield* Progress.make({ totalBytes, terminal: false, write: (text) => process.stderr.write(text) })
 * ```
 */
export const make = (options: ProgressOptions): Effect.Effect<Progress> =>
  Effect.gen(function* () {
    const started = yield* Clock.currentTimeMillis
    let bytes = 0
    let shownAt = started
    let drawn = false
    const every = options.terminal ? interval.terminal : interval.log
    const show = (tally: Tally.Tally) =>
      Effect.map(Clock.currentTimeMillis, (now) => {
        if (now - shownAt < every) return
        shownAt = now
        const text = describe({
          share: options.totalBytes > 0 ? bytes / options.totalBytes : 1,
          features: Tally.seen(tally),
          elapsedMs: now - started,
        })
        if (options.terminal) {
          const filled = Math.round((Number.parseInt(text.share, 10) / 100) * barWidth)
          const bar = `${"█".repeat(filled)}${"░".repeat(barWidth - filled)}`
          options.write(`\r${bar} ${text.share} · ${text.features} · ${text.rate} · ETA ${text.eta}\u001b[K`)
          drawn = true
        } else {
          options.write(
            `progress: ${text.share} of input read, ${text.features} (${tally.created} created), ${text.rate}, about ${text.eta} left\n`,
          )
        }
      })
    return {
      read: (count) => {
        bytes += count
      },
      show,
      end: Effect.sync(() => {
        if (drawn) options.write("\r\u001b[K")
      }),
    }
  })
