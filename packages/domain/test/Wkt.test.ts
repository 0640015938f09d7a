import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import * as fc from "fast-check"
import type { Position } from "../src/Position.ts"
import * as Wkt from "../src/Wkt.ts"

const PATH = "alert_area.area"

const messages = (text: string) => {
  const result = Wkt.parse(text, PATH)
  return Result.isFailure(result) ? result.failure.errors : undefined
}

describe("Wkt.parse", () => {
  it.each<[string, string, Wkt.Geometry]>([
    ["a point", "POINT (174.7 -41.3)", { type: "Point", coordinates: [174.7, -41.3] }],
    ["keywords in any case", "point(174.7 -41.3)", { type: "Point", coordinates: [174.7, -41.3] }],
    ["exponents and spare blanks", "  POINT ( 1e2\n-2.5E-1 ) ", { type: "Point", coordinates: [100, -0.25] }],
    [
      "a line",
      "LINESTRING (0 0, 1 1, 2 0)",
      {
        type: "LineString",
        coordinates: [
          [0, 0],
          [1, 1],
          [2, 0],
        ],
      },
    ],
    [
      "a polygon with a hole",
      "POLYGON ((0 0, 4 0, 4 4, 0 0), (1 0.5, 2 0.5, 2 1, 1 0.5))",
      {
        type: "Polygon",
        coordinates: [
          [
            [0, 0],
            [4, 0],
            [4, 4],
            [0, 0],
          ],
          [
            [1, 0.5],
            [2, 0.5],
            [2, 1],
            [1, 0.5],
          ],
        ],
      },
    ],
    [
      "points, bare",
      "MULTIPOINT (1 2, 3 4)",
      {
        type: "MultiPoint",
        coordinates: [
          [1, 2],
          [3, 4],
        ],
      },
    ],
    [
      "points, in parentheses",
      "MULTIPOINT ((1 2), (3 4))",
      {
        type: "MultiPoint",
        coordinates: [
          [1, 2],
          [3, 4],
        ],
      },
    ],
    [
      "lines",
      "MULTILINESTRING ((0 0, 1 1), (2 2, 3 3))",
      {
        type: "MultiLineString",
        coordinates: [
          [
            [0, 0],
            [1, 1],
          ],
          [
            [2, 2],
            [3, 3],
          ],
        ],
      },
    ],
    [
      "polygons",
      "MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), ((5 5, 6 5, 6 6, 5 5)))",
      {
        type: "MultiPolygon",
        coordinates: [
          [
            [
              [0, 0],
              [1, 0],
              [1, 1],
              [0, 0],
            ],
          ],
          [
            [
              [5, 5],
              [6, 5],
              [6, 6],
              [5, 5],
            ],
          ],
        ],
      },
    ],
    [
      "points of a line with or without parentheses",
      "LINESTRING (0 0, (1 1))",
      {
        type: "LineString",
        coordinates: [
          [0, 0],
          [1, 1],
        ],
      },
    ],
    ["a Z tag on two numbers", "POINT Z (1 2)", { type: "Point", coordinates: [1, 2] }],
    ["numbers that touch a minus sign", "POINT (1-2)", { type: "Point", coordinates: [1, -2] }],
  ])("reads %s", (_, text, geometry) => {
    expect(Wkt.parse(text, PATH)).toEqual(Result.succeed(geometry))
  })

  it.each<[string, string, string]>([
    [
      "an empty text",
      "",
      "is not valid WKT: found the end of the text where a geometry type such as POINT or POLYGON was expected",
    ],
    [
      "an EWKT prefix",
      "SRID=4326;POINT (1 2)",
      'is not valid WKT: found "S" where a geometry type such as POINT or POLYGON was expected',
    ],
    [
      "a missing latitude",
      "POINT (174.7)",
      'is not valid WKT: found ")" where a number was expected, after "POINT (174.7"',
    ],
    [
      "an unclosed parenthesis",
      "POINT (1 2",
      'is not valid WKT: found the end of the text where a number or "," or ")" was expected, after "POINT (1 2"',
    ],
    [
      "text after the geometry",
      "POINT (1 2) x",
      'is not valid WKT: found "X" where the end of the text or "," or ")" was expected, after "POINT (1 2)"',
    ],
    [
      "a number that is not",
      "POINT (NaN 1)",
      'is not valid WKT: found "N" where a number was expected, after "POINT ("',
    ],
    [
      "a collection",
      "GEOMETRYCOLLECTION (POINT (1 2))",
      "must be a POINT, LINESTRING, POLYGON, MULTIPOINT, MULTILINESTRING or MULTIPOLYGON",
    ],
    ["an empty point", "POINT EMPTY", "must not be EMPTY"],
    ["an empty polygon", "POLYGON EMPTY", "must not be EMPTY"],
    [
      "a Z coordinate",
      "POINT Z (1 2 3)",
      "must have exactly two finite coordinates (longitude latitude) per position, without Z or M",
    ],
    [
      "three numbers",
      "LINESTRING (0 0, 1 1 1)",
      "must have exactly two finite coordinates (longitude latitude) per position, without Z or M",
    ],
    [
      "a number too large for float64",
      "POINT (1e400 0)",
      "must have exactly two finite coordinates (longitude latitude) per position, without Z or M",
    ],
    [
      "a parenthesis too many",
      "POINT (1 2))",
      'is not valid WKT: found ")" where the end of the text was expected, after "POINT (1 2)"',
    ],
    [
      "a ring left open",
      "POLYGON ((0 0, 1 0, 1 1, 0 0)",
      'is not valid WKT: found the end of the text where "," or ")" was expected, after "...(0 0, 1 0, 1 1, 0 0)"',
    ],
    [
      "an empty ring",
      "POLYGON (())",
      'is not valid WKT: found ")" where a number was expected, after "POLYGON (("',
    ],
    [
      "a polygon without its ring's parentheses",
      "MULTIPOLYGON ((0 0, 1 0, 1 1, 0 0))",
      'is not valid WKT: found a number where "(" was expected, after "MULTIPOLYGON (("',
    ],
    [
      "a trailing comma",
      "LINESTRING (0 0, 1 1,)",
      'is not valid WKT: found ")" where a number or "(" was expected, after "...INESTRING (0 0, 1 1,"',
    ],
    [
      "a point of two positions",
      "POINT (1 2, 3 4)",
      'is not valid WKT: found "," where ")" was expected, after "POINT (1 2"',
    ],
    [
      "a leading plus",
      "POINT (+1 2)",
      'is not valid WKT: found "+" where a number was expected, after "POINT ("',
    ],
    [
      "a bare fraction",
      "POINT (.5 2)",
      'is not valid WKT: found "." where a number was expected, after "POINT ("',
    ],
    [
      "a point with nothing after it",
      "POINT (1. 2)",
      'is not valid WKT: found "." where a number was expected, after "POINT (1"',
    ],
    [
      "a keyword run into a word",
      "POINTZ (1 2 3)",
      'is not valid WKT: found "P" where a geometry type such as POINT or POLYGON was expected',
    ],
    [
      "a tag before EMPTY",
      "POINT Z EMPTY",
      'is not valid WKT: found "EMPTY" where "(" was expected, after "POINT Z"',
    ],
    [
      "five numbers",
      "POINT (1 2 3 4 5)",
      'is not valid WKT: found a number where "," or ")" was expected, after "POINT (1 2 3 4"',
    ],
    [
      "text after EMPTY",
      "POINT EMPTY 1",
      'is not valid WKT: found a number where the end of the text or "," or ")" was expected, after "POINT EMPTY"',
    ],
    [
      "an empty collection",
      "GEOMETRYCOLLECTION ()",
      'is not valid WKT: found ")" where a geometry type such as POINT or POLYGON was expected, after "GEOMETRYCOLLECTION ("',
    ],
    ["an empty line", "linestring empty", "must not be EMPTY"],
    [
      "an M coordinate",
      "POINT M (1 2 3)",
      "must have exactly two finite coordinates (longitude latitude) per position, without Z or M",
    ],
  ])("rejects %s with a message at the field path", (_, text, message) => {
    expect(messages(text)).toEqual({ [PATH]: [message] })
  })

  it("quotes at most the 20 characters before the problem", () => {
    expect(messages(`LINESTRING (${"10 20, ".repeat(10)}10 x)`)).toEqual({
      [PATH]: ['is not valid WKT: found "X" where a number was expected, after "...0, 10 20, 10 20, 10"'],
    })
  })
})

