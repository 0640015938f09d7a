/**
 * Finds where a closed ring touches or crosses itself, in O(n log n) for the usual ring: a
 * Shamos–Hoey sweep from west to east that keeps the edges under the sweep line ordered from south to
 * north and only ever tests edges that are next to each other in that order. The first meeting it
 * finds is reported, which is all a validator needs.
 *
 * Every decision is the sign of a cross product (no computed intersection points), so rings on a
 * grid, where edges meet exactly, are answered exactly.
 *
 * Edges are known by their place in the ring and their coordinates kept in arrays of numbers: the sweep
 * runs for every polygon the service is sent, and objects per edge and positions read through
 * arrays of arrays were most of its time.
 */
import type { Position } from "../Position.ts"
import type { Ring } from "../Wkt.ts"
import { compareAt, comparePositions, segmentsMeetAt, turn } from "./segments.ts"

/** An edge of a ring, from one position to the next. */
export interface Edge {
  readonly from: Position
  readonly to: Position
}

/**
 * Two edges of the ring that meet anywhere but at the corner they legitimately share, or `undefined`
 * when the ring is simple. The ring must be closed; repeated consecutive positions are ignored (they
 * add no edge). A ring with fewer than three distinct corners encloses nothing: callers reject it first.
 *
 * @example
 * ```ts
 * selfIntersection([[0, 0], [2, 2], [2, 0], [0, 2], [0, 0]])
 * // [{ from: [0, 0], to: [2, 2] }, { from: [2, 0], to: [0, 2] }]
 * ```
 */
export const selfIntersection = (ring: Ring): readonly [Edge, Edge] | undefined => {
  const edges = new Edges(ring.filter((position, i) => i === 0 || !samePosition(position, ring[i - 1]!)))
  return spike(edges) ?? sweep(edges)
}

/**
 * The edges of a ring, each known by its place: edge `i` runs from corner `i` to corner `i + 1`.
 * Each edge's ends are also kept in sweep order: `start` is the western one (the southern one when
 * the edge runs north–south), where the sweep meets it.
 */
class Edges {
  readonly corners: ReadonlyArray<Position>
  readonly count: number
  // Plain arrays of numbers, which V8 keeps unboxed: typed arrays cost more to create than a small
  // ring costs to sweep.
  readonly cornerX: Array<number>
  readonly cornerY: Array<number>
  readonly startX: Array<number> = []
  readonly startY: Array<number> = []
  readonly endX: Array<number> = []
  readonly endY: Array<number> = []

  constructor(corners: ReadonlyArray<Position>) {
    this.corners = corners
    this.count = Math.max(corners.length - 1, 0)
    this.cornerX = corners.map((position) => position[0])
    this.cornerY = corners.map((position) => position[1])
    for (let i = 0; i < this.count; i++) {
      const from = corners[i]!
      const to = corners[i + 1]!
      const [start, end] = comparePositions(from, to) < 0 ? [from, to] : [to, from]
      this.startX.push(start[0])
      this.startY.push(start[1])
      this.endX.push(end[0])
      this.endY.push(end[1])
    }
  }

  /** Whether two edges share at least one position. */
  meet(a: number, b: number): boolean {
    const { startX, startY, endX, endY } = this
    return segmentsMeetAt(
      startX[a]!,
      startY[a]!,
      endX[a]!,
      endY[a]!,
      startX[b]!,
      startY[b]!,
      endX[b]!,
      endY[b]!,
    )
  }

  /** Two edges as positions, in ring order. */
  pair(a: number, b: number): readonly [Edge, Edge] {
    const [first, second] = a < b ? [a, b] : [b, a]
    const corners = this.corners
    return [
      { from: corners[first]!, to: corners[first + 1]! },
      { from: corners[second]!, to: corners[second + 1]! },
    ]
  }
}

/**
 * Neighbours along the ring meet at their shared corner, and that is fine unless they run back over
 * each other there (a spike: `… 0 0, 2 0, 1 0 …`). The sweep skips such neighbours, so spikes are
 * found here.
 */
const spike = (edges: Edges): readonly [Edge, Edge] | undefined => {
  const { count, cornerX: x, cornerY: y } = edges
  for (let edge = 0; edge < count; edge++) {
    const next = (edge + 1) % count
    // The edge runs from u to v, the next one from v to w.
    const u = edge
    const v = edge + 1
    const w = next + 1
    const collinear = turn(x[u]!, y[u]!, x[v]!, y[v]!, x[w]!, y[w]!) === 0
    const sameWayBack = (x[u]! - x[v]!) * (x[w]! - x[v]!) + (y[u]! - y[v]!) * (y[w]! - y[v]!) > 0
    if (collinear && sameWayBack) return edges.pair(edge, next)
  }
  return undefined
}

