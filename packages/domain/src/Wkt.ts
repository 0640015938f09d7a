/**
 * Geometries as the API writes them: WKT text (`POINT (174.7 -41.3)`), read into plain GeoJSON-shaped
 * data by `internal/wktReader` and written back by `internal/wktWriter`.
 *
 * Six types are known: POINT, LINESTRING, POLYGON (with holes), MULTIPOINT, MULTILINESTRING and
 * MULTIPOLYGON, in two dimensions (longitude latitude). Reading only checks the text; the rules a
 * geometry must follow (closed rings, coordinate ranges, …) are in `GeometryValidation`.
 */

import { Result } from "effect"
import { InvalidInput } from "./Invalid.ts"
import { type ReadGeometry, type ReadPosition, readWkt, type SyntaxProblem } from "./internal/wktReader.ts"
import type { TokenKind } from "./internal/wktTokens.ts"
import { writeWkt } from "./internal/wktWriter.ts"
import type { Position } from "./Position.ts"

/**
 * One position.
 *
 * @example
 * ```ts
 * const point: Point = { type: "Point", coordinates: [174.7, -41.3] } // POINT (174.7 -41.3)
 * ```
 */
export interface Point {
  readonly type: "Point"
  readonly coordinates: Position
}

/**
 * A path through two or more positions.
 *
 * @example
 * ```ts
 * const line: LineString = { type: "LineString", coordinates: [[0, 0], [1, 1]] } // LINESTRING (0 0, 1 1)
 * ```
 */
export interface LineString {
  readonly type: "LineString"
  readonly coordinates: ReadonlyArray<Position>
}

/**
 * A closed line: its last position repeats its first.
 *
 * @example
 * ```ts
 * const ring: Ring = [[0, 0], [1, 0], [1, 1], [0, 0]]
 * ```
 */
export type Ring = ReadonlyArray<Position>

/**
 * An outer ring followed by the rings of its holes.
 *
 * @example
 * ```ts
 * // POLYGON ((0 0, 4 0, 4 4, 0 4, 0 0), (1 1, 2 1, 2 2, 1 1))
 * const polygon: Polygon = {
 *   type: "Polygon",
 *   coordinates: [[[0, 0], [4, 0], [4, 4], [0, 4], [0, 0]], [[1, 1], [2, 1], [2, 2], [1, 1]]],
 * }
 * ```
 */
export interface Polygon {
  readonly type: "Polygon"
  readonly coordinates: ReadonlyArray<Ring>
}

/**
 * Several positions.
 *
 * @example
 * ```ts
 * const points: MultiPoint = { type: "MultiPoint", coordinates: [[0, 0], [1, 1]] } // MULTIPOINT (0 0, 1 1)
 * ```
 */
export interface MultiPoint {
  readonly type: "MultiPoint"
  readonly coordinates: ReadonlyArray<Position>
}

/**
 * Several lines.
 *
 * @example
 * ```ts
 * // MULTILINESTRING ((0 0, 1 1), (2 2, 3 3))
 * const lines: MultiLineString = { type: "MultiLineString", coordinates: [[[0, 0], [1, 1]], [[2, 2], [3, 3]]] }
 * ```
 */
export interface MultiLineString {
  readonly type: "MultiLineString"
  readonly coordinates: ReadonlyArray<ReadonlyArray<Position>>
}

/**
 * Several polygons, each an outer ring and its holes.
 *
 * @example
 * ```ts
 * // MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)))
 * const polygons: MultiPolygon = { type: "MultiPolygon", coordinates: [[[[0, 0], [1, 0], [1, 1], [0, 0]]]] }
 * ```
 */
export interface MultiPolygon {
  readonly type: "MultiPolygon"
  readonly coordinates: ReadonlyArray<ReadonlyArray<Ring>>
}

/**
 * Any geometry the service reads from WKT.
 *
 * @example
 * ```ts
 * const describe = (geometry: Geometry) => (geometry.type === "Point" ? "a point" : "a shape")
 * ```
 */
export type Geometry = Point | LineString | Polygon | MultiPoint | MultiLineString | MultiPolygon

/**
 * Reads WKT into a geometry. Keywords may be in any case (`point (1 2)`). Failures are `InvalidInput`
 * at `path` with a message that says what was expected and where; this function never throws.
 *
 * @example
 * ```ts
 * Wkt.parse("POINT (174.7 -41.3)", "alert_area.area")
 * // Result.succeed({ type: "Point", coordinates: [174.7, -41.3] })
 * Wkt.parse("POINT (174.7)", "alert_area.area")
 * // Result.fail(InvalidInput { "alert_area.area": ['is not valid WKT: found ")" where a number was expected, after "POINT (174.7"'] })
 * ```
 */
