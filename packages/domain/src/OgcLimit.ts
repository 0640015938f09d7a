/**
 * The `limit` of an OGC API – Features items request: how many features one page holds. Without
 * it a page holds 100; a larger limit than 10,000 is read as 10,000, as the standard's example
 * allows ("if you ask for 50000, you might get up to 10000 and a next link"), so a client that
 * asks for everything at once still pages. Anything but a whole number of at least 1 is `400`.
 */
import { Result } from "effect"
import { MalformedRequest } from "./Invalid.ts"

/**
 * Features per page when the client gives no `limit`.
 *
 * @example
 * ```ts
 * OgcLimit.parse(undefined) // Result.succeed(defaultLimit)
 * ```
 */
export const defaultLimit = 100

/**
 * The most features one page holds.
 *
 * @example
 * ```ts
 * OgcLimit.parse("50000") // Result.succeed(maxLimit)
 * ```
 */
export const maxLimit = 10_000

/**
 * Reads `limit` as sent (undefined when absent).
 *
 * @example
 * ```ts
 * OgcLimit.parse("250") // Result.succeed(250)
 * OgcLimit.parse("0") // fails naming "limit"
 * ```
 */
export const parse = (text: string | undefined): Result.Result<number, MalformedRequest> => {
  if (text === undefined) return Result.succeed(defaultLimit)
  if (!/^\+?\d{1,20}$/.test(text) || Number(text) < 1)
    return Result.fail(MalformedRequest.at("limit", `must be a whole number from 1 to ${maxLimit}`))
  return Result.succeed(Math.min(Number(text), maxLimit))
}
