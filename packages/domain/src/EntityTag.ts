/**
 * Versions on the wire (docs/api.md, Field apps and offline sync): a fetch of a report or a task
 * answers its `version` as an entity tag (`ETag: "7"`), and a change may send it back in
 * `If-Match` so that a client that edited an old copy offline learns of the newer one (`412`)
 * instead of overwriting it.
 *
 * Tags are strong: a version names one state of the record. `If-Match` takes a tag, a list of
 * tags, or `*` (any current record, the same as no condition). A weak tag (`W/"7"`) never
 * matches, as RFC 9110 §13.1.1 says for `If-Match`; a tag that is not a version (`"abc"`) is a
 * tag that matches nothing.
 */
import { Result } from "effect"
import { MalformedRequest } from "./Invalid.ts"

/**
 * What an `If-Match` header asks: any current record, or one whose tag is among these (their
 * opaque text, without quotes).
 *
 * @example
 * ```ts
 * const condition: IfMatch = { _tag: "Tags", tags: ["7"] }
 * ```
 */
export type IfMatch =
  | { readonly _tag: "Any" }
  | { readonly _tag: "Tags"; readonly tags: ReadonlyArray<string> }

/**
 * The entity tag of a version, as `ETag` sends it.
 *
 * @example
 * ```ts
 * of(7) // "\"7\""
 * ```
 */
export const of = (version: number): string => `"${version}"`

// One tag of a list: strong or weak, its text any visible character but the quote (RFC 9110 §8.8.3).
const tagPattern = /^(W\/)?"([\x21\x23-\x7e\x80-\xff]*)"$/

const malformed = () =>
  MalformedRequest.at("If-Match", 'must be "*" or entity tags such as "7", as ETag answered them')

/**
 * Reads an `If-Match` header; undefined when there is none (or it is blank).
 *
 * @example
 * ```ts
 * parseIfMatch('"7"') // Result.succeed({ _tag: "Tags", tags: ["7"] })
 * parseIfMatch("*") // Result.succeed({ _tag: "Any" })
 * parseIfMatch(undefined) // Result.succeed(undefined)
 * parseIfMatch("7") // fails naming If-Match
 * ```
 */
export const parseIfMatch = (
  header: string | undefined,
): Result.Result<IfMatch | undefined, MalformedRequest> => {
  const text = header?.trim() ?? ""
  if (text === "") return Result.succeed(undefined)
  if (text === "*") return Result.succeed({ _tag: "Any" })
  const tags: Array<string> = []
  for (const part of text.split(",")) {
    const match = tagPattern.exec(part.trim())
    if (match === null) return Result.fail(malformed())
    // A weak tag is well formed, and matches nothing.
    if (match[1] === undefined) tags.push(match[2] ?? "")
  }
  return Result.succeed({ _tag: "Tags", tags })
}

/**
 * Whether a record at `version` meets the condition.
 *
 * @example
 * ```ts
 * holds({ _tag: "Tags", tags: ["7"] }, 7) // true
 * holds({ _tag: "Tags", tags: ["6"] }, 7) // false
 * holds({ _tag: "Any" }, 7) // true
 * ```
 */
export const holds = (condition: IfMatch, version: number): boolean =>
  condition._tag === "Any" || condition.tags.includes(String(version))
