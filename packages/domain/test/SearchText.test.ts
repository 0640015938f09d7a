import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import * as fc from "fast-check"
import * as SearchText from "../src/SearchText.ts"
import * as TextLimits from "../src/TextLimits.ts"

describe("SearchText.words", () => {
  it.each<[string, ReadonlyArray<string>]>([
    ["Oil spill", ["oil", "spill"]],
    ['"oil" AND (spill*) OR NOT x:y | z & w', ["oil", "and", "spill", "or", "not", "x", "y", "z", "w"]],
    ["NEAR(oil spill, 2)", ["near", "oil", "spill", "2"]],
    [
      "o'brien's well-known e-mail: bob@example.com",
      ["o", "brien", "s", "well", "known", "e", "mail", "bob", "example", "com"],
    ],
    ["Ōtaki café NAÏVE", ["ōtaki", "café", "naïve"]],
    ["हिन्दी भाषा", ["हिन्दी", "भाषा"]],
    ["河流 污染", ["河流", "污染"]],
    ["oil OIL Oil", ["oil"]],
    ["3.5 m³", ["3", "5", "m³"]],
    ['*** :: | & () "" \' ^ -', []],
    ["🐟 🌊", []],
  ])("reads %s", (text, expected) => {
    expect(SearchText.words(text)).toEqual(expected)
  })

  it("never answers a word with anything but letters, digits and marks", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (text) => {
        for (const word of SearchText.words(text)) expect(word).toMatch(/^[\p{L}\p{N}][\p{L}\p{N}\p{M}]*$/u)
      }),
    )
  })
})

describe("SearchText.parse", () => {
  it("reads the text as sent, and none when not given or empty", () => {
    expect(SearchText.parse({ filter: { q: " Oil *spill* " } }, "filter[q]")).toEqual(
      Result.succeed(" Oil *spill* "),
    )
    expect(SearchText.parse({ filter: { q: "" } }, "filter[q]")).toEqual(Result.succeed(undefined))
    expect(SearchText.parse({}, "filter[q]")).toEqual(Result.succeed(undefined))
  })

  it("takes up to the limit of characters and of words", () => {
    const longest = `${"a".repeat(TextLimits.search - 2)} b`
    expect(SearchText.parse({ q: longest }, "q")).toEqual(Result.succeed(longest))
    const tenWords = "a b c d e f g h i j a b"
    expect(SearchText.parse({ q: tenWords }, "q")).toEqual(Result.succeed(tenWords))
  })

  it.each<[string, unknown, string]>([
    ["too long", "a".repeat(TextLimits.search + 1), `must be at most ${TextLimits.search} characters`],
    ["no word", "&& || ()", "must hold a word: letters or digits"],
    ["eleven words", "a b c d e f g h i j k", `must hold at most ${SearchText.maxWords} different words`],
    ["given twice", ["a", "b"], "must be given once, as a single value"],
  ])("fails %s, naming the parameter", (_, q, message) => {
    const parsed = SearchText.parse({ exclude: { q } }, "exclude[q]")
    expect(Result.isFailure(parsed) ? parsed.failure.errors : {}).toEqual({ "exclude[q]": [message] })
  })
})
