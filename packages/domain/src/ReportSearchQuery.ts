/**
 * The parameters of a report search, `GET /api/v4/reports/search` (docs/api.md, Report searches):
 * `filter[…]` says which reports to include, `exclude[…]` which to leave out, both with the same
 * criteria, and `order[…]` how to sort them.
 *
 * The input is the query object qs parses (`filter[tile][scale]=0.5` arrives nested). A parameter
 * the search does not know is malformed rather than ignored: a dropped filter would quietly
 * return reports the client meant to leave out. Tile ids stay as sent; the API decodes them with
 * `Tile`. `toParams` writes the parameters a front end sends, which `parse` reads back as the same
 * search.
 */
import { DateTime, Result } from "effect"
import { MalformedRequest } from "./Invalid.ts"
import * as OrderBy from "./OrderBy.ts"
import * as QueryValue from "./QueryValue.ts"
import { type Appearance, appearances } from "./ReportStateRecord.ts"
import * as SearchText from "./SearchText.ts"

/**
 * A point and a scale naming the tile that contains the point: the alternative to a tile id.
 *
 * @example
 * ```ts
 * const tile: TilePoint = { latitude: -41.3, longitude: 174.7, scale: 0.05 }
 * ```
 */
export interface TilePoint {
  readonly latitude: number
  readonly longitude: number
  readonly scale: number
}

/**
 * The criteria of `filter[…]` or of `exclude[…]`; `undefined` where the parameter was not given.
 *
 * @example
 * ```ts
 * const criteria: Criteria = { ...nothing, channels: [1, 2] }
 * ```
 */
export interface Criteria {
  /** `tile_id`, raw as sent (a space, which only an unencoded `+` becomes, is read back as `+`). */
  readonly tileId: string | undefined
  /** `tile[latitude]`, `tile[longitude]` and `tile[scale]`, always given together. */
  readonly tile: TilePoint | undefined
  /** `channels=[1,2]`: channel ids. */
  readonly channels: ReadonlyArray<number> | undefined
  readonly updatedAfter: DateTime.Utc | undefined
  readonly updatedBefore: DateTime.Utc | undefined
  readonly createdAfter: DateTime.Utc | undefined
  readonly createdBefore: DateTime.Utc | undefined
  readonly appearance: Appearance | undefined
  /** `report_state_ids=1,2`: the reports in one of these states. */
  readonly reportStateIds: ReadonlyArray<number> | undefined
  /** `category_ids=1,2`: the reports of one of these categories (their subcategories are not implied). */
  readonly categoryIds: ReadonlyArray<number> | undefined
  /** `assignee_ids=1,2`: the reports assigned to one of these users. */
  readonly assigneeIds: ReadonlyArray<number> | undefined
  /** `user_ids=1,2`: the reports these users filed, anonymous ones left out. */
  readonly reporterIds: ReadonlyArray<number> | undefined
  /** `q`: free text, as sent (`SearchText`). */
  readonly text: string | undefined
  /** `id[id_array]=1,2,3`: report ids. */
  readonly reportIds: ReadonlyArray<number> | undefined
  /** `id[report_search_id]`: the reports a previous search found. */
  readonly reportSearchId: number | undefined
}

/**
 * A whole report search request, as plain data for the search job.
 *
 * @example
 * ```ts
 * const search: ReportSearchQuery = { filter: nothing, exclude: nothing, order: [] }
 * ```
 */
export interface ReportSearchQuery {
  readonly filter: Criteria
  readonly exclude: Criteria
  readonly order: ReadonlyArray<OrderBy.Clause<OrderBy.ReportSearchField>>
}

/**
 * The parameters of a report search (and of the tiles search) that take named bracketed parts,
 * `filter[tile][scale]`: the only such groups any route reads (see `QueryValue.checkNames`).
 *
 * @example
 * ```ts
 * QueryValue.checkNames("filter[tile][scale]=0.05", ReportSearchQuery.groups) // Result.succeed(undefined)
 * ```
 */
export const groups: ReadonlyArray<string> = ["filter", "exclude", "order"]

