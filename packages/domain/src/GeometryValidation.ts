/**
 * The rules a geometry read from WKT must follow before the service stores it: at most 10,000
 * positions, longitudes in [-180, 180] and latitudes in [-90, 90], lines of two positions or more,
 * and polygon rings that are closed, have four positions or more, enclose an area and never touch or
 * cross themselves.
 *
 * Each rule reports its first violation only, so a 10,000-position polygon out of range gives one
 * readable message, not thousands. Rings are checked one by one: how the rings of a polygon lie
 * towards each other (holes inside the outer ring, rings not crossing) is not checked; containment
 * uses the even-odd rule, which gives a sensible answer either way.
 */
import { Result } from "effect"
import { InvalidInput } from "./Invalid.ts"
import { selfIntersection } from "./internal/selfIntersection.ts"
import type { Position } from "./Position.ts"
import { type Geometry, positions, type Ring } from "./Wkt.ts"

/**
 * The most positions a geometry may have (docs/api.md, Limits).
 *
 * @example
 * ```ts
 * if (Wkt.positions(geometry).length > GeometryValidation.MAX_POSITIONS) console.log("too detailed")
 * ```
 */
export const MAX_POSITIONS = 10_000

/**
 * Checks a geometry; failures are `InvalidInput` at `path`, one message per broken rule.
 *
 * @example
 * ```ts
 * GeometryValidation.validate(
 *   { type: "Polygon", coordinates: [[[0, 0], [1, 0], [1, 1], [0, 1]]] },
 *   "alert_area.area",
 * )
 * // Result.fail(InvalidInput { "alert_area.area": ["outer ring is not closed: its last position must repeat its first"] })
 * ```
 */
export const validate = <G extends Geometry>(geometry: G, path: string): Result.Result<G, InvalidInput> => {
  const messages = problems(geometry)
  return messages.length === 0
    ? Result.succeed(geometry)
    : Result.fail(new InvalidInput({ errors: { [path]: messages } }))
}

const problems = (geometry: Geometry): Array<string> => {
  const all = positions(geometry)
  // Checked first, so the other rules (the self-intersection check above all) stay bounded.
  if (all.length > MAX_POSITIONS) {
    return [`has ${all.length} positions; at most ${MAX_POSITIONS} are allowed`]
  }
  const rings = ringsOf(geometry)
  return [
    // Positions are indexed, not destructured: destructuring goes through an iterator per position.
    firstOf(all, (position) => {
      const longitude = position[0]
      return longitude >= -180 && longitude <= 180
        ? undefined
        : `longitude must be between -180 and 180, not ${longitude}`
    }),
    firstOf(all, (position) => {
      const latitude = position[1]
      return latitude >= -90 && latitude <= 90
        ? undefined
        : `latitude must be between -90 and 90, not ${latitude}`
    }),
    firstOf(linesOf(geometry), ({ name, line }) =>
      line.length >= 2 ? undefined : `${name} has ${count(line.length)}; a line needs at least 2`,
    ),
    firstOf(rings, ({ name, ring }) =>
      ring.length >= 4 ? undefined : `${name} has ${count(ring.length)}; a ring needs at least 4`,
    ),
    firstOf(rings, ({ name, ring }) =>
      isClosed(ring) ? undefined : `${name} is not closed: its last position must repeat its first`,
    ),
    firstOf(rings, ({ name, ring }) =>
      ring.length >= 4 && isClosed(ring) ? shapeProblem(name, ring) : undefined,
    ),
  ].filter((message) => message !== undefined)
}

const shapeProblem = (name: string, ring: Ring): string | undefined => {
  if (distinctCorners(ring) < 3) return `${name} encloses no area: it needs at least 3 distinct corners`
  const meeting = selfIntersection(ring)
  if (meeting === undefined) return undefined
  const [a, b] = meeting
  return `${name} intersects itself: the edge ${text(a.from)}, ${text(a.to)} meets the edge ${text(b.from)}, ${text(b.to)}`
}

const count = (positions: number): string => (positions === 1 ? "1 position" : `${positions} positions`)

const text = ([longitude, latitude]: Position): string => `${longitude} ${latitude}`

const isClosed = (ring: Ring): boolean => {
  const first = ring[0]
  const last = ring[ring.length - 1]
  return first !== undefined && last !== undefined && samePosition(first, last)
}

/** Corners of a closed ring, not counting the closing position nor positions repeated in a row. */
const distinctCorners = (ring: Ring): number => {
  let corners = 0
  for (let i = 1; i < ring.length; i++) if (!samePosition(ring[i]!, ring[i - 1]!)) corners++
  return corners
}

const samePosition = (a: Position, b: Position): boolean => a[0] === b[0] && a[1] === b[1]

const firstOf = <A>(
  items: ReadonlyArray<A>,
  problem: (item: A) => string | undefined,
): string | undefined => {
  for (const item of items) {
    const message = problem(item)
    if (message !== undefined) return message
  }
  return undefined
}

interface NamedRing {
  readonly name: string
  readonly ring: Ring
}

/** Rings named as a reader of the message would find them: `outer ring`, `polygon 2, hole 1`. */
const ringsOf = (geometry: Geometry): ReadonlyArray<NamedRing> => {
  const named = (rings: ReadonlyArray<Ring>, prefix: string) =>
    rings.map((ring, i) => ({ name: `${prefix}${i === 0 ? "outer ring" : `hole ${i}`}`, ring }))
  switch (geometry.type) {
    case "Polygon":
      return named(geometry.coordinates, "")
    case "MultiPolygon":
      return geometry.coordinates.flatMap((rings, i) => named(rings, `polygon ${i + 1}, `))
    default:
      return []
  }
}

interface NamedLine {
  readonly name: string
  readonly line: ReadonlyArray<Position>
}

const linesOf = (geometry: Geometry): ReadonlyArray<NamedLine> => {
  switch (geometry.type) {
    case "LineString":
      return [{ name: "the line", line: geometry.coordinates }]
    case "MultiLineString":
      return geometry.coordinates.map((line, i) => ({ name: `line ${i + 1}`, line }))
    default:
      return []
  }
}
