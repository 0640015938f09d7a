/**
 * Reads the grammar of WKT text into GeoJSON-shaped data, for `Wkt.parse`. It knows more than the
 * service keeps (Z, M and ZM coordinates, EMPTY, GEOMETRYCOLLECTION) so that `Wkt.parse` can say why
 * such a geometry is refused instead of calling it a syntax error.
 *
 * Grammar (keywords in upper case, `tag` is Z, ZM or M):
 *
 *   geometry   = TYPE [tag] body | TYPE EMPTY
 *   coordinate = number number [number [number]]
 *   POINT body = "(" coordinate ")"
 *   LINESTRING and MULTIPOINT body = "(" point {"," point} ")", point = coordinate | "(" coordinate ")"
 *   POLYGON and MULTILINESTRING body = rings = "(" ring {"," ring} ")", ring = "(" coordinate {"," coordinate} ")"
 *   MULTIPOLYGON body = "(" rings {"," rings} ")"
 *   GEOMETRYCOLLECTION body = "(" geometry {"," geometry} ")"
 */

import { Result } from "effect"
import { Scanner, type Token, type TokenKind } from "./wktTokens.ts"

/** Numbers of one position: two, three or four of them (Z and M are read, the caller refuses them). */
export type ReadPosition = ReadonlyArray<number>

/**
 * A geometry as read, before `Wkt.parse` checks that the service can keep it.
 *
 * @example
 * ```ts
 * const read: ReadGeometry = { type: "Point", coordinates: [1, 2, 3] } // POINT Z (1 2 3)
 * ```
 */
export type ReadGeometry =
  | { readonly type: "Point"; readonly coordinates: ReadPosition | readonly [] }
  | { readonly type: "LineString" | "MultiPoint"; readonly coordinates: ReadonlyArray<ReadPosition> }
  | {
      readonly type: "Polygon" | "MultiLineString"
      readonly coordinates: ReadonlyArray<ReadonlyArray<ReadPosition>>
    }
  | {
      readonly type: "MultiPolygon"
      readonly coordinates: ReadonlyArray<ReadonlyArray<ReadonlyArray<ReadPosition>>>
    }
  | { readonly type: "GeometryCollection"; readonly geometries: ReadonlyArray<ReadGeometry> }

/**
 * Where the text stops following the grammar: the token found there and the kinds that could have
 * been there instead.
 *
 * @example
 * ```ts
 * // POINT (174.7)
 * const problem: SyntaxProblem = { found: { kind: ")", start: 12, end: 13 }, expected: ["Number"] }
 * ```
 */
export interface SyntaxProblem {
  readonly found: Token
  readonly expected: ReadonlyArray<TokenKind>
}

/**
 * Reads one geometry that fills the whole text. Keywords must already be in upper case.
 *
 * @example
 * ```ts
 * readWkt("POINT (1 2)") // Result.succeed({ type: "Point", coordinates: [1, 2] })
 * readWkt("POINT (1)") // Result.fail({ found: { kind: ")", … }, expected: ["Number"] })
 * ```
 */
export const readWkt = (text: string): Result.Result<ReadGeometry, SyntaxProblem> => {
  const reader = new Reader(text)
  try {
    const geometry = reader.geometry()
    // Wherever a geometry ends, what follows was expected to be the end of the text, "," or ")" (the
    // last two inside a collection); at the top, only the end of the text can follow.
    if (reader.kind !== "EndOfText") reader.fail(["EndOfText"])
    return Result.succeed(geometry)
  } catch (error) {
    if (error instanceof Unexpected) return Result.fail(error.problem)
    throw error
  }
}

/** Thrown inside the reader only, to leave the recursion at the first problem. */
class Unexpected {
  readonly problem: SyntaxProblem
  constructor(problem: SyntaxProblem) {
    this.problem = problem
  }
}