export const parse = (text: string, path: string): Result.Result<Geometry, InvalidInput> => {
  // WKT keywords are case-insensitive; the reader knows them in upper case.
  const upper = text.toUpperCase()
  return readWkt(upper).pipe(
    Result.mapError((problem) => InvalidInput.at(path, syntaxMessage(upper, problem))),
    Result.flatMap((read) => {
      const problem = unsupported(read)
      return problem === undefined
        ? // Checked just above: one of the six types, not empty, two finite numbers per position.
          Result.succeed(read as Geometry)
        : Result.fail(InvalidInput.at(path, problem))
    }),
  )
}

/**
 * Writes a geometry as WKT, numbers in their shortest exact form, so `parse` reads back the same
 * geometry.
 *
 * @example
 * ```ts
 * Wkt.write({ type: "Point", coordinates: [174.7, -41.3] }) // "POINT (174.7 -41.3)"
 * ```
 */
export const write = (geometry: Geometry): string => writeWkt(geometry)

/**
 * Every position of a geometry, in the order written (a ring's closing position included).
 *
 * @example
 * ```ts
 * Wkt.positions({ type: "MultiPoint", coordinates: [[0, 0], [1, 1]] }) // [[0, 0], [1, 1]]
 * ```
 */
export const positions = (geometry: Geometry): ReadonlyArray<Position> => {
  switch (geometry.type) {
    case "Point":
      return [geometry.coordinates]
    case "LineString":
    case "MultiPoint":
      return geometry.coordinates
    case "Polygon":
    case "MultiLineString":
      return geometry.coordinates.flat()
    case "MultiPolygon":
      return geometry.coordinates.flat(2)
  }
}

/** Why a parsed value is not one of our geometries, or `undefined` when it is. */
const unsupported = (read: ReadGeometry): string | undefined => {
  if (read.type === "GeometryCollection") {
    return "must be a POINT, LINESTRING, POLYGON, MULTIPOINT, MULTILINESTRING or MULTIPOLYGON"
  }
  if (read.coordinates.length === 0) return "must not be EMPTY"
  if (!isTwoDimensional(read)) {
    return "must have exactly two finite coordinates (longitude latitude) per position, without Z or M"
  }
  return undefined
}

// One loop per depth rather than one function for every depth: a function that takes arrays of
// positions, rings and numbers alike was slower than the whole rest of reading a polygon.
const isTwoDimensional = (read: Exclude<ReadGeometry, { type: "GeometryCollection" }>): boolean => {
  switch (read.type) {
    case "Point":
      return isPosition(read.coordinates)
    case "LineString":
    case "MultiPoint":
      return allPositions(read.coordinates)
    case "Polygon":
    case "MultiLineString":
      return read.coordinates.every(allPositions)
    case "MultiPolygon":
      return read.coordinates.every((rings) => rings.every(allPositions))
  }
}

const allPositions = (positions: ReadonlyArray<ReadPosition>): boolean => {
  for (let i = 0; i < positions.length; i++) if (!isPosition(positions[i]!)) return false
  return true
}

const isPosition = (position: ReadPosition): boolean =>
  position.length === 2 && Number.isFinite(position[0]) && Number.isFinite(position[1])

/**
 * Says in one line what was found where, what was expected, and up to 20 characters of the text
 * before it (`...` when there is more).
 */
const syntaxMessage = (text: string, { found, expected }: SyntaxProblem): string => {
  const wanted = expected.includes("POINT")
    ? "a geometry type such as POINT or POLYGON"
    : expected.map(tokenName).join(" or ")
  const what = found.kind === "Invalid" ? `"${text.charAt(found.start)}"` : tokenName(found.kind)
  const past = text.slice(0, found.start)
  const before = `${past.length > 20 ? "..." : ""}${past.slice(-20).replace(/\n/g, "")}`.trim()
  return before === ""
    ? `is not valid WKT: found ${what} where ${wanted} was expected`
    : `is not valid WKT: found ${what} where ${wanted} was expected, after "${before}"`
}

const tokenName = (kind: TokenKind): string => {
  switch (kind) {
    case "Number":
      return "a number"
    case "EndOfText":
      return "the end of the text"
    default:
      return `"${kind}"`
  }
}
