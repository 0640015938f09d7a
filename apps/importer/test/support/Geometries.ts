/**
 * Comparing geometries that went through other programs: writers may start rings elsewhere, turn
 * them the other way (Shapefile outer rings are clockwise) and round the last digits.
 */
import * as Wkt from "@fieldreport/domain/Wkt"
import { Result } from "effect"

type Position = readonly [number, number]

/** Twice the signed area of a closed ring: positive when counter-clockwise. */
const signedArea = (ring: ReadonlyArray<Position>): number =>
  ring.slice(1).reduce((sum, [x, y], i) => {
    const [px, py] = ring[i] as Position
    return sum + (px * y - x * py)
  }, 0)

/** A ring counter-clockwise, starting at its smallest position, without its closing repeat. */
const normalRing = (ring: ReadonlyArray<Position>): Array<Position> => {
  const oriented = signedArea(ring) < 0 ? [...ring].reverse() : [...ring]
  const open = oriented.slice(0, -1)
  const first = open.reduce((best, position, i) => {
    const current = open[best] as Position
    return position[0] < current[0] || (position[0] === current[0] && position[1] < current[1]) ? i : best
  }, 0)
  return [...open.slice(first), ...open.slice(0, first)]
}

/** The rings of a polygonal geometry, normalised, as a list of polygons. */
export const polygonsOf = (geometry: Wkt.Geometry): Array<Array<Array<Position>>> => {
  switch (geometry.type) {
    case "Polygon":
      return [geometry.coordinates.map(normalRing)]
    case "MultiPolygon":
      return geometry.coordinates.map((polygon) => polygon.map(normalRing))
    default:
      throw new Error(`expected a polygon, got ${geometry.type}`)
  }
}

/** Reads WKT the API answered, failing the test when it cannot. */
export const parse = (wkt: string): Wkt.Geometry => Result.getOrThrow(Wkt.parse(wkt, "geom"))

/**
 * The largest difference between two polygonal geometries' positions, in degrees, after
 * normalising; Infinity when their structure differs.
 */
export const distance = (a: Wkt.Geometry, b: Wkt.Geometry): number => {
  const [left, right] = [polygonsOf(a), polygonsOf(b)]
  const shape = (polygons: typeof left) =>
    JSON.stringify(polygons.map((polygon) => polygon.map((ring) => ring.length)))
  if (shape(left) !== shape(right)) return Number.POSITIVE_INFINITY
  const [these, those] = [left.flat(2), right.flat(2)]
  return Math.max(
    ...these.map(([x, y], i) => {
      const [u, v] = those[i] ?? [Number.NaN, Number.NaN]
      return Math.max(Math.abs(x - u), Math.abs(y - v))
    }),
  )
}
