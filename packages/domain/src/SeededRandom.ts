/**
 * Pseudo-random numbers that come out the same from the same seed, for made-up data that has to
 * be the same on every run: the demo, the data generator, the benchmarks' requests and files.
 * Never for secrets.
 *
 * The generator is mulberry32: one 32-bit word of state, fast enough to draw millions of values
 * a second, and even enough for spreading made-up records.
 */

/** Draws the next number of a sequence, in `[0, 1)`. */
export type Random = () => number

/**
 * The sequence of a seed.
 *
 * @example
 * ```ts
 * const random = seeded(42)
 * const dice = 1 + Math.floor(random() * 6)
 * ```
 */
export const seeded = (seed: number): Random => {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * One of `items`, each as likely; `items` must not be empty.
 *
 * @example
 * ```ts
 * const street = pick(random, ["Queen St", "Dominion Rd", "Ponsonby Rd"])
 * ```
 */
export const pick = <A>(random: Random, items: ReadonlyArray<A>): A => {
  const item = items[Math.floor(random() * items.length)]
  if (item === undefined) throw new Error("pick from no items")
  return item
}
