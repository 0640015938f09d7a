import { describe, expect, it } from "@effect/vitest"
import fc from "fast-check"
import * as FeatureSplitter from "../src/FeatureSplitter.ts"

/** Splits a text fed in chunks of the given sizes (the last chunk takes the rest). */
const split = (text: string, sizes: ReadonlyArray<number> = []) => {
  const bytes = Buffer.from(text)
  const splitter = FeatureSplitter.make()
  const texts: Array<string> = []
  let at = 0
  for (const size of sizes) {
    texts.push(...splitter.push(bytes.subarray(at, at + size)))
    at += size
  }
  texts.push(...splitter.push(bytes.subarray(at)))
  return { texts, ...splitter.end() }
}

describe("FeatureSplitter", () => {
  it("finds the features of the top-level array only, whatever the strings hold", () => {
    const text = JSON.stringify({
      type: "FeatureCollection",
      metadata: { features: [{ not: "these" }], note: 'a "quoted" ] } [ { string' },
      "features ": [],
      features: [
        { type: "Feature", properties: { name: "Tūhoe \\ ] }" }, geometry: null },
        { type: "Feature", properties: {}, geometry: { type: "Point", coordinates: [1, 2] } },
      ],
      after: { features: [{ nor: "these" }] },
    })
    expect(split(text)).toEqual({
      texts: [
        '{"type":"Feature","properties":{"name":"Tūhoe \\\\ ] }"},"geometry":null}',
        '{"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":[1,2]}}',
      ],
      complete: true,
    })
  })

  it("gives elements that are not objects as they are, so they can be reported", () => {
    expect(split('{"features": [ 12 , null,"x" ,[1], true ]}').texts).toEqual([
      "12",
      "null",
      '"x"',
      "[1]",
      "true",
    ])
  })

  it("tells when there is no complete features array", () => {
    expect(split('{"type":"Feature","geometry":null}')).toEqual({ texts: [], complete: false })
    expect(split('{"features":[{"a":1},{"b"')).toEqual({ texts: ['{"a":1}'], complete: false })
  })

  it("gives the same features however the bytes are cut into chunks", () => {
    const json = fc.jsonValue({ maxDepth: 3 })
    fc.assert(
      fc.property(
        fc.array(fc.dictionary(fc.string(), json), { maxLength: 5 }),
        fc.array(fc.integer({ min: 0, max: 7 })),
        (features, sizes) => {
          const text = JSON.stringify({ type: "FeatureCollection", features }, null, 1)
          expect(split(text, sizes)).toEqual({
            texts: features.map((feature) => JSON.stringify(feature, null, 1).replaceAll("\n", "\n  ")),
            complete: true,
          })
        },
      ),
    )
  })
})