const sweep = (edges: Edges): readonly [Edge, Edge] | undefined => {
  const { count, cornerX, cornerY, startX, startY } = edges
  // Neighbours along the ring share a corner; the spike check has made sure that is all they share.
  const alongRing = (a: number, b: number): boolean => {
    const apart = Math.abs(a - b)
    return apart === 1 || apart === count - 1
  }
  const meeting = (a: number, b: number | undefined): readonly [Edge, Edge] | undefined =>
    b !== undefined && !alongRing(a, b) && edges.meet(a, b) ? edges.pair(a, b) : undefined
  // The edges crossing the sweep line, south to north.
  const active: Array<number> = []
  // Few edges cross the sweep line at once: moving them by hand beats `splice`.
  const add = (edge: number) => {
    const i = insertionIndex(edges, active, edge)
    for (let j = active.push(edge) - 1; j > i; j--) active[j] = active[j - 1]!
    active[i] = edge
    return meeting(edge, active[i - 1]) ?? meeting(edge, active[i + 1])
  }
  const remove = (edge: number) => {
    const i = active.indexOf(edge)
    for (let j = i; j + 1 < active.length; j++) active[j] = active[j + 1]!
    active.pop()
    const below = active[i - 1]
    return below === undefined ? undefined : meeting(below, active[i])
  }
  // The edges starting and those ending at a corner: lists reused from corner to corner, each with
  // its own length (emptying an array by setting its length costs more than the rest of the sweep).
  const starting: Array<number> = []
  const ending: Array<number> = []
  let startingCount = 0
  let endingCount = 0
  // Files an edge that meets the sweep at the corner `x y` among those starting or those ending there.
  const file = (edge: number, x: number, y: number) => {
    if (startX[edge] === x && startY[edge] === y) starting[startingCount++] = edge
    else ending[endingCount++] = edge
  }
  // The sweep meets the corners west to east; each corner is an end of the edge before it and of its
  // own edge (which leaves from it). Sorting the corners, not the edges' two ends, halves the sort.
  const corners = sweepOrder(cornerX, cornerY, count)
  for (let first = 0; first < count; ) {
    const x = cornerX[corners[first]!]!
    const y = cornerY[corners[first]!]!
    startingCount = 0
    endingCount = 0
    let next = first
    for (; next < count && cornerX[corners[next]!] === x && cornerY[corners[next]!] === y; next++) {
      const corner = corners[next]!
      file((corner + count - 1) % count, x, y)
      file(corner, x, y)
    }
    first = next
    // At a shared position, edges starting there are added before edges ending there are removed,
    // so edges that only touch at an end still become neighbours and get tested; each kind in ring
    // order.
    sortAscending(starting, startingCount)
    sortAscending(ending, endingCount)
    for (let i = 0; i < startingCount; i++) {
      const found = add(starting[i]!)
      if (found !== undefined) return found
    }
    for (let i = 0; i < endingCount; i++) {
      const found = remove(ending[i]!)
      if (found !== undefined) return found
    }
  }
  return undefined
}

/**
 * The corners `0 … count - 1` in the order the sweep meets them, equal positions in ring order: a
 * merge sort of runs first sorted by insertion. Any stable sort puts them in this one order; the
 * built-in `sort` calls its comparison as a function, and took a third of the sweep.
 */
const sweepOrder = (x: ReadonlyArray<number>, y: ReadonlyArray<number>, count: number): Array<number> => {
  // Whether corner `a` comes strictly before corner `b`.
  const before = (a: number, b: number) => compareAt(x[a]!, y[a]!, x[b]!, y[b]!) < 0
  let order: Array<number> = []
  for (let i = 0; i < count; i++) order.push(i)
  let spare = order.slice()
  for (let low = 0; low < count; low += RUN) {
    const high = Math.min(low + RUN, count)
    for (let i = low + 1; i < high; i++) {
      const corner = order[i]!
      let j = i
      for (; j > low && before(corner, order[j - 1]!); j--) order[j] = order[j - 1]!
      order[j] = corner
    }
  }
  for (let width = RUN; width < count; width *= 2) {
    for (let low = 0; low < count; low += 2 * width) {
      const middle = Math.min(low + width, count)
      const high = Math.min(low + 2 * width, count)
      let i = low
      let j = middle
      let k = low
      while (i < middle && j < high) spare[k++] = before(order[j]!, order[i]!) ? order[j++]! : order[i++]!
      while (i < middle) spare[k++] = order[i++]!
      while (j < high) spare[k++] = order[j++]!
    }
    const merged = spare
    spare = order
    order = merged
  }
  return order
}

/** How many corners `sweepOrder` sorts by insertion before it starts merging. */
const RUN = 8

/** Sorts the first `count` of a few numbers (an insertion sort: `sort` costs more to start). */
const sortAscending = (numbers: Array<number>, count: number) => {
  for (let i = 1; i < count; i++) {
    const number = numbers[i]!
    let j = i
    for (; j > 0 && numbers[j - 1]! > number; j--) numbers[j] = numbers[j - 1]!
    numbers[j] = number
  }
}

const insertionIndex = (edges: Edges, active: ReadonlyArray<number>, edge: number): number => {
  let low = 0
  let high = active.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (compareAlongSweep(edges, active[middle]!, edge) < 0) low = middle + 1
    else high = middle
  }
  return low
}

/**
 * South-to-north order of two edges under the sweep line. The edge that started later is placed
 * against the other's line; when it starts on that line, its other end decides.
 */
const compareAlongSweep = (edges: Edges, a: number, b: number): number => {
  if (a === b) return 0
  const { startX, startY } = edges
  return compareAt(startX[a]!, startY[a]!, startX[b]!, startY[b]!) >= 0
    ? sideOf(edges, a, b)
    : -sideOf(edges, b, a)
}

/** Positive when `a` is north of `b` where `a` starts (which is within `b`'s span). */
const sideOf = (edges: Edges, a: number, b: number): number => {
  const { startX, startY, endX, endY } = edges
  return (
    turn(startX[b]!, startY[b]!, endX[b]!, endY[b]!, startX[a]!, startY[a]!) ||
    turn(startX[b]!, startY[b]!, endX[b]!, endY[b]!, endX[a]!, endY[a]!) ||
    // Collinear and overlapping: any fixed order will do, the two will be tested against each other.
    a - b
  )
}

const samePosition = (a: Position, b: Position): boolean => a[0] === b[0] && a[1] === b[1]
