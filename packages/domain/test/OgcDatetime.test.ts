import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import * as fc from "fast-check"
import * as OgcDatetime from "../src/OgcDatetime.ts"

const read = (text: string) => Result.getOrThrow(OgcDatetime.parse(text))

describe("OgcDatetime.parse", () => {
  it.each<[string, string, OgcDatetime.OgcDatetime]>([
    [
      "an instant in UTC",
      "2026-11-27T09:00:00Z",
      { start: "2026-11-27T09:00:00.000Z", end: "2026-11-27T09:00:00.000Z" },
    ],
    [
      "an instant with an offset, in UTC",
      "2026-11-27T09:00:00+13:00",
      { start: "2026-11-26T20:00:00.000Z", end: "2026-11-26T20:00:00.000Z" },
    ],
    [
      "a date: the whole day",
      "2026-11-27",
      { start: "2026-11-27T00:00:00.000Z", end: "2026-11-27T23:59:59.999Z" },
    ],
    [
      "a closed interval",
      "2026-11-01T00:00:00Z/2026-11-30T12:00:00.5Z",
      { start: "2026-11-01T00:00:00.000Z", end: "2026-11-30T12:00:00.500Z" },
    ],
    [
      "an open end written ..",
      "2026-11-01T00:00:00Z/..",
      { start: "2026-11-01T00:00:00.000Z", end: undefined },
    ],
    [
      "an open end left empty",
      "2026-11-01T00:00:00Z/",
      { start: "2026-11-01T00:00:00.000Z", end: undefined },
    ],
    [
      "an open start written ..",
      "../2026-11-01T00:00:00Z",
      { start: undefined, end: "2026-11-01T00:00:00.000Z" },
    ],
    [
      "an open start left empty",
      "/2026-11-01T00:00:00Z",
      { start: undefined, end: "2026-11-01T00:00:00.000Z" },
    ],
    [
      "dates as ends: the first day's start to the last day's end",
      "2026-11-01/2026-11-30",
      { start: "2026-11-01T00:00:00.000Z", end: "2026-11-30T23:59:59.999Z" },
    ],
    [
      "an interval of one instant",
      "2026-11-01T00:00:00Z/2026-11-01T00:00:00Z",
      { start: "2026-11-01T00:00:00.000Z", end: "2026-11-01T00:00:00.000Z" },
    ],
    ["a leap day", "2024-02-29", { start: "2024-02-29T00:00:00.000Z", end: "2024-02-29T23:59:59.999Z" }],
  ])("reads %s", (_, text, expected) => {
    expect(read(text)).toEqual(expected)
  })

  it.each([
    ["a date-time without an offset", "2026-11-27T09:00:00"],
    ["both ends open", "../.."],
    ["a lone slash", "/"],
    ["three ends", "2026-11-01/2026-11-02/2026-11-03"],
    ["an end before the start", "2026-11-30/2026-11-01"],
    ["a day that does not exist", "2026-02-30"],
    ["a month alone", "2026-11"],
    ["words", "yesterday/today"],
    ["an empty value", ""],
  ])("refuses %s, naming datetime", (_, text) => {
    const result = OgcDatetime.parse(text)
    expect(Result.isFailure(result) && Object.keys(result.failure.errors)).toEqual(["datetime"])
  })
})

const instant = fc
  .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2099-12-31T23:59:59Z"), noInvalidDate: true })
  .map((date) => date.toISOString())

describe("OgcDatetime properties", () => {
  it("an interval holds exactly the instants between its ends, both included", () => {
    fc.assert(
      fc.property(instant, instant, instant, (a, b, x) => {
        const [start, end] = a <= b ? [a, b] : [b, a]
        const interval = read(`${start}/${end}`)
        expect(OgcDatetime.contains(interval, x)).toBe(x >= start && x <= end)
        expect(OgcDatetime.contains(read(`${start}/..`), x)).toBe(x >= start)
        expect(OgcDatetime.contains(read(`../${end}`), x)).toBe(x <= end)
      }),
    )
  })

  it("an instant holds itself only", () => {
    fc.assert(
      fc.property(instant, instant, (a, x) => {
        expect(OgcDatetime.contains(read(a), x)).toBe(a === x)
      }),
    )
  })

  it("a date holds every instant of that day in UTC and no other", () => {
    fc.assert(
      fc.property(instant, instant, (a, x) => {
        expect(OgcDatetime.contains(read(a.slice(0, 10)), x)).toBe(a.slice(0, 10) === x.slice(0, 10))
      }),
    )
  })
})
