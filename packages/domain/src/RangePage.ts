/**
 * Pagination by the `Range` request header (docs/api.md, Pages), as the legacy clients page:
 * `Range: objects=0-59` asks for the records 0 to 59, both included. Without the header a list
 * returns its first 60 records; a range wider than 100 records is clipped to 100.
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
 * page never holds more than 100 records.
 *
 * @example
 * ```ts
 * parse("objects=100-199") // Result.succeed({ start: 100, end: 199 })
 * parse(undefined) // Result.succeed(first)
 * parse("bytes=0-10") // fails naming Range
 * ```
 */
export const parse = (header: string | undefined): Result.Result<RangePage, MalformedRequest> => {
  if (header === undefined || header.trim() === "") return Result.succeed(first)
  const [, from = "", to = ""] = rangeHeader.exec(header.trim()) ?? []
  const start = from === "" ? Number.NaN : Number(from)
  const end = to === "" ? start + defaultSize - 1 : Number(to)
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start) {
    return Result.fail(
      MalformedRequest.at(
        "Range",
        "must be objects=START-END, 0-based and inclusive, with END not before START",
      ),
    )
  }
  return Result.succeed({ start, end: Math.min(end, start + maxSize - 1) })
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
