/**
 * Tiles of the map view (docs/api.md, Tiles): a tile is a grid cell `scale` degrees wide, anchored
 * at `floor(longitude / scale) * scale`, `floor(latitude / scale) * scale`. Its `tile_id` is
 * standard base64 of three little-endian float64: the anchor's longitude, its latitude and the
 * scale (`ZmZmZmbWZUBmZmZmZqZEwJqZmZmZmak/` is 174.7, -41.3, 0.05).
 *
 * Floating point: `174.7 / 0.05` is `3493.9999999999995` and `3494 * 0.05` is `174.70000000000002`,
 * so the plain formula would put 174.7 in the wrong cell and give anchors no client ever wrote. Grid
 * lines are therefore rounded to the decimals of the scale (`3494 * 0.05` → 174.7), and the cell is
 * the one whose rounded lines hold the position (`west <= longitude < east`). Every anchor is then
 * its own anchor, and ids round-trip through the decimal numbers clients use.
 */
import { Result } from "effect"
import { Base64 } from "effect/encoding"
import type { BoundingBox } from "./BoundingBox.ts"
import { MalformedRequest } from "./Invalid.ts"
import type { Position } from "./Position.ts"

/**
 * A grid cell: its south-west corner (the anchor) and its width in degrees.
 *
 * @example
 * ```ts
 * const wellington: Tile = { longitude: 174.7, latitude: -41.3, scale: 0.05 }
 * ```
 */
export interface Tile {
  readonly longitude: number
  readonly latitude: number
  readonly scale: number
}

/**
 * The cell holding a position at a scale (a positive number of degrees). Longitude 180 is the
 * antimeridian, the same meridian as -180, and lands in the cell east of -180.
 *
 * @example
 * ```ts
 * Tile.containing([174.72, -41.28], 0.05) // { longitude: 174.7, latitude: -41.3, scale: 0.05 }
 * ```
 */
export const containing = ([longitude, latitude]: Position, scale: number): Tile => ({
  longitude: anchor(longitude === 180 ? -180 : longitude, scale),
  latitude: anchor(latitude, scale),
  scale,
})

/**
 * The cell in column `column` and row `row` of the grid at `scale`, counted from the origin: the
 * one whose anchor is the grid line `column × scale`, `row × scale` as `containing` rounds it.
 *
 * @example
 * ```ts
 * Tile.at(3494, -826, 0.05) // { longitude: 174.7, latitude: -41.3, scale: 0.05 }
 * ```
 */
export const at = (column: number, row: number, scale: number): Tile => ({
  longitude: roundToScale(column * scale, scale),
  latitude: roundToScale(row * scale, scale),
  scale,
})

/**
 * The cell's extent. A cell holds its west and south edges but not its east and north ones, which
 * belong to the next cells: a position is in it when `minLongitude <= longitude < maxLongitude` and
 * `minLatitude <= latitude < maxLatitude`.
 *
 * @example
 * ```ts
 * Tile.bounds({ longitude: 174.7, latitude: -41.3, scale: 0.05 })
 * // { minLongitude: 174.7, minLatitude: -41.3, maxLongitude: 174.75, maxLatitude: -41.25 }
 * ```
 */
export const bounds = (tile: Tile): BoundingBox => ({
  minLongitude: tile.longitude,
  minLatitude: tile.latitude,
  maxLongitude: roundToScale(tile.longitude + tile.scale, tile.scale),
  maxLatitude: roundToScale(tile.latitude + tile.scale, tile.scale),
})

/**
 * The `tile_id` of a cell.
 *
 * @example
 * ```ts
 * Tile.encode({ longitude: 174.7, latitude: -41.3, scale: 0.05 }) // "ZmZmZmbWZUBmZmZmZqZEwJqZmZmZmak/"
 * ```
 */
export const encode = (tile: Tile): string => {
  const bytes = new Uint8Array(BYTES)
  const view = new DataView(bytes.buffer)
  view.setFloat64(0, tile.longitude, true)
  view.setFloat64(8, tile.latitude, true)
  view.setFloat64(16, tile.scale, true)
  return Base64.encode(bytes)
}

/**
 * Reads a `tile_id`; anything else is `MalformedRequest` (400) naming the query `parameter`. A space
 * is read as `+` (a `+` left unescaped in a query string arrives as a space) and the URL-safe
 * alphabet (`-`, `_`) is accepted too.
 *
 * @example
 * ```ts
 * Tile.decode("ZmZmZmbWZUBmZmZmZqZEwJqZmZmZmak/", "filter[tile_id]")
 * // Result.succeed({ longitude: 174.7, latitude: -41.3, scale: 0.05 })
 * Tile.decode("nope", "filter[tile_id]")
 * // Result.fail(MalformedRequest { "filter[tile_id]": ["must be a tile id: …"] })
 * ```
 */
export const decode = (tileId: string, parameter: string): Result.Result<Tile, MalformedRequest> => {
  const bytes = Base64.decode(tileId.replaceAll(" ", "+").replaceAll("-", "+").replaceAll("_", "/"))
  if (Result.isFailure(bytes) || bytes.success.length !== BYTES) {
    return Result.fail(
      MalformedRequest.at(
        parameter,
        "must be a tile id: base64 of three little-endian float64 (longitude, latitude, scale)",
      ),
    )
  }
  const view = new DataView(bytes.success.buffer, bytes.success.byteOffset, BYTES)
  const tile = {
    longitude: view.getFloat64(0, true),
    latitude: view.getFloat64(8, true),
    scale: view.getFloat64(16, true),
  }
  // Negated comparisons, so NaN fails them too.
  if (!(tile.longitude >= -180 && tile.longitude <= 180 && tile.latitude >= -90 && tile.latitude <= 90)) {
    return Result.fail(
      MalformedRequest.at(
        parameter,
        `names no tile: its corner ${tile.longitude} ${tile.latitude} is off the map`,
      ),
    )
  }
  if (!(tile.scale > 0 && tile.scale <= 360)) {
    return Result.fail(
      MalformedRequest.at(
        parameter,
        `names no tile: its scale ${tile.scale} must be above 0 and at most 360 degrees`,
      ),
    )
  }
  return Result.succeed(tile)
}

const BYTES = 24

/** The grid line at or below `value`: `floor(value / scale) * scale`, with the rounding explained above. */
const anchor = (value: number, scale: number): number => {
  const line = (k: number) => roundToScale(k * scale, scale)
  // The quotient is off by a few ulps at most, so the true cell is this one or a neighbour.
  const k = Math.floor(value / scale)
  if (line(k + 1) <= value) return line(k + 1)
  if (line(k) > value) return line(k - 1)
  return line(k)
}

/** Rounds to as many decimals as the scale has (`0.05` → 2, `1e-7` → 7), which every grid line has. */
const roundToScale = (value: number, scale: number): number => {
  const [digits = "", exponent = "0"] = String(scale).split("e")
  const decimals = Math.max(0, (digits.split(".")[1] ?? "").length - Number(exponent))
  return Number(value.toFixed(Math.min(decimals, 100)))
}
