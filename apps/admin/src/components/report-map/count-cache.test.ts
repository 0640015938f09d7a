import { describe, expect, it } from "vitest"
import type { Connection } from "../../shared/connection.ts"
import { type CountKey, countCacheFor, maxCountAge, maxCountedBlocks } from "./count-cache.ts"

const connection = { token: "fra_a" } as Connection
const key: CountKey = { scale: 0.5, criteria: "{}", connection }

describe("countCacheFor", () => {
  it("keeps the counts of the same scale, filter and connection while they are young", () => {
    const cache = countCacheFor(undefined, key, 1_000)
    cache.counted.push({ west: 0, south: 0, east: 2, north: 2 })
    expect(countCacheFor(cache, { ...key }, 1_000 + maxCountAge - 1)).toBe(cache)
  })

  it("starts afresh for another scale, filter or connection", () => {
    const cache = countCacheFor(undefined, key, 0)
    expect(countCacheFor(cache, { ...key, scale: 1 }, 1)).not.toBe(cache)
    expect(countCacheFor(cache, { ...key, criteria: '{"filter[state]":"1"}' }, 1)).not.toBe(cache)
    expect(countCacheFor(cache, { ...key, connection: { token: "fra_b" } as Connection }, 1)).not.toBe(cache)
  })

  it("starts afresh once its counts are a minute old, so new reports show", () => {
    const cache = countCacheFor(undefined, key, 5_000)
    cache.counted.push({ west: 0, south: 0, east: 2, north: 2 })
    const fresh = countCacheFor(cache, key, 5_000 + maxCountAge)
    expect(fresh).not.toBe(cache)
    expect(fresh.counted).toEqual([])
    expect(fresh.startedAt).toBe(5_000 + maxCountAge)
  })

  it("starts afresh once it holds as many blocks as it may", () => {
    const cache = countCacheFor(undefined, key, 0)
    for (let block = 0; block < maxCountedBlocks; block++)
      cache.counted.push({ west: block, south: 0, east: block + 1, north: 1 })
    expect(countCacheFor(cache, key, 1).counted).toEqual([])
  })
})
