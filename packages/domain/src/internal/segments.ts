/**
 * Closed segments in plain longitude and latitude, shared by the sweeps of `GeometryIntersection`
 * and `selfIntersection`. Every decision is the sign of a cross product (no computed crossing
 * points), so segments on a grid, where edges meet exactly, are answered exactly.
 */
import type { Position } from "../Position.ts"

/** A closed segment with its ends ordered west to east (then south to north); it may have length zero. */
export interface Segment {
  readonly start: Position
  readonly end: Position
}

/**
 * Whether two closed segments share at least one position; either may have length zero.
 *
 * @example
 * ```ts
 * segmentsMeet({ start: [0, 0], end: [2, 2] }, { start: [0, 2], end: [2, 0] }) // true: they cross at 1 1
 * segmentsMeet({ start: [0, 0], end: [1, 0] }, { start: [2, 0], end: [3, 0] }) // false
 * ```
 */
export const segmentsMeet = (a: Segment, b: Segment): boolean =>
  segmentsMeetAt(a.start[0], a.start[1], a.end[0], a.end[1], b.start[0], b.start[1], b.end[0], b.end[1])

// The helpers below run millions of times on a large ring: they take plain coordinates, which is
// several times faster than destructuring positions, and lets a sweep keep its edges in arrays of numbers.

/**
 * `segmentsMeet` for the segments from `a1` to `a2` and from `b1` to `b2`, each given west end first.
 *
 * @example
 * ```ts
 * segmentsMeetAt(0, 0, 2, 2, 0, 2, 2, 0) // true: they cross at 1 1
 * ```
 */
export const segmentsMeetAt = (
  a1x: number,
  a1y: number,
  a2x: number,
  a2y: number,
  b1x: number,
  b1y: number,
  b2x: number,
  b2y: number,
): boolean => {
  const a1 = turn(b1x, b1y, b2x, b2y, a1x, a1y)
  const a2 = turn(b1x, b1y, b2x, b2y, a2x, a2y)
  const b1 = turn(a1x, a1y, a2x, a2y, b1x, b1y)
  const b2 = turn(a1x, a1y, a2x, a2y, b2x, b2y)
  if (Math.sign(a1) * Math.sign(a2) < 0 && Math.sign(b1) * Math.sign(b2) < 0) return true
  return (
    (a1 === 0 && between(b1x, b1y, a1x, a1y, b2x, b2y)) ||
    (a2 === 0 && between(b1x, b1y, a2x, a2y, b2x, b2y)) ||
    (b1 === 0 && between(a1x, a1y, b1x, b1y, a2x, a2y)) ||
    (b2 === 0 && between(a1x, a1y, b2x, b2y, a2x, a2y))
  )
}

/** Whether a position known to be on a segment's line lies between its ends (`s`, then `e`). */
const between = (sx: number, sy: number, px: number, py: number, ex: number, ey: number): boolean =>
  compareAt(sx, sy, px, py) <= 0 && compareAt(px, py, ex, ey) <= 0

/**
 * Twice the signed area of the triangle `a b c`, given by their coordinates: positive when `c` is
 * left of the line from `a` to `b`, zero when on it.
 *
 * @example
 * ```ts
 * turn(0, 0, 1, 0, 0, 1) // 1: left
 * turn(0, 0, 1, 0, 2, 0) // 0: on the line
 * ```
 */
export const turn = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number =>
  (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)

/**
 * West to east, then south to north: the order in which a sweep meets positions, and of a
 * segment's ends.
 *
 * @example
 * ```ts
 * comparePositions([0, 5], [1, 0]) < 0 // true: west first
 * ```
 */
export const comparePositions = (a: Position, b: Position): number => compareAt(a[0], a[1], b[0], b[1])

/**
 * `comparePositions` of the positions `a` and `b`, given by their coordinates.
 *
 * @example
 * ```ts
 * compareAt(0, 5, 1, 0) < 0 // true: west first
 * ```
 */
export const compareAt = (ax: number, ay: number, bx: number, by: number): number => ax - bx || ay - by
