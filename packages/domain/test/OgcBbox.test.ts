import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import * as fc from "fast-check"
import * as BoundingBox from "../src/BoundingBox.ts"
import * as OgcBbox from "../src/OgcBbox.ts"

const boxes = (text: string) => Result.getOrThrow(OgcBbox.parse(text))

describe("OgcBbox.parse", () => {
  it("reads four numbers as west, south, east, north", () => {
    expect(boxes("174.6,-41.4,174.9,-41.1")).toEqual([
      { minLongitude: 174.6, minLatitude: -41.4, maxLongitude: 174.9, maxLatitude: -41.1 },
    ])
  })

  it("reads six numbers and ignores the heights", () => {
    expect(boxes("174.6,-41.4,0,174.9,-41.1,100")).toEqual(boxes("174.6,-41.4,174.9,-41.1"))
  })

  it("reads the numbers GDAL writes, spaces and exponents", () => {
    expect(boxes(" 1.7459999999999999e2 , -41.4,174.9,-4.11e1")).toEqual([
      { minLongitude: 174.6, minLatitude: -41.4, maxLongitude: 174.9, maxLatitude: -41.1 },
    ])
  })

  it("reads a box of one point, and the whole world", () => {
    expect(boxes("1,2,1,2")).toEqual([{ minLongitude: 1, minLatitude: 2, maxLongitude: 1, maxLatitude: 2 }])
    expect(boxes("-180,-90,180,90")).toEqual([
      { minLongitude: -180, minLatitude: -90, maxLongitude: 180, maxLatitude: 90 },
    ])
  })

  it("splits a box crossing the antimeridian into the part east of its west edge and the part west of its east edge", () => {
    expect(boxes("170,-50,-170,-30")).toEqual([
      { minLongitude: 170, minLatitude: -50, maxLongitude: 180, maxLatitude: -30 },
      { minLongitude: -180, minLatitude: -50, maxLongitude: -170, maxLatitude: -30 },
    ])
  })

  it.each([
    ["three numbers", "1,2,3"],
    ["five numbers", "1,2,3,4,5"],
    ["a word", "1,2,3,north"],
    ["an empty part", "1,,3,4"],
    ["hexadecimal", "0x10,2,3,4"],
    ["a longitude past 180", "170,0,180.5,1"],
    ["a longitude before -180", "-181,0,0,1"],
    ["a latitude past 90", "0,0,1,91"],
    ["south north of north", "0,10,1,5"],
    ["Infinity", "0,0,Infinity,1"],
  ])("refuses %s, naming bbox", (_, text) => {
    const result = OgcBbox.parse(text)
    expect(Result.isFailure(result) && Object.keys(result.failure.errors)).toEqual(["bbox"])
  })
})

const pacific = boxes("170,-50,-170,-30")

describe("OgcBbox.contains", () => {
  it("holds positions on either side of the antimeridian and on its edges", () => {
    expect(OgcBbox.contains(pacific, [175, -40])).toBe(true)
    expect(OgcBbox.contains(pacific, [-175, -40])).toBe(true)
    expect(OgcBbox.contains(pacific, [170, -50])).toBe(true)
    expect(OgcBbox.contains(pacific, [-170, -30])).toBe(true)
    expect(OgcBbox.contains(pacific, [0, -40])).toBe(false)
    expect(OgcBbox.contains(pacific, [175, -29.9])).toBe(false)
  })

  it("takes longitude 180 and -180 for the same meridian", () => {
    const west = boxes("170,0,180,1")
    expect(OgcBbox.contains(west, [-180, 0.5])).toBe(true)
    expect(OgcBbox.contains(boxes("-180,0,-170,1"), [180, 0.5])).toBe(true)
  })
})

const longitude = fc.oneof(
  fc.double({ min: -180, max: 180, noNaN: true }),
  fc.constantFrom(-180, 180, 0, 170, -170),
)
const latitude = fc.oneof(fc.double({ min: -90, max: 90, noNaN: true }), fc.constantFrom(-90, 90, 0))

describe("OgcBbox properties", () => {
  it("reads any box written from valid edges, and crosses the antimeridian exactly when west > east", () => {
    fc.assert(
      fc.property(longitude, longitude, latitude, latitude, (west, east, a, b) => {
        const [south, north] = a <= b ? [a, b] : [b, a]
        const read = boxes(`${west},${south},${east},${north}`)
        expect(read.length).toBe(west <= east ? 1 : 2)
        for (const box of read) expect(box.minLongitude <= box.maxLongitude).toBe(true)
      }),
    )
  })

  it("holds a position exactly when it lies between the edges, going east from the west edge", () => {
    fc.assert(
      fc.property(longitude, longitude, latitude, latitude, longitude, latitude, (west, east, a, b, x, y) => {
        const [south, north] = a <= b ? [a, b] : [b, a]
        const bbox = boxes(`${west},${south},${east},${north}`)
        const eastward = (from: number, to: number) => (to - from + 360) % 360
        const sameMeridian = (p: number, q: number) => eastward(p, q) === 0
        const inLongitudes =
          west <= east
            ? (x >= west && x <= east) ||
              (sameMeridian(x, west) && Math.abs(x) === 180) ||
              (sameMeridian(x, east) && Math.abs(x) === 180)
            : x >= west || x <= east
        expect(OgcBbox.contains(bbox, [x, y])).toBe(inLongitudes && y >= south && y <= north)
      }),
    )
  })

  it("searches the same positions as it holds", () => {
    fc.assert(
      fc.property(longitude, longitude, latitude, latitude, longitude, latitude, (west, east, a, b, x, y) => {
        const [south, north] = a <= b ? [a, b] : [b, a]
        const bbox = boxes(`${west},${south},${east},${north}`)
        expect(OgcBbox.searched(bbox).some((box) => BoundingBox.contains(box, [x, y]))).toBe(
          OgcBbox.contains(bbox, [x, y]),
        )
      }),
    )
  })
})
