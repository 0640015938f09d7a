import { describe, expect, it } from "vitest"
import type { Connection } from "../../shared/connection.ts"
import { maxCountAge } from "./count-cache.ts"
import { maxPinnedCells, type PinKey, pinCacheFor } from "./pin-cache.ts"

const connection = { token: "fra_a" } as Connection
const key: PinKey = { criteria: "{}", connection }

describe("pinCacheFor", () => {
  it("keeps the pins of the same filter and connection while they are young", () => {
    const cache = pinCacheFor(undefined, key, 1_000)
    cache.cells.set("1:2", Promise.resolve([]))
    expect(pinCacheFor(cache, { ...key }, 1_000 + maxCountAge - 1)).toBe(cache)
  })

  it("starts afresh for another filter or connection", () => {
    const cache = pinCacheFor(undefined, key, 0)
    expect(pinCacheFor(cache, { ...key, criteria: '{"filter[state]":"1"}' }, 1)).not.toBe(cache)
    expect(pinCacheFor(cache, { ...key, connection: { token: "fra_b" } as Connection }, 1)).not.toBe(cache)
  })

  it("starts afresh once its pins are a minute old, so new and moved reports show", () => {
    const cache = pinCacheFor(undefined, key, 5_000)
    cache.cells.set("1:2", Promise.resolve([]))
    const fresh = pinCacheFor(cache, key, 5_000 + maxCountAge)
    expect(fresh.cells.size).toBe(0)
    expect(fresh.startedAt).toBe(5_000 + maxCountAge)
  })

  it("starts afresh once it holds as many cells as it may", () => {
    const cache = pinCacheFor(undefined, key, 0)
    for (let cell = 0; cell < maxPinnedCells; cell++) cache.cells.set(`${cell}:0`, Promise.resolve([]))
    expect(pinCacheFor(cache, key, 1).cells.size).toBe(0)
  })
})