const GEOMETRY_TYPES: ReadonlyArray<TokenKind> = [
  "POINT",
  "LINESTRING",
  "POLYGON",
  "MULTIPOINT",
  "MULTILINESTRING",
  "MULTIPOLYGON",
  "GEOMETRYCOLLECTION",
]

// The reader is the scanner with the grammar on top: its current token is in its own fields.
class Reader extends Scanner {
  fail(expected: ReadonlyArray<TokenKind>): never {
    throw new Unexpected({ found: this.token(), expected })
  }

  take(kind: TokenKind): void {
    if (this.kind !== kind) this.fail([kind])
    this.next()
  }

  geometry(): ReadGeometry {
    const type = this.kind
    if (!GEOMETRY_TYPES.includes(type)) this.fail(GEOMETRY_TYPES)
    this.next()
    const geometry = this.untagged(type)
    const next = this.kind
    if (next !== "EndOfText" && next !== "," && next !== ")") this.fail(["EndOfText", ",", ")"])
    return geometry
  }

  untagged(type: TokenKind): ReadGeometry {
    switch (this.kind) {
      case "EMPTY":
        this.next()
        return type === "GEOMETRYCOLLECTION" ? { type: "GeometryCollection", geometries: [] } : emptyOf(type)
      case "Z":
      case "ZM":
      case "M":
        this.next()
        return this.body(type)
      case "(":
        return this.body(type)
      default:
        return this.fail(["(", "Z", "ZM", "M", "EMPTY"])
    }
  }

  body(type: TokenKind): ReadGeometry {
    switch (type) {
      case "POINT": {
        this.take("(")
        const coordinates = this.coordinate()
        this.take(")")
        return { type: "Point", coordinates }
      }
      case "LINESTRING":
        return { type: "LineString", coordinates: this.list(() => this.point()) }
      case "MULTIPOINT":
        return { type: "MultiPoint", coordinates: this.list(() => this.point()) }
      case "POLYGON":
        return { type: "Polygon", coordinates: this.rings() }
      case "MULTILINESTRING":
        return { type: "MultiLineString", coordinates: this.rings() }
      case "MULTIPOLYGON":
        return { type: "MultiPolygon", coordinates: this.list(() => this.rings()) }
      default:
        return { type: "GeometryCollection", geometries: this.list(() => this.geometry()) }
    }
  }

  /** `"(" item {"," item} ")"` */
  list<A>(item: () => A): Array<A> {
    this.take("(")
    const items = [item()]
    for (;;) {
      if (this.kind === ")") {
        this.next()
        return items
      }
      if (this.kind !== ",") this.fail([",", ")"])
      this.next()
      items.push(item())
    }
  }

  rings(): Array<Array<ReadPosition>> {
    return this.list(() => this.list(() => this.coordinate()))
  }

  point(): ReadPosition {
    if (this.kind === "Number") return this.coordinate()
    if (this.kind !== "(") this.fail(["Number", "("])
    this.next()
    const coordinates = this.coordinate()
    this.take(")")
    return coordinates
  }

  coordinate(): Array<number> {
    const numbers = [this.number(), this.number()]
    while (this.kind === "Number" && numbers.length < 4) numbers.push(this.number())
    const next = this.kind
    if (next !== "," && next !== ")") this.fail(numbers.length < 4 ? ["Number", ",", ")"] : [",", ")"])
    return numbers
  }

  number(): number {
    if (this.kind !== "Number") this.fail(["Number"])
    const value = this.value
    this.next()
    return value
  }
}

const emptyOf = (type: TokenKind): ReadGeometry => {
  switch (type) {
    case "POINT":
      return { type: "Point", coordinates: [] }
    case "LINESTRING":
      return { type: "LineString", coordinates: [] }
    case "POLYGON":
      return { type: "Polygon", coordinates: [] }
    case "MULTIPOINT":
      return { type: "MultiPoint", coordinates: [] }
    case "MULTILINESTRING":
      return { type: "MultiLineString", coordinates: [] }
    default:
      return { type: "MultiPolygon", coordinates: [] }
  }
}
