/**
 * The counts per cell the report map has already fetched at one scale for one filter, and the
 * blocks of cells they cover: a pan asks only for the strips it uncovers, and panning back asks
 * for nothing. The cache is bounded in size and in age: past `maxCountedBlocks` blocks, or
 * `maxCountAge` after its first counts, it starts afresh, so a map left open neither grows without
 * end nor keeps showing counts that new reports have made wrong.
 */
import type { Tile } from "@fieldreport/domain/ReportSearch"
import type { CellBlock } from "@fieldreport/domain/TileGrid"
import type { Connection } from "../../shared/connection.ts"

/** Past this many counted blocks the cache starts afresh. */
export const maxCountedBlocks = 64

/** Counts older than this (milliseconds) are fetched again: one minute. */
export const maxCountAge = 60_000

/** What the counts were fetched for: a scale, the filter's criteria (as their query) and a connection. */
export interface CountKey {
  readonly scale: number
  readonly criteria: string
  readonly connection: Connection
}

/** The counts of one key, and when the first of them were fetched. */
export interface CountCache extends CountKey {
  /** Milliseconds on the clock `countCacheFor` was given (`performance.now()` in the map). */
  readonly startedAt: number
  readonly tiles: Map<string, Tile>
  readonly counted: Array<CellBlock>
}

/**
 * The cache to count `key` in at time `now`: `cached` when it holds the same key and is neither
 * full nor too old, otherwise an empty one.
 *
 * @example
 * ```ts
 * this.#counts = countCacheFor(this.#counts, { scale, criteria, connection }, performance.now())
 * ```
 */
export const countCacheFor = (cached: CountCache | undefined, key: CountKey, now: number): CountCache =>
  cached !== undefined &&
  cached.scale === key.scale &&
  cached.criteria === key.criteria &&
  cached.connection === key.connection &&
  cached.counted.length < maxCountedBlocks &&
  now - cached.startedAt < maxCountAge
    ? cached
    : { ...key, startedAt: now, tiles: new Map(), counted: [] }
