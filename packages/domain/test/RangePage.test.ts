import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import * as fc from "fast-check"
import * as RangePage from "../src/RangePage.ts"

describe("RangePage.parse", () => {
  it.each<[string, string | undefined, RangePage.RangePage]>([
    ["no header: the first 60 records", undefined, { start: 0, end: 59 }],
    ["a blank header: the first 60 records", "  ", { start: 0, end: 59 }],
    ["the first 100", "objects=0-99", { start: 0, end: 99 }],
    ["the second page of 100", "objects=100-199", { start: 100, end: 199 }],
    ["a single record", "objects=0-0", { start: 0, end: 0 }],
    ["a wider range, clipped to 100 records", "objects=0-999", { start: 0, end: 99 }],
    ["a wider range further on, clipped", "objects=250-1000", { start: 250, end: 349 }],
    ["an open end: a default page", "objects=120-", { start: 120, end: 179 }],
    ["the unit in another case", "Objects=5-9", { start: 5, end: 9 }],
  ])("reads %s", (_, header, expected) => {
    expect(RangePage.parse(header)).toEqual(Result.succeed(expected))
  })

  it.each([
    ["another unit", "bytes=0-10"],
    ["no unit", "0-59"],
    ["END before START", "objects=10-5"],
    ["a negative start", "objects=-5-10"],
    ["a suffix range", "objects=-50"],
    ["several ranges", "objects=0-9,20-29"],
    ["words", "objects=first-last"],
    ["decimals", "objects=0.5-9"],
    ["a number too large to count", "objects=99999999999999999999-99999999999999999999"],
  ])("rejects %s, naming Range", (_, header) => {
    const result = RangePage.parse(header)
    expect(Result.isFailure(result) && result.failure.errors).toEqual({
      Range: ["must be objects=START-END, 0-based and inclusive, with END not before START"],
    })
  })

  it.each<[string, string | undefined, RangePage.RangePage]>([
    ["no header: the first 100 records", undefined, { start: 0, end: 99 }],
    ["an open end: a page of 100", "objects=200-", { start: 200, end: 299 }],
    ["a page of 1,000", "objects=1000-1999", { start: 1000, end: 1999 }],
    ["a wider range, clipped to 1,000 records", "objects=0-4999", { start: 0, end: 999 }],
  ])("reads %s with the sync limits", (_, header, expected) => {
    expect(RangePage.parse(header, RangePage.sync)).toEqual(Result.succeed(expected))
  })

  it("reads with the standard limits when none are given", () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.nat(10_000), (start, length) => {
        const header = `objects=${start}-${start + length}`
        expect(RangePage.parse(header)).toEqual(RangePage.parse(header, RangePage.standard))
      }),
    )
  })

  it("sizes a page for the store's limit", () => {
    expect(RangePage.size(RangePage.first)).toBe(RangePage.defaultSize)
    expect(RangePage.size({ start: 100, end: 199 })).toBe(100)
  })
})

describe("RangePage.contentRange", () => {
  it.each<[string, RangePage.RangePage, number, number | undefined, string]>([
    ["a full page", { start: 0, end: 59 }, 60, 233, "reports 0-59/233"],
    [
      "the last, shorter page: the records actually returned",
      { start: 200, end: 299 },
      33,
      233,
      "reports 200-232/233",
    ],
    ["an empty page", { start: 300, end: 399 }, 0, 233, "reports */233"],
    ["an empty list", { start: 0, end: 59 }, 0, 0, "reports */0"],
    ["an unknown total", { start: 60, end: 119 }, 60, undefined, "reports 60-119/*"],
  ])("writes %s", (_, page, returned, total, expected) => {
    expect(RangePage.contentRange("reports", page, returned, total)).toBe(expected)
  })

  it("gives both response headers, the unit named after the resource", () => {
    expect(RangePage.headers("tasks", RangePage.first, 2, 2)).toEqual({
      "Accept-Ranges": "tasks",
      "Content-Range": "tasks 0-1/2",
    })
  })
})

const page: fc.Arbitrary<RangePage.RangePage> = fc
  .tuple(fc.nat({ max: 1_000_000 }), fc.nat({ max: RangePage.maxSize - 1 }))
  .map(([start, extra]) => ({ start, end: start + extra }))

describe("RangePage.format", () => {
  it("writes the Range header of a page", () => {
    expect(RangePage.format({ start: 60, end: 119 })).toBe("objects=60-119")
  })

  it("is read back as the same page, for any page the server serves whole", () => {
    fc.assert(
      fc.property(page, (asked) => {
        expect(RangePage.parse(RangePage.format(asked))).toEqual(Result.succeed(asked))
      }),
    )
  })
})

describe("RangePage.parseContentRange", () => {
  it.each<[string, string | null | undefined, RangePage.ContentRange | undefined]>([
    ["a page", "reports 0-59/233", { resource: "reports", page: { start: 0, end: 59 }, total: 233 }],
    ["an empty page", "reports */233", { resource: "reports", page: undefined, total: 233 }],
    [
      "an unknown total",
      "tasks 60-119/*",
      { resource: "tasks", page: { start: 60, end: 119 }, total: undefined },
    ],
    [
      "an empty page of an uncounted list",
      "tasks */*",
      { resource: "tasks", page: undefined, total: undefined },
    ],
    ["no header", null, undefined],
    ["an empty header", "", undefined],
    ["bytes without a total", "bytes 0-10", undefined],
    ["words", "reports first-last/all", undefined],
  ])("reads %s", (_, header, expected) => {
    expect(RangePage.parseContentRange(header)).toEqual(expected)
  })

  it("reads back what contentRange writes, for any page, count and total", () => {
    fc.assert(
      fc.property(
        page,
        fc.nat({ max: RangePage.maxSize }),
        fc.option(fc.nat({ max: 10_000_000 }), { nil: undefined }),
        (served, count, total) => {
          const returned = Math.min(count, RangePage.size(served))
          expect(
            RangePage.parseContentRange(RangePage.contentRange("reports", served, returned, total)),
          ).toEqual({
            resource: "reports",
            page: returned === 0 ? undefined : { start: served.start, end: served.start + returned - 1 },
            total,
          })
        },
      ),
    )
  })
})