describe("Wkt.write", () => {
  it.each<[Wkt.Geometry, string]>([
    [{ type: "Point", coordinates: [174.7, -41.3] }, "POINT (174.7 -41.3)"],
    [
      {
        type: "Polygon",
        coordinates: [
          [
            [0, 0],
            [4, 0],
            [4, 4],
            [0, 0],
          ],
          [
            [1, 0.5],
            [2, 0.5],
            [2, 1],
            [1, 0.5],
          ],
        ],
      },
      "POLYGON ((0 0, 4 0, 4 4, 0 0), (1 0.5, 2 0.5, 2 1, 1 0.5))",
    ],
    [
      {
        type: "MultiPoint",
        coordinates: [
          [1, 2],
          [3, 4],
        ],
      },
      "MULTIPOINT (1 2, 3 4)",
    ],
    [{ type: "Point", coordinates: [0.1 + 0.2, 1e-7] }, "POINT (0.30000000000000004 1e-7)"],
  ])("writes %j as %s", (geometry, text) => {
    expect(Wkt.write(geometry)).toBe(text)
  })
})

describe("Wkt.positions", () => {
  it("lists every position in order, closing positions included", () => {
    expect(
      Wkt.positions({
        type: "MultiPolygon",
        coordinates: [
          [
            [
              [0, 0],
              [1, 0],
              [1, 1],
              [0, 0],
            ],
          ],
          [
            [
              [5, 5],
              [6, 5],
              [6, 6],
              [5, 5],
            ],
          ],
        ],
      }),
    ).toEqual([
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
      [5, 5],
      [6, 5],
      [6, 6],
      [5, 5],
    ])
    expect(Wkt.positions({ type: "Point", coordinates: [1, 2] })).toEqual([[1, 2]])
  })
})

