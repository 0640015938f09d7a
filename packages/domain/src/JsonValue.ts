/**
 * Free-form JSON a client sends (shape metadata, a form field's `data` document): how deep it may
 * nest (docs/api.md, Limits). Whatever is stored is written out again with `JSON.stringify`, which
 * recurses once per level and exhausts the stack after a few thousand; a bound far below that makes
 * every stored value readable again.
 *
 * A level is an object or an array; a string, number, boolean or null adds none, so `{"a": [1]}`
 * is two levels deep and `"text"` none.
 */
import { Schema } from "effect"

/**
 * How deep free-form JSON may nest.
 *
 * @example
 * ```ts
 * JsonValue.nestsDeeperThan(metadata, JsonValue.maxDepth)
 * ```
 */
export const maxDepth = 32

/**
 * The message of a value nested too deep.
 *
 * @example
 * ```ts
 * tooDeep(32) // "must be nested at most 32 levels deep"
 * ```
 */
export const tooDeep = (limit: number): string => `must be nested at most ${limit} levels deep`

const isContainer = (value: unknown): value is object => typeof value === "object" && value !== null

/**
 * Whether a value nests more than `limit` levels. It walks with a list of its own instead of
 * recursing, so however deep a value is, measuring it cannot exhaust the stack; it stops at the
 * first level past the limit.
 *
 * @example
 * ```ts
 * nestsDeeperThan({ a: [1] }, 2) // false
 * nestsDeeperThan({ a: [[1]] }, 2) // true
 * ```
 */
export const nestsDeeperThan = (value: unknown, limit: number): boolean => {
  const values: Array<unknown> = [value]
  const depths: Array<number> = [0]
  while (values.length > 0) {
    const current = values.pop()
    const depth = (depths.pop() ?? 0) + 1
    if (!isContainer(current)) continue
    if (depth > limit) return true
    for (const member of Array.isArray(current) ? current : Object.values(current)) {
      if (!isContainer(member)) continue
      values.push(member)
      depths.push(depth)
    }
  }
  return false
}

/**
 * The check that a value nests at most `limit` levels (by default `maxDepth`), for a schema of
 * free-form JSON; the failure names the value's own field.
 *
 * @example
 * ```ts
 * const Metadata = Schema.Record(Schema.String, Schema.Json).check(JsonValue.isNestedAtMost())
 * ```
 */
export const isNestedAtMost = (limit: number = maxDepth) =>
  Schema.makeFilter((value: unknown) => (nestsDeeperThan(value, limit) ? tooDeep(limit) : undefined), {
    description: `nested at most ${limit} levels deep`,
  })
