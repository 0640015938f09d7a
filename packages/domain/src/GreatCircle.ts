/**
 * Distances on the Earth taken as a sphere of mean radius 6,371,008.8 m: the great-circle distance
 * (haversine), circles of a radius in metres around a centre, and the bounding box of such a circle
 * for index look-ups.
 *
 * The sphere, not the WGS 84 spheroid, because the answers only need to be consistent between the
 * index narrowing and the exact test (an alert area of 100 km is off by at most ~0.5 % on a sphere).
 * PostGIS answers the same with `ST_DWithin(a::geography, b::geography, radius, false)`.
 */
import type { BoundingBox } from "./BoundingBox.ts"
import type { Position } from "./Position.ts"

/**
 * The mean radius of the Earth in metres (IUGG, `(2a + b) / 3` of WGS 84).
 *
 * @example
 * ```ts
 * const metresPerDegree = (GreatCircle.EARTH_RADIUS * Math.PI) / 180 // ≈ 111,195
 * ```
 */
export const EARTH_RADIUS = 6_371_008.8

/**
 * A circle on the Earth: every position within `radius` metres of `center`.
 *
 * @example
 * ```ts
 * const aroundWellington: Circle = { center: [174.7762, -41.2865], radius: 5_000 }
 * ```
 */
export interface Circle {
  readonly center: Position
  readonly radius: number
}

const RADIANS = Math.PI / 180

/**
 * The great-circle distance between two positions, in metres.
 *
 * @example
 * ```ts
 * GreatCircle.distance([0, 0], [1, 0]) // ≈ 111,195.08
 * ```
 */
export const distance = ([lon1, lat1]: Position, [lon2, lat2]: Position): number => {
  const sinHalfLatitude = Math.sin(((lat2 - lat1) * RADIANS) / 2)
  const sinHalfLongitude = Math.sin(((lon2 - lon1) * RADIANS) / 2)
  const h =
    sinHalfLatitude * sinHalfLatitude +
    Math.cos(lat1 * RADIANS) * Math.cos(lat2 * RADIANS) * sinHalfLongitude * sinHalfLongitude
  // Rounding can push h a hair above 1 for antipodal positions.
  return 2 * EARTH_RADIUS * Math.asin(Math.sqrt(Math.min(1, h)))
}

/**
 * Whether a position is within the circle; on its edge counts as inside.
 *
 * @example
 * ```ts
 * GreatCircle.contains({ center: [0, 0], radius: 111_200 }, [1, 0]) // true
 * GreatCircle.contains({ center: [0, 0], radius: 111_000 }, [1, 0]) // false
 * ```
 */
export const contains = (circle: Circle, point: Position): boolean =>
  distance(circle.center, point) <= circle.radius

/**
 * The position reached from `start` after `metres` along the great circle leaving it at `bearing`
 * degrees clockwise from north. Longitudes come back in [-180, 180).
 *
 * @example
 * ```ts
 * GreatCircle.destination([0, 0], 90, 111_195.08) // ≈ [1, 0]
 * ```
 */
export const destination = ([longitude, latitude]: Position, bearing: number, metres: number): Position => {
  const angle = metres / EARTH_RADIUS
  const startLatitude = latitude * RADIANS
  const heading = bearing * RADIANS
  // The end point's components in the start meridian's frame; atan2 of them stays accurate near the
  // poles, where asin of the latitude's sine loses centimetres.
  const north =
    Math.sin(startLatitude) * Math.cos(angle) + Math.cos(startLatitude) * Math.sin(angle) * Math.cos(heading)
  const outward =
    Math.cos(startLatitude) * Math.cos(angle) - Math.sin(startLatitude) * Math.sin(angle) * Math.cos(heading)
  const east = Math.sin(heading) * Math.sin(angle)
  const endLatitude = Math.atan2(north, Math.hypot(outward, east))
  const longitudeChange = Math.atan2(east, outward)
  return [normalizeLongitude(longitude + longitudeChange / RADIANS), endLatitude / RADIANS]
}

const normalizeLongitude = (longitude: number): number => ((((longitude + 180) % 360) + 360) % 360) - 180

/**
 * A bounding box every position of the circle lies in. Boxes cannot wrap, so a circle that reaches
 * across the antimeridian or over a pole gets the whole range of longitudes: wider than needed, never
 * too narrow. The box is also padded by a hair so rounding never leaves out a point that `contains`
 * accepts.
 *
 * @example
 * ```ts
 * GreatCircle.boundingBox({ center: [0, 0], radius: 111_195.08 })
 * // ≈ { minLongitude: -1, minLatitude: -1, maxLongitude: 1, maxLatitude: 1 }
 * GreatCircle.boundingBox({ center: [179.9, 0], radius: 50_000 })
 * // ≈ { minLongitude: -180, minLatitude: -0.45, maxLongitude: 180, maxLatitude: 0.45 }
 * ```
 */
export const boundingBox = ({ center: [longitude, latitude], radius }: Circle): BoundingBox => {
  // Bounding coordinates after J. P. Matuschek, "Finding Points Within a Distance of a
  // Latitude/Longitude Using Bounding Coordinates": a cap of angular radius r around latitude φ that
  // holds no pole reaches asin(sin r / cos φ) east and west of its centre.
  const angle = radius / EARTH_RADIUS
  const centerLatitude = latitude * RADIANS
  const south = latitude - angle / RADIANS - PADDING
  const north = latitude + angle / RADIANS + PADDING
  const world = { minLongitude: -180, maxLongitude: 180 }
  if (south <= -90 || north >= 90) {
    return { ...world, minLatitude: Math.max(-90, south), maxLatitude: Math.min(90, north) }
  }
  const halfWidth = Math.asin(Math.min(1, Math.sin(angle) / Math.cos(centerLatitude))) / RADIANS + PADDING
  const west = longitude - halfWidth
  const east = longitude + halfWidth
  return west < -180 || east > 180
    ? { ...world, minLatitude: south, maxLatitude: north }
    : { minLongitude: west, minLatitude: south, maxLongitude: east, maxLatitude: north }
}

/** About 0.1 mm in degrees: far above rounding errors, far below anything a map shows. */
const PADDING = 1e-9
