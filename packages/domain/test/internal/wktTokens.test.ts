import { describe, expect, it } from "@effect/vitest"
import * as fc from "fast-check"
import { Scanner, type Token } from "../../src/internal/wktTokens.ts"

interface Read extends Token {
  readonly value?: number
}

// The tokens by their grammar, as regular expressions: the scanner reads by hand, and must read
// exactly these.
const NUMBER = /-?\d+(\.\d+)?([eE][+-]?\d+)?/y
const WORD = /[A-Za-z0-9_]+/y
const KEYWORDS = ["POINT", "Z", "ZM", "M", "EMPTY", "LINESTRING", "POLYGON", "MULTIPOINT"]
const MORE_KEYWORDS = ["MULTILINESTRING", "MULTIPOLYGON", "GEOMETRYCOLLECTION"]

const byGrammar = (text: string): Array<Read> => {
  const tokens: Array<Read> = []
  let at = 0
  for (;;) {
    const start = text.slice(at).search(/\S/)
    if (start < 0) return [...tokens, { kind: "EndOfText", start: text.length, end: text.length }]
    at += start
    const char = text.charAt(at)
    NUMBER.lastIndex = at
    WORD.lastIndex = at
    const word = WORD.test(text) ? text.slice(at, WORD.lastIndex) : ""
    if (char === "(" || char === ")" || char === ",") {
      tokens.push({ kind: char, start: at, end: at + 1 })
    } else if (NUMBER.test(text)) {
      const number = text.slice(at, NUMBER.lastIndex)
      tokens.push({ kind: "Number", start: at, end: NUMBER.lastIndex, value: Number(number) })
    } else if (/[A-Z]/.test(char) && [...KEYWORDS, ...MORE_KEYWORDS].includes(word)) {
      tokens.push({ kind: word as Token["kind"], start: at, end: at + word.length })
    } else {
      tokens.push({ kind: "Invalid", start: at, end: at + 1 })
    }
    at = tokens[tokens.length - 1]!.end
  }
}

const scanned = (text: string): Array<Read> => {
  const scanner = new Scanner(text)
  const tokens: Array<Read> = []
  for (;;) {
    const token = scanner.token()
    tokens.push(token.kind === "Number" ? { ...token, value: scanner.value } : token)
    if (token.kind === "EndOfText") return tokens
    scanner.next()
  }
}

describe("Scanner", () => {
  it("reads tokens, and numbers with their values", () => {
    expect(scanned("POINT (-1.5E2 3)")).toEqual([
      { kind: "POINT", start: 0, end: 5 },
      { kind: "(", start: 6, end: 7 },
      { kind: "Number", start: 7, end: 13, value: -150 },
      { kind: "Number", start: 14, end: 15, value: 3 },
      { kind: ")", start: 15, end: 16 },
      { kind: "EndOfText", start: 16, end: 16 },
    ])
  })

  it("reads every text as the grammar's regular expressions do", () => {
    const piece = fc.constantFrom(
      ..."0123456789-+.eE(),_xZM ",
      "\t",
      "\n",
      "\u00a0",
      "\u2028",
      "é",
      "1e400",
      "0.1",
      "172.123456",
      "-43.654321",
      "12345678901234567",
      ...KEYWORDS,
      ...MORE_KEYWORDS,
    )
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 24 }), (pieces) => {
        const text = pieces.join("")
        // toEqual tells -0 from 0, so a sign lost in a value would be caught.
        expect(scanned(text)).toEqual(byGrammar(text))
      }),
      { numRuns: 20_000 },
    )
  })
})
