import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import * as fc from "fast-check"
import * as EntityTag from "../src/EntityTag.ts"

describe("EntityTag.parseIfMatch", () => {
  it.each<[string, string | undefined, EntityTag.IfMatch | undefined]>([
    ["no header", undefined, undefined],
    ["a blank header", "  ", undefined],
    ["any record", "*", { _tag: "Any" }],
    ["one tag", '"7"', { _tag: "Tags", tags: ["7"] }],
    ["a list of tags", '"7", "8" ,"9"', { _tag: "Tags", tags: ["7", "8", "9"] }],
    ["a weak tag, which matches nothing", 'W/"7"', { _tag: "Tags", tags: [] }],
    ["a tag that is not a version", '"abc"', { _tag: "Tags", tags: ["abc"] }],
  ])("reads %s", (_, header, expected) => {
    expect(EntityTag.parseIfMatch(header)).toEqual(Result.succeed(expected))
  })

  it.each([
    ["a bare number", "7"],
    ["an unclosed quote", '"7'],
    ["a quote inside", '"7"8"'],
    ["an empty item", '"7",,"8"'],
    ["* in a list", '*, "7"'],
  ])("refuses %s, naming If-Match", (_, header) => {
    const result = EntityTag.parseIfMatch(header)
    expect(Result.isFailure(result) && Object.keys(result.failure.errors)).toEqual(["If-Match"])
  })
})

describe("EntityTag.holds", () => {
  it("holds for the version a fetch tagged, and for no other", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1 }), fc.integer({ min: 1 }), (tagged, current) => {
        const condition = Result.getOrThrow(EntityTag.parseIfMatch(EntityTag.of(tagged)))
        expect(condition === undefined ? false : EntityTag.holds(condition, current)).toBe(tagged === current)
      }),
    )
  })

  it("holds for any version with *", () => {
    expect(EntityTag.holds({ _tag: "Any" }, 12)).toBe(true)
  })

  it("never holds for a weak tag", () => {
    const condition = Result.getOrThrow(EntityTag.parseIfMatch('W/"3"'))
    expect(condition !== undefined && EntityTag.holds(condition, 3)).toBe(false)
  })
})
