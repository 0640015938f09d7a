import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import * as fc from "fast-check"
import * as OgcCollectionId from "../src/OgcCollectionId.ts"
import * as OgcCursor from "../src/OgcCursor.ts"
import * as OgcLimit from "../src/OgcLimit.ts"

describe("OgcLimit.parse", () => {
  it.each<[string, string | undefined, number]>([
    ["no limit: 100", undefined, 100],
    ["a limit within the range", "250", 250],
    ["one feature", "1", 1],
    ["the largest page", "10000", 10_000],
    ["a larger limit: the largest page", "50000", 10_000],
    ["a huge limit: the largest page", "99999999999999999999", 10_000],
  ])("reads %s", (_, text, expected) => {
    expect(OgcLimit.parse(text)).toEqual(Result.succeed(expected))
  })

  it.each([["0"], ["-5"], ["2.5"], ["ten"], ["1e3"], [" 5"]])("refuses %s, naming limit", (text) => {
    const result = OgcLimit.parse(text)
    expect(Result.isFailure(result) && Object.keys(result.failure.errors)).toEqual(["limit"])
  })

  it("never pages more than the largest page, nor less than one", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 19n }), (n) => {
        const limit = Result.getOrThrow(OgcLimit.parse(String(n)))
        expect(limit).toBe(Number(n > 10_000n ? 10_000n : n))
      }),
    )
  })
})

describe("OgcCursor", () => {
  it("reads back the id it was written from", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (id) => {
        expect(OgcCursor.decode(OgcCursor.encode(id))).toEqual(Result.succeed(id))
      }),
    )
  })

  it("refuses any text it did not write, naming cursor", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const result = OgcCursor.decode(text)
        if (Result.isSuccess(result)) expect(OgcCursor.encode(result.success)).toBe(text)
        else expect(Object.keys(result.failure.errors)).toEqual(["cursor"])
      }),
    )
    for (const text of ["", "page-2", OgcCursor.encode(5).slice(1), `${OgcCursor.encode(5)}=`])
      expect(Result.isFailure(OgcCursor.decode(text))).toBe(true)
  })
})

describe("OgcCollectionId", () => {
  it("reads what it writes", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (channelId) => {
        const id = { kind: "reports", channelId } as const
        expect(OgcCollectionId.parse(OgcCollectionId.format(id))).toEqual(id)
      }),
    )
    expect(OgcCollectionId.parse("shapes")).toEqual({ kind: "shapes" })
  })

  it.each([
    ["reports-0"],
    ["reports-012"],
    ["reports-"],
    ["reports-1x"],
    ["Shapes"],
    ["reports-1e3"],
    ["channels-1"],
  ])("names no collection by %s", (id) => {
    expect(OgcCollectionId.parse(id)).toBeUndefined()
  })
})
