/**
 * Pagination by the `Range` request header (docs/api.md, Pages), as the legacy clients page:
 * `Range: objects=0-59` asks for the records 0 to 59, both included. Without the header a list
 * returns its first 60 records; a range wider than 100 records is clipped to 100. The lists a
 * field app syncs from page more at a time (`sync`).
 *
 * The response says which records it holds with `Content-Range: reports 0-59/233` and names the
 * unit with `Accept-Ranges: reports`.
 */
import { Result } from "effect"
import { MalformedRequest } from "./Invalid.ts"

/**
 * The records to return, by 0-based position, both ends included.
 *
 * @example
 * ```ts
 * const secondPage: RangePage = { start: 60, end: 119 }
 * ```
 */
export interface RangePage {
  readonly start: number
  readonly end: number
}

/**
 * Records per page when the client sends no `Range`.
 *
 * @example
 * ```ts
 * size(first) === defaultSize // true
 * ```
 */
export const defaultSize = 60

/**
 * The most records one page holds.
 *
 * @example
 * ```ts
 * parse("objects=0-999") // Result.succeed({ start: 0, end: maxSize - 1 })
 * ```
 */
export const maxSize = 100

/**
 * How many records a list pages: without `Range`, and at most in one page.
 *
 * @example
 * ```ts
 * const limits: Limits = { defaultSize: 60, maxSize: 100 }
 * ```
 */
export interface Limits {
  readonly defaultSize: number
  readonly maxSize: number
}

/**
 * The limits of most lists: 60 records without `Range`, at most 100.
 *
 * @example
 * ```ts
 * parse("objects=0-999", standard) // Result.succeed({ start: 0, end: 99 })
 * ```
 */
export const standard: Limits = { defaultSize, maxSize }

/**
 * The limits of the lists a field app syncs from (the sync list of reports, the deleted
 * resources): a device catching up after days offline fetches many records at a time, so 100
 * without `Range`, at most 1,000.
 *
 * @example
 * ```ts
 * parse(undefined, sync) // Result.succeed({ start: 0, end: 99 })
 * parse("objects=0-4999", sync) // Result.succeed({ start: 0, end: 999 })
 * ```
 */
export const sync: Limits = { defaultSize: 100, maxSize: 1_000 }

/**
 * The page a list returns without a `Range` header.
 *
 * @example
 * ```ts
 * first // { start: 0, end: 59 }
 * ```
 */
export const first: RangePage = { start: 0, end: defaultSize - 1 }

/**
 * How many records a page asks for: the store's limit (its offset is `start`).
 *
 * @example
 * ```ts
 * size({ start: 100, end: 199 }) // 100
 * ```
 */
export const size = (page: RangePage): number => page.end - page.start + 1

// Range units compare case-insensitively (RFC 9110 §14.1). An open end (`objects=120-`, the
// RFC's "first-pos-" form) asks for a page of the default size.
const rangeHeader = /^objects=(\d+)-(\d*)$/i

/**
 * Parses the `Range` request header; absent (or blank) is the first page. The end is clipped so a
 * page never holds more than the limits allow (100 records unless other limits are given).
 *
 * @example
 * ```ts
 * parse("objects=100-199") // Result.succeed({ start: 100, end: 199 })
 * parse(undefined) // Result.succeed(first)
 * parse(undefined, sync) // Result.succeed({ start: 0, end: 99 })
 * parse("bytes=0-10") // fails naming Range
 * ```
 */
export const parse = (
  header: string | undefined,
  limits: Limits = standard,
): Result.Result<RangePage, MalformedRequest> => {
  if (header === undefined || header.trim() === "")
    return Result.succeed({ start: 0, end: limits.defaultSize - 1 })
  const [, from = "", to = ""] = rangeHeader.exec(header.trim()) ?? []
  const start = from === "" ? Number.NaN : Number(from)
  const end = to === "" ? start + limits.defaultSize - 1 : Number(to)
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start) {
    return Result.fail(
      MalformedRequest.at(
        "Range",
        "must be objects=START-END, 0-based and inclusive, with END not before START",
      ),
    )
  }
  return Result.succeed({ start, end: Math.min(end, start + limits.maxSize - 1) })
}

/**
 * The `Range` request header asking for a page, as a client sends it.
 *
 * @example
 * ```ts
 * format({ start: 60, end: 119 }) // "objects=60-119"
 * ```
 */
export const format = (page: RangePage): string => `objects=${page.start}-${page.end}`

/**
 * The `Content-Range` value of a page: the positions of the records actually returned and the
 * total. An empty page gives `*` for its positions; an unknown total (too costly to count) `*`.
 *
 * @example
 * ```ts
 * contentRange("reports", { start: 0, end: 59 }, 60, 233) // "reports 0-59/233"
 * contentRange("reports", { start: 240, end: 299 }, 0, 233) // "reports *\/233"
 * contentRange("reports", { start: 0, end: 59 }, 60, undefined) // "reports 0-59/*"
 * ```
 */
export const contentRange = (
  resource: string,
  page: RangePage,
  returned: number,
  total: number | undefined,
): string => {
  const positions = returned === 0 ? "*" : `${page.start}-${page.start + returned - 1}`
  return `${resource} ${positions}/${total ?? "*"}`
}

/**
 * Both response headers of a paginated list.
 *
 * @example
 * ```ts
 * headers("tasks", first, 2, 2) // { "Accept-Ranges": "tasks", "Content-Range": "tasks 0-1/2" }
 * ```
 */
export const headers = (
  resource: string,
  page: RangePage,
  returned: number,
  total: number | undefined,
): { readonly "Accept-Ranges": string; readonly "Content-Range": string } => ({
  "Accept-Ranges": resource,
  "Content-Range": contentRange(resource, page, returned, total),
})

/**
 * What a `Content-Range` says: the unit, the positions of the records returned (undefined for an
 * empty page, `*`) and the total (undefined when the server did not count, `*`).
 *
 * @example
 * ```ts
 * const said: ContentRange = { resource: "reports", page: { start: 0, end: 59 }, total: 233 }
 * ```
 */
export interface ContentRange {
  readonly resource: string
  readonly page: RangePage | undefined
  readonly total: number | undefined
}

const contentRangeHeader = /^(\S+)\s+(?:(\d+)-(\d+)|\*)\/(\d+|\*)$/

/**
 * Reads a `Content-Range` response header, the inverse of {@link contentRange}; undefined when
 * it is absent or not of that form.
 *
 * @example
 * ```ts
 * parseContentRange("reports 0-59/233") // { resource: "reports", page: { start: 0, end: 59 }, total: 233 }
 * parseContentRange("reports *\/0") // { resource: "reports", page: undefined, total: 0 }
 * parseContentRange(null) // undefined
 * ```
 */
export const parseContentRange = (header: string | null | undefined): ContentRange | undefined => {
  const match = contentRangeHeader.exec(header?.trim() ?? "")
  if (match === null) return undefined
  const [, resource = "", start, end, total = "*"] = match
  return {
    resource,
    page: start === undefined || end === undefined ? undefined : { start: Number(start), end: Number(end) },
    total: total === "*" ? undefined : Number(total),
  }
}
