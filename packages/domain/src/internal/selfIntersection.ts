/**
 * Finds where a closed ring touches or crosses itself, in O(n log n) for the usual ring: a
 * Shamos–Hoey sweep from west to east that keeps the edges under the sweep line ordered from south to
 * north and only ever tests edges that are next to each other in that order. The first meeting it
 * finds is reported, which is all a validator needs.
 *
 * Every decision is the sign of a cross product (no computed intersection points), so rings on a
 * grid, where edges meet exactly, are answered exactly.
 */
import type { Position } from "../Position.ts"
import type { Ring } from "../Wkt.ts"
import { comparePositions, orientation, segmentsMeet } from "./segments.ts"

/** An edge of a ring, from one position to the next. */
export interface Edge {
  readonly from: Position
  readonly to: Position
}

interface SweptEdge extends Edge {
  /** Its place in the ring, to tell neighbours along the ring (which share a corner) from others. */
  readonly index: number
  /** The western end (the southern one when the edge runs north–south): where the sweep meets it. */
  readonly start: Position
  readonly end: Position
}

/**
 * Two edges of the ring that meet anywhere but at the corner they legitimately share, or `undefined`
 * when the ring is simple. The ring must be closed; repeated consecutive positions are ignored (they
 * add no edge). A ring with fewer than three distinct corners encloses nothing: callers reject it first.
 */
export const selfIntersection = (ring: Ring): readonly [Edge, Edge] | undefined => {
  const corners = ring.filter((position, i) => i === 0 || !samePosition(position, ring[i - 1]!))
  const edges: Array<SweptEdge> = []
  for (let index = 0; index + 1 < corners.length; index++) {
    const from = corners[index]!
    const to = corners[index + 1]!
    const [start, end] = comparePositions(from, to) < 0 ? [from, to] : [to, from]
    edges.push({ index, from, to, start, end })
  }
  return spike(edges) ?? sweep(edges)
}

/**
 * Neighbours along the ring meet at their shared corner, and that is fine unless they run back over
 * each other there (a spike: `… 0 0, 2 0, 1 0 …`). The sweep skips such neighbours, so spikes are
 * found here.
 */
const spike = (edges: ReadonlyArray<SweptEdge>): readonly [Edge, Edge] | undefined => {
  for (let i = 0; i < edges.length; i++) {
    const edge = edges[i]!
    const next = edges[(i + 1) % edges.length]!
    const [ux, uy] = edge.from
    const [vx, vy] = edge.to
    const [wx, wy] = next.to
    const collinear = orientation(edge.from, edge.to, next.to) === 0
    const sameWayBack = (ux - vx) * (wx - vx) + (uy - vy) * (wy - vy) > 0
    if (collinear && sameWayBack) return inRingOrder(edge, next)
  }
  return undefined
}

const sweep = (edges: ReadonlyArray<SweptEdge>): readonly [Edge, Edge] | undefined => {
  // At a shared position, edges starting there are added before edges ending there are removed, so
  // edges that only touch at an end still become neighbours and get tested.
  const events = edges
    .flatMap((edge) => [
      { at: edge.start, edge, adds: true },
      { at: edge.end, edge, adds: false },
    ])
    .sort((a, b) => comparePositions(a.at, b.at) || Number(b.adds) - Number(a.adds))
  // Neighbours along the ring share a corner; the spike check has made sure that is all they share.
  const alongRing = (a: SweptEdge, b: SweptEdge): boolean => {
    const apart = Math.abs(a.index - b.index)
    return apart === 1 || apart === edges.length - 1
  }
  const meeting = (a: SweptEdge, b: SweptEdge | undefined): readonly [Edge, Edge] | undefined =>
    b !== undefined && !alongRing(a, b) && segmentsMeet(a, b) ? inRingOrder(a, b) : undefined
  // The edges crossing the sweep line, south to north.
  const active: Array<SweptEdge> = []
  for (const { edge, adds } of events) {
    if (adds) {
      const i = insertionIndex(active, edge)
      active.splice(i, 0, edge)
      const found = meeting(edge, active[i - 1]) ?? meeting(edge, active[i + 1])
      if (found !== undefined) return found
    } else {
      const i = active.indexOf(edge)
      active.splice(i, 1)
      const below = active[i - 1]
      if (below !== undefined) {
        const found = meeting(below, active[i])
        if (found !== undefined) return found
      }
    }
  }
  return undefined
}

const insertionIndex = (active: ReadonlyArray<SweptEdge>, edge: SweptEdge): number => {
  let low = 0
  let high = active.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (compareAlongSweep(active[middle]!, edge) < 0) low = middle + 1
    else high = middle
  }
  return low
}

/**
 * South-to-north order of two edges under the sweep line. The edge that started later is placed
 * against the other's line; when it starts on that line, its other end decides.
 */
const compareAlongSweep = (a: SweptEdge, b: SweptEdge): number => {
  if (a === b) return 0
  return comparePositions(a.start, b.start) >= 0 ? sideOf(a, b) : -sideOf(b, a)
}

/** Positive when `a` is north of `b` where `a` starts (which is within `b`'s span). */
const sideOf = (a: SweptEdge, b: SweptEdge): number =>
  orientation(b.start, b.end, a.start) ||
  orientation(b.start, b.end, a.end) ||
  // Collinear and overlapping: any fixed order will do, the two will be tested against each other.
  a.index - b.index

const inRingOrder = (a: SweptEdge, b: SweptEdge): readonly [Edge, Edge] => {
  const [first, second] = a.index < b.index ? [a, b] : [b, a]
  return [
    { from: first.from, to: first.to },
    { from: second.from, to: second.to },
  ]
}

const samePosition = (a: Position, b: Position): boolean => a[0] === b[0] && a[1] === b[1]
