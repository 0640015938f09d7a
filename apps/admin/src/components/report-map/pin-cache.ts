/**
 * The pins the report map has fetched per cell for one filter. Like the counts (`count-cache.ts`),
 * it is bounded in size and in age: past `maxPinnedCells` cells, or `maxCountAge` after its first
 * pins, it starts afresh, so a map left open neither grows without end nor keeps showing pins that
 * new, moved or deleted reports have made wrong.
 */
import type { MapItem } from "@fieldreport/domain/ReportSearch"
import type { Connection } from "../../shared/connection.ts"
import { maxCountAge } from "./count-cache.ts"

/** Past this many cells of pins the cache starts afresh. */
export const maxPinnedCells = 256

/** What the pins were fetched for: the filter's criteria (as their query) and a connection. */
export interface PinKey {
  readonly criteria: string
  readonly connection: Connection
}

/** The pins of one key by cell (`tile_id`), each a fetch that may still be under way. */
export interface PinCache extends PinKey {
  /** Milliseconds on the clock `pinCacheFor` was given (`performance.now()` in the map). */
  readonly startedAt: number
  readonly cells: Map<string, Promise<ReadonlyArray<MapItem>>>
}

/**
 * The cache to keep the pins of `key` in at time `now`: `cached` when it holds the same key and is
 * neither full nor too old, otherwise an empty one.
 *
 * @example
 * ```ts
 * this.#pins = pinCacheFor(this.#pins, { criteria, connection }, performance.now())
 * ```
 */
export const pinCacheFor = (cached: PinCache | undefined, key: PinKey, now: number): PinCache =>
  cached !== undefined &&
  cached.criteria === key.criteria &&
  cached.connection === key.connection &&
  cached.cells.size < maxPinnedCells &&
  now - cached.startedAt < maxCountAge
    ? cached
    : { ...key, startedAt: now, cells: new Map() }
