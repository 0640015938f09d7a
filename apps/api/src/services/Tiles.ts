/**
 * The tiles search (docs/api.md, Tiles): how many reports lie in each grid cell of a map area, for
 * maps of millions of reports. It reads the reports a report search with the same `filter[…]` and
 * `exclude[…]` would (`ReportSearches.selectionFor`) and answers at once.
 *
 * The area is every cell that holds a point of `bbox` (`TileGrid.cellsOf`, the rule the admin's map
 * asks by too), whole, so a cell's count never depends on the view and equals the number of results
 * of a search filtered to its `tile_id`. As for a tile, the east and north edges of `bbox` belong to
 * the next cells (unless it is a line or a point).
 *
 * A search with no criterion but its channels, at a scale made of whole cells of a grid whose
 * counts are kept per channel and cell (1°, 0.1°, 0.01° or 0.001°, `report_cell_counts`), sums
 * those counts: the kept cells are the domain's, so the sums are exact, and a map's view costs as
 * many rows as it has cells with reports, however many reports they hold.
 *
 * Otherwise SQL counts the reports per `floor(position / scale)` from the
 * `reports_channel_position` index, never loading a report; the domain's `Tile.containing` places
 * each group in its cell. The two agree except for positions a few ulps from a grid line
 * (`174.7 / 0.05` is `3493.9999999999995`), so a group whose positions span two cells is counted
 * again exactly, cell by cell, with the cells' bounds from `Tile.bounds`.
 */
import type { BoundingBox } from "@fieldreport/domain/BoundingBox"
import { MalformedRequest } from "@fieldreport/domain/Invalid"
import * as QueryValue from "@fieldreport/domain/QueryValue"
import type { Tile as TileRecord } from "@fieldreport/domain/ReportSearch"
import * as ReportSearchQuery from "@fieldreport/domain/ReportSearchQuery"
import * as Tile from "@fieldreport/domain/Tile"
import * as TileGrid from "@fieldreport/domain/TileGrid"
import { Context, Effect, Layer, Result } from "effect"
import {
  type Criteria,
  type KeptGrid,
  keptLevels,
  ReportSearchStore,
  type Selection,
} from "../store/ReportSearchStore.ts"
import { traced } from "../Traced.ts"
import type { Actor } from "./Authentication.ts"
import { ReportSearches } from "./ReportSearches.ts"

/** The finest scale, in degrees (about a centimetre). */
export const minScale = 1e-7

/** `scale`: degrees, from {@link minScale} to 360. */
const scaleOf = (query: QueryValue.Query): Result.Result<number, MalformedRequest> =>
  Result.flatMap(QueryValue.number(query, "scale"), (scale) => {
    if (scale === undefined) return Result.fail(MalformedRequest.at("scale", "is required"))
    return scale >= minScale && scale <= 360
      ? Result.succeed(scale)
      : Result.fail(MalformedRequest.at("scale", `must be between ${minScale} and 360 degrees`))
  })

/** `bbox=minLon,minLat,maxLon,maxLat`, on the map and not across the antimeridian. */
const bboxOf = (query: QueryValue.Query): Result.Result<BoundingBox, MalformedRequest> =>
  Result.flatMap(QueryValue.list(query, "bbox"), (items) => {
    const shape = "must be minLon,minLat,maxLon,maxLat in degrees"
    if (items === undefined) return Result.fail(MalformedRequest.at("bbox", `is required; ${shape}`))
    const numbers = items.flatMap((item) => {
      const number = QueryValue.number({ bbox: item }, "bbox")
      return Result.isSuccess(number) && number.success !== undefined ? [number.success] : []
    })
    const [minLongitude = 0, minLatitude = 0, maxLongitude = 0, maxLatitude = 0] = numbers
    if (items.length !== 4 || numbers.length !== 4) return Result.fail(MalformedRequest.at("bbox", shape))
    if (![minLongitude, maxLongitude].every((longitude) => longitude >= -180 && longitude <= 180))
      return Result.fail(MalformedRequest.at("bbox", "longitudes must be between -180 and 180"))
    if (![minLatitude, maxLatitude].every((latitude) => latitude >= -90 && latitude <= 90))
      return Result.fail(MalformedRequest.at("bbox", "latitudes must be between -90 and 90"))
    if (minLongitude > maxLongitude || minLatitude > maxLatitude)
      return Result.fail(
        MalformedRequest.at(
          "bbox",
          "minimums must not exceed maximums; split a box across the antimeridian in two",
        ),
      )
    return Result.succeed({ minLongitude, minLatitude, maxLongitude, maxLatitude })
  })

/**
 * The coarsest kept grid whose cells make up the cells at `scale` whole (`0.05` is 5 cells of
 * 0.01°, `45` is 45 of 1°), or none (`0.0005`, `0.123`).
 */
const keptGridOf = (scale: number): KeptGrid | undefined => {
  for (const level of keptLevels) {
    const factor = Math.round(scale * 10 ** level)
    if (factor >= 1 && factor / 10 ** level === scale) return { level, factor }
  }
  return undefined
}

