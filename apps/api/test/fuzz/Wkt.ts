/**
 * WKT for the fuzz test: points and polygons that parse, and text near WKT that does not
 * (unclosed rings, missing parentheses, numbers that are no numbers, other geometry types,
 * dimensions the API does not take).
 */
import fc from "fast-check"

const coordinate = fc.oneof(
  fc.double({ min: -180, max: 180, noNaN: true }),
  fc.constantFrom(-180, 180, -90, 90, 0, 1e300, -1e300, Number.NaN, Number.POSITIVE_INFINITY),
)

const position = fc.tuple(coordinate, coordinate).map(([x, y]) => `${x} ${y}`)

const ring = fc.array(position, { minLength: 0, maxLength: 12 }).map((positions) => {
  // Closed most of the time, so that some rings get past the parser to the geometry checks.
  const closed = positions.length > 0 && positions.length % 3 !== 0 ? [...positions, positions[0]] : positions
  return `(${closed.join(", ")})`
})

const wellFormed = fc.oneof(
  position.map((at) => `POINT(${at})`),
  fc.array(ring, { minLength: 1, maxLength: 3 }).map((rings) => `POLYGON(${rings.join(", ")})`),
  fc.array(ring, { minLength: 1, maxLength: 2 }).map((rings) => `MULTIPOLYGON((${rings.join(", ")}))`),
  fc.constantFrom(
    "POINT(174.7 -41.3)",
    "POLYGON((174 -41, 175 -41, 175 -42, 174 -42, 174 -41))",
    "POLYGON((0 0, 10 0, 10 10, 0 10, 0 0), (2 2, 3 2, 3 3, 2 3, 2 2))",
    "POLYGON((0 0, 10 10, 10 0, 0 10, 0 0))",
  ),
)

const broken = fc.oneof(
  fc.constantFrom(
    "POINT",
    "POINT()",
    "POINT EMPTY",
    "POINT Z (1 2 3)",
    "POINT(1)",
    "POINT(1 2 3 4)",
    "POINT(a b)",
    "POINT((1 2))",
    "POLYGON((0 0, 1 1))",
    "POLYGON((0 0, 1 0, 1 1, 0 0)",
    "POLYGON(((0 0, 1 0, 1 1, 0 0)))",
    "POLYGON EMPTY",
    "LINESTRING(0 0, 1 1)",
    "GEOMETRYCOLLECTION(POINT(1 2))",
    "SRID=4326;POINT(1 2)",
    "point(1 2)",
    "POINT(1e999 2)",
    "POINT(0x10 2)",
    `POLYGON((${"1 1, ".repeat(20000)}1 1))`,
    "(".repeat(2000),
  ),
  fc.string({ maxLength: 30 }).map((text) => `POINT(${text})`),
  fc.string({ maxLength: 30 }).map((text) => `POLYGON((${text}))`),
)

/**
 * WKT text, well-formed or not.
 *
 * @example
 * ```ts
 * fc.sample(wktText, 2) // ["POINT(12.5 -3)", "POLYGON((0 0, 1 1))"]
 * ```
 */
export const wktText: fc.Arbitrary<string> = fc.oneof(wellFormed, broken)
