/**
 * Splits the bytes of a GeoJSON FeatureCollection into the JSON texts of its features, as the
 * bytes arrive: only the feature being read is held, whatever the size of the file, and each
 * feature is then read by the native `JSON.parse`.
 *
 * Why not a JSON token streamer: one polygon of a hundred vertices is some five hundred tokens, and
 * building each token as an object made reading many times slower than `JSON.parse`. This scanner
 * only follows strings and nesting, a byte at a time, which is all it takes to find where each
 * element of the top-level `features` array starts and ends. Structural characters are ASCII and
 * never occur inside a UTF-8 multi-byte sequence, so bytes can be scanned without decoding.
 */

const QUOTE = 0x22
const BACKSLASH = 0x5c
const COLON = 0x3a
const COMMA = 0x2c
const OPEN_BRACE = 0x7b
const CLOSE_BRACE = 0x7d
const OPEN_BRACKET = 0x5b
const CLOSE_BRACKET = 0x5d

const isWhitespace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09

const isNesting = (byte: number) =>
  byte === QUOTE ||
  byte === OPEN_BRACE ||
  byte === CLOSE_BRACE ||
  byte === OPEN_BRACKET ||
  byte === CLOSE_BRACKET

/**
 * A splitter: `push` each chunk and take the feature texts it completes; `end` tells whether the
 * top-level `features` array was found and closed.
 *
 * @example
 * ```ts
 * const splitter = FeatureSplitter.make()
 * for await (const chunk of createReadStream(path)) for (const text of splitter.push(chunk)) JSON.parse(text)
 * splitter.end() // { complete: true }
 * ```
 */
export interface FeatureSplitter {
  readonly push: (chunk: Buffer) => Array<string>
  readonly end: () => { readonly complete: boolean }
}

/**
 * A new splitter, before the first byte of a file.
 *
 * @example
 * ```ts
 * const splitter = FeatureSplitter.make()
 * splitter.push(Buffer.from('{"type":"FeatureCollection","features":[{"type":"Feature"},')) // ['{"type":"Feature"}']
 * ```
 */
export const make = (): FeatureSplitter => {
  let depth = 0
  let inString = false
  let escaped = false
  // The last string closed at depth 1 (a key of the collection), and whether a colon followed it.
  let keyStart = -1
  let key: Array<Buffer> = []
  let lastKey = ""
  let afterColon = false
  // Inside the features array: the array is at depth 2, its elements start at depth 2.
  let inFeatures = false
  let closed = false
  let element: Array<Buffer> = []
  let elementStart = -1

  const push = (chunk: Buffer): Array<string> => {
    const texts: Array<string> = []
    const finishElement = (end: number) => {
      element.push(chunk.subarray(elementStart, end))
      texts.push(Buffer.concat(element).toString("utf8").trim())
      element = []
      elementStart = -1
    }
    const length = chunk.length
    for (let i = 0; i < length; i += 1) {
      let byte = chunk[i] as number
      if (inString) {
        // Most bytes of a string are neither its quote nor an escape: skip them in a tight loop.
        if (!escaped) {
          while (byte !== QUOTE && byte !== BACKSLASH && ++i < length) byte = chunk[i] as number
          if (i === length) break
        }
        if (escaped) escaped = false
        else if (byte === BACKSLASH) escaped = true
        else if (byte === QUOTE) {
          inString = false
          if (keyStart >= 0) {
            key.push(chunk.subarray(keyStart, i))
            lastKey = Buffer.concat(key).toString("utf8")
            key = []
            keyStart = -1
          }
          // A string element of the features array ends with its quote.
          if (inFeatures && depth === 2 && elementStart >= 0) finishElement(i + 1)
        }
        continue
      }
      // Below the features' own level only strings and nesting count (the coordinates' digits,
      // commas and blanks are most of a file): skip to the next of those.
      if (depth > 2) {
        while (!isNesting(byte) && ++i < length) byte = chunk[i] as number
        if (i === length) break
      }
      if (isWhitespace(byte)) continue
      if (inFeatures && depth === 2 && elementStart < 0 && byte !== COMMA && byte !== CLOSE_BRACKET) {
        elementStart = i
      }
      switch (byte) {
        case QUOTE:
          inString = true
          if (depth === 1) keyStart = i + 1
          break
        case COLON:
          if (depth === 1) afterColon = true
          break
        case OPEN_BRACE:
        case OPEN_BRACKET:
          if (depth === 1 && afterColon && byte === OPEN_BRACKET && lastKey === "features" && !closed) {
            inFeatures = true
          }
          if (depth === 1) afterColon = false
          depth += 1
          break
        case CLOSE_BRACE:
        case CLOSE_BRACKET:
          // A number, true, false or null as the last element ends at the array's bracket.
          if (inFeatures && depth === 2 && elementStart >= 0) finishElement(i)
          depth -= 1
          if (inFeatures && depth === 2 && elementStart >= 0) finishElement(i + 1)
          else if (inFeatures && depth === 1) {
            inFeatures = false
            closed = true
          }
          break
        case COMMA:
          // A number, true, false or null element ends at the comma after it.
          if (inFeatures && depth === 2 && elementStart >= 0) finishElement(i)
          if (depth === 1) afterColon = false
          break
        default:
          if (depth === 1) afterColon = false
      }
    }
    if (keyStart >= 0) {
      key.push(chunk.subarray(keyStart))
      keyStart = 0
    }
    if (elementStart >= 0) {
      element.push(chunk.subarray(elementStart))
      elementStart = 0
    }
    return texts
  }

  return { push, end: () => ({ complete: closed }) }
}
