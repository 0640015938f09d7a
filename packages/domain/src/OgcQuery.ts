/**
 * The query parameters of the OGC API – Features service (docs/api.md, OGC API – Features). The
 * standard wants a parameter the API document does not declare to be `400`, so a client learns it
 * was not applied instead of getting more features than it asked for:
 *
 * - every page takes `f` (`json`, or `geojson` for features), the format parameter many clients add,
 *   and a page that is not of features takes nothing else;
 * - items take `bbox` (`OgcBbox`), `datetime` (`OgcDatetime`), `limit` (`OgcLimit`) and `cursor`
 *   (`OgcCursor`, from a `next` link), and report collections also `report_state_id` and
 *   `category_id`, each an id or a comma-separated list of ids (a feature matches any of them).
 *
 * Each parameter is given once. The parsed query keeps the parameters the `next` link repeats.
 */
import { Result } from "effect"
import { MalformedRequest } from "./Invalid.ts"
import * as OgcBbox from "./OgcBbox.ts"
import * as OgcCursor from "./OgcCursor.ts"
import * as OgcDatetime from "./OgcDatetime.ts"
import * as OgcLimit from "./OgcLimit.ts"
import * as QueryValue from "./QueryValue.ts"

/**
 * What a page of features asks for.
 *
 * @example
 * ```ts
 * const firstHundred: OgcItemsQuery = {
 *   bbox: undefined, datetime: undefined, limit: 100, after: undefined,
 *   reportStateIds: undefined, categoryIds: undefined, parameters: [],
 * }
 * ```
 */
export interface OgcItemsQuery {
  readonly bbox: OgcBbox.OgcBbox | undefined
  readonly datetime: OgcDatetime.OgcDatetime | undefined
  readonly limit: number
  /** The id the page starts after (from `cursor`); the first page when undefined. */
  readonly after: number | undefined
  readonly reportStateIds: ReadonlyArray<number> | undefined
  readonly categoryIds: ReadonlyArray<number> | undefined
  /** The parameters as given, without `cursor` and `f`, in a fixed order: what links repeat. */
  readonly parameters: ReadonlyArray<readonly [string, string]>
}

/** What a collection's items are: reports take the property filters, shapes do not. */
export type ItemsKind = "reports" | "shapes"

const formats = { page: ["json"], items: ["json", "geojson"] } as const

const checkNames = (
  query: QueryValue.Query,
  allowed: ReadonlyArray<string>,
): Result.Result<void, MalformedRequest> => {
  const unknown = Object.keys(query).find((name) => !allowed.includes(name))
  return unknown === undefined
    ? Result.void
    : Result.fail(MalformedRequest.at(unknown, `is not a parameter here; allowed: ${allowed.join(", ")}`))
}

const checkFormat = (query: QueryValue.Query, allowed: ReadonlyArray<string>) =>
  Result.flatMap(QueryValue.string(query, "f"), (format) =>
    format === undefined || allowed.includes(format)
      ? Result.void
      : Result.fail(
          MalformedRequest.at("f", `must be ${allowed.join(" or ")}: the service answers JSON only`),
        ),
  )

/**
 * Checks the query of a page that is not a page of features (the landing page, the collections):
 * only `f=json` may be given.
 *
 * @example
 * ```ts
 * OgcQuery.page({ f: "json" }) // Result.void
 * OgcQuery.page({ f: "html" }) // fails naming "f"
 * ```
 */
export const page = (query: QueryValue.Query): Result.Result<void, MalformedRequest> =>
  Result.flatMap(checkNames(query, ["f"]), () => checkFormat(query, formats.page))

/**
 * Checks the query of one feature: only `f=json` or `f=geojson` may be given.
 *
 * @example
 * ```ts
 * OgcQuery.feature({ f: "geojson" }) // Result.void
 * ```
 */
export const feature = (query: QueryValue.Query): Result.Result<void, MalformedRequest> =>
  Result.flatMap(checkNames(query, ["f"]), () => checkFormat(query, formats.items))

/**
 * Reads the query of a page of features.
 *
 * @example
 * ```ts
 * OgcQuery.items({ bbox: "174.6,-41.4,174.9,-41.1", limit: "500" }, "reports")
 * // Result.succeed({ bbox: [box], limit: 500, parameters: [["bbox", "174.6,-41.4,174.9,-41.1"], ["limit", "500"]], … })
 * OgcQuery.items({ category_id: "3" }, "shapes") // fails naming "category_id"
 * ```
 */
export const items = (
  query: QueryValue.Query,
  kind: ItemsKind,
): Result.Result<OgcItemsQuery, MalformedRequest> =>
  Result.gen(function* () {
    const filters = kind === "reports" ? ["report_state_id", "category_id"] : []
    yield* checkNames(query, ["bbox", "datetime", "limit", "cursor", "f", ...filters])
    yield* checkFormat(query, formats.items)
    const bboxText = yield* QueryValue.string(query, "bbox")
    const datetimeText = yield* QueryValue.string(query, "datetime")
    const limitText = yield* QueryValue.string(query, "limit")
    const cursor = yield* QueryValue.string(query, "cursor")
    const reportStateIds =
      kind === "reports" ? yield* QueryValue.integerList(query, "report_state_id") : undefined
    const categoryIds = kind === "reports" ? yield* QueryValue.integerList(query, "category_id") : undefined
    const limit = yield* OgcLimit.parse(limitText)
    const given = (name: string, value: string | undefined): ReadonlyArray<readonly [string, string]> =>
      value === undefined ? [] : [[name, value]]
    return {
      bbox: bboxText === undefined ? undefined : yield* OgcBbox.parse(bboxText),
      datetime: datetimeText === undefined ? undefined : yield* OgcDatetime.parse(datetimeText),
      limit,
      after: cursor === undefined ? undefined : yield* OgcCursor.decode(cursor),
      reportStateIds,
      categoryIds,
      parameters: [
        ...given("bbox", bboxText),
        ...given("datetime", datetimeText),
        ...given("report_state_id", reportStateIds?.join(",")),
        ...given("category_id", categoryIds?.join(",")),
        ...given("limit", limitText === undefined ? undefined : String(limit)),
      ],
    }
  })