// Any finite float64; -0 is written as 0, which is the same position.
const coordinate = fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => (x === 0 ? 0 : x))
const position: fc.Arbitrary<Position> = fc.tuple(coordinate, coordinate)
const positions = (minLength: number) => fc.array(position, { minLength, maxLength: 8 })
const ring = positions(3).map((list) => [...list, list[0]!])
const geometry: fc.Arbitrary<Wkt.Geometry> = fc.oneof(
  position.map((coordinates) => ({ type: "Point" as const, coordinates })),
  positions(2).map((coordinates) => ({ type: "LineString" as const, coordinates })),
  fc
    .array(ring, { minLength: 1, maxLength: 3 })
    .map((coordinates) => ({ type: "Polygon" as const, coordinates })),
  positions(1).map((coordinates) => ({ type: "MultiPoint" as const, coordinates })),
  fc
    .array(positions(2), { minLength: 1, maxLength: 3 })
    .map((coordinates) => ({ type: "MultiLineString" as const, coordinates })),
  fc
    .array(fc.array(ring, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 })
    .map((coordinates) => ({ type: "MultiPolygon" as const, coordinates })),
)

describe("Wkt properties", () => {
  it("reads back exactly what it wrote", () => {
    fc.assert(
      fc.property(geometry, (shape) => {
        expect(Wkt.parse(Wkt.write(shape), PATH)).toEqual(Result.succeed(shape))
      }),
      { numRuns: 500 },
    )
  })

  it("answers a geometry or a known message for any sequence of WKT's own words", () => {
    const words = ["POINT", "LINESTRING", "POLYGON", "MULTIPOLYGON", "GEOMETRYCOLLECTION", "Z", "ZM", "EMPTY"]
    const word = fc.constantFrom(...words, "(", ")", ",", "1", "-2.5e3", "1 2", "x", ".", " ", "\n")
    const known =
      /^(is not valid WKT: found .+ where .+ was expected|must be a POINT, |must not be EMPTY|must have exactly two)/
    fc.assert(
      fc.property(fc.array(word, { maxLength: 16 }), (list) => {
        const result = Wkt.parse(list.join(" "), PATH)
        if (Result.isFailure(result)) expect(result.failure.errors[PATH]?.[0]).toMatch(known)
      }),
      { numRuns: 2000 },
    )
  })

  it("never throws, whatever the text", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(Result.isResult(Wkt.parse(text, PATH))).toBe(true)
      }),
    )
  })
})

describe("Wkt.write numbers", () => {
  // The writer has a fast path for numbers of at most six decimals; it must write what `String` does.
  const decimals = fc
    .tuple(
      fc.integer({ min: -999_999_999_999_999, max: 999_999_999_999_999 }),
      fc.integer({ min: 0, max: 9 }),
    )
    .map(([digits, places]) => digits / 10 ** places)
  const coordinate = fc.oneof(
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    decimals,
    fc.constantFrom(-0, 0, 1e-6, -1e-6, 1e-7, 5e-324, 1e21, 999_999_999.999999, 1e9, -1e9, 0.1 + 0.2),
  )

  it("writes every coordinate as String writes the number", () => {
    fc.assert(
      fc.property(coordinate, coordinate, (longitude, latitude) => {
        expect(Wkt.write({ type: "Point", coordinates: [longitude, latitude] })).toBe(
          `POINT (${String(longitude)} ${String(latitude)})`,
        )
      }),
      { numRuns: 50_000 },
    )
  })
})

describe("Wkt.parse numbers", () => {
  // The reader has a fast path for numbers without an exponent; it must read what `Number` does.
  const digits = (min: number, max: number) =>
    fc.array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max }).map((list) => list.join(""))
  const numberText = fc
    .tuple(
      fc.boolean(),
      digits(1, 20),
      fc.option(digits(1, 20), { nil: undefined }),
      fc.option(fc.tuple(fc.constantFrom("e", "E", "e-", "e+"), digits(1, 3)), { nil: undefined }),
    )
    .map(
      ([negative, whole, fraction, exponent]) =>
        `${negative ? "-" : ""}${whole}${fraction === undefined ? "" : `.${fraction}`}${exponent === undefined ? "" : exponent.join("")}`,
    )

  it("reads every number as Number reads its text", () => {
    fc.assert(
      fc.property(numberText, (text) => {
        const read = Wkt.parse(`POINT (${text} 0)`, PATH)
        const expected = Number(text)
        // Beyond the doubles (1e400) a coordinate is not finite, which the reader refuses.
        const readAsNumberDoes = Number.isFinite(expected)
          ? Result.isSuccess(read) && Object.is(read.success.coordinates[0], expected)
          : Result.isFailure(read)
        expect(readAsNumberDoes).toBe(true)
      }),
      { numRuns: 50_000 },
    )
  })
})
