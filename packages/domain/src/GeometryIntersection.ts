/**
 * Whether two geometries share at least one position, in plain longitude and latitude (edges are
 * straight lines on the map, as in `PointInPolygon` and a PostGIS `geometry`): `ST_Intersects`.
 * Boundaries count, so a point on a polygon's edge or a line touching a corner intersects it; a
 * point in a hole does not intersect the polygon.
 *
 * Two geometries meet exactly when one of these holds:
 *
 * 1. an edge of one meets an edge of the other (a point is an edge of length zero, a polygon's
 *    edges are those of its rings);
 * 2. a line, ring or point of one lies inside a polygon of the other without touching its edges.
 *    Such a part is connected and crosses no edge, so it lies wholly inside, and testing its first
 *    position is enough.
 *
 * Edges are compared by a sweep from west to east that only tests edges of the two geometries
 * whose extents overlap, so two detailed shapes far apart or side by side stay fast. Every test is a
 * sign of a cross product, never a computed crossing point, so shapes on a grid are answered
 * exactly.
 */
import * as BoundingBox from "./BoundingBox.ts"
import { comparePositions, type Segment, segmentsMeet } from "./internal/segments.ts"
import * as PointInPolygon from "./PointInPolygon.ts"
import type { Position } from "./Position.ts"
import type { Geometry, Polygon, Ring } from "./Wkt.ts"

/**
 * Whether the geometries share a position, boundaries included.
 *
 * @example
 * ```ts
 * const square: Polygon = { type: "Polygon", coordinates: [[[0, 0], [4, 0], [4, 4], [0, 4], [0, 0]]] }
 * GeometryIntersection.intersects(square, { type: "LineString", coordinates: [[-1, 2], [5, 2]] }) // true: it crosses
 * GeometryIntersection.intersects(square, { type: "Point", coordinates: [4, 2] }) // true: on the edge
 * GeometryIntersection.intersects(square, { type: "Point", coordinates: [5, 2] }) // false
 * ```
 */
export const intersects = (a: Geometry, b: Geometry): boolean => {
  const boxOfA = BoundingBox.of(a)
  const boxOfB = BoundingBox.of(b)
  if (!BoundingBox.intersects(boxOfA, boxOfB)) return false
  const partsOfA = partsOf(a)
  const partsOfB = partsOf(b)
  return (
    edgesMeet(edgesWithin(partsOfA.paths, boxOfB), edgesWithin(partsOfB.paths, boxOfA)) ||
    somePathInside(partsOfA.paths, partsOfB.areas) ||
    somePathInside(partsOfB.paths, partsOfA.areas)
  )
}

/**
 * A geometry taken apart: its paths (each point as a path of one position, each line, each ring)
 * and its polygons, each with its box.
 */
interface Parts {
  readonly paths: ReadonlyArray<ReadonlyArray<Position>>
  readonly areas: ReadonlyArray<{ readonly polygon: Polygon; readonly box: BoundingBox.BoundingBox }>
}

const partsOf = (geometry: Geometry): Parts => {
  const area = (rings: ReadonlyArray<Ring>) => {
    const polygon: Polygon = { type: "Polygon", coordinates: rings }
    return { polygon, box: BoundingBox.of(polygon) }
  }
  switch (geometry.type) {
    case "Point":
      return { paths: [[geometry.coordinates]], areas: [] }
    case "MultiPoint":
      return { paths: geometry.coordinates.map((position) => [position]), areas: [] }
    case "LineString":
      return { paths: [geometry.coordinates], areas: [] }
    case "MultiLineString":
      return { paths: geometry.coordinates, areas: [] }
    case "Polygon":
      return { paths: geometry.coordinates, areas: [area(geometry.coordinates)] }
    case "MultiPolygon":
      return { paths: geometry.coordinates.flat(), areas: geometry.coordinates.map(area) }
  }
}

/** Whether the first position of some path lies in one of the polygons, boundary included. */
const somePathInside = (paths: Parts["paths"], areas: Parts["areas"]): boolean =>
  areas.length > 0 &&
  paths.some((path) => {
    const first = path[0]
    return (
      first !== undefined &&
      areas.some(
        ({ polygon, box }) => BoundingBox.contains(box, first) && PointInPolygon.contains(polygon, first),
      )
    )
  })

/** A segment with its latitude extent. */
interface Edge extends Segment {
  readonly minLatitude: number
  readonly maxLatitude: number
}

/** The edges of the paths that reach into `box`; a path of one position is an edge of length zero. */
const edgesWithin = (paths: Parts["paths"], box: BoundingBox.BoundingBox): Array<Edge> => {
  const edges: Array<Edge> = []
  const add = (from: Position, to: Position) => {
    const [start, end] = comparePositions(from, to) <= 0 ? [from, to] : [to, from]
    const minLatitude = Math.min(start[1], end[1])
    const maxLatitude = Math.max(start[1], end[1])
    if (
      start[0] <= box.maxLongitude &&
      end[0] >= box.minLongitude &&
      minLatitude <= box.maxLatitude &&
      maxLatitude >= box.minLatitude
    ) {
      edges.push({ start, end, minLatitude, maxLatitude })
    }
  }
  for (const path of paths) {
    if (path.length === 1) add(path[0]!, path[0]!)
    for (let i = 1; i < path.length; i++) add(path[i - 1]!, path[i]!)
  }
  return edges
}

/**
 * Whether an edge of one list meets an edge of the other. Edges arrive west end first; an edge
 * waits in its side's list while later edges may still reach it, and each arriving edge is tested
 * against the other side's waiting edges whose latitudes overlap its own.
 */
const edgesMeet = (edgesOfA: ReadonlyArray<Edge>, edgesOfB: ReadonlyArray<Edge>): boolean => {
  if (edgesOfA.length === 0 || edgesOfB.length === 0) return false
  const arrivals = [
    ...edgesOfA.map((edge) => ({ edge, side: 0 as const })),
    ...edgesOfB.map((edge) => ({ edge, side: 1 as const })),
  ].sort((x, y) => x.edge.start[0] - y.edge.start[0])
  const waiting: readonly [Array<Edge>, Array<Edge>] = [[], []]
  for (const { edge, side } of arrivals) {
    const others = waiting[side === 0 ? 1 : 0]
    let kept = 0
    for (const other of others) {
      // Arrivals only move east, so an edge that ends west of this one can meet no later edge.
      if (other.end[0] < edge.start[0]) continue
      others[kept++] = other
      if (
        other.minLatitude <= edge.maxLatitude &&
        edge.minLatitude <= other.maxLatitude &&
        segmentsMeet(edge, other)
      ) {
        return true
      }
    }
    others.length = kept
    waiting[side].push(edge)
  }
  return false
}