/** Whether one side of a search names no criterion. */
const givesNone = (criteria: Criteria) => Object.values(criteria).every((value) => value === undefined)

const keyOf = (tile: Tile.Tile) => `${tile.longitude} ${tile.latitude}`

/** The cells from `first` to `last` along one axis, stepping by the cells' own edges. */
const cellsBetween = (
  first: Tile.Tile,
  last: Tile.Tile,
  axis: "longitude" | "latitude",
): Array<Tile.Tile> => {
  const cells = [first]
  let cell = first
  while (cell[axis] < last[axis]) {
    const box = Tile.bounds(cell)
    cell = Tile.containing(
      axis === "longitude" ? [box.maxLongitude, cell.latitude] : [cell.longitude, box.maxLatitude],
      cell.scale,
    )
    cells.push(cell)
  }
  // Only longitude 180 lies west of its own cell (-180): a group holding it also holds that cell.
  if (cell[axis] !== last[axis]) cells.push(last)
  return cells
}

/**
 * The tiles search service.
 *
 * @example
 * ```ts
 * const tiles = yield* (yield* Tiles).search(actor, { scale: "0.05", bbox: "174.6,-41.4,174.9,-41.1" })
 * ```
 */
export class Tiles extends Context.Service<
  Tiles,
  {
    /**
     * The cells of `bbox` at `scale` that hold reports of the search, south to north, west to
     * east; `400` naming `scale`, `bbox` or a search parameter when one is bad, or when the area
     * spans more than `TileGrid.maxCells` cells.
     */
    readonly search: (
      actor: Actor,
      query: QueryValue.Query,
    ) => Effect.Effect<Array<TileRecord>, MalformedRequest>
  }
>()("api/services/Tiles") {
  static readonly layer = Layer.effect(
    Tiles,
    Effect.gen(function* () {
      const store = yield* ReportSearchStore
      const searches = yield* ReportSearches

      /** The cells of `block` with their counts, summed from the counts kept per cell. */
      const keptCounts = traced("Tiles.keptCounts")(function* (
        selection: Selection,
        grid: KeptGrid,
        block: TileGrid.CellBlock,
        scale: number,
      ) {
        const rows = yield* store.keptCellCounts(selection.channelIds, grid, block)
        return rows.map((row) => ({
          tile: Tile.at(row.column_index, row.row_index, scale),
          count: row.report_count,
        }))
      })

      /** The cells of `area` with their counts, from the reports grouped per cell in SQL. */
      const groupCounts = traced("Tiles.groupCounts")(function* (
        selection: Selection,
        area: BoundingBox,
        scale: number,
      ) {
        const counts = new Map<string, { readonly tile: Tile.Tile; count: number }>()
        const recount = new Map<string, Tile.Tile>()
        for (const group of yield* store.tileGroups(selection, area, scale)) {
          const first = Tile.containing([group.min_longitude, group.min_latitude], scale)
          const last = Tile.containing([group.max_longitude, group.max_latitude], scale)
          if (keyOf(first) === keyOf(last)) {
            const entry = counts.get(keyOf(first)) ?? { tile: first, count: 0 }
            entry.count += Number(group.report_count)
            counts.set(keyOf(first), entry)
            continue
          }
          for (const column of cellsBetween(first, last, "longitude"))
            for (const cell of cellsBetween(column, { ...column, latitude: last.latitude }, "latitude"))
              recount.set(keyOf(cell), cell)
        }
        const recounted = [...recount.values()]
        const exact = yield* store.countIn(selection, recounted.map(Tile.bounds))
        for (const [index, tile] of recounted.entries()) {
          counts.set(keyOf(tile), { tile, count: exact[index] ?? 0 })
        }
        return [...counts.values()]
      })

      const search = traced("Tiles.search")(function* (actor: Actor, query: QueryValue.Query) {
        const parsed = yield* Effect.fromResult(ReportSearchQuery.parse(query))
        const scale = yield* Effect.fromResult(scaleOf(query))
        const bbox = yield* Effect.fromResult(bboxOf(query))
        const block = TileGrid.cellsOf(bbox, scale)
        const cells = TileGrid.count(block)
        if (cells > TileGrid.maxCells) {
          return yield* MalformedRequest.at(
            "scale",
            `is too small for the bbox: it makes ${cells} cells, at most ${TileGrid.maxCells} are allowed`,
          )
        }
        const selection = yield* searches.selectionFor(actor, parsed)
        const grid = keptGridOf(scale)
        const counts =
          grid !== undefined && givesNone(selection.filter) && givesNone(selection.exclude)
            ? yield* keptCounts(selection, grid, block, scale)
            : yield* groupCounts(selection, TileGrid.bounds(block, scale), scale)
        return counts
          .filter(({ count }) => count > 0)
          .sort((a, b) => a.tile.latitude - b.tile.latitude || a.tile.longitude - b.tile.longitude)
          .map(
            ({ tile, count }): TileRecord => ({
              tile_id: Tile.encode(tile),
              latitude: tile.latitude,
              longitude: tile.longitude,
              scale: tile.scale,
              report_count: count,
            }),
          )
      })

      return Tiles.of({ search })
    }),
  )
}
