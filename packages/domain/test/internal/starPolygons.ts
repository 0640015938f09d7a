/**
 * Random polygons with holes for the geometry tests, valid by construction, and points known to be
 * inside or outside them.
 *
 * A star polygon: corners at increasing angles around a centre, each between 0.6 and 1 `size` away.
 * With at least 8 corners and angles jittered by less than 0.4 of a step, no edge comes nearer the
 * centre than 0.45 `size`, so two small star holes 0.2 `size` either side of the centre (at most
 * 0.35 `size` out) are inside the outer ring and apart from each other.
 *
 * Coordinates are on a grid of 1/1024 degree, so cross products of corners, edge midpoints and
 * quarter points are exact in float64: points on the boundary are exactly on it, for us and PostGIS.
 */
import * as fc from "fast-check"
import type { Position } from "../../src/Position.ts"
import type { Polygon } from "../../src/Wkt.ts"

export interface StarPolygon {
  readonly polygon: Polygon
  readonly center: Position
  readonly size: number
  /** The centres of the two holes. */
  readonly holes: readonly [Position, Position]
}

const GRID = 1024

export const onGrid = (value: number): number => Math.round(value * GRID) / GRID

const star = (center: Position, corners: ReadonlyArray<readonly [number, number]>): Array<Position> => {
  const ring = corners.map(([jitter, distance], i): Position => {
    const angle = ((i + jitter) * 2 * Math.PI) / corners.length
    return [onGrid(center[0] + distance * Math.cos(angle)), onGrid(center[1] + distance * Math.sin(angle))]
  })
  return [...ring, ring[0]!]
}

const corners = (min: number, max: number, minCount: number, maxCount: number) =>
  fc.array(
    fc.tuple(fc.double({ min: -0.39, max: 0.39, noNaN: true }), fc.double({ min, max, noNaN: true })),
    {
      minLength: minCount,
      maxLength: maxCount,
    },
  )

/** A star polygon of 8 to 40 corners with two holes, somewhere between latitudes -80 and 80. */
export const starPolygon: fc.Arbitrary<StarPolygon> = fc
  .record({
    longitude: fc.double({ min: -170, max: 170, noNaN: true }),
    latitude: fc.double({ min: -80, max: 80, noNaN: true }),
    size: fc.double({ min: 1, max: 5, noNaN: true }),
    shell: corners(0.6, 1, 8, 40),
    west: corners(0.05, 0.15, 5, 12),
    east: corners(0.05, 0.15, 5, 12),
  })
  .map(({ longitude, latitude, size, shell, west, east }) => {
    const center: Position = [onGrid(longitude), onGrid(latitude)]
    const scaled = (list: ReadonlyArray<readonly [number, number]>) =>
      list.map(([jitter, distance]) => [jitter, distance * size] as const)
    const holes: readonly [Position, Position] = [
      [onGrid(center[0] - 0.2 * size), center[1]],
      [onGrid(center[0] + 0.2 * size), center[1]],
    ]
    return {
      polygon: {
        type: "Polygon" as const,
        coordinates: [
          star(center, scaled(shell)),
          star(holes[0], scaled(west)),
          star(holes[1], scaled(east)),
        ],
      },
      center,
      size,
      holes,
    }
  })

/**
 * A star polygon and a point inside it, away from the holes: a point of the triangle between the
 * centre and two neighbouring corners (the polygon is star-shaped around its centre), kept more than
 * 0.36 `size` from the centre and a hair inside the outer edge so rounding cannot push it out.
 */
export const starPolygonWithInsidePoint: fc.Arbitrary<readonly [StarPolygon, Position]> = starPolygon
  .chain((shape) =>
    fc.tuple(
      fc.constant(shape),
      fc.nat({ max: shape.polygon.coordinates[0]!.length - 2 }),
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.double({ min: 0, max: 1, noNaN: true }),
    ),
  )
  .map(([shape, corner, s, t]) => {
    const [a, b] = s + t > 1 ? [1 - s, 1 - t] : [s, t]
    const shell = shape.polygon.coordinates[0]!
    const [cx, cy] = shape.center
    const [ux, uy] = shell[corner]!
    const [vx, vy] = shell[corner + 1]!
    const shrink = 0.999_999
    const point: Position = [
      cx + shrink * (a * (ux - cx) + b * (vx - cx)),
      cy + shrink * (a * (uy - cy) + b * (vy - cy)),
    ]
    return [shape, point] as const
  })
  .filter(([shape, [x, y]]) => Math.hypot(x - shape.center[0], y - shape.center[1]) > 0.36 * shape.size)

/** Every edge of every ring of a polygon, as its two ends. */
export const edges = (polygon: Polygon): Array<readonly [Position, Position]> =>
  polygon.coordinates.flatMap((ring) => ring.slice(1).map((to, i) => [ring[i]!, to] as const))
