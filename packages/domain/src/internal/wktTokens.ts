/**
 * The words of WKT text, read one at a time by `wktReader`: parentheses, commas, numbers and the
 * upper-case keywords. Anything else is an `Invalid` token one character long, so the reader can name
 * the character it did not expect.
 */

/** What a token is; keywords are named by their own text. */
export type TokenKind =
  | "EndOfText"
  | "Number"
  | ","
  | "("
  | ")"
  | "POINT"
  | "Z"
  | "ZM"
  | "M"
  | "EMPTY"
  | "LINESTRING"
  | "POLYGON"
  | "MULTIPOINT"
  | "MULTILINESTRING"
  | "MULTIPOLYGON"
  | "GEOMETRYCOLLECTION"
  | "Invalid"

/**
 * One token: its kind and where it lies in the text (`end` is exclusive).
 *
 * @example
 * ```ts
 * nextToken("POINT (1 2)", 5) // { kind: "(", start: 6, end: 7 }
 * ```
 */
export interface Token {
  readonly kind: TokenKind
  readonly start: number
  readonly end: number
}

const KEYWORDS: ReadonlySet<string> = new Set([
  "POINT",
  "Z",
  "ZM",
  "M",
  "EMPTY",
  "LINESTRING",
  "POLYGON",
  "MULTIPOINT",
  "MULTILINESTRING",
  "MULTIPOLYGON",
  "GEOMETRYCOLLECTION",
])

// An optional minus, digits, an optional fraction with digits on both sides of the point, an optional
// exponent: no leading plus, no `.5`, no `1.`, no NaN or Infinity.
const NUMBER = /-?[0-9]+(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?/y
const BLANKS = /\s+/y
// A keyword ends where a word does (letters, digits, underscore): `POINTZ` is no keyword.
const WORD = /[A-Za-z0-9_]+/y

/**
 * The token that starts at or after `position` (blanks are skipped). Keywords must already be in
 * upper case.
 *
 * @example
 * ```ts
 * nextToken("POINT (1 2)", 0) // { kind: "POINT", start: 0, end: 5 }
 * nextToken("POINT (1 2)", 7) // { kind: "Number", start: 7, end: 8 }
 * nextToken("POINT (1 2)", 11) // { kind: "EndOfText", start: 11, end: 11 }
 * ```
 */
export const nextToken = (text: string, position: number): Token => {
  const start = skipBlanks(text, position)
  if (start >= text.length) return { kind: "EndOfText", start, end: start }
  const code = text.charCodeAt(start)
  switch (code) {
    case 0x28:
      return { kind: "(", start, end: start + 1 }
    case 0x29:
      return { kind: ")", start, end: start + 1 }
    case 0x2c:
      return { kind: ",", start, end: start + 1 }
  }
  if (code === 0x2d || (code >= 0x30 && code <= 0x39)) {
    NUMBER.lastIndex = start
    if (NUMBER.test(text)) return { kind: "Number", start, end: NUMBER.lastIndex }
  } else if (code >= 0x41 && code <= 0x5a) {
    WORD.lastIndex = start
    WORD.test(text)
    const word = text.slice(start, WORD.lastIndex)
    if (KEYWORDS.has(word)) return { kind: word as TokenKind, start, end: WORD.lastIndex }
  }
  return { kind: "Invalid", start, end: start + 1 }
}

const skipBlanks = (text: string, position: number): number => {
  const code = text.charCodeAt(position)
  // Every blank below 0x80 is at most a space: printable ASCII answers without the regular expression.
  if (code > 0x20 && code < 0x80) return position
  BLANKS.lastIndex = position
  return BLANKS.test(text) ? BLANKS.lastIndex : position
}
