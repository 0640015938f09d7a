/**
 * Which tiles the map asks the server for. Zoomed out, it asks for counts per tile at a scale of
 * about `cellPixels` on screen, so a million reports cost one small request per pan; when the view
 * holds few enough reports, it asks for the pins of the few large tiles that cover the view. Which
 * cells a box touches, and how many the search allows, are the domain's `TileGrid`.
 */
import type { BoundingBox } from "@fieldreport/domain/BoundingBox"
import * as TileGrid from "@fieldreport/domain/TileGrid"

type CellBlock = TileGrid.CellBlock

/** The scales the map uses, in degrees: round numbers, so tiles line up between zoom levels. */
export const scales: ReadonlyArray<number> = [
  0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 45, 90,
]

/** `minLon,minLat,maxLon,maxLat`. */
export type Bbox = readonly [number, number, number, number]

const atLeast = (degrees: number): number => scales.find((scale) => scale >= degrees) ?? 90

/**
 * The scale of count tiles at a zoom level: about `cellPixels` pixels wide on a 256-pixel
 * web-mercator map.
 *
 * @example
 * ```ts
 * countScale(12) // 0.02: at zoom 12 a degree is 2912 pixels, 48 pixels are 0.016°
 * ```
 */
export const countScale = (zoom: number, cellPixels = 48): number =>
  atLeast((360 / (256 * 2 ** zoom)) * cellPixels)

/**
 * The scale whose tiles are at least as large as the view, so at most four of them cover it (the
 * pins of each are one search).
 *
 * @example
 * ```ts
 * coverScale([174.7, -41.3, 174.78, -41.26]) // 0.1
 * ```
 */
export const coverScale = ([minLon, minLat, maxLon, maxLat]: Bbox): number =>
  atLeast(Math.max(maxLon - minLon, maxLat - minLat))

/**
 * The view clipped to the map's range (the tiles search refuses boxes beyond ±180° and ±90°).
 *
 * @example
 * ```ts
 * clip([-200, -95, 10, 10]) // [-180, -90, 10, 10]
 * ```
 */
export const clip = ([minLon, minLat, maxLon, maxLat]: Bbox): Bbox => [
  Math.max(-180, minLon),
  Math.max(-90, minLat),
  Math.min(180, maxLon),
  Math.min(90, maxLat),
]

/** A box of the map as the domain's grid reads it. */
const boxOf = ([minLongitude, minLatitude, maxLongitude, maxLatitude]: Bbox): BoundingBox => ({
  minLongitude,
  minLatitude,
  maxLongitude,
  maxLatitude,
})

/**
 * The finest scale whose cells over `bbox` stay within the tiles search's limit of cells, counted
 * as the search counts them.
 *
 * @example
 * ```ts
 * finestScale([-180, -90, 180, 90]) // 2: 180 × 90 cells
 * ```
 */
export const finestScale = (bbox: Bbox, limit = TileGrid.maxCells): number =>
  scales.find((scale) => TileGrid.count(TileGrid.cellsOf(boxOf(bbox), scale)) <= limit) ?? 90

/**
 * The cells a box touches, as the tiles search reads the box.
 *
 * @example
 * ```ts
 * cellBlock([174.71, -41.3, 174.78, -41.25], 0.05) // { west: 3494, south: -826, east: 3496, north: -825 }
 * ```
 */
export const cellBlock = (bbox: Bbox, scale: number): CellBlock => TileGrid.cellsOf(boxOf(bbox), scale)

const isEmpty = (block: CellBlock): boolean => block.west >= block.east || block.south >= block.north

/** `block` without `hole`: at most four blocks (the strips left, right, below and above the hole). */
const subtract = (block: CellBlock, hole: CellBlock): ReadonlyArray<CellBlock> => {
  const west = Math.max(block.west, hole.west)
  const east = Math.min(block.east, hole.east)
  const south = Math.max(block.south, hole.south)
  const north = Math.min(block.north, hole.north)
  if (west >= east || south >= north) return [block]
  return [
    { ...block, east: west },
    { ...block, west: east },
    { west, east, south: block.south, north: south },
    { west, east, south: north, north: block.north },
  ].filter((piece) => !isEmpty(piece))
}

/**
 * The parts of a block not in any of the blocks already counted: after a pan, only the strips the
 * map uncovered are asked for.
 *
 * @example
 * ```ts
 * uncovered({ west: 0, south: 0, east: 10, north: 10 }, [{ west: 3, south: 0, east: 13, north: 10 }])
 * // [{ west: 0, south: 0, east: 3, north: 10 }]
 * ```
 */
export const uncovered = (block: CellBlock, counted: ReadonlyArray<CellBlock>): ReadonlyArray<CellBlock> =>
  counted.reduce<ReadonlyArray<CellBlock>>(
    (pieces, hole) => pieces.flatMap((piece) => subtract(piece, hole)),
    isEmpty(block) ? [] : [block],
  )

/**
 * A box strictly inside a block's cells, so the tiles search counts exactly those cells.
 *
 * @example
 * ```ts
 * inside({ west: 0, south: 0, east: 2, north: 1 }, 0.5) // [0.0005, 0.0005, 0.9995, 0.4995]
 * ```
 */
export const inside = (block: CellBlock, scale: number): Bbox => {
  const box = TileGrid.interior(block, scale)
  return [box.minLongitude, box.minLatitude, box.maxLongitude, box.maxLatitude]
}