/**
 * Criteria with no parameter given: every report matches.
 *
 * @example
 * ```ts
 * parse({}) // Result.succeed({ filter: nothing, exclude: nothing, order: [] })
 * ```
 */
export const nothing: Criteria = {
  tileId: undefined,
  tile: undefined,
  channels: undefined,
  updatedAfter: undefined,
  updatedBefore: undefined,
  createdAfter: undefined,
  createdBefore: undefined,
  appearance: undefined,
  reportStateIds: undefined,
  categoryIds: undefined,
  assigneeIds: undefined,
  reporterIds: undefined,
  text: undefined,
  reportIds: undefined,
  reportSearchId: undefined,
}

const tilePart = (
  query: QueryValue.Query,
  name: string,
  valid: (value: number) => boolean,
  message: string,
): Result.Result<number, MalformedRequest> =>
  Result.flatMap(QueryValue.number(query, name), (value) => {
    if (value === undefined)
      return Result.fail(MalformedRequest.at(name, "is required with the other tile parameters"))
    return valid(value) ? Result.succeed(value) : Result.fail(MalformedRequest.at(name, message))
  })

const tilePoint = (
  query: QueryValue.Query,
  name: string,
): Result.Result<TilePoint | undefined, MalformedRequest> =>
  Result.gen(function* () {
    const given = yield* QueryValue.group(query, name, ["latitude", "longitude", "scale"])
    if (given === undefined) return undefined
    return {
      latitude: yield* tilePart(
        query,
        `${name}[latitude]`,
        (value) => value >= -90 && value <= 90,
        "must be between -90 and 90",
      ),
      longitude: yield* tilePart(
        query,
        `${name}[longitude]`,
        (value) => value >= -180 && value <= 180,
        "must be between -180 and 180",
      ),
      scale: yield* tilePart(query, `${name}[scale]`, (value) => value > 0, "must be greater than 0"),
    }
  })

const criteria = (
  query: QueryValue.Query,
  group: "filter" | "exclude",
): Result.Result<Criteria, MalformedRequest> =>
  Result.gen(function* () {
    yield* QueryValue.group(query, group, [
      "tile_id",
      "tile",
      "channels",
      "updated_after",
      "updated_before",
      "created_after",
      "created_before",
      "appearance",
      "report_state_ids",
      "category_ids",
      "assignee_ids",
      "user_ids",
      "q",
      "id",
    ])
    yield* QueryValue.group(query, `${group}[id]`, ["id_array", "report_search_id"])
    const tileId = yield* QueryValue.string(query, `${group}[tile_id]`)
    const tile = yield* tilePoint(query, `${group}[tile]`)
    if (tileId !== undefined && tile !== undefined) {
      return yield* Result.fail(
        MalformedRequest.at(`${group}[tile]`, "cannot be given with tile_id; give one or the other"),
      )
    }
    return {
      tileId: tileId?.replaceAll(" ", "+"),
      tile,
      channels: yield* QueryValue.integerList(query, `${group}[channels]`),
      updatedAfter: yield* QueryValue.timestamp(query, `${group}[updated_after]`),
      updatedBefore: yield* QueryValue.timestamp(query, `${group}[updated_before]`),
      createdAfter: yield* QueryValue.timestamp(query, `${group}[created_after]`),
      createdBefore: yield* QueryValue.timestamp(query, `${group}[created_before]`),
      appearance: yield* QueryValue.oneOf(query, `${group}[appearance]`, appearances),
      reportStateIds: yield* QueryValue.integerList(query, `${group}[report_state_ids]`),
      categoryIds: yield* QueryValue.integerList(query, `${group}[category_ids]`),
      assigneeIds: yield* QueryValue.integerList(query, `${group}[assignee_ids]`),
      reporterIds: yield* QueryValue.integerList(query, `${group}[user_ids]`),
      text: yield* SearchText.parse(query, `${group}[q]`),
      reportIds: yield* QueryValue.integerList(query, `${group}[id][id_array]`),
      reportSearchId: yield* QueryValue.integer(query, `${group}[id][report_search_id]`),
    }
  })

