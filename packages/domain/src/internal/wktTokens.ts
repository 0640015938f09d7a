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
 * const open: Token = { kind: "(", start: 6, end: 7 } // in "POINT (1 2)"
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

const BLANKS = /\s+/y
// A keyword ends where a word does (letters, digits, underscore): `POINTZ` is no keyword.
const WORD = /[A-Za-z0-9_]+/y

// Powers of ten that are exact doubles, for reading plain decimals.
const POWERS = Array.from({ length: 16 }, (_, i) => 10 ** i)

/**
 * Reads the tokens of a text one after the other; keywords must already be in upper case. The
 * current token is kept in the scanner's own fields, not in an object per token: a polygon has
 * thousands of tokens and only a syntax error needs one as a value (`token()`).
 *
 * @example
 * ```ts
 * const scanner = new Scanner("POINT (1 2)") // kind "POINT", start 0, end 5
 * scanner.next() // kind "(", start 6, end 7
 * scanner.next() // kind "Number", start 7, end 8, value 1
 * ```
 */
export class Scanner {
  readonly text: string
  /** The current token's kind. */
  kind: TokenKind = "EndOfText"
  /** Where the current token starts. */
  start = 0
  /** Where the current token ends (exclusive). */
  end = 0
  /** The current token's value when it is a `Number`, as `Number` reads its text. */
  value = 0

  constructor(text: string) {
    this.text = text
    this.scan(0)
  }

  /** Moves to the token after the current one. */
  next(): void {
    this.scan(this.end)
  }

  /** The current token as a value. */
  token(): Token {
    return { kind: this.kind, start: this.start, end: this.end }
  }

  /** Reads the token that starts at or after `position` (blanks are skipped). */
  private scan(position: number): void {
    const text = this.text
    const start = skipBlanks(text, position)
    this.start = start
    this.end = start + 1
    if (start >= text.length) {
      this.kind = "EndOfText"
      this.end = start
      return
    }
    const code = text.charCodeAt(start)
    if (code === 0x28) this.kind = "("
    else if (code === 0x29) this.kind = ")"
    else if (code === 0x2c) this.kind = ","
    else if ((code === 0x2d || isDigit(code)) && this.scanNumber(start)) this.kind = "Number"
    else if (code >= 0x41 && code <= 0x5a) this.kind = this.keyword(start)
    else this.kind = "Invalid"
  }

  /** The keyword that starts at `start`, and where it ends; `Invalid` when the word is none. */
  private keyword(start: number): TokenKind {
    WORD.lastIndex = start
    WORD.test(this.text)
    const word = this.text.slice(start, WORD.lastIndex)
    if (!KEYWORDS.has(word)) return "Invalid"
    this.end = WORD.lastIndex
    return word as TokenKind
  }

  /**
   * Reads the number that starts at `start`, if one does, and where it ends: an optional minus, digits, an optional
   * fraction with digits on both sides of the point, an optional exponent. No leading plus, no `.5`;
   * `1.` and `1e` are the number `1` followed by something else.
   *
   * Scanned by hand, and valued in the same pass: without an exponent and with at most 15 digits,
   * the digits make an exact integer, and one division by an exact power of ten rounds to the same
   * double as reading the decimal does (the division is correctly rounded, and both of its operands
   * are exact). Anything else is read by `Number`.
   */
  private scanNumber(start: number): boolean {
    const text = this.text
    const negative = text.charCodeAt(start) === 0x2d
    const first = negative ? start + 1 : start
    let digits = 0
    let at = first
    for (let code = text.charCodeAt(at); isDigit(code); code = text.charCodeAt(++at)) {
      digits = digits * 10 + (code - 0x30)
    }
    if (at === first) return false
    let count = at - first
    let decimals = 0
    if (text.charCodeAt(at) === 0x2e) {
      let fraction = at + 1
      for (let code = text.charCodeAt(fraction); isDigit(code); code = text.charCodeAt(++fraction)) {
        digits = digits * 10 + (code - 0x30)
      }
      if (fraction > at + 1) {
        decimals = fraction - at - 1
        count += decimals
        at = fraction
      }
    }
    let exact = count <= 15
    const e = text.charCodeAt(at)
    if (e === 0x65 || e === 0x45) {
      const sign = text.charCodeAt(at + 1)
      const exponent = sign === 0x2b || sign === 0x2d ? at + 2 : at + 1
      const end = digitsEnd(text, exponent)
      if (end > exponent) {
        at = end
        exact = false
      }
    }
    this.end = at
    if (exact) {
      const value = decimals === 0 ? digits : digits / POWERS[decimals]!
      this.value = negative ? -value : value
    } else this.value = Number(text.slice(start, at))
    return true
  }
}

const skipBlanks = (text: string, position: number): number => {
  // Single spaces, the usual blanks, and printable ASCII answer without the regular expression.
  let at = position
  while (text.charCodeAt(at) === 0x20) at++
  const code = text.charCodeAt(at)
  if (code > 0x20 && code < 0x80) return at
  BLANKS.lastIndex = at
  return BLANKS.test(text) ? BLANKS.lastIndex : at
}

const isDigit = (code: number): boolean => code >= 0x30 && code <= 0x39

const digitsEnd = (text: string, position: number): number => {
  let at = position
  while (isDigit(text.charCodeAt(at))) at++
  return at
}
