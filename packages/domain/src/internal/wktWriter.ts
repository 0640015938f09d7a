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
  // One string grown piece by piece: V8 keeps it as a rope and flattens it once, where `map` and
  // `join` made an array and a string for every list.
  let text = ""
  const position = (p: Position) => {
    text += `${number(p[0])} ${number(p[1])}`
  }
  const list = <A>(items: ReadonlyArray<A>, item: (a: A) => void) => {
    text += "("
    for (let i = 0; i < items.length; i++) {
      if (i > 0) text += ", "
      item(items[i]!)
    }
    text += ")"
  }
  const tagged = <A>(keyword: string, items: ReadonlyArray<A>, item: (a: A) => void) => {
    if (items.length === 0) {
      text = `${keyword} EMPTY`
      return
    }
    text = `${keyword} `
    list(items, item)
  }
  const path = (positions: ReadonlyArray<Position>) => list(positions, position)
  const paths = (lists: ReadonlyArray<ReadonlyArray<Position>>) => list(lists, path)
  switch (geometry.type) {
    case "Point":
      tagged("POINT", [geometry.coordinates], position)
      break
    case "LineString":
      tagged("LINESTRING", geometry.coordinates, position)
      break
    case "MultiPoint":
      tagged("MULTIPOINT", geometry.coordinates, position)
      break
    case "Polygon":
      tagged("POLYGON", geometry.coordinates, path)
      break
    case "MultiLineString":
      tagged("MULTILINESTRING", geometry.coordinates, path)
      break
    case "MultiPolygon":
      tagged("MULTIPOLYGON", geometry.coordinates, paths)
  }
  return text
}

const FRACTION_DIGITS = 6
const SCALE = 10 ** FRACTION_DIGITS
const ZEROS = "000000"

/**
 * The text JavaScript gives a number (`String(x)`), made faster for the usual coordinate: at most six
 * decimals and under a billion. Then `x` is exactly `k / 10^6` for the integer `k` nearest `x * 10^6`,
 * and since that decimal has at most 15 significant digits it is the shortest text that reads back
 * as `x`, which is what `String` writes; integers are cheap to write. Anything else (more decimals,
 * exponents) goes to `String`.
 *
 * @example
 * ```ts
 * number(-43.5301) // "-43.5301"
 * ```
 */
const number = (x: number): string => {
  const scaled = Math.round(x * SCALE)
  if (scaled / SCALE !== x || x >= 1e9 || x <= -1e9) return String(x)
  const magnitude = scaled < 0 ? -scaled : scaled
  const whole = Math.floor(magnitude / SCALE)
  let fraction = magnitude - whole * SCALE
  const sign = scaled < 0 ? "-" : ""
  if (fraction === 0) return `${sign}${whole}`
  let digits = FRACTION_DIGITS
  while (fraction % 10 === 0) {
    fraction /= 10
    digits -= 1
  }
  const text = `${fraction}`
  return `${sign}${whole}.${ZEROS.slice(0, digits - text.length)}${text}`
}
