/**
 * Whether a polygon (with holes) or a multipolygon contains a point, in plain longitude and latitude
 * (edges are straight lines on the map, as in a PostGIS `geometry`). A point on the boundary, of the
 * outer ring or of a hole, counts as inside: this is `ST_Covers`, not `ST_Contains`.
 *
 * Every test is a sign of a cross product, never a computed crossing coordinate, so points exactly
 * on an edge or a vertex are answered exactly whenever the products are exact.
 */
import type { Position } from "./Position.ts"
import type { MultiPolygon, Polygon, Ring } from "./Wkt.ts"

/**
 * Whether the area contains the point, its boundary included.
 *
 * @example
 * ```ts
 * const square: Polygon = {
 *   type: "Polygon",
 *   coordinates: [[[0, 0], [4, 0], [4, 4], [0, 4], [0, 0]], [[1, 1], [2, 1], [2, 2], [1, 2], [1, 1]]],
 * }
 * PointInPolygon.contains(square, [3, 3]) // true
 * PointInPolygon.contains(square, [1.5, 1.5]) // false: in the hole
 * PointInPolygon.contains(square, [2, 1.5]) // true: on the hole's edge
 * ```
 */
export const contains = (area: Polygon | MultiPolygon, point: Position): boolean =>
  area.type === "Polygon"
    ? polygonContains(area.coordinates, point)
    : area.coordinates.some((rings) => polygonContains(rings, point))

/**
 * Even-odd rule over all rings: a point inside the outer ring and inside no hole crosses an odd
 * number of edges on its way east.
 */
const polygonContains = (rings: ReadonlyArray<Ring>, point: Position): boolean => {
  let inside = false
  for (const ring of rings) {
    const location = locate(ring, point)
    if (location === "boundary") return true
    if (location === "odd") inside = !inside
  }
  return inside
}

/** Whether the point is on the ring, or else whether a ray going east crosses it an odd number of times. */
const locate = (ring: Ring, [x, y]: Position): "boundary" | "odd" | "even" => {
  let odd = false
  for (let i = 1; i < ring.length; i++) {
    const [ax, ay] = ring[i - 1]!
    const [bx, by] = ring[i]!
    // Positive when the point is left of a→b.
    const side = (bx - ax) * (y - ay) - (by - ay) * (x - ax)
    if (
      side === 0 &&
      x >= Math.min(ax, bx) &&
      x <= Math.max(ax, bx) &&
      y >= Math.min(ay, by) &&
      y <= Math.max(ay, by)
    ) {
      return "boundary"
    }
    // An edge going up (or down) past the point's latitude crosses the eastward ray exactly when the
    // point is on its left (right). Each edge holds its lower end but not its upper one, so a ray
    // through a vertex is counted once.
    if (ay <= y ? by > y && side > 0 : by <= y && side < 0) odd = !odd
  }
  return odd ? "odd" : "even"
}
