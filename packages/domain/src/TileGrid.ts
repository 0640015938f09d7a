/**
 * Blocks of tiles: the cells of the grid at one scale that a box of the map touches, by column and
 * row, and how many there are. The tiles search counts the cells of its `bbox` with these rules and
 * refuses more than {@link maxCells}; the admin's map asks for the same cells, so it never asks for
 * more than the search allows and never counts a cell twice.
 *
 * Columns and rows are counted from the origin (`Tile.at`): column `k` holds the longitudes from the
 * grid line `k × scale` (as `Tile` rounds it) up to the next line. Cells are found with
 * `Tile.containing`, never with `floor(longitude / scale)`, which puts a position on a grid line
 * (`174.7` at `0.05`) in the cell before it.
 */
import type { BoundingBox } from "./BoundingBox.ts"
import * as Tile from "./Tile.ts"

/**
 * The most cells one tiles search may span.
 *
 * @example
 * ```ts
 * count(cellsOf(box, scale)) <= maxCells // the search answers; otherwise it refuses the scale
 * ```
 */
export const maxCells = 20_000

/**
 * A block of cells at one scale, by index: columns `west` to `east` and rows `south` to `north`, the
 * east and north ends excluded. Indices, not degrees, so blocks compare exactly.
 *
 * @example
 * ```ts
 * const wellington: CellBlock = { west: 3494, south: -826, east: 3496, north: -825 }
 * ```
 */
export interface CellBlock {
  readonly west: number
  readonly south: number
  readonly east: number
  readonly north: number
}

/**
 * The column of a cell: its anchor's distance from the origin in cells.
 *
 * @example
 * ```ts
 * column({ longitude: 174.7, latitude: -41.3, scale: 0.05 }) // 3494
 * ```
 */
export const column = (tile: Tile.Tile): number => Math.round(tile.longitude / tile.scale)

/**
 * The row of a cell.
 *
 * @example
 * ```ts
 * row({ longitude: 174.7, latitude: -41.3, scale: 0.05 }) // -826
 * ```
 */
export const row = (tile: Tile.Tile): number => Math.round(tile.latitude / tile.scale)

// Longitude 180 is the antimeridian, which `Tile.containing` files under -180; the last column of a
// box reaching it is the one holding the longitude just west of it.
const westOfAntimeridian = 180 - 2 ** -45

/**
 * The cell holding the last value of `[min, max)` along one axis, or `min` when the two are equal:
 * like a tile's, the east and north edges of a box belong to the next cells.
 */
const lastCell = (min: number, max: number, scale: number, axis: "longitude" | "latitude"): Tile.Tile => {
  const cellOf = (value: number) => Tile.containing(axis === "longitude" ? [value, 0] : [0, value], scale)
  const value = axis === "longitude" ? Math.min(max, westOfAntimeridian) : max
  const cell = cellOf(value)
  return cell[axis] === value && max > min ? cellOf(value - scale / 2) : cell
}

/**
 * The cells at `scale` that hold a point of `box`, a box on the map (longitudes from -180 to 180,
 * latitudes from -90 to 90, minimums not above maximums). As for a tile, the box's east and north
 * edges belong to the next cells, unless the box is a line or a point there.
 *
 * @example
 * ```ts
 * cellsOf({ minLongitude: 174.71, minLatitude: -41.3, maxLongitude: 174.78, maxLatitude: -41.25 }, 0.05)
 * // { west: 3494, south: -826, east: 3496, north: -825 }: -41.25 is a grid line
 * ```
 */
export const cellsOf = (box: BoundingBox, scale: number): CellBlock => {
  const southWest = Tile.containing([box.minLongitude, box.minLatitude], scale)
  return {
    west: column(southWest),
    south: row(southWest),
    east: column(lastCell(box.minLongitude, box.maxLongitude, scale, "longitude")) + 1,
    north: row(lastCell(box.minLatitude, box.maxLatitude, scale, "latitude")) + 1,
  }
}

/**
 * How many cells a block holds.
 *
 * @example
 * ```ts
 * count({ west: 3494, south: -826, east: 3496, north: -825 }) // 2
 * ```
 */
export const count = (block: CellBlock): number =>
  Math.max(0, block.east - block.west) * Math.max(0, block.north - block.south)

/**
 * The extent of a block's cells: from the south-west corner of its first cell to the north-east
 * corner of its last one, on the grid lines `Tile` writes.
 *
 * @example
 * ```ts
 * bounds({ west: 3494, south: -826, east: 3496, north: -825 }, 0.05)
 * // { minLongitude: 174.7, minLatitude: -41.3, maxLongitude: 174.8, maxLatitude: -41.25 }
 * ```
 */
export const bounds = (block: CellBlock, scale: number): BoundingBox => {
  const first = Tile.at(block.west, block.south, scale)
  const last = Tile.bounds(Tile.at(block.east - 1, block.north - 1, scale))
  return {
    minLongitude: first.longitude,
    minLatitude: first.latitude,
    maxLongitude: last.maxLongitude,
    maxLatitude: last.maxLatitude,
  }
}

/**
 * Whether a block holds a cell of its scale.
 *
 * @example
 * ```ts
 * holds({ west: 3494, south: -826, east: 3496, north: -825 }, { longitude: 174.75, latitude: -41.3, scale: 0.05 }) // true
 * ```
 */
export const holds = (block: CellBlock, tile: Tile.Tile): boolean => {
  const x = column(tile)
  const y = row(tile)
  return x >= block.west && x < block.east && y >= block.south && y < block.north
}

/**
 * A box strictly inside a block's cells and on the map, whose cells are exactly the block's: a box
 * on a cell's east or north edge would reach the next cell, and one on its west or south edge a few
 * ulps off the grid line could reach the previous one.
 *
 * @example
 * ```ts
 * interior({ west: 0, south: 0, east: 2, north: 1 }, 0.5)
 * // { minLongitude: 0.0005, minLatitude: 0.0005, maxLongitude: 0.9995, maxLatitude: 0.4995 }
 * ```
 */
export const interior = (block: CellBlock, scale: number): BoundingBox => {
  const margin = scale / 1000
  const extent = bounds(block, scale)
  return {
    minLongitude: Math.max(-180, extent.minLongitude + margin),
    minLatitude: Math.max(-90, extent.minLatitude + margin),
    maxLongitude: Math.min(180, extent.maxLongitude - margin),
    maxLatitude: Math.min(90, extent.maxLatitude - margin),
  }
}
