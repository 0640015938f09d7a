/**
 * Writes geometries as WKT for `Wkt.write`: upper-case keywords, one space before the first
 * parenthesis, `", "` between items, and numbers as JavaScript writes them (the shortest text that
 * reads back as the same float64).
 */
import type { Position } from "../Position.ts"
import type { Geometry } from "../Wkt.ts"

/**
 * The WKT text of a geometry; a geometry without positions is written `EMPTY`.
 *
 * @example
 * ```ts
 * writeWkt({ type: "LineString", coordinates: [[0, 0], [1, 1]] }) // "LINESTRING (0 0, 1 1)"
 * ```
 */
export const writeWkt = (geometry: Geometry): string => {
  switch (geometry.type) {
    case "Point":
      return `POINT (${position(geometry.coordinates)})`
    case "LineString":
      return tagged("LINESTRING", geometry.coordinates, path)
    case "MultiPoint":
      return tagged("MULTIPOINT", geometry.coordinates, path)
    case "Polygon":
      return tagged("POLYGON", geometry.coordinates, paths)
    case "MultiLineString":
      return tagged("MULTILINESTRING", geometry.coordinates, paths)
    case "MultiPolygon":
      return tagged("MULTIPOLYGON", geometry.coordinates, (polygons) =>
        polygons.map((polygon) => `(${paths(polygon)})`).join(", "),
      )
  }
}

const tagged = <A>(
  keyword: string,
  items: ReadonlyArray<A>,
  write: (items: ReadonlyArray<A>) => string,
): string => (items.length === 0 ? `${keyword} EMPTY` : `${keyword} (${write(items)})`)

const position = (p: Position): string => `${p[0]} ${p[1]}`

const path = (positions: ReadonlyArray<Position>): string => positions.map(position).join(", ")

const paths = (lists: ReadonlyArray<ReadonlyArray<Position>>): string =>
  lists.map((list) => `(${path(list)})`).join(", ")
