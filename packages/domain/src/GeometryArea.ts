/**
 * The area a geometry covers on the Earth, in square metres: what orders shapes "smallest first"
 * (a report lies in the smallest shape that contains it; shape searches list the smallest first).
 *
 * Edges are straight lines in longitude and latitude, as `PointInPolygon` and
 * `GeometryIntersection` take them, and the Earth a sphere of `GreatCircle.EARTH_RADIUS`. The area
 * of such a region is exact: `R² ∬ cos φ dφ dλ`, which Green's theorem turns into a sum over the
 * edges of `∫ sin φ dλ`, with φ changing linearly along each edge.
 */
import { EARTH_RADIUS } from "./GreatCircle.ts"
import type { Position } from "./Position.ts"
import type { Geometry, Ring } from "./Wkt.ts"

const RADIANS = Math.PI / 180

/**
 * The area of a geometry in square metres: a polygon's outer ring less its holes, the sum of a
 * multipolygon's polygons; points and lines cover none.
 *
 * @example
 * ```ts
 * GeometryArea.squareMetres({ type: "Polygon", coordinates: [[[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]]] })
 * // ≈ 12,364,000,000: one degree by one degree at the equator
 * GeometryArea.squareMetres({ type: "LineString", coordinates: [[0, 0], [1, 1]] }) // 0
 * ```
 */
export const squareMetres = (geometry: Geometry): number => {
  switch (geometry.type) {
    case "Polygon":
      return polygonArea(geometry.coordinates)
    case "MultiPolygon":
      return geometry.coordinates.reduce((sum, rings) => sum + polygonArea(rings), 0)
    default:
      return 0
  }
}

const polygonArea = ([outer, ...holes]: ReadonlyArray<Ring>): number =>
  outer === undefined
    ? 0
    : Math.max(
        0,
        holes.reduce((area, hole) => area - ringArea(hole), ringArea(outer)),
      )

/**
 * The area a closed ring encloses, whichever way it turns. Each edge adds `∫ sin φ dλ`; the
 * latitude of the first corner is taken off `sin φ` first (a closed ring's `∮ dλ` is zero), so a
 * small ring far from the equator does not lose its area to rounding.
 */
const ringArea = (ring: Ring): number => {
  const first = ring[0]
  if (first === undefined) return 0
  const reference = Math.sin(first[1] * RADIANS)
  let sum = 0
  for (let i = 1; i < ring.length; i++) sum += edgeIntegral(ring[i - 1]!, ring[i]!, reference)
  return Math.abs(sum) * EARTH_RADIUS * EARTH_RADIUS
}

/**
 * `∫ (sin φ − reference) dλ` along a straight edge: with φ = mid + t·half for t from -1 to 1, the
 * integral of `sin φ` is `Δλ · sin(mid) · sin(half) / half`, which stays exact as half nears 0.
 */
const edgeIntegral = (
  [fromLongitude, fromLatitude]: Position,
  [toLongitude, toLatitude]: Position,
  reference: number,
) => {
  const deltaLongitude = (toLongitude - fromLongitude) * RADIANS
  const middle = ((fromLatitude + toLatitude) / 2) * RADIANS
  const half = ((toLatitude - fromLatitude) / 2) * RADIANS
  const sinc = half === 0 ? 1 : Math.sin(half) / half
  return deltaLongitude * (Math.sin(middle) * sinc - reference)
}