/**
 * Reads a report search from a parsed query. Other top-level parameters are left alone (the
 * tiles search adds its own); a malformed or unknown search parameter fails naming it exactly.
 * `order[relevance]` ranks by how well reports match `filter[q]`, so it needs one.
 *
 * @example
 * ```ts
 * parse({ filter: { channels: "[1,2]", updated_after: "2018-12-31T23:45:45 13:00" }, order: { id: "asc" } })
 * // filter.channels [1, 2], filter.updatedAfter 2018-12-31T10:45:45Z, order [{ field: "id", direction: "asc" }]
 * parse({ filter: { appearance: "bright" } }) // fails naming filter[appearance]
 * parse({ order: { relevance: "desc" } }) // fails naming order[relevance]
 * ```
 */
export const parse = (query: QueryValue.Query): Result.Result<ReportSearchQuery, MalformedRequest> =>
  Result.gen(function* () {
    const filter = yield* criteria(query, "filter")
    const exclude = yield* criteria(query, "exclude")
    const order = yield* OrderBy.reportSearch(query)
    if (filter.text === undefined && order.some((clause) => clause.field === "relevance")) {
      return yield* Result.fail(
        MalformedRequest.at(
          "order[relevance]",
          "needs filter[q]: reports are ranked by how well they match it",
        ),
      )
    }
    return { filter, exclude, order }
  })

const criteriaParams = (group: "filter" | "exclude", criteria: Criteria): Record<string, string> => {
  const params: Record<string, string> = {}
  if (criteria.tileId !== undefined) params[`${group}[tile_id]`] = criteria.tileId
  if (criteria.tile !== undefined) {
    params[`${group}[tile][latitude]`] = String(criteria.tile.latitude)
    params[`${group}[tile][longitude]`] = String(criteria.tile.longitude)
    params[`${group}[tile][scale]`] = String(criteria.tile.scale)
  }
  if (criteria.channels !== undefined && criteria.channels.length > 0)
    params[`${group}[channels]`] = criteria.channels.join(",")
  if (criteria.updatedAfter !== undefined)
    params[`${group}[updated_after]`] = DateTime.formatIso(criteria.updatedAfter)
  if (criteria.updatedBefore !== undefined)
    params[`${group}[updated_before]`] = DateTime.formatIso(criteria.updatedBefore)
  if (criteria.createdAfter !== undefined)
    params[`${group}[created_after]`] = DateTime.formatIso(criteria.createdAfter)
  if (criteria.createdBefore !== undefined)
    params[`${group}[created_before]`] = DateTime.formatIso(criteria.createdBefore)
  if (criteria.appearance !== undefined) params[`${group}[appearance]`] = criteria.appearance
  const lists = [
    ["report_state_ids", criteria.reportStateIds],
    ["category_ids", criteria.categoryIds],
    ["assignee_ids", criteria.assigneeIds],
    ["user_ids", criteria.reporterIds],
  ] as const
  for (const [name, ids] of lists)
    if (ids !== undefined && ids.length > 0) params[`${group}[${name}]`] = ids.join(",")
  if (criteria.text !== undefined) params[`${group}[q]`] = criteria.text
  if (criteria.reportIds !== undefined && criteria.reportIds.length > 0)
    params[`${group}[id][id_array]`] = criteria.reportIds.join(",")
  if (criteria.reportSearchId !== undefined)
    params[`${group}[id][report_search_id]`] = String(criteria.reportSearchId)
  return params
}

/**
 * The query parameters of a report search, by their bracketed names, ready for `URLSearchParams`:
 * what `parse` reads back as the same search once qs has nested them. An empty list is left out,
 * as `parse` reads an empty parameter as not given; the order's clauses keep their order.
 *
 * @example
 * ```ts
 * toParams({ filter: { ...nothing, channels: [1, 2] }, exclude: nothing, order: [{ field: "id", direction: "asc" }] })
 * // { "filter[channels]": "1,2", "order[id]": "asc" }
 * ```
 */
export const toParams = (search: ReportSearchQuery): Record<string, string> => {
  const params = { ...criteriaParams("filter", search.filter), ...criteriaParams("exclude", search.exclude) }
  for (const clause of search.order) params[`order[${clause.field}]`] = clause.direction
  return params
}
