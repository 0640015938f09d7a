/**
 * The free text of a report search, `filter[q]` (docs/api.md, Report searches): what a person
 * types into a search box, read as plain words.
 *
 * A word is a run of letters and digits (with their accents and other combining marks); anything
 * else separates words, so quotes, `*`, `:`, `&`, `|`, `-`, parentheses and the like are never
 * operators. A report matches when every word begins a word of the text it shows the searcher;
 * case does not matter, accents do. `NEAR`, `AND`, `OR` and `NOT` are words like any other. The
 * stores put each word inside their engine's quotes, so a word never reaches a full-text query's
 * syntax as anything but text.
 */
import { Result } from "effect"
import { MalformedRequest } from "./Invalid.ts"
import * as QueryValue from "./QueryValue.ts"
import * as TextLimits from "./TextLimits.ts"

/**
 * The most words a search's text may hold: each is looked up on its own.
 *
 * @example
 * ```ts
 * words("a b c d e f g h i j").length <= maxWords // true
 * ```
 */
export const maxWords = 10

const word = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu

/**
 * The words of a text, lower-cased, each once, in the order they first appear.
 *
 * @example
 * ```ts
 * words('"Oil" spill* NEAR (Ōtaki) & oil') // ["oil", "spill", "near", "ōtaki"]
 * words("*** :: |") // []
 * ```
 */
export const words = (text: string): ReadonlyArray<string> => [
  ...new Set(Array.from(text.matchAll(word), ([found]) => found.toLowerCase())),
]

/**
 * Reads a search's text parameter (`filter[q]`) as it was sent: `undefined` when not given (or
 * empty); at most `TextLimits.search` characters holding from one to `maxWords` words, else
 * malformed, naming the parameter.
 *
 * @example
 * ```ts
 * parse({ filter: { q: "oil spill" } }, "filter[q]") // Result.succeed("oil spill")
 * parse({ filter: { q: "***" } }, "filter[q]") // fails: must hold a word
 * ```
 */
export const parse = (
  query: QueryValue.Query,
  name: string,
): Result.Result<string | undefined, MalformedRequest> =>
  Result.flatMap(QueryValue.string(query, name), (text) => {
    if (text === undefined) return Result.succeed(undefined)
    if (text.length > TextLimits.search)
      return Result.fail(MalformedRequest.at(name, `must be at most ${TextLimits.search} characters`))
    const count = words(text).length
    if (count === 0) return Result.fail(MalformedRequest.at(name, "must hold a word: letters or digits"))
    if (count > maxWords)
      return Result.fail(MalformedRequest.at(name, `must hold at most ${maxWords} different words`))
    return Result.succeed(text)
  })
