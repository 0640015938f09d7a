/**
 * The `bbox` of an OGC API – Features items request, in CRS84 (longitude, latitude):
 * `minLon,minLat,maxLon,maxLat`, or six numbers with heights (`minLon,minLat,minHeight,maxLon,
 * maxLat,maxHeight`), whose heights are ignored since reports have none.
 *
 * - The box is closed: a position on an edge is in it, as a feature touching the box intersects it.
 * - A box whose west edge lies east of its east edge (`170,-50,-170,-30`) crosses the antimeridian,
 *   as the standard says: it is read as two boxes, from the west edge to 180 and from -180 to the
 *   east edge. Longitude 180 and -180 are the same meridian, so a box ending at one holds both.
 * - Longitudes must lie within -180 to 180, latitudes within -90 to 90, and the south edge must
 *   not lie north of the north edge; anything else is `400` naming `bbox`.
 */
import { Result } from "effect"
import type { BoundingBox } from "./BoundingBox.ts"
import { MalformedRequest } from "./Invalid.ts"
import type { Position } from "./Position.ts"

/**
 * A bbox as boxes that do not cross the antimeridian: one, or two for a box that crosses it.
 *
 * @example
 * ```ts
 * const pacific: OgcBbox = [
 *   { minLongitude: 170, minLatitude: -50, maxLongitude: 180, maxLatitude: -30 },
 *   { minLongitude: -180, minLatitude: -50, maxLongitude: -170, maxLatitude: -30 },
 * ]
 * ```
 */
export type OgcBbox = ReadonlyArray<BoundingBox>

const message =
  "must be minLon,minLat,maxLon,maxLat (or with heights, six numbers) in degrees: longitudes from -180 to 180, latitudes from -90 to 90, the south edge not north of the north edge"

const decimal = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/

/**
 * Reads a `bbox` parameter.
 *
 * @example
 * ```ts
 * OgcBbox.parse("174.6,-41.4,174.9,-41.1") // Result.succeed([{ minLongitude: 174.6, … }])
 * OgcBbox.parse("170,-50,-170,-30") // Result.succeed([box east of 170, box west of -170])
 * OgcBbox.parse("0,10,1,5") // fails naming "bbox": south of north
 * ```
 */
export const parse = (text: string): Result.Result<OgcBbox, MalformedRequest> => {
  const parts = text.split(",").map((part) => part.trim())
  if ((parts.length !== 4 && parts.length !== 6) || !parts.every((part) => decimal.test(part)))
    return Result.fail(MalformedRequest.at("bbox", message))
  const numbers = parts.map(Number)
  const [west, south, east, north] =
    numbers.length === 6 ? [numbers[0], numbers[1], numbers[3], numbers[4]] : numbers
  if (west === undefined || south === undefined || east === undefined || north === undefined)
    return Result.fail(MalformedRequest.at("bbox", message))
  const isLongitude = (value: number) => value >= -180 && value <= 180
  const isLatitude = (value: number) => value >= -90 && value <= 90
  if (!isLongitude(west) || !isLongitude(east) || !isLatitude(south) || !isLatitude(north) || south > north)
    return Result.fail(MalformedRequest.at("bbox", message))
  const box = (minLongitude: number, maxLongitude: number): BoundingBox => ({
    minLongitude,
    minLatitude: south,
    maxLongitude,
    maxLatitude: north,
  })
  return Result.succeed(west <= east ? [box(west, east)] : [box(west, 180), box(-180, east)])
}

/**
 * Whether a position lies in a bbox (on an edge included; longitude 180 is also -180).
 *
 * @example
 * ```ts
 * OgcBbox.contains(pacific, [-175, -40]) // true
 * OgcBbox.contains(pacific, [0, -40]) // false
 * ```
 */
export const contains = (bbox: OgcBbox, [longitude, latitude]: Position): boolean =>
  bbox.some((box) =>
    [longitude, longitude === 180 ? -180 : longitude === -180 ? 180 : longitude].some(
      (meridian) =>
        meridian >= box.minLongitude &&
        meridian <= box.maxLongitude &&
        latitude >= box.minLatitude &&
        latitude <= box.maxLatitude,
    ),
  )

/**
 * The bbox as the store searches it: each box's longitudes widened to hold both spellings of the
 * antimeridian, so a box ending at 180 also finds positions stored as -180, and the other way.
 *
 * @example
 * ```ts
 * OgcBbox.searched([{ minLongitude: 170, minLatitude: 0, maxLongitude: 180, maxLatitude: 1 }])
 * // [the box itself, { minLongitude: -180, minLatitude: 0, maxLongitude: -180, maxLatitude: 1 }]
 * ```
 */
export const searched = (bbox: OgcBbox): OgcBbox =>
  bbox.flatMap((box) => [
    box,
    ...(box.maxLongitude === 180 && box.minLongitude > -180
      ? [{ ...box, minLongitude: -180, maxLongitude: -180 }]
      : []),
    ...(box.minLongitude === -180 && box.maxLongitude < 180
      ? [{ ...box, minLongitude: 180, maxLongitude: 180 }]
      : []),
  ])
