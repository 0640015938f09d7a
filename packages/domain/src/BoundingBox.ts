/**
 * Bounding boxes in longitude and latitude: what a spatial index stores (an R*Tree in SQLite, a box
 * with a GiST index in PostgreSQL) to narrow the candidates of an exact geometry test.
 *
 * Boxes are closed: a position on an edge is inside, as a position on a polygon's boundary is inside
 * the polygon. They never wrap across the antimeridian (`minLongitude <= maxLongitude`).
 */
import type { Position } from "./Position.ts"
import { type Geometry, positions } from "./Wkt.ts"

/**
 * The smallest longitude and latitude range holding a geometry, in degrees.
 *
 * @example
 * ```ts
 * const wellington: BoundingBox = { minLongitude: 174.6, minLatitude: -41.4, maxLongitude: 174.9, maxLatitude: -41.1 }
 * ```
 */
export interface BoundingBox {
  readonly minLongitude: number
  readonly minLatitude: number
  readonly maxLongitude: number
  readonly maxLatitude: number
}

/**
 * The bounding box of a geometry.
 *
 * @example
 * ```ts
 * BoundingBox.of({ type: "LineString", coordinates: [[174.7, -41.3], [174.8, -41.2]] })
 * // { minLongitude: 174.7, minLatitude: -41.3, maxLongitude: 174.8, maxLatitude: -41.2 }
 * ```
 */
export const of = (geometry: Geometry): BoundingBox => {
  let minLongitude = Number.POSITIVE_INFINITY
  let minLatitude = Number.POSITIVE_INFINITY
  let maxLongitude = Number.NEGATIVE_INFINITY
  let maxLatitude = Number.NEGATIVE_INFINITY
  for (const [longitude, latitude] of positions(geometry)) {
    minLongitude = Math.min(minLongitude, longitude)
    minLatitude = Math.min(minLatitude, latitude)
    maxLongitude = Math.max(maxLongitude, longitude)
    maxLatitude = Math.max(maxLatitude, latitude)
  }
  return { minLongitude, minLatitude, maxLongitude, maxLatitude }
}

/**
 * The middle of a box.
 *
 * @example
 * ```ts
 * BoundingBox.center({ minLongitude: 0, minLatitude: 0, maxLongitude: 2, maxLatitude: 1 }) // [1, 0.5]
 * ```
 */
export const center = (box: BoundingBox): Position => [
  (box.minLongitude + box.maxLongitude) / 2,
  (box.minLatitude + box.maxLatitude) / 2,
]

/**
 * Whether a position is inside a box or on its edge.
 *
 * @example
 * ```ts
 * BoundingBox.contains({ minLongitude: 0, minLatitude: 0, maxLongitude: 2, maxLatitude: 1 }, [2, 0.5]) // true
 * ```
 */
export const contains = (box: BoundingBox, [longitude, latitude]: Position): boolean =>
  longitude >= box.minLongitude &&
  longitude <= box.maxLongitude &&
  latitude >= box.minLatitude &&
  latitude <= box.maxLatitude

/**
 * Whether `inner` lies entirely within `outer` (edges may touch).
 *
 * @example
 * ```ts
 * const world = { minLongitude: -180, minLatitude: -90, maxLongitude: 180, maxLatitude: 90 }
 * BoundingBox.containsBox(world, { minLongitude: 174, minLatitude: -42, maxLongitude: 175, maxLatitude: -41 }) // true
 * ```
 */
export const containsBox = (outer: BoundingBox, inner: BoundingBox): boolean =>
  inner.minLongitude >= outer.minLongitude &&
  inner.maxLongitude <= outer.maxLongitude &&
  inner.minLatitude >= outer.minLatitude &&
  inner.maxLatitude <= outer.maxLatitude

/**
 * Whether two boxes share at least one position (touching edges count).
 *
 * @example
 * ```ts
 * const a = { minLongitude: 0, minLatitude: 0, maxLongitude: 1, maxLatitude: 1 }
 * BoundingBox.intersects(a, { minLongitude: 1, minLatitude: 1, maxLongitude: 2, maxLatitude: 2 }) // true
 * ```
 */
export const intersects = (a: BoundingBox, b: BoundingBox): boolean =>
  a.minLongitude <= b.maxLongitude &&
  b.minLongitude <= a.maxLongitude &&
  a.minLatitude <= b.maxLatitude &&
  b.minLatitude <= a.maxLatitude

/**
 * The box both boxes share, or `undefined` when they do not meet.
 *
 * @example
 * ```ts
 * const a = { minLongitude: 0, minLatitude: 0, maxLongitude: 2, maxLatitude: 2 }
 * BoundingBox.intersection(a, { minLongitude: 1, minLatitude: 1, maxLongitude: 3, maxLatitude: 3 })
 * // { minLongitude: 1, minLatitude: 1, maxLongitude: 2, maxLatitude: 2 }
 * ```
 */
export const intersection = (a: BoundingBox, b: BoundingBox): BoundingBox | undefined =>
  intersects(a, b)
    ? {
        minLongitude: Math.max(a.minLongitude, b.minLongitude),
        minLatitude: Math.max(a.minLatitude, b.minLatitude),
        maxLongitude: Math.min(a.maxLongitude, b.maxLongitude),
        maxLatitude: Math.min(a.maxLatitude, b.maxLatitude),
      }
    : undefined
