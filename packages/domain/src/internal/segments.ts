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
export const segmentsMeet = (a: Segment, b: Segment): boolean => {
  const a1 = orientation(b.start, b.end, a.start)
  const a2 = orientation(b.start, b.end, a.end)
  const b1 = orientation(a.start, a.end, b.start)
  const b2 = orientation(a.start, a.end, b.end)
  if (Math.sign(a1) * Math.sign(a2) < 0 && Math.sign(b1) * Math.sign(b2) < 0) return true
  return (
    (a1 === 0 && within(b, a.start)) ||
    (a2 === 0 && within(b, a.end)) ||
    (b1 === 0 && within(a, b.start)) ||
    (b2 === 0 && within(a, b.end))
  )
}

/** Whether a position known to be on the segment's line lies between its ends. */
const within = (segment: Segment, position: Position): boolean =>
  comparePositions(segment.start, position) <= 0 && comparePositions(position, segment.end) <= 0

// The two helpers below run millions of times on a large ring: indexing is several times faster than
// destructuring parameters there.

/**
 * Twice the signed area of the triangle: positive when `c` is left of the line from `a` to `b`.
 *
 * @example
 * ```ts
 * orientation([0, 0], [1, 0], [0, 1]) // 1: left
 * orientation([0, 0], [1, 0], [2, 0]) // 0: on the line
 * ```
 */
export const orientation = (a: Position, b: Position, c: Position): number =>
  (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

/**
 * West to east, then south to north: the order in which a sweep meets positions, and of a
 * segment's ends.
 *
 * @example
 * ```ts
 * comparePositions([0, 5], [1, 0]) < 0 // true: west first
 * ```
 */
export const comparePositions = (a: Position, b: Position): number => a[0] - b[0] || a[1] - b[1]
